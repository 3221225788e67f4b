import Foundation

/// The spring that settles a retargeted step on its new target
/// (``AnimationOperation/retarget(_:to:settling:)``), described by feel: a perceptual duration
/// and a bounce, as ``SpringAnimation`` is.
///
/// ```swift
/// card.retarget(.positionX, to: 120, settling: RetargetSpring(perceptualDuration: 0.3, bounce: 0.2))
/// ```
public struct RetargetSpring: Sendable, Hashable {
    /// About how long the spring takes to settle, in seconds (> 0).
    public var perceptualDuration: TimeInterval
    /// How much it overshoots, from 0 (none) to just under 1; negative values are not allowed.
    public var bounce: Double

    /// Creates a spring. The perceptual duration must be finite and greater than 0, and the
    /// bounce from 0 up to (not including) 1: a turn may overshoot but not swing back and forth
    /// for ever, and a bounce below 0 would need an over-damped spring, which systems before
    /// iOS 17 and macOS 14 do not have.
    public init(perceptualDuration: TimeInterval, bounce: Double = 0) {
        guard perceptualDuration.isFinite, perceptualDuration > 0 else {
            APIViolationSpringParameter("perceptualDuration", perceptualDuration, "a finite number of seconds > 0")
        }
        guard bounce.isFinite, bounce >= 0, bounce < 1 else {
            APIViolationSpringParameter("bounce", bounce, "from 0 up to (not including) 1")
        }
        self.perceptualDuration = perceptualDuration
        self.bounce = bounce
    }

    /// A critically damped spring of 0.5 s: it settles without overshoot.
    public static let smooth = RetargetSpring(perceptualDuration: 0.5)

    /// Mass, stiffness and damping (Apple's conversion from perceptual duration and bounce).
    var physical: (mass: Double, stiffness: Double, damping: Double) {
        SpringMath.physical(perceptualDuration: perceptualDuration, bounce: bounce)
    }

    /// The two springs a turn settles with, at rest when the turn begins, that together carry an
    /// offset from 1 to 0 (see ``TurnedAnimation``): this spring with the weight 4/3, and one twice
    /// as fast (four times the stiffness, twice the damping, so the same damping ratio) with the
    /// weight −1/3. Each spring alone starts at rest but already accelerates, by ω² times the
    /// distance; with these weights the accelerations cancel (4/3·ω² − 1/3·(2ω)² = 0), so
    /// position, velocity and acceleration are all continuous at the turn.
    var settlingParts: [(weight: Double, mass: Double, stiffness: Double, damping: Double)] {
        let (mass, stiffness, damping) = physical
        return [(4.0 / 3, mass, stiffness, damping), (-1.0 / 3, mass, 4 * stiffness, 2 * damping)]
    }

    /// How long the weighted pair takes to bring the offset within 10⁻⁴ of the distance, and
    /// keep it there: where a bound on both springs' remaining motion (each one's envelope,
    /// e^(−ζωt) times its amplitude, weighted) falls to that, found by bisection (the bound
    /// only decreases) to 1 ms.
    var settlingDuration: TimeInterval {
        let (mass, stiffness, damping) = physical
        let w0 = (stiffness / mass).squareRoot()
        let zeta = min(1, SpringMath.dampingRatio(mass: mass, stiffness: stiffness, damping: damping))
        // The amplitude of an under-damped spring from rest is at most 1 + ζ/√(1 − ζ²); a
        // critically damped one's remaining motion is exactly (1 + ωt)·e^(−ωt). The second
        // spring is twice as fast, with the same ratio.
        func part(_ w: Double, _ t: Double) -> Double {
            let amplitude = zeta < 1 ? 1 + zeta / (1 - zeta * zeta).squareRoot() : 1 + w * t
            return amplitude * exp(-zeta * w * t)
        }
        func bound(_ t: Double) -> Double { 4.0 / 3 * part(w0, t) + 1.0 / 3 * part(2 * w0, t) }
        var low = 0.0, high = 1.0
        while bound(high) > 1e-4, high < 600 { high *= 2 }
        while high - low > 1e-3 {
            let middle = (low + high) / 2
            if bound(middle) > 1e-4 { low = middle } else { high = middle }
        }
        return high
    }

    /// The spring a retarget settles with when none is given: the step's own spring, if it
    /// animates the key path with one; else a critically damped spring whose perceptual
    /// duration is the step's active duration, between 0.2 and 1 s.
    static func matching(_ running: CAAnimation, keyPath: String, activeDuration: CFTimeInterval) -> RetargetSpring {
        if let own = spring(in: running, keyPath: keyPath) {
            let stiffness = Double(own.stiffness), mass = Double(own.mass), damping = Double(own.damping)
            let zeta = min(1, SpringMath.dampingRatio(mass: mass, stiffness: stiffness, damping: damping))
            let duration = 2 * Double.pi / (stiffness / mass).squareRoot()
            if duration.isFinite, duration > 0, zeta > 0 {
                return RetargetSpring(perceptualDuration: duration, bounce: min(0.95, 1 - zeta))
            }
        }
        let duration = activeDuration.isFinite ? activeDuration : 1
        return RetargetSpring(perceptualDuration: min(1, max(0.2, duration)))
    }

    /// The first spring animating `keyPath` in `animation`'s tree, other than a turn's.
    private static func spring(in animation: CAAnimation, keyPath: String) -> CASpringAnimation? {
        if let spring = animation as? CASpringAnimation, spring.keyPath == keyPath, !TurnedAnimation.isPart(spring) {
            return spring
        }
        for child in (animation as? CAAnimationGroup)?.animations ?? [] {
            if let found = spring(in: child, keyPath: keyPath) { return found }
        }
        return nil
    }
}
