import Foundation

/// A function that defines the pacing of an animation as a cubic Bézier timing curve.
///
/// As in QuartzCore, the curve runs through `[(0,0), c1, c2, (1,1)]`, maps input time
/// normalized to [0, 1] onto output time, and stores its control points as `Float`.
///
/// ```swift
/// let animation = CABasicAnimation(keyPath: "opacity")
/// animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
/// animation.timingFunction = CAMediaTimingFunction(controlPoints: 0.5, -1, 0.5, 2)
/// ```
///
/// Like Apple's, it is an `NSObject`: equal functions (the same control points) are
/// `isEqual(_:)` and have one `hash`.
///
/// The class is `@unchecked Sendable` because it is immutable: every stored property is
/// either a `let` or is written only inside `init(name:)`, before the instance is returned.
open class CAMediaTimingFunction: NSObject, NSSecureCoding, @unchecked Sendable {
    private let c1x: Float, c1y: Float, c2x: Float, c2y: Float
    /// The solver, with its coefficients precomputed from the control points.
    internal let bezier: UnitBezier
    /// The predefined name this function was created with, if any; only `init(name:)` sets it.
    private var name: CAMediaTimingFunctionName?

    /// Returns a timing function modeled as a cubic Bézier curve with the given control points.
    ///
    /// The end points are fixed at (0, 0) and (1, 1). Apple documents the x coordinates as
    /// lying in 0…1; the y coordinates may overshoot to make the animation go beyond its
    /// end values.
    ///
    /// ```swift
    /// let overshoot = CAMediaTimingFunction(controlPoints: 0.34, 1.56, 0.64, 1)
    /// ```
    ///
    /// - Parameters:
    ///   - c1x: The x coordinate of the first control point, c1.
    ///   - c1y: The y coordinate of c1.
    ///   - c2x: The x coordinate of the second control point, c2.
    ///   - c2y: The y coordinate of c2.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        (self.c1x, self.c1y, self.c2x, self.c2y) = (c1x, c1y, c2x, c2y)
        bezier = UnitBezier(c1x: Double(c1x), c1y: Double(c1y), c2x: Double(c2x), c2y: Double(c2y))
        super.init()
    }

    /// Creates a timing function from an archive; OpenQuartzCore archives nothing and
    /// returns the linear curve.
    public required init?(coder: NSCoder) {
        (c1x, c1y, c2x, c2y) = (0, 0, 1, 1)
        bezier = UnitBezier(c1x: 0, c1y: 0, c2x: 1, c2y: 1)
        super.init()
    }

    /// Archives the function: OpenQuartzCore archives nothing. Subclasses may override it.
    open func encode(with coder: NSCoder) {}

    /// True, as in Core Animation.
    open class var supportsSecureCoding: Bool { true }

    /// Creates one of the predefined timing functions.
    ///
    /// The control points match Core Animation's: `.linear` (0, 0)–(1, 1), `.easeIn`
    /// (0.42, 0)–(1, 1), `.easeOut` (0, 0)–(0.58, 1), `.easeInEaseOut` (0.42, 0)–(0.58, 1)
    /// and `.default` (0.25, 0.1)–(0.25, 1), the curve of implicit animations.
    ///
    /// ```swift
    /// let ease = CAMediaTimingFunction(name: .easeOut)
    /// ```
    ///
    /// - Parameter name: A predefined name. Apple's header lists only the five above; an
    ///   unknown name gives a linear curve here.
    public convenience init(name: CAMediaTimingFunctionName) {
        let points = Self.controlPoints(named: name) ?? (0, 0, 1, 1)
        self.init(controlPoints: points.0, points.1, points.2, points.3)
        self.name = name
    }

    /// Writes the x and y coordinates of control point `idx` into `ptr[0]` and `ptr[1]`.
    ///
    /// Index 0 is (0, 0), 1 is c1, 2 is c2 and 3 is (1, 1). Apple's header says "'idx' is a
    /// value from 0 to 3 inclusive"; any other index leaves the two values untouched.
    ///
    /// ```swift
    /// var point: [Float] = [0, 0]
    /// CAMediaTimingFunction(name: .easeIn).getControlPoint(at: 1, values: &point)
    /// // point == [0.42, 0]
    /// ```
    ///
    /// - Parameters:
    ///   - idx: The index of the control point, 0 through 3.
    ///   - ptr: Storage for at least two `Float`s.
    open func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        switch idx {
        case 0: (ptr[0], ptr[1]) = (0, 0)
        case 1: (ptr[0], ptr[1]) = (c1x, c1y)
        case 2: (ptr[0], ptr[1]) = (c2x, c2y)
        case 3: (ptr[0], ptr[1]) = (1, 1)
        default: break
        }
    }

    /// The name for a predefined function (`"easeIn"`), otherwise the four control values.
    ///
    /// NSObject's `description`, which subclasses can override.
    open override var description: String {
        if let name {
            return name.rawValue
        }
        return "CAMediaTimingFunction(controlPoints: \(c1x), \(c1y), \(c2x), \(c2y))"
    }

    /// Two timing functions are equal when their control points are equal (`==` and
    /// `Hashable` come from `NSObject`, through this and ``hash``).
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CAMediaTimingFunction else { return false }
        return c1x == other.c1x && c1y == other.c1y && c2x == other.c2x && c2y == other.c2y
    }

    /// Hashes the control points, consistently with `isEqual(_:)`.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(c1x)
        hasher.combine(c1y)
        hasher.combine(c2x)
        hasher.combine(c2y)
        return hasher.finalize()
    }

    /// The control points of the predefined curves, from Apple's constant documentation.
    private static func controlPoints(
        named name: CAMediaTimingFunctionName
    ) -> (Float, Float, Float, Float)? {
        switch name {
        case .linear: (0, 0, 1, 1)
        case .easeIn: (0.42, 0, 1, 1)
        case .easeOut: (0, 0, 0.58, 1)
        case .easeInEaseOut: (0.42, 0, 0.58, 1)
        case .default: (0.25, 0.1, 0.25, 1)
        default: nil
        }
    }
}

extension CAMediaTimingFunction {
    /// Maps input progress x (usually 0...1) to output progress y. Outside [0, 1] the curve extends along its end tangents.
    ///
    /// For x in (0, 1) this solves x(t) = x by safeguarded Newton iteration (bisection when a
    /// step would leave the bracket) until t moves by less than 1e-12, then returns y(t).
    /// Exactly 0 maps to 0 and exactly 1 to 1; NaN maps to NaN. No allocation.
    internal func evaluate(_ x: Double) -> Double {
        bezier.value(atX: x)
    }
}
