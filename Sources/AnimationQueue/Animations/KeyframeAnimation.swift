import Foundation

/// A typed animation of one property through a sequence of values, like `CAKeyframeAnimation`.
///
/// ```swift
/// let shake = KeyframeAnimation(.positionX, values: [0, 10, -10, 10, -5, 5, -5, 0],
///                               duration: 0.4, isAdditive: true)
/// let blink = KeyframeAnimation(.opacity, values: [1, 0, 1], duration: 0.6,
///                               keyTimes: [0, 0.2, 1], segmentTimings: [.easeIn, .easeOut])
/// let orbit = KeyframeAnimation(.position, along: CGPath(ellipseIn: ring, transform: nil), duration: 2)
/// ```
///
/// Resolved model-first: the model receives the last value (the first, when the animation
/// autoreverses back to it); an additive animation's values are offsets and the model
/// keeps its value.
public struct KeyframeAnimation<Value: AnimationValue>: TimedAnimation {
    /// The animated property.
    public var keyPath: AnimationKeyPath<Value>
    /// The keyframe values, in order (at least one); offsets when additive. For an animation
    /// along a ``path``, the path's start and end.
    public var values: [Value] { valuesBox.value }
    private let valuesBox: UncheckedSendableBox<[Value]>
    /// The path a point property follows, in place of the values; nil for an animation
    /// through values.
    public var path: CGPath? { pathBox?.value }
    private var pathBox: UncheckedSendableBox<CGPath>?
    /// The length of one pass, in seconds; 0 commits the last value without animating.
    public let duration: TimeInterval
    /// When each value is reached, as fractions of the pass in 0…1, non-decreasing; one per
    /// value (one more for `.discrete`). Nil spaces the values evenly.
    public let keyTimes: [Double]?
    /// The pacing of the whole pass, applied before the segment timings (`.linear`).
    public var timing: AnimationTiming
    /// The pacing of each segment between two values (`values.count − 1` of them); nil is linear.
    public let segmentTimings: [AnimationTiming]?
    /// How values between keyframes are computed.
    public let calculationMode: KeyframeCalculationMode
    /// Whether the values are offsets added to the model value, which stays unchanged.
    public var isAdditive: Bool
    /// Whether each repetition continues from where the previous one ended (each pass adds
    /// the change from the first value to the last). The model then receives where the last
    /// pass ends, for numbers, points, sizes and rects; other values receive the last value.
    public var isCumulative: Bool = false
    /// Delay, speed, repetition and autoreverse.
    public var mediaTiming: MediaTiming
    /// The behaviour under reduced motion; nil lets the run decide.
    public var reducedMotion: ReducedMotionBehavior? {
        didSet { reducedMotion?.validate() }
    }

    /// Creates a keyframe animation through `values`.
    ///
    /// ```swift
    /// let shake = KeyframeAnimation(.positionX, values: [0, 10, -10, 0], duration: 0.4, isAdditive: true)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The property; it fixes `Value`.
    ///   - values: At least one value.
    ///   - duration: Seconds for one pass (0.25); finite and ≥ 0.
    ///   - keyTimes: Fractions in 0…1, non-decreasing, one per value (one more for
    ///     `.discrete`); nil (the default) spaces the values evenly. Not allowed in the
    ///     paced modes, which ignore them.
    ///   - timing: The pacing of the whole pass (`.linear`).
    ///   - segmentTimings: One timing per segment (`values.count − 1`), or nil for linear. Not
    ///     allowed in the paced modes, which ignore them.
    ///   - calculationMode: `.linear` (the default), `.discrete`, `.paced`, `.cubic` or `.cubicPaced`.
    ///   - delay: Seconds to wait after the operation starts (0); the first value shows meanwhile.
    ///   - repeatCount: How many passes (0 plays once); `.infinity` repeats forever.
    ///   - autoreverses: Whether each pass plays forwards, then backwards.
    ///   - speed: The rate relative to the layer (1); > 0.
    ///   - isAdditive: Whether the values are offsets from the unchanged model value.
    ///   - reducedMotion: The behaviour under reduced motion (nil: the run decides).
    public init(_ keyPath: AnimationKeyPath<Value>, values: [Value], duration: TimeInterval = 0.25,
                keyTimes: [Double]? = nil, timing: AnimationTiming = .linear,
                segmentTimings: [AnimationTiming]? = nil, calculationMode: KeyframeCalculationMode = .linear,
                delay: TimeInterval = 0, repeatCount: Float = 0, autoreverses: Bool = false,
                speed: Float = 1, isAdditive: Bool = false, reducedMotion: ReducedMotionBehavior? = nil) {
        guard !values.isEmpty else { APIViolationEmptyKeyframes() }
        for (index, value) in values.enumerated() { _ = validatedFinite(value, "values[\(index)]") }
        if let keyTimes {
            Self.validate(keyTimes: keyTimes, valueCount: values.count, mode: calculationMode)
        }
        if let segmentTimings {
            if calculationMode.isPaced { APIViolationPacedSegmentTimings(mode: "\(calculationMode)") }
            if segmentTimings.count != values.count - 1 {
                APIViolationSegmentTimings(count: segmentTimings.count, segments: values.count - 1)
            }
        }
        self.keyPath = keyPath
        self.valuesBox = UncheckedSendableBox(values)
        self.duration = validatedTime(duration, "duration")
        self.keyTimes = keyTimes
        self.timing = timing
        self.segmentTimings = segmentTimings
        self.calculationMode = calculationMode
        self.isAdditive = isAdditive
        self.mediaTiming = MediaTiming(delay: delay, speed: speed, repeatCount: repeatCount,
                                       autoreverses: autoreverses)
        self.reducedMotion = reducedMotion
        reducedMotion?.validate()
    }

    private static func validate(keyTimes: [Double], valueCount: Int, mode: KeyframeCalculationMode) {
        if mode.isPaced {
            APIViolationKeyTimes("the \(mode) calculation mode ignores keyTimes. Pass nil, or use .linear or .cubic.")
        }
        let expected = mode == .discrete ? valueCount + 1 : valueCount
        guard keyTimes.count == expected else {
            APIViolationKeyTimes("\(keyTimes.count) keyTimes for \(valueCount) values; the \(mode) mode needs "
                + "\(expected)\(mode == .discrete ? " (one more than values)" : " (one per value)"). "
                + "Pass \(expected) fractions from 0 to 1, or nil to space the values evenly.")
        }
        for (index, time) in keyTimes.enumerated() {
            guard time.isFinite, (0...1).contains(time) else {
                APIViolationKeyTimes("keyTimes[\(index)] is \(time); each key time is a fraction in 0…1. "
                    + "Divide times in seconds by the duration, for example [0, 0.25, 1].")
            }
            if index > 0, time < keyTimes[index - 1] {
                APIViolationKeyTimes("keyTimes[\(index)] = \(time) is before keyTimes[\(index - 1)] = "
                    + "\(keyTimes[index - 1]); key times must not decrease. List them in increasing order, "
                    + "in the order of the values.")
            }
        }
        // Apple (`CAKeyframeAnimation.keyTimes`): in the linear, cubic and discrete modes the
        // first key time must be 0 and the last 1.
        if let first = keyTimes.first, let last = keyTimes.last, first != 0 || last != 1 {
            APIViolationKeyTimes("they run from \(first) to \(last); the \(mode) mode needs them to start at 0 and end "
                + "at 1, the animation's start and end. Put the first value at 0 and the last at 1, or pass nil "
                + "to space the values evenly.")
        }
    }

    /// The delay plus the active duration (repeats, autoreverse and speed included).
    public var totalDuration: TimeInterval {
        mediaTiming.totalDuration(forDuration: duration)
    }

    /// Resolves model-first against `layer`: a `CAKeyframeAnimation`, the last value (or the
    /// first, when autoreversing back) for the model, and the first value, for revert.
    public func resolve(for layer: CALayer) -> ResolvedAnimation {
        keyPath.validate(on: layer)
        let path = keyPath.rawValue
        let first = values[0].coreAnimationValue
        let last = values[values.count - 1].coreAnimationValue
        let finals: [(keyPath: String, value: Any?)]
        let initial: [(keyPath: String, value: Any?)]
        if isAdditive {
            // An offset: the model stays as it is, and so does a revert.
            finals = [(path, LayerReading.model(layer, path))]
            initial = finals
        } else {
            let endsAtStart = duration > 0 && mediaTiming.endsAtStart(forDuration: duration)
            let end = isCumulative ? cumulativeEnd(from: first, to: last, timing: mediaTiming, duration: duration) : last
            (finals, initial) = ([(path, endsAtStart ? first : end)], [(path, first)])
        }
        guard duration > 0 else {
            let hold = holdAnimation(path, first, isAdditive: isAdditive, for: mediaTiming.delay)
            return ResolvedAnimation(animation: hold, finalValues: finals, initialValues: initial)
        }
        let animation = CAKeyframeAnimation(keyPath: path)
        if let route = self.path {
            animation.path = route
        } else {
            animation.values = values.map(\.coreAnimationValue)
        }
        animation.keyTimes = keyTimes?.map { NSNumber(value: $0) }
        animation.timingFunctions = segmentTimings?.map(\.mediaTimingFunction)
        animation.calculationMode = calculationMode.coreAnimationMode
        animation.timingFunction = timing.mediaTimingFunction
        // Both are off on a new animation.
        if isAdditive { animation.isAdditive = true }
        if isCumulative { animation.isCumulative = true }
        mediaTiming.apply(to: animation, duration: duration)
        return ResolvedAnimation(animation: animation, finalValues: finals, initialValues: initial)
    }
}

extension KeyframeAnimation: LayerAnimation {}

extension KeyframeAnimation where Value == CGPoint {
    /// Creates an animation of a point property along `path`, like a `CAKeyframeAnimation`
    /// with a `path`: each line, curve and close of the path is one keyframe segment, and the
    /// model receives where the path ends (its `currentPoint`).
    ///
    /// ```swift
    /// let arc = CGMutablePath()
    /// arc.move(to: CGPoint(x: 40, y: 300))
    /// arc.addQuadCurve(to: CGPoint(x: 280, y: 300), control: CGPoint(x: 160, y: 80))
    /// let toss = KeyframeAnimation(.position, along: arc, duration: 0.8, timing: .easeInOut)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: A point property: `.position` or `.anchorPoint`.
    ///   - path: The route; it starts with a move. Copied, so changing a `CGMutablePath`
    ///     afterwards does not change the animation.
    ///   - duration: Seconds for one pass (0.25); finite and ≥ 0.
    ///   - timing: The pacing of the whole pass (`.linear`).
    ///   - calculationMode: `.paced` (the default) moves at one speed along the whole path;
    ///     `.linear` gives each segment equal time; `.discrete` jumps from segment end to
    ///     segment end.
    ///   - delay: Seconds to wait after the operation starts (0); the path's start shows meanwhile.
    ///   - repeatCount: How many passes (0 plays once); `.infinity` repeats forever.
    ///   - autoreverses: Whether each pass plays forwards, then backwards.
    ///   - speed: The rate relative to the layer (1); > 0.
    ///   - isAdditive: Whether the path's points are offsets from the unchanged model value.
    ///   - reducedMotion: The behaviour under reduced motion (nil: the run decides).
    public init(_ keyPath: AnimationKeyPath<CGPoint>, along path: CGPath, duration: TimeInterval = 0.25,
                timing: AnimationTiming = .linear, calculationMode: KeyframeCalculationMode = .paced,
                delay: TimeInterval = 0, repeatCount: Float = 0, autoreverses: Bool = false,
                speed: Float = 1, isAdditive: Bool = false, reducedMotion: ReducedMotionBehavior? = nil) {
        guard let copy = path.copy(), let start = Self.start(of: copy) else { APIViolationEmptyKeyframePath() }
        self.init(keyPath, values: [start, copy.currentPoint], duration: duration, timing: timing,
                  calculationMode: calculationMode, delay: delay, repeatCount: repeatCount,
                  autoreverses: autoreverses, speed: speed, isAdditive: isAdditive, reducedMotion: reducedMotion)
        pathBox = UncheckedSendableBox(copy)
    }

    /// The point of the path's first element (a move), or nil for an empty path.
    private static func start(of path: CGPath) -> CGPoint? {
        var start: CGPoint?
        path.applyWithBlock { element in
            if start == nil, element.pointee.type == .moveToPoint { start = element.pointee.points[0] }
        }
        return start
    }
}
