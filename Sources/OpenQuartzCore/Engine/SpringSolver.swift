import Foundation

/// The motion of a damped spring, as `CASpringAnimation` models it, in normalized units.
///
/// The spring pulls a unit mass-normalized displacement from 0 toward 1: x(0) = 0,
/// x′(0) = `initialVelocity` (positive means toward the end value, as Apple documents), and
/// m·x″ + c·x′ + k·(x − 1) = 0. With ω0 = √(k/m) and ζ = c / (2√(k·m)) the regimes are the
/// ones Core Animation's springs follow:
/// - under-damped (ζ < 1): 1 − e^(−ζω0 t)(cos ωd t + ((ζω0 − v0)/ωd) sin ωd t);
/// - critical (ζ = 1, and ζ > 1 when overdamping is not allowed): 1 − (1 + (ω0 − v0) t) e^(−ω0 t);
/// - over-damped with overdamping allowed: 1 − (C1 e^(r1 t) + C2 e^(r2 t)).
internal struct SpringSolver: Sendable {
    /// The mass m (> 0); an invalid value falls back to Apple's default, 1.
    let mass: Double
    /// The stiffness k (> 0); an invalid value falls back to Apple's default, 100.
    let stiffness: Double
    /// The damping c (≥ 0, may be +∞); an invalid value falls back to Apple's default, 10.
    let damping: Double
    /// The initial velocity v0 in normalized units per second; a non-finite value becomes 0.
    let initialVelocity: Double
    /// Whether ζ > 1 uses the over-damped solution (Apple's default: false, i.e. critical).
    let allowsOverdamping: Bool

    /// The threshold on |1 − x| that defines "settled" (Apple's settlingDuration uses 0.001).
    static let settlingEpsilon = 0.001
    /// The spacing of the grid scanned for settling when ζ ≥ 1, in seconds.
    static let settlingGridStep = 0.1
    /// The settled run must span more than this many grid steps (more than 1 s).
    static let settlingHoldSteps = 10
    /// The scan stops after this many grid points (10,000 s) and returns that bound.
    static let settlingGridLimit = 100_000

    /// The closed form chosen for these parameters.
    private enum Motion: Sendable {
        /// 1 − e^(−decay·t)(cos ωd t + b sin ωd t).
        case underdamped(decay: Double, dampedFrequency: Double, b: Double)
        /// 1 − (1 + b·t) e^(−ω0 t).
        case critical(naturalFrequency: Double, b: Double)
        /// 1 − (c1 e^(r1 t) + c2 e^(r2 t)).
        case overdamped(r1: Double, r2: Double, c1: Double, c2: Double)
        /// Infinite damping: the spring never moves.
        case frozen
    }

    private let motion: Motion
    /// ζ = c / (2√(k·m)).
    private let dampingRatio: Double
    /// ω0 = √(k/m).
    private let naturalFrequency: Double

    /// Creates the solver; invalid parameters fall back to `CASpringAnimation`'s defaults.
    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double, allowsOverdamping: Bool) {
        // An invalid setter value falls back to the default, as Core Animation's setters do.
        self.mass = mass > 0 && mass.isFinite ? mass : 1
        self.stiffness = stiffness > 0 && stiffness.isFinite ? stiffness : 100
        self.damping = damping >= 0 ? damping : 10  // NaN and negatives fail the test.
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
        self.allowsOverdamping = allowsOverdamping

        let omega0 = (self.stiffness / self.mass).squareRoot()
        let zeta = self.damping / (2 * (self.stiffness * self.mass).squareRoot())
        let v0 = self.initialVelocity
        naturalFrequency = omega0
        dampingRatio = zeta

        if zeta < 1 {
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            motion = .underdamped(decay: zeta * omega0, dampedFrequency: omegaD, b: (zeta * omega0 - v0) / omegaD)
        } else if !zeta.isFinite && allowsOverdamping {
            motion = .frozen
        } else if zeta - 1 <= 1e-10 || !allowsOverdamping {
            motion = .critical(naturalFrequency: omega0, b: omega0 - v0)
        } else {
            // r1 is the slow root; computing it as ω0 / (ζ + s) avoids cancellation.
            let s = (zeta * zeta - 1).squareRoot()
            let r1 = -omega0 / (zeta + s)
            let r2 = -omega0 * (zeta + s)
            // C1 + C2 = 1 (x(0) = 0) and r1·C1 + r2·C2 = −v0 (x′(0) = v0).
            let c1 = (-v0 - r2) / (r1 - r2)
            motion = .overdamped(r1: r1, r2: r2, c1: c1, c2: 1 - c1)
        }
    }

    /// Normalized progress x(t) from 0 toward 1 at spring time t (seconds), from the closed forms of the damped harmonic oscillator.
    ///
    /// Times at or before 0 (and NaN) give 0, the start of the motion.
    func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        switch motion {
        case let .underdamped(decay, omegaD, b):
            return 1 - exp(-decay * t) * (cos(omegaD * t) + b * sin(omegaD * t))
        case let .critical(omega0, b):
            return 1 - (1 + b * t) * exp(-omega0 * t)
        case let .overdamped(r1, r2, c1, c2):
            return 1 - (c1 * exp(r1 * t) + c2 * exp(r2 * t))
        case .frozen:
            return 0
        }
    }

    /// Apple's settlingDuration for these parameters, before dividing by speed (epsilon 0.001); .infinity when damping is 0.
    ///
    /// - ζ = 0 (and infinite damping): infinity.
    /// - ζ < 1: ln((|A| + |B|)/ε) / (ζω0) with A = 1 and B = (ζω0 − v0)/ωd, the time the
    ///   envelope of the oscillation takes to fall below ε.
    /// - ζ ≥ 1: the first time on the grid 0, 0.1, 0.2, … s at which |1 − x| < ε and stays
    ///   below ε on every grid point for more than 1 s after it (that is, the 11 following
    ///   points too). Grid times are `i · 0.1`, not an accumulated sum. If no such time exists
    ///   before 10,000 s (only for extreme damping ratios) the scan stops and returns 10,000.
    var settlingDuration: Double {
        switch motion {
        case .frozen:
            return .infinity
        case let .underdamped(decay, _, b):
            guard decay > 0 else { return .infinity }
            return log((1 + abs(b)) / Self.settlingEpsilon) / decay
        case .critical, .overdamped:
            return scanForSettling()
        }
    }

    /// Scans the 0.1 s grid for the start of the first settled run lasting more than 1 s.
    private func scanForSettling() -> Double {
        var runStart: Int?
        for index in 0..<Self.settlingGridLimit {
            let t = Double(index) * Self.settlingGridStep
            if abs(1 - value(at: t)) < Self.settlingEpsilon {
                let start = runStart ?? index
                if index - start > Self.settlingHoldSteps {
                    return Double(start) * Self.settlingGridStep
                }
                runStart = start
            } else {
                runStart = nil
            }
        }
        return Double(Self.settlingGridLimit) * Self.settlingGridStep
    }

    /// Converts SwiftUI/CA perceptual parameters: mass 1, stiffness (2π/d)², damping per the doc.
    ///
    /// With ζ = 1 − b for b ≥ 0 and ζ = 1/(1 + b) for b < 0, damping = ζ·4π/d (which is
    /// 2ζ√(k·m) for m = 1). Bounce is clamped to −1…1, the range SwiftUI documents for
    /// `Spring(duration:bounce:)`; b = −1 gives infinite damping. A duration that is not
    /// positive and finite falls back to SwiftUI's default, 0.5 s.
    static func physicalParameters(perceptualDuration: Double, bounce: Double) -> (mass: Double, stiffness: Double, damping: Double) {
        let d = perceptualDuration > 0 && perceptualDuration.isFinite ? perceptualDuration : 0.5
        let b = bounce.isNaN ? 0 : Swift.min(Swift.max(bounce, -1), 1)
        let zeta = b >= 0 ? 1 - b : 1 / (1 + b)
        let omega = 2 * Double.pi / d
        return (mass: 1, stiffness: omega * omega, damping: zeta * 4 * Double.pi / d)
    }
}
