import Foundation

/// Animations of one layer that run together, like `CAAnimationGroup`.
///
/// ```swift
/// let fadeIn = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3)
/// let drop = BasicAnimation(.positionY, to: 240, duration: 0.5)
/// let both = AnimationGroup([fadeIn, drop])          // lasts 0.5 s
/// let late = AnimationGroup([fadeIn, drop.delayed(by: 0.2)]).autoreversing()
/// ```
///
/// The children run concurrently in the group's time: a child's delay counts from the
/// group's start. The group lasts as long as its longest child (its ``duration``, unless
/// one is given, which clips the children). A clipped child stops where the group ends,
/// and the layer then shows that child's final value, which the model already holds: it
/// jumps there, as a clipped child does in Core Animation. The group's own media timing
/// (delay, repeats, autoreverse, speed) applies on top. A child's
/// ``LayerAnimation/reducedMotion`` is not consulted; the group's is.
public struct AnimationGroup: LayerAnimation, TimedAnimation {
    /// The animations, all of the same layer.
    public var animations: [any LayerAnimation]
    /// The duration given at creation; nil lasts as long as the longest child.
    public var explicitDuration: TimeInterval? {
        didSet { _ = explicitDuration.map { validatedTime($0, "duration") } }
    }
    /// The pacing applied to the group's time as a whole (`.linear`: the children's own
    /// timings apply unchanged).
    public var timing: AnimationTiming
    /// Delay, speed, repetition and autoreverse of the whole group.
    public var mediaTiming: MediaTiming
    /// The behaviour under reduced motion; nil lets the run decide.
    public var reducedMotion: ReducedMotionBehavior? {
        didSet { reducedMotion?.validate() }
    }

    /// Creates a group of animations of one layer that run together.
    ///
    /// ```swift
    /// let both = AnimationGroup([fadeIn, drop])
    /// ```
    ///
    /// - Parameters:
    ///   - animations: The animations; each child's delay counts from the group's start.
    ///   - duration: The group's length; nil (the default) lasts as long as the longest child.
    ///   - timing: The pacing of the group's time (`.linear`).
    ///   - delay: Seconds to wait after the operation starts (0).
    ///   - repeatCount: How many passes of the whole group (0 plays once).
    ///   - autoreverses: Whether each pass plays forwards, then backwards.
    ///   - speed: The rate relative to the layer (1); > 0.
    ///   - reducedMotion: The behaviour under reduced motion (nil: the run decides).
    public init(_ animations: [any LayerAnimation], duration: TimeInterval? = nil,
                timing: AnimationTiming = .linear, delay: TimeInterval = 0, repeatCount: Float = 0,
                autoreverses: Bool = false, speed: Float = 1, reducedMotion: ReducedMotionBehavior? = nil) {
        self.animations = animations
        self.explicitDuration = duration.map { validatedTime($0, "duration") }
        self.timing = timing
        self.mediaTiming = MediaTiming(delay: delay, speed: speed, repeatCount: repeatCount,
                                       autoreverses: autoreverses)
        self.reducedMotion = reducedMotion
        reducedMotion?.validate()
    }

    /// The length of one pass: the explicit duration, else the longest child's total duration.
    public var duration: TimeInterval {
        explicitDuration ?? animations.map(\.totalDuration).max() ?? 0
    }

    /// The delay plus the active duration (repeats, autoreverse and speed included).
    public var totalDuration: TimeInterval {
        mediaTiming.totalDuration(forDuration: duration)
    }

    /// Resolves every child against `layer` and combines them: a `CAAnimationGroup` of the
    /// children's animations (their relative `beginTime`s are delays in the group's time),
    /// the children's final values in order (a later child wins on a shared key path), and
    /// the values they start from, for revert (the first child's on a shared key path).
    ///
    /// When no child animates (there are none, or every child has zero duration and no
    /// delay), the animation is nil and only the final values are committed, whatever the
    /// group's delay and duration: the operation finishes at once. Use a plan's ``Wait``
    /// for a pause with nothing to animate.
    public func resolve(for layer: CALayer) -> ResolvedAnimation {
        var children: [CAAnimation] = []
        var finals: [(keyPath: String, value: Any?)] = []
        var initials: [(keyPath: String, value: Any?)] = []
        for child in animations {
            let resolved = child.resolve(for: layer)
            if let animation = resolved.animation { children.append(animation) }
            finals += resolved.finalValues
            for entry in resolved.initialValues where !initials.contains(where: { $0.keyPath == entry.keyPath }) {
                initials.append(entry)
            }
        }
        let length = duration
        if mediaTiming.endsAtStart(forDuration: length) { finals = initials }
        guard !children.isEmpty, length > 0 else {
            return ResolvedAnimation(animation: nil, finalValues: finals, initialValues: initials)
        }
        let group = CAAnimationGroup()
        group.animations = children
        group.timingFunction = timing.mediaTimingFunction
        mediaTiming.apply(to: group, duration: length)
        return ResolvedAnimation(animation: group, finalValues: finals, initialValues: initials)
    }
}
