import Foundation

/// A typed animation of one property from one value to another, like `CABasicAnimation`.
///
/// The value type comes from the key path, so the compiler checks both the key and the
/// values (see ``AnimationKeyPath``):
///
/// ```swift
/// let fadeIn = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3, timing: .easeOut)
/// let drop = BasicAnimation(.positionY, to: 240, duration: 0.5)   // from: what the layer shows
/// let a: BasicAnimation<Float> = fadeIn
/// ```
///
/// Resolved model-first (see ``LayerAnimation/resolve(for:)``): the model receives `to` (or
/// the from-value when the animation autoreverses back to it), and the animation runs from
/// `from` — or, when `from` is nil, from the value the layer shows when the operation
/// starts — to `to`.
public struct BasicAnimation<Value: AnimationValue>: TimedAnimation {
    /// The animated property.
    public var keyPath: AnimationKeyPath<Value>
    /// The start value; nil starts from the layer's presentation value (else its model
    /// value) when the operation starts. For an additive animation, the start offset
    /// (nil: no offset).
    public var from: Value? {
        get { endpoints.from }
        set { endpoints.from = newValue }
    }
    /// The end value; for an additive animation, the end offset.
    public var to: Value {
        get { endpoints.to }
        set { endpoints.to = newValue }
    }
    private var endpoints: AnimationEndpoints<Value>
    /// The length of one pass, in seconds; 0 commits the final value without animating.
    public var duration: TimeInterval {
        didSet { _ = validatedTime(duration, "duration") }
    }
    /// The pacing of each pass.
    public var timing: AnimationTiming
    /// Whether `from` and `to` are offsets added to the model value, which the animation
    /// leaves unchanged (a shake, a nudge).
    public var isAdditive: Bool
    /// Whether each repetition continues from where the previous one ended (each pass adds
    /// `to − from`). The model then receives where the last pass ends, for numbers, points,
    /// sizes and rects; other values (transforms, colors) receive `to`.
    public var isCumulative: Bool = false
    /// Delay, speed, repetition and autoreverse.
    public var mediaTiming: MediaTiming
    /// The behaviour under reduced motion; nil lets the run decide.
    public var reducedMotion: ReducedMotionBehavior? {
        didSet { reducedMotion?.validate() }
    }

    /// Creates an animation of `keyPath` to `to`.
    ///
    /// ```swift
    /// let fadeIn = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3, timing: .easeOut)
    /// let drop = BasicAnimation(.positionY, to: 240, duration: 0.5)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The property, for example `.opacity`; it fixes `Value`.
    ///   - from: The start value; nil (the default) starts from what the layer shows.
    ///   - to: The end value, which the model keeps afterwards.
    ///   - duration: Seconds for one pass (0.25, Core Animation's default); finite and ≥ 0.
    ///   - timing: The curve (`.default`, the curve of Core Animation's implicit animations).
    ///   - delay: Seconds to wait after the operation starts (0); the from-value shows meanwhile.
    ///   - repeatCount: How many passes (0 plays once); `.infinity` repeats forever.
    ///   - autoreverses: Whether each pass plays forwards, then backwards.
    ///   - speed: The rate relative to the layer (1); > 0.
    ///   - isAdditive: Whether `from` and `to` are offsets from the unchanged model value.
    ///   - reducedMotion: The behaviour under reduced motion (nil: the run decides).
    public init(_ keyPath: AnimationKeyPath<Value>, from: Value? = nil, to: Value,
                duration: TimeInterval = 0.25, timing: AnimationTiming = .default,
                delay: TimeInterval = 0, repeatCount: Float = 0, autoreverses: Bool = false,
                speed: Float = 1, isAdditive: Bool = false,
                reducedMotion: ReducedMotionBehavior? = nil) {
        self.keyPath = keyPath
        self.endpoints = AnimationEndpoints(from: from, to: to)
        self.duration = validatedTime(duration, "duration")
        self.timing = timing
        self.isAdditive = isAdditive
        self.mediaTiming = MediaTiming(delay: delay, speed: speed, repeatCount: repeatCount,
                                       autoreverses: autoreverses)
        self.reducedMotion = reducedMotion
        reducedMotion?.validate()
    }

    /// The delay plus the active duration (repeats, autoreverse and speed included).
    public var totalDuration: TimeInterval {
        mediaTiming.totalDuration(forDuration: duration)
    }

    /// Resolves model-first against `layer` (on the main thread): a `CABasicAnimation` with
    /// explicit from- and to-values, the final value for the model, and the from-value, for
    /// revert.
    public func resolve(for layer: CALayer) -> ResolvedAnimation {
        keyPath.validate(on: layer)
        return PropertyAnimationInput(
            keyPath: keyPath.rawValue, from: endpoints.coreAnimation.from, to: endpoints.coreAnimation.to,
            additiveIdentity: isAdditive ? endpoints.coreAnimation.additiveIdentity : nil, isAdditive: isAdditive,
            isCumulative: isCumulative, duration: duration, mediaTiming: mediaTiming, timing: timing
        ).resolve(on: layer) { CABasicAnimation() }
    }
}

extension BasicAnimation: LayerAnimation {}
