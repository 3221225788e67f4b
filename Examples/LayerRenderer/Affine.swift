import Foundation

/// A 2-D affine map in SVG's notation: `(x, y) ↦ (a·x + c·y + e, b·x + d·y + f)`.
///
/// ```swift
/// let move = Affine.translation(150, 75)
/// move.apply(CGPoint(x: 10, y: 0))     // (160, 75)
/// move.svg                             // "matrix(1 0 0 1 150 75)"
/// ```
public struct Affine: Sendable, Hashable {
    /// The coefficients: `x′ = a·x + c·y + e`, `y′ = b·x + d·y + f`.
    public var a: Double, b: Double, c: Double, d: Double, e: Double, f: Double

    /// Creates the map with these six coefficients.
    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    /// The map that changes nothing.
    public static let identity = Affine(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

    /// A translation by `(x, y)`.
    public static func translation(_ x: Double, _ y: Double) -> Affine {
        Affine(a: 1, b: 0, c: 0, d: 1, e: x, f: y)
    }

    /// The flat part of a Core Animation transform: m11, m12, m21, m22, m41 and m42.
    ///
    /// Core Animation multiplies row vectors (`p' = p · M`), so `x' = x·m11 + y·m21 + m41`
    /// and `y' = x·m12 + y·m22 + m42`. Depth and perspective (m13, m14, m34, …) are dropped:
    /// the renderer draws an orthographic view from the front.
    public init(_ transform: CATransform3D) {
        self.init(a: Double(transform.m11), b: Double(transform.m12), c: Double(transform.m21),
                  d: Double(transform.m22), e: Double(transform.m41), f: Double(transform.m42))
    }

    /// Whether this is the identity map.
    public var isIdentity: Bool { self == .identity }

    /// `self` after `other`: the map `p ↦ self(other(p))`.
    public func concatenating(_ other: Affine) -> Affine {
        Affine(a: a * other.a + c * other.b, b: b * other.a + d * other.b,
               c: a * other.c + c * other.d, d: b * other.c + d * other.d,
               e: a * other.e + c * other.f + e, f: b * other.e + d * other.f + f)
    }

    /// The image of `point`.
    public func apply(_ point: CGPoint) -> CGPoint {
        let x = Double(point.x), y = Double(point.y)
        return CGPoint(x: a * x + c * y + e, y: b * x + d * y + f)
    }

    /// The SVG `transform` value, `matrix(a b c d e f)`, with at most three decimals.
    public var svg: String {
        "matrix(\([a, b, c, d, e, f].map(SVGNumber.format).joined(separator: " ")))"
    }
}

/// Number formatting for SVG attributes: at most three decimals, no trailing zeros, no `-0`.
public enum SVGNumber {
    /// `150.0` → `"150"`, `0.5` → `"0.5"`, `1/3` → `"0.333"`, `-0.0001` → `"0"`.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var rounded = (value * 1000).rounded() / 1000
        if rounded == 0 { rounded = 0 }    // drops the sign of -0
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.3f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
