import Foundation

/// A typed spring animation of one property, like `CASpringAnimation`.
///
/// Describe the spring by feel — a perceptual duration and a bounce — or physically, by
/// mass, stiffness and damping. Either way the conversion and the settling duration are
/// computed here, so they work on systems older than iOS 17 and macOS 14, which lack
/// `CASpringAnimation(perceptualDuration:bounce:)`.
///
/// ```swift
/// let pop = SpringAnimation(.transformScale, from: 0.6, to: 1, perceptualDuration: 0.4, bounce: 0.3)
/// let wobble = SpringAnimation(.positionX, to: 200, stiffness: 300, damping: 12)
/// ```
///
/// The animation lasts ``settlingDuration`` unless a duration is given; it is resolved
/// model-first like ``BasicAnimation``.
public struct SpringAnimation<Value: AnimationValue>: TimedAnimation {
    /// The animated property.
    public var keyPath: AnimationKeyPath<Value>
    /// The start value; nil starts from what the layer shows when the operation starts.
    public var from: Value? {
        get { endpoints.from }
        set { endpoints.from = newValue }
    }
    /// The end value, which the model keeps afterwards.
    public var to: Value {
        get { endpoints.to }
        set { endpoints.to = newValue }
    }
    private var endpoints: AnimationEndpoints<Value>
    /// The mass attached to the spring (> 0).
    public private(set) var mass: Double
    /// The spring's stiffness (> 0).
    public private(set) var stiffness: Double
    /// The friction (≥ 0).
    public private(set) var damping: Double
    /// The initial velocity, in units of the whole distance per second.
    public private(set) var initialVelocity: Double
    /// Whether a spring damped past critical moves as an over-damped spring (else as a
    /// critically damped one). Systems before iOS 17 and macOS 14 ignore it.
    public private(set) var allowsOverdamping: Bool
    /// The duration given at creation; nil uses ``settlingDuration``.
    public private(set) var explicitDuration: TimeInterval?
    /// Whether `from` and `to` are offsets from the unchanged model value.
    public var isAdditive: Bool
    /// Delay, speed, repetition and autoreverse.
    public var mediaTiming: MediaTiming
    /// The behaviour under reduced motion; nil lets the run decide.
    public var reducedMotion: ReducedMotionBehavior? {
        didSet { reducedMotion?.validate() }
    }

    /// Creates a spring from its physical parameters (Core Animation's defaults: mass 1,
    /// stiffness 100, damping 10).
    ///
    /// ```swift
    /// let wobble = SpringAnimation(.positionX, to: 200, stiffness: 300, damping: 12)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The property; it fixes `Value`.
    ///   - from: The start value; nil starts from what the layer shows.
    ///   - to: The end value.
    ///   - mass: > 0.
    ///   - stiffness: > 0.
    ///   - damping: ≥ 0; 0 never settles and then needs an explicit `duration`.
    ///   - initialVelocity: In units of the whole distance per second (finite).
    ///   - allowsOverdamping: Whether damping past critical over-damps (false, as in Core Animation).
    ///   - duration: The animation's length; nil (the default) uses ``settlingDuration``.
    ///   - delay: Seconds to wait after the operation starts (0).
    ///   - isAdditive: Whether `from` and `to` are offsets.
    ///   - reducedMotion: The behaviour under reduced motion (nil: the run decides).
    public init(_ keyPath: AnimationKeyPath<Value>, from: Value? = nil, to: Value,
                mass: Double = 1, stiffness: Double = 100, damping: Double = 10,
                initialVelocity: Double = 0, allowsOverdamping: Bool = false,
                duration: TimeInterval? = nil, delay: TimeInterval = 0, isAdditive: Bool = false,
                reducedMotion: ReducedMotionBehavior? = nil) {
        guard mass.isFinite, mass > 0 else { APIViolationSpringParameter("mass", mass, "finite and > 0") }
        guard stiffness.isFinite, stiffness > 0 else {
            APIViolationSpringParameter("stiffness", stiffness, "finite and > 0")
        }
        guard damping.isFinite, damping >= 0 else { APIViolationSpringParameter("damping", damping, "finite and ≥ 0") }
        guard initialVelocity.isFinite else {
            APIViolationSpringParameter("initialVelocity", initialVelocity, "finite")
        }
        self.keyPath = keyPath
        self.endpoints = AnimationEndpoints(from: from, to: to)
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping
        self.explicitDuration = duration.map { validatedTime($0, "duration") }
        self.isAdditive = isAdditive
        self.mediaTiming = MediaTiming(delay: delay)
        self.reducedMotion = reducedMotion
        reducedMotion?.validate()
        if duration == nil, !settlingDuration.isFinite {
            APIViolationSpringParameter("damping", damping,
                                        "> 0 for the spring to settle (or pass an explicit duration)")
        }
    }

    /// Creates a spring from how long it feels and how much it bounces.
    ///
    /// Converted as Apple does: mass 1, stiffness (2π/d)², damping ζ·4π/d with ζ = 1 − bounce
    /// for bounce ≥ 0 and 1/(1 + bounce) for bounce < 0; over-damping is allowed.
    ///
    /// ```swift
    /// let pop = SpringAnimation(.transformScale, from: 0.6, to: 1, perceptualDuration: 0.4, bounce: 0.3)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The property; it fixes `Value`.
    ///   - from: The start value; nil starts from what the layer shows.
    ///   - to: The end value.
    ///   - perceptualDuration: How long the motion feels, in seconds (> 0). The animation
    ///     itself lasts ``settlingDuration``, which is longer.
    ///   - bounce: Strictly between −1 and 1: 0 is critically damped, positive values
    ///     bounce, negative values approach more slowly.
    ///   - initialVelocity: In units of the whole distance per second (finite).
    ///   - delay: Seconds to wait after the operation starts (0).
    ///   - isAdditive: Whether `from` and `to` are offsets.
    ///   - reducedMotion: The behaviour under reduced motion (nil: the run decides).
    public init(_ keyPath: AnimationKeyPath<Value>, from: Value? = nil, to: Value,
                perceptualDuration: TimeInterval, bounce: Double = 0, initialVelocity: Double = 0,
                delay: TimeInterval = 0, isAdditive: Bool = false,
                reducedMotion: ReducedMotionBehavior? = nil) {
        guard perceptualDuration.isFinite, perceptualDuration > 0 else {
            APIViolationSpringParameter("perceptualDuration", perceptualDuration, "finite and > 0")
        }
        guard bounce.isFinite, bounce > -1, bounce < 1 else {
            APIViolationSpringParameter("bounce", bounce, "strictly between −1 and 1 (−1 has infinite "
                                        + "damping, 1 none, so neither settles)")
        }
        let physical = SpringMath.physical(perceptualDuration: perceptualDuration, bounce: bounce)
        self.init(keyPath, from: from, to: to, mass: physical.mass, stiffness: physical.stiffness,
                  damping: physical.damping, initialVelocity: initialVelocity, allowsOverdamping: true,
                  duration: nil, delay: delay,
                  isAdditive: isAdditive, reducedMotion: reducedMotion)
    }

    /// The damping ratio ζ = damping / (2√(stiffness · mass)): < 1 bounces, 1 is critical.
    public var dampingRatio: Double {
        SpringMath.dampingRatio(mass: mass, stiffness: stiffness, damping: damping)
    }

    /// The time the spring needs to settle within 0.001 of its target, at speed 1.
    public var settlingDuration: TimeInterval {
        SpringMath.settlingDuration(mass: mass, stiffness: stiffness, damping: damping,
                                    velocity: initialVelocity,
                                    allowsOverdamping: allowsOverdamping && SpringMath.platformSupportsOverdamping)
    }

    /// The length of one pass: the explicit duration, else ``settlingDuration``.
    public var duration: TimeInterval { explicitDuration ?? settlingDuration }

    /// The delay plus the active duration (repeats, autoreverse and speed included).
    public var totalDuration: TimeInterval {
        mediaTiming.totalDuration(forDuration: duration)
    }

    /// Resolves model-first against `layer`: a `CASpringAnimation` with explicit from- and
    /// to-values and physical parameters, lasting ``duration``.
    public func resolve(for layer: CALayer) -> ResolvedAnimation {
        keyPath.validate(on: layer)
        return PropertyAnimationInput(
            keyPath: keyPath.rawValue, from: endpoints.coreAnimation.from, to: endpoints.coreAnimation.to,
            additiveIdentity: isAdditive ? endpoints.coreAnimation.additiveIdentity : nil, isAdditive: isAdditive,
            isCumulative: false, duration: duration, mediaTiming: mediaTiming, timing: nil
        ).resolve(on: layer) {
            let spring = CASpringAnimation()
            spring.mass = CGFloat(mass)
            spring.stiffness = CGFloat(stiffness)
            spring.damping = CGFloat(damping)
            spring.initialVelocity = CGFloat(initialVelocity)
            if #available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *) {
                spring.allowsOverdamping = allowsOverdamping
            }
            return spring
        }
    }
}

extension SpringAnimation: LayerAnimation {}
