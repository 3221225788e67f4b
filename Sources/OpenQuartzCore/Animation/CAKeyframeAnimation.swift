import Foundation
#if canImport(CoreGraphics)
import CoreGraphics  // CGPath
#endif

/// An object that provides keyframe animation of a layer property.
///
/// ```swift
/// let shake = CAKeyframeAnimation(keyPath: "position.x")
/// shake.values = [0, 10, -10, 0]
/// shake.isAdditive = true
/// shake.duration = 0.4
/// ```
open class CAKeyframeAnimation: CAPropertyAnimation {
    // Stored properties are `@exclusivity(unchecked)`, as in `CAAnimation` (see there why).
    /// The keyframe values.
    @exclusivity(unchecked) open var values: [Any]?
    /// A path for a point property (`position`, `anchorPoint`) to follow; when set, `values`
    /// is ignored. Each line, curve and close of the path is one keyframe segment; a move
    /// jumps to a new subpath. Copied on assignment.
    ///
    /// ```swift
    /// let arc = CAKeyframeAnimation(keyPath: "position")
    /// arc.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 200, height: 200), transform: nil)
    /// arc.calculationMode = .paced      // one speed all the way round
    /// arc.duration = 2
    /// ```
    open var path: CGPath? {
        get { storedPath }
        set { storedPath = newValue?.copy() }
    }
    @exclusivity(unchecked) private var storedPath: CGPath?
    /// Whether the layer turns to follow `path`'s tangent (nil: it does not). Stored and
    /// copied; the engine does not rotate the presentation layer (see `MissingAPI.md`).
    @exclusivity(unchecked) open var rotationMode: CAAnimationRotationMode?
    /// When each keyframe applies, as fractions 0…1 of the duration.
    ///
    /// Linear and cubic modes take one per value, from 0 to 1; discrete takes one more than
    /// values (Apple, "CAKeyframeAnimation.keyTimes"). For other arrays Apple says only that
    /// "the timing of your animation might not be what you expect"; here an invalid array
    /// (wrong count, decreasing, outside 0…1) is reported and ignored, and the keyframes are
    /// spaced evenly.
    @exclusivity(unchecked) open var keyTimes: [NSNumber]?
    /// Per-segment timing functions: one fewer than values; applied after `timingFunction`.
    @exclusivity(unchecked) open var timingFunctions: [CAMediaTimingFunction]?
    /// How intermediate values are computed (`.linear`).
    @exclusivity(unchecked) open var calculationMode: CAAnimationCalculationMode = .linear
    /// Kochanek–Bartels tension per keyframe, for cubic modes.
    @exclusivity(unchecked) open var tensionValues: [NSNumber]?
    /// Kochanek–Bartels continuity per keyframe, for cubic modes: positive values give sharp
    /// corners, negative values inverted corners (`CAAnimation.h`).
    @exclusivity(unchecked) open var continuityValues: [NSNumber]?
    /// Kochanek–Bartels bias per keyframe, for cubic modes: positive values move the curve
    /// before the keyframe, negative values after it (`CAAnimation.h`).
    @exclusivity(unchecked) open var biasValues: [NSNumber]?

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CAKeyframeAnimation else { return }
        values = other.values
        storedPath = other.storedPath
        rotationMode = other.rotationMode
        keyTimes = other.keyTimes
        timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode
        tensionValues = other.tensionValues
        continuityValues = other.continuityValues
        biasValues = other.biasValues
        track = other.track
        pathTrack = other.pathTrack
    }

    override func knownValue(forKey key: String) -> Any? {
        switch key {
        case "values": return values
        case "path": return path
        case "rotationMode": return rotationMode
        case "keyTimes": return keyTimes
        case "timingFunctions": return timingFunctions
        case "calculationMode": return calculationMode
        case "tensionValues": return tensionValues
        case "continuityValues": return continuityValues
        case "biasValues": return biasValues
        default: return super.knownValue(forKey: key)
        }
    }

    override func setKnownValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "values": values = value as? [Any]
        case "path": path = PathReading.cgPath(value)
        case "rotationMode": rotationMode = Convert.named(value)
        case "keyTimes": keyTimes = value as? [NSNumber]
        case "timingFunctions": timingFunctions = value as? [CAMediaTimingFunction]
        case "calculationMode": calculationMode = Convert.named(value) ?? .linear
        case "tensionValues": tensionValues = value as? [NSNumber]
        case "continuityValues": continuityValues = value as? [NSNumber]
        case "biasValues": biasValues = value as? [NSNumber]
        default: return super.setKnownValue(value, forKey: key)
        }
        return true
    }

    /// The values checked against the property: with a path, its start point, so a path for
    /// a property that holds no point is reported.
    override var declaredValues: [Any] {
        guard let path else { return values ?? [] }
        return PathReading.path(path).flatMap(PathTrack.keyframePoints(of:)).map { [$0.start] } ?? []
    }

    /// Apple, `CAAnimationCalculationMode.paced` and `.cubicPaced`: "keyTimes and
    /// timingFunction are ignored and keyframe times are automatically generated to give the
    /// animation a constant velocity".
    override var appliesTimingFunction: Bool { calculationMode != .paced && calculationMode != .cubicPaced }

    /// The validated keyframe track, built when the animation is attached to a layer.
    @exclusivity(unchecked) var track: KeyframeTrack?
    /// The track along `path`, when it has one and the mode is not discrete.
    @exclusivity(unchecked) var pathTrack: PathTrack?

    override func prepareForAttachment(_ preparation: inout AttachmentPreparation) {
        super.prepareForAttachment(&preparation)
        guard !isInert else { return }
        let key = keyPath ?? ""
        if let path { return preparePath(path, key: key) }
        guard let values, !values.isEmpty else {
            OQC.report(.ignoredInput, key: key, "CAKeyframeAnimation of '\(key)' has no values, so it animates nothing; set values (at least one).")
            isInert = true
            return
        }
        let converted = values.compactMap { animatable($0) }
        guard converted.count == values.count else {
            OQC.report(.invalidValue, key: key, "CAKeyframeAnimation of '\(key)' has a nil value among its values; every keyframe needs a value. The animation is ignored.")
            isInert = true
            return
        }
        track = KeyframeTrack(
            values: converted,
            mode: calculationMode,
            keyTimes: keyTimes?.map(\.doubleValue),
            timingFunctions: timingFunctions,
            tension: tensionValues?.map(\.doubleValue),
            continuity: continuityValues?.map(\.doubleValue),
            bias: biasValues?.map(\.doubleValue),
            reportingKey: key)
    }

    /// Builds the track along `path`: in discrete mode a ``KeyframeTrack`` of its keyframe
    /// points, else a ``PathTrack``. A path without a point animates nothing, and is reported.
    private func preparePath(_ path: CGPath, key: String) {
        guard let keyframes = PathReading.path(path).flatMap(PathTrack.keyframePoints(of:)) else {
            OQC.report(.ignoredInput, key: key, "CAKeyframeAnimation of '\(key)' has an empty path, so it animates nothing; add points to the path (move(to:), then lines or curves).")
            isInert = true
            return
        }
        if calculationMode == .discrete || keyframes.segments.isEmpty {
            let points = [keyframes.start] + keyframes.segments.map(\.end)
            track = KeyframeTrack(values: points.compactMap { AnimatableValue($0) }, mode: calculationMode,
                                  keyTimes: keyTimes?.map(\.doubleValue), timingFunctions: timingFunctions,
                                  tension: nil, continuity: nil, bias: nil, reportingKey: key)
        } else {
            pathTrack = PathTrack(segments: keyframes.segments, mode: calculationMode, keyTimes: keyTimes?.map(\.doubleValue),
                                  timingFunctions: timingFunctions, reportingKey: key)
        }
    }

    override func value(atProgress progress: Double, localTime: Double, base: AnimatableValue?) -> AnimatableValue? {
        pathTrack?.value(at: progress) ?? track?.value(at: progress)
    }

    override func cumulativeDelta(base: AnimatableValue?) -> AnimatableValue? {
        if let segments = pathTrack?.segments, let first = segments.first, let last = segments.last {
            return AnimatableValue(last.end)?.subtracting(AnimatableValue(first.start)!)
        }
        guard let values = track?.values, let first = values.first, let last = values.last else { return nil }
        return last.subtracting(first)
    }
}
