import Foundation

/// A validated keyframe sequence that maps progress 0…1 to a value.
///
/// Rules (Apple, "CAKeyframeAnimation"):
/// - linear and cubic: keyTimes has one entry per value, starts at 0, ends at 1, never decreases;
/// - discrete: keyTimes has one more entry than values; value *i* holds from keyTime *i*
///   until keyTime *i+1*;
/// - invalid keyTimes are ignored: keyframes are then spaced evenly;
/// - paced modes ignore keyTimes and timingFunctions and move at constant velocity;
/// - `timingFunctions` (one per segment) apply within each segment.
struct KeyframeTrack {
    let values: [AnimatableValue]
    let mode: CAAnimationCalculationMode
    /// Segment boundaries in progress space: `values.count` entries (`+1` for discrete).
    private(set) var times: [Double]
    private let segmentTiming: [CAMediaTimingFunction]?
    private let tension: [Double], continuity: [Double], bias: [Double]
    /// For `.cubicPaced`: per segment, the arc length reached at each of `arcSamples + 1`
    /// evenly spaced spline parameters, normalized to end at 1.
    private var arcTables: [[Double]] = []
    private static let arcSamples = 64

    init(values: [AnimatableValue], mode: CAAnimationCalculationMode, keyTimes: [Double]?,
         timingFunctions: [CAMediaTimingFunction]?, tension: [Double]?, continuity: [Double]?,
         bias: [Double]?, reportingKey key: String) {
        self.values = values
        self.mode = mode
        let n = values.count
        let isDiscrete = mode == .discrete
        let isPaced = mode == .paced || mode == .cubicPaced
        let expected = isDiscrete ? n + 1 : n
        if let keyTimes, !isPaced {
            if Self.isValid(keyTimes, count: expected) {
                times = keyTimes
            } else {
                OQC.report(.ignoredInput, key: key, "keyTimes \(keyTimes) for '\(key)' are ignored: \(mode.rawValue) mode needs \(expected) increasing times from 0 to 1 for \(n) values. Keyframes are spaced evenly instead.")
                times = Self.evenTimes(count: expected)
            }
        } else {
            times = Self.evenTimes(count: expected)
        }
        if let functions = timingFunctions, !isPaced, !isDiscrete, functions.count != max(0, n - 1) {
            OQC.report(.ignoredInput, key: key, "timingFunctions for '\(key)' are ignored: \(n) values need \(max(0, n - 1)) functions, one per segment, but \(functions.count) were given.")
            segmentTiming = nil
        } else {
            segmentTiming = isPaced ? nil : timingFunctions
        }
        // Apple: "Any unspecified values default to zero"; values past the last keyframe
        // have no keyframe to shape.
        func parameters(_ array: [Double]?) -> [Double] {
            let given = (array ?? []).prefix(n)
            return Array(given) + Array(repeating: 0, count: n - given.count)
        }
        self.tension = parameters(tension)
        // `CAAnimation.h`: "positive values give sharp corners, negative values give
        // inverted corners". In the Kochanek–Bartels tangents of `cubic(segment:fraction:)`
        // a continuity of −1 gives the sharp corners, so the sign is turned over here.
        self.continuity = parameters(continuity).map { -$0 }
        // `CAAnimation.h`: "positive values move the curve before the control point,
        // negative values move it after the control point". In the tangents of
        // `cubic(segment:fraction:)` a bias of +1 makes both tangents at a keyframe its
        // incoming chord, so the curve overshoots and turns after the keyframe; a bias of −1
        // makes them the outgoing chord, so it turns before. The sign is turned over here too.
        self.bias = parameters(bias).map { -$0 }
        if isPaced { times = pacedTimes() }
    }

    private static func isValid(_ times: [Double], count: Int) -> Bool {
        guard times.count == count, let first = times.first, let last = times.last else { return false }
        guard first == 0, last == 1 else { return false }
        return zip(times, times.dropFirst()).allSatisfy { $0 <= $1 } && times.allSatisfy { (0...1).contains($0) }
    }

    private static func evenTimes(count: Int) -> [Double] {
        guard count > 1 else { return [0] }
        return (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// The value at `progress` (already through the animation's timing function).
    func value(at progress: Double) -> AnimatableValue {
        let n = values.count
        guard n > 1 else { return values[0] }
        if mode == .discrete {
            // The last value index whose key time has been reached.
            var index = 0
            for i in 0..<n where times[i] <= progress { index = i }
            return values[index]
        }
        // An overshooting timing function extends the first or last segment (linear mode).
        if progress <= 0 {
            guard progress < 0, mode == .linear, times[1] > 0 else { return values[0] }
            return values[0].interpolated(to: values[1], fraction: progress / times[1])
        }
        if progress >= 1 {
            guard progress > 1, mode == .linear, times[n - 2] < 1 else { return values[n - 1] }
            return values[n - 2].interpolated(to: values[n - 1], fraction: (progress - times[n - 2]) / (1 - times[n - 2]))
        }
        var segment = 0
        while segment < n - 2, progress >= times[segment + 1] { segment += 1 }
        let start = times[segment], end = times[segment + 1]
        var local = end > start ? (progress - start) / (end - start) : 1
        if let functions = segmentTiming { local = functions[segment].evaluate(local) }
        if mode == .cubicPaced {
            return cubic(segment: segment, fraction: splineParameter(segment: segment, distance: local))
        }
        if mode == .cubic {
            return cubic(segment: segment, fraction: local)
        }
        return values[segment].interpolated(to: values[segment + 1], fraction: local)
    }

    /// A Kochanek–Bartels (TCB) Hermite segment from `values[i]` to `values[i+1]`.
    private func cubic(segment i: Int, fraction s: Double) -> AnimatableValue {
        let p1 = values[i], p2 = values[i + 1]
        guard p1.kind != .discrete, p2.kind != .discrete, p1.kind != .transform else {
            return p1.interpolated(to: p2, fraction: s)
        }
        let p0 = i > 0 ? values[i - 1] : p1
        let p3 = i + 2 < values.count ? values[i + 2] : p2
        let (t1, c1, b1) = (tension[i], continuity[i], bias[i])
        let (t2, c2, b2) = (tension[i + 1], continuity[i + 1], bias[i + 1])
        // Outgoing tangent at p1 and incoming tangent at p2.
        let outgoing = (p1.lanes - p0.lanes) * ((1 - t1) * (1 + b1) * (1 + c1) / 2)
            + (p2.lanes - p1.lanes) * ((1 - t1) * (1 - b1) * (1 - c1) / 2)
        let incoming = (p2.lanes - p1.lanes) * ((1 - t2) * (1 + b2) * (1 - c2) / 2)
            + (p3.lanes - p2.lanes) * ((1 - t2) * (1 - b2) * (1 + c2) / 2)
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s
        let h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        if p1.isComposite {
            // Paths and lists, component by component, with the same weights.
            guard p0.kind == p1.kind, p2.kind == p1.kind, p3.kind == p1.kind else { return p1.interpolated(to: p2, fraction: s) }
            let (o1, o2) = ((1 - t1) * (1 + b1) * (1 + c1) / 2, (1 - t1) * (1 - b1) * (1 - c1) / 2)
            let (i1, i2) = ((1 - t2) * (1 + b2) * (1 - c2) / 2, (1 - t2) * (1 - b2) * (1 + c2) / 2)
            var result = p1
            result.other = p0.components.indices.map { k -> Double in
                let (a, b, c, d) = (p0.components[k], p1.components[k], p2.components[k], p3.components[k])
                let outgoing = (b - a) * o1 + (c - b) * o2
                let incoming = (c - b) * i1 + (d - c) * i2
                return b * h00 + outgoing * h10 + c * h01 + incoming * h11
            }
            return result
        }
        var result = p1
        result.lanes = p1.lanes * h00 + outgoing * h10 + p2.lanes * h01 + incoming * h11
        return result
    }

    /// The spline parameter at which `distance` (0…1) of the segment's arc length is covered.
    private func splineParameter(segment: Int, distance: Double) -> Double {
        let table = arcTables[segment]
        guard let upper = table.firstIndex(where: { $0 >= distance }), upper > 0 else { return distance <= 0 ? 0 : 1 }
        let lower = upper - 1
        let span = table[upper] - table[lower]
        let within = span > 0 ? (distance - table[lower]) / span : 0
        return (Double(lower) + within) / Double(Self.arcSamples)
    }

    /// Key times that give constant velocity along the path (straight or cubic segments);
    /// for cubic segments also the arc-length tables that keep the speed constant within each.
    private mutating func pacedTimes() -> [Double] {
        let n = values.count
        guard n > 1 else { return [0] }
        var lengths: [Double] = []
        for i in 0..<(n - 1) {
            if mode == .cubicPaced {
                // Arc length of the spline segment by fine polyline sampling.
                var cumulative = [0.0]
                var previous = cubic(segment: i, fraction: 0)
                for step in 1...Self.arcSamples {
                    let point = cubic(segment: i, fraction: Double(step) / Double(Self.arcSamples))
                    cumulative.append(cumulative[cumulative.count - 1] + previous.distance(to: point))
                    previous = point
                }
                let length = cumulative[cumulative.count - 1]
                arcTables.append(length > 0 ? cumulative.map { $0 / length } : cumulative.indices.map { Double($0) / Double(Self.arcSamples) })
                lengths.append(length)
            } else {
                lengths.append(values[i].distance(to: values[i + 1]))
            }
        }
        let total = lengths.reduce(0, +)
        guard total > 0 else { return Self.evenTimes(count: n) }
        var times = [0.0]
        var running = 0.0
        for length in lengths {
            running += length
            times.append(running / total)
        }
        times[n - 1] = 1
        return times
    }
}
