import Foundation

/// The pacing of an animation: one of Core Animation's named curves or a cubic Bézier.
///
/// A timing curve maps the fraction of time elapsed to the fraction of the change applied.
/// Like `CAMediaTimingFunction`, every curve is a cubic Bézier from (0, 0) to (1, 1) with
/// two control points, stored as `Float`. Unlike it, this is a `Sendable`, `Hashable` value,
/// so animation descriptions can carry it across threads.
///
/// ```swift
/// BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3, timing: .easeOut)
/// BasicAnimation(.positionY, to: 240, duration: 0.5, timing: .easeOutBack)
/// BasicAnimation(.positionY, to: 240, duration: 0.5, timing: .cubicBezier(0.2, 0.8, 0.2, 1))
/// ```
///
/// The Penner-style easings (`.easeInSine` … `.easeInOutBack`) are in
/// `AnimationTiming+Penner.swift`.
public struct AnimationTiming: Sendable, Hashable, CustomStringConvertible {
    /// Core Animation's predefined curves, created with `CAMediaTimingFunction(name:)` so that
    /// each platform uses its own exact definition.
    enum Name: String, Sendable, Hashable {
        case linear, easeIn, easeOut, easeInEaseOut, `default`
    }

    enum Storage: Sendable, Hashable {
        case named(Name)
        case controlPoints(Float, Float, Float, Float)
    }

    let storage: Storage

    init(_ storage: Storage) {
        self.storage = storage
    }

    /// Constant speed: (0, 0)–(1, 1).
    public static let linear = AnimationTiming(.named(.linear))
    /// Starts slowly, then speeds up: (0.42, 0)–(1, 1).
    public static let easeIn = AnimationTiming(.named(.easeIn))
    /// Starts quickly, then slows down: (0, 0)–(0.58, 1).
    public static let easeOut = AnimationTiming(.named(.easeOut))
    /// Slow at both ends: (0.42, 0)–(0.58, 1).
    public static let easeInEaseOut = AnimationTiming(.named(.easeInEaseOut))
    /// The curve of Core Animation's implicit animations: (0.25, 0.1)–(0.25, 1).
    public static let `default` = AnimationTiming(.named(.default))

    /// A cubic Bézier through (0, 0), (c1x, c1y), (c2x, c2y) and (1, 1), like
    /// `CAMediaTimingFunction(controlPoints:_:_:_:)`.
    ///
    /// ```swift
    /// let overshoot = AnimationTiming.cubicBezier(0.34, 1.56, 0.64, 1)
    /// ```
    ///
    /// - Parameters:
    ///   - c1x: The first control point's x, in 0…1.
    ///   - c1y: The first control point's y; may leave 0…1 to overshoot.
    ///   - c2x: The second control point's x, in 0…1.
    ///   - c2y: The second control point's y; may leave 0…1 to overshoot.
    /// - Returns: The timing. A control point outside those ranges, or not finite, stops
    ///   the program: x must stay in 0…1 for the curve to be a function of time.
    public static func cubicBezier(_ c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) -> AnimationTiming {
        for (name, x) in [("c1x", c1x), ("c2x", c2x)] where !(x.isFinite && (0...1).contains(x)) {
            APIViolationControlPoint(name, Double(x), "in 0…1")
        }
        for (name, y) in [("c1y", c1y), ("c2y", c2y)] where !y.isFinite {
            APIViolationControlPoint(name, Double(y), "finite")
        }
        return AnimationTiming(.controlPoints(c1x, c1y, c2x, c2y))
    }

    /// The two control points, c1 and c2 (for the named curves, Core Animation's published values).
    public var controlPoints: (c1: CGPoint, c2: CGPoint) {
        let p: (Float, Float, Float, Float)
        switch storage {
        case .controlPoints(let a, let b, let c, let d): p = (a, b, c, d)
        case .named(.linear): p = (0, 0, 1, 1)
        case .named(.easeIn): p = (0.42, 0, 1, 1)
        case .named(.easeOut): p = (0, 0, 0.58, 1)
        case .named(.easeInEaseOut): p = (0.42, 0, 0.58, 1)
        case .named(.default): p = (0.25, 0.1, 0.25, 1)
        }
        return (CGPoint(x: CGFloat(p.0), y: CGFloat(p.1)), CGPoint(x: CGFloat(p.2), y: CGFloat(p.3)))
    }

    /// The Core Animation timing function for this curve: one shared instance for each named
    /// curve (a timing function is immutable), a new one for control points.
    ///
    /// ```swift
    /// animation.timingFunction = AnimationTiming.easeOut.mediaTimingFunction
    /// ```
    public var mediaTimingFunction: CAMediaTimingFunction {
        switch storage {
        case .named(let name):
            return NamedTimingFunctions.shared(name)
        case .controlPoints(let c1x, let c1y, let c2x, let c2y):
            return CAMediaTimingFunction(controlPoints: c1x, c1y, c2x, c2y)
        }
    }

    /// The curve's name, or its control points.
    public var description: String {
        switch storage {
        case .named(let name): return "." + name.rawValue
        case .controlPoints(let a, let b, let c, let d): return ".cubicBezier(\(a), \(b), \(c), \(d))"
        }
    }
}

/// One `CAMediaTimingFunction` per named curve, shared by every animation that uses it: a
/// timing function is immutable, and Core Animation's own named functions are shared objects
/// too.
private enum NamedTimingFunctions {
    // Immutable: CAMediaTimingFunction has no setters. (Boxed because Apple's SDKs do not
    // mark it Sendable.)
    private static let linear = UncheckedSendableBox(CAMediaTimingFunction(name: .linear))
    private static let easeIn = UncheckedSendableBox(CAMediaTimingFunction(name: .easeIn))
    private static let easeOut = UncheckedSendableBox(CAMediaTimingFunction(name: .easeOut))
    private static let easeInEaseOut = UncheckedSendableBox(CAMediaTimingFunction(name: .easeInEaseOut))
    private static let standard = UncheckedSendableBox(CAMediaTimingFunction(name: .default))

    static func shared(_ name: AnimationTiming.Name) -> CAMediaTimingFunction {
        switch name {
        case .linear: linear.value
        case .easeIn: easeIn.value
        case .easeOut: easeOut.value
        case .easeInEaseOut: easeInEaseOut.value
        case .default: standard.value
        }
    }
}
