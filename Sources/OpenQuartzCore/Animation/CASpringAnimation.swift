import Foundation

/// An animation that applies a spring-like force to a layer's properties.
///
/// The value follows a damped harmonic oscillator from `fromValue` to `toValue`; progress
/// maps to spring time as `progress · duration`. Set `duration = settlingDuration` to let
/// the spring come to rest; an undamped spring never does (its settling duration is
/// infinite), and then oscillates for as long as it is attached.
///
/// ```swift
/// let pop = CASpringAnimation(perceptualDuration: 0.4, bounce: 0.3)
/// pop.keyPath = "transform.scale"
/// pop.fromValue = 0.6
/// pop.toValue = 1
/// ```
open class CASpringAnimation: CABasicAnimation {
    // Stored properties are `@exclusivity(unchecked)`, as in `CAAnimation` (see there why).
    @exclusivity(unchecked) private var storedMass: CGFloat = 1
    @exclusivity(unchecked) private var storedStiffness: CGFloat = 100
    @exclusivity(unchecked) private var storedDamping: CGFloat = 10
    @exclusivity(unchecked) private var storedVelocity: CGFloat = 0

    /// Creates a spring with the given perceptual duration and bounce (−1…1).
    ///
    /// Follows Apple's conversion: mass 1, stiffness (2π/d)², damping ratio 1 − bounce
    /// (or 1/(1 + bounce) for negative bounce), and sets `allowsOverdamping`. It is the one
    /// initializer that sets a timing property: `duration` becomes the spring's
    /// `settlingDuration`, not the perceptual duration, so the animation lasts until the
    /// spring comes to rest. (Apple's reference for `init(perceptualDuration:bounce:)` states
    /// no duration; the settling duration is what the initializer is reported to give on
    /// QuartzCore.) Every
    /// other initializer leaves `duration` at 0, as `CAMediaTiming.h` gives it.
    public convenience init(perceptualDuration: TimeInterval, bounce: CGFloat) {
        self.init()
        // A bounce of −1 would mean infinite damping, a spring that never moves; stop just short.
        let parameters = SpringSolver.physicalParameters(perceptualDuration: perceptualDuration,
                                                         bounce: max(Double(bounce), -0.999))
        mass = CGFloat(parameters.mass)
        stiffness = CGFloat(parameters.stiffness)
        damping = CGFloat(parameters.damping)
        allowsOverdamping = true
        duration = settlingDuration
    }

    /// The mass of the object attached to the spring; must be greater than 0 (1).
    open var mass: CGFloat {
        get { storedMass }
        set { storedMass = Self.validated(newValue, "mass", default: 1) { $0 > 0 } }
    }

    /// The spring stiffness coefficient; must be greater than 0 (100).
    open var stiffness: CGFloat {
        get { storedStiffness }
        set { storedStiffness = Self.validated(newValue, "stiffness", default: 100) { $0 > 0 } }
    }

    /// The friction coefficient; must be 0 or greater (10).
    open var damping: CGFloat {
        get { storedDamping }
        set { storedDamping = Self.validated(newValue, "damping", default: 10) { $0 >= 0 } }
    }

    /// The initial velocity, in units of the whole distance per second (0).
    open var initialVelocity: CGFloat {
        get { storedVelocity }
        set { storedVelocity = Self.validated(newValue, "initialVelocity", default: 0) { _ in true } }
    }

    /// Whether a spring damped past critical moves as an over-damped spring (false: it is
    /// treated as critically damped).
    @exclusivity(unchecked) open var allowsOverdamping: Bool = false

    /// The time the spring needs to settle, for the current parameters, divided by |speed|:
    /// infinite at a `speed` of 0, where the spring's time stands still.
    open var settlingDuration: CFTimeInterval {
        solver.settlingDuration / abs(Double(speed))
    }

    /// The perceptual duration implied by the physical parameters: 2π·√(mass/stiffness).
    open var perceptualDuration: TimeInterval {
        2 * .pi * (Double(mass) / Double(stiffness)).squareRoot()
    }

    /// The bounce implied by the damping ratio ζ: 1 − ζ when ζ ≤ 1, else 1/ζ − 1.
    open var bounce: CGFloat {
        let ratio = Double(damping) / (2 * (Double(stiffness) * Double(mass)).squareRoot())
        return CGFloat(ratio <= 1 ? 1 - ratio : 1 / ratio - 1)
    }

    var solver: SpringSolver {
        SpringSolver(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                     initialVelocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping)
    }

    private static func validated(_ value: CGFloat, _ name: String, default fallback: CGFloat,
                                  _ isValid: (CGFloat) -> Bool) -> CGFloat {
        guard value.isFinite, isValid(value) else {
            OQC.report(.ignoredInput, key: name, "CASpringAnimation.\(name) = \(value) is out of range; Core Animation uses the default \(fallback) instead.")
            return fallback
        }
        return value
    }

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CASpringAnimation else { return }
        storedMass = other.storedMass
        storedStiffness = other.storedStiffness
        storedDamping = other.storedDamping
        storedVelocity = other.storedVelocity
        allowsOverdamping = other.allowsOverdamping
    }

    override func knownValue(forKey key: String) -> Any? {
        switch key {
        case "mass": return mass
        case "stiffness": return stiffness
        case "damping": return damping
        case "initialVelocity": return initialVelocity
        case "allowsOverdamping": return allowsOverdamping
        // Read-only, as key-value coding reads any getter.
        case "settlingDuration": return settlingDuration
        case "perceptualDuration": return perceptualDuration
        case "bounce": return bounce
        default: return super.knownValue(forKey: key)
        }
    }

    override func setKnownValue(_ value: Any?, forKey key: String) -> Bool {
        let number = value.flatMap(AnimatableValue.number).map { CGFloat($0.value) }
        switch key {
        case "mass": mass = number ?? 1
        case "stiffness": stiffness = number ?? 100
        case "damping": damping = number ?? 10
        case "initialVelocity": initialVelocity = number ?? 0
        case "allowsOverdamping": allowsOverdamping = Convert.bool(value) ?? false
        default: return super.setKnownValue(value, forKey: key)
        }
        return true
    }

    /// Spring time is `progress · duration`, or the local time when the duration is infinite
    /// (a spring that never settles, run for its `settlingDuration`); the fraction is the
    /// spring's displacement.
    override func interpolationFraction(_ progress: Double, localTime: Double) -> Double {
        let time = duration.isFinite ? progress * duration : localTime
        return attachedSolver?.value(at: time) ?? solver.value(at: time)
    }

    /// The solver of an attached copy, built once.
    @exclusivity(unchecked) private var attachedSolver: SpringSolver?

    override func prepareForAttachment(_ preparation: inout AttachmentPreparation) {
        super.prepareForAttachment(&preparation)
        attachedSolver = solver
    }
}
