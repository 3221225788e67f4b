import Foundation
#if canImport(CoreGraphics)
import CoreGraphics  // CGPathElementType
#endif

/// A keyframe animation's `path` as a track that maps progress 0…1 to a point.
///
/// Apple (`CAKeyframeAnimation.path`): "Each point in the path except for `moveto' points
/// defines a single keyframe for the purpose of timing and interpolation." So every line,
/// curve and close is one keyframe segment, which the animation follows along its curve,
/// and a move within the path is a jump between two segments. The keyframes are the
/// path's start and each segment's end:
/// - `keyTimes` takes one time per keyframe (one more than the segments), and
///   `timingFunctions` one function per segment, as with `values`;
/// - linear and cubic modes move through each segment at the speed its curve's parameter
///   gives; paced modes move at one speed along the whole path, ignoring `keyTimes` and
///   `timingFunctions`;
/// - discrete mode jumps from keyframe to keyframe (see ``KeyframeTrack``).
struct PathTrack {
    let segments: [CubicSegment]
    /// The start of each segment and its end time: `segments.count + 1` entries.
    private let times: [Double]
    private let segmentTiming: [CAMediaTimingFunction]?
    /// Paced modes: per segment, the arc length reached at each of `arcSamples + 1` evenly
    /// spaced curve parameters, normalized to end at 1.
    private let arcTables: [[Double]]?
    private static let arcSamples = 64

    /// The keyframes of `path`, one per segment end, after the start; nil for a path with no
    /// point.
    static func keyframePoints(of path: (types: [CGPathElementType], components: [Double])) -> (start: CGPoint, segments: [CubicSegment])? {
        let points = stride(from: 0, to: path.components.count - 1, by: 2).map {
            CGPoint(x: path.components[$0], y: path.components[$0 + 1])
        }
        var start: CGPoint?
        var segments: [CubicSegment] = []
        CubicSegment.walk(types: path.types, points: points, move: { if start == nil { start = $0 } }) { segment, type in
            // A close that is already at the subpath's start draws nothing and is no keyframe.
            if type == .closeSubpath, segment.start == segment.end { return }
            segments.append(segment)
        }
        guard let start else { return nil }
        return (start, segments)
    }

    /// A track along `segments`, which are not empty.
    init(segments: [CubicSegment], mode: CAAnimationCalculationMode, keyTimes: [Double]?,
         timingFunctions: [CAMediaTimingFunction]?, reportingKey key: String) {
        self.segments = segments
        let n = segments.count
        let isPaced = mode == .paced || mode == .cubicPaced
        if isPaced {
            let tables = segments.map(Self.arcTable)
            let lengths = tables.map { $0.last ?? 0 }
            let total = lengths.reduce(0, +)
            arcTables = tables.map { table in table.map { table.last! > 0 ? $0 / table.last! : 0 } }
            var running = 0.0
            times = [0] + lengths.map { length in
                running += length
                return total > 0 ? running / total : 0
            }
            segmentTiming = nil
            return
        }
        arcTables = nil
        let even = (0...n).map { Double($0) / Double(n) }
        if let keyTimes, keyTimes.count == n + 1, keyTimes.first == 0, keyTimes.last == 1,
           zip(keyTimes, keyTimes.dropFirst()).allSatisfy({ $0 <= $1 }) {
            times = keyTimes
        } else {
            if let keyTimes {
                OQC.report(.ignoredInput, key: key, "keyTimes \(keyTimes) for '\(key)' are ignored: a path of \(n) segments needs \(n + 1) increasing times from 0 to 1, one for its start and one for each segment's end. Keyframes are spaced evenly instead.")
            }
            times = even
        }
        if let timingFunctions, timingFunctions.count != n {
            OQC.report(.ignoredInput, key: key, "timingFunctions for '\(key)' are ignored: a path of \(n) segments needs \(n) functions, one per segment, but \(timingFunctions.count) were given.")
            segmentTiming = nil
        } else {
            segmentTiming = timingFunctions
        }
    }

    /// The point at `progress` (already through the animation's timing function); an
    /// overshooting timing function carries the first or last segment's curve on.
    func value(at progress: Double) -> AnimatableValue {
        let (segment, fraction) = place(progress)
        return AnimatableValue(segments[segment].point(at: CGFloat(fraction)))!
    }

    /// The segment at `progress` and the curve parameter within it.
    private func place(_ progress: Double) -> (segment: Int, fraction: Double) {
        let n = segments.count
        var segment = 0
        while segment < n - 1, progress >= times[segment + 1] { segment += 1 }
        let (start, end) = (times[segment], times[segment + 1])
        var local = end > start ? (progress - start) / (end - start) : 1
        if let segmentTiming, (0...1).contains(local) { local = segmentTiming[segment].evaluate(local) }
        if let arcTables, (0...1).contains(local) { local = Self.parameter(reaching: local, in: arcTables[segment]) }
        return (segment, local)
    }

    /// Cumulative arc length at evenly spaced parameters, by polyline sampling.
    private static func arcTable(_ segment: CubicSegment) -> [Double] {
        var table = [0.0]
        var previous = segment.start
        for step in 1...arcSamples {
            let point = segment.point(at: CGFloat(step) / CGFloat(arcSamples))
            table.append(table[table.count - 1] + Double(hypot(point.x - previous.x, point.y - previous.y)))
            previous = point
        }
        return table
    }

    /// The curve parameter at which `distance` (0…1) of the segment's length is covered.
    private static func parameter(reaching distance: Double, in table: [Double]) -> Double {
        guard let upper = table.firstIndex(where: { $0 >= distance }), upper > 0 else { return distance <= 0 ? 0 : 1 }
        let lower = upper - 1
        let span = table[upper] - table[lower]
        let within = span > 0 ? (distance - table[lower]) / span : 0
        return (Double(lower) + within) / Double(arcSamples)
    }
}
