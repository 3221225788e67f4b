import Foundation

// The spring formulas of Core Animation (the closed forms OpenQuartzCore's SpringSolver
// implements), computed here rather than through `CASpringAnimation(perceptualDuration:bounce:)`
// and `settlingDuration`, which older Apple systems lack or compute differently.

enum SpringMath {
    /// The physical parameters for a perceptual duration `d` and a bounce `b` in −1…1:
    /// mass 1, stiffness (2π/d)², damping ζ·4π/d with ζ = 1 − b for b ≥ 0 and 1/(1 + b) for
    /// b < 0 (Apple's conversion, "CASpringAnimation.init(perceptualDuration:bounce:)").
    static func physical(perceptualDuration d: Double, bounce b: Double)
        -> (mass: Double, stiffness: Double, damping: Double) {
        let ratio = b >= 0 ? 1 - b : 1 / (1 + b)
        return (1, (2 * .pi / d) * (2 * .pi / d), ratio * 4 * .pi / d)
    }

    /// ζ = c / (2√(k·m)).
    static func dampingRatio(mass: Double, stiffness: Double, damping: Double) -> Double {
        damping / (2 * (stiffness * mass).squareRoot())
    }

    /// The normalized progress x(t) of a spring from 0 toward 1, with x(0) = 0 and
    /// x′(0) = `velocity`.
    static func progress(at t: Double, mass: Double, stiffness: Double, damping: Double,
                         velocity v0: Double, allowsOverdamping: Bool) -> Double {
        let w0 = (stiffness / mass).squareRoot()
        let zeta = dampingRatio(mass: mass, stiffness: stiffness, damping: damping)
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-zeta * w0 * t) * (cos(wd * t) + ((zeta * w0 - v0) / wd) * sin(wd * t))
        }
        if zeta == 1 || !allowsOverdamping {
            return 1 - (1 + (w0 - v0) * t) * exp(-w0 * t)
        }
        // Over-damped: x = 1 + C1·e^(r1 t) + C2·e^(r2 t), C1 + C2 = −1, r1·C1 + r2·C2 = v0.
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
        let c1 = (v0 + r2) / (r1 - r2)
        let c2 = -1 - c1
        return 1 + c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    /// The normalized progress, velocity and acceleration of a spring from 0 toward 1 at time
    /// `t`, with x(0) = 0 and x′(0) = `velocity`: the closed forms of ``progress(at:mass:stiffness:damping:velocity:allowsOverdamping:)``
    /// differentiated, and the acceleration from the spring's equation,
    /// x″ = ω0²(1 − x) − 2ζω0·x′ (ζ = 1 for a spring damped past critical that may not
    /// over-damp).
    static func motion(at t: Double, mass: Double, stiffness: Double, damping: Double,
                       velocity v0: Double, allowsOverdamping: Bool)
        -> (progress: Double, velocity: Double, acceleration: Double) {
        let w0 = (stiffness / mass).squareRoot()
        var zeta = dampingRatio(mass: mass, stiffness: stiffness, damping: damping)
        let x: Double, v: Double
        if zeta < 1 {
            // 1 − x = e^(−ζω0 t)(cos ωd t + B sin ωd t), B = (ζω0 − v0)/ωd.
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w0 - v0) / wd
            let decay = exp(-zeta * w0 * t), c = cos(wd * t), s = sin(wd * t)
            x = 1 - decay * (c + b * s)
            v = decay * (zeta * w0 * (c + b * s) + wd * (s - b * c))
        } else if zeta == 1 || !allowsOverdamping {
            // 1 − x = (1 + (ω0 − v0)t)·e^(−ω0 t).
            zeta = 1
            let decay = exp(-w0 * t), k = w0 - v0
            x = 1 - (1 + k * t) * decay
            v = (w0 * (1 + k * t) - k) * decay
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let c1 = (v0 + r2) / (r1 - r2)
            let c2 = -1 - c1
            x = 1 + c1 * exp(r1 * t) + c2 * exp(r2 * t)
            v = c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
        }
        return (x, v, w0 * w0 * (1 - x) - 2 * zeta * w0 * v)
    }

    /// The time the spring needs to come within ε = 0.001 of its target and stay there.
    ///
    /// Under-damped: ln((|A| + |B|)/ε)/(ζω0), A = 1, B = (ζω0 − v0)/ωd. Critically or
    /// over-damped: the first time on a 0.1 s grid after which |1 − x| stays below ε for
    /// more than 1 s. Undamped (ζ = 0): infinity.
    static func settlingDuration(mass: Double, stiffness: Double, damping: Double,
                                 velocity v0: Double, allowsOverdamping: Bool) -> Double {
        let epsilon = 0.001
        let w0 = (stiffness / mass).squareRoot()
        let zeta = dampingRatio(mass: mass, stiffness: stiffness, damping: damping)
        if zeta == 0 { return .infinity }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w0 - v0) / wd
            return log((1 + abs(b)) / epsilon) / (zeta * w0)
        }
        var runStart: Double?
        for step in 0...1_000_000 {
            let t = Double(step) * 0.1
            let x = progress(at: t, mass: mass, stiffness: stiffness, damping: damping,
                             velocity: v0, allowsOverdamping: allowsOverdamping)
            if abs(1 - x) < epsilon {
                let start = runStart ?? t
                runStart = start
                if t - start > 1 { return start }
            } else {
                runStart = nil
            }
        }
        return runStart ?? .infinity
    }

    /// Whether `CASpringAnimation.allowsOverdamping` exists on this system (iOS 17, macOS 14,
    /// tvOS 17; always in OpenQuartzCore). Without it an over-damped spring moves as a
    /// critically damped one.
    static var platformSupportsOverdamping: Bool {
        if #available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *) { return true }
        return false
    }
}
