import Foundation

// Linux Foundation has no CGAffineTransform (only Apple's Foundation re-exports Core
// Graphics), so OpenQuartzCore supplies it. Where Core Graphics exists, its own type is used.
#if !canImport(CoreGraphics)

/// An affine transformation matrix for 2D graphics, as Core Graphics' `CGAffineTransform`.
///
/// The matrix is `[a b 0; c d 0; tx ty 1]` and a point is a row vector on the left:
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (Apple, "CGAffineTransform" and
/// `CGPointApplyAffineTransform`).
///
/// ```swift
/// let t = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
/// CGPoint.zero.applying(t)   // (20, 0): the translation happens in the scaled space
/// ```
public struct CGAffineTransform: Sendable, Hashable {
    /// The entry at position [1,1] in the matrix.
    public var a: CGFloat
    /// The entry at position [1,2] in the matrix.
    public var b: CGFloat
    /// The entry at position [2,1] in the matrix.
    public var c: CGFloat
    /// The entry at position [2,2] in the matrix.
    public var d: CGFloat
    /// The entry at position [3,1] in the matrix: the x translation.
    public var tx: CGFloat
    /// The entry at position [3,2] in the matrix: the y translation.
    public var ty: CGFloat

    /// Creates a matrix of zeros, as Apple's imported C struct does.
    public init() {
        (a, b, c, d, tx, ty) = (0, 0, 0, 0, 0, 0)
    }

    /// Creates a transform from its six entries.
    ///
    /// ```swift
    /// let flipY = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 100)
    /// ```
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// Creates the transform `[a b c d tx ty]` from unlabeled entries.
    ///
    /// Apple: `CGAffineTransformMake`, "Return the transform [ a b c d tx ty ]."
    /// (`CGAffineTransform.h`), which Core Graphics' Swift overlay exposes as
    /// `init(_:_:_:_:_:_:)`.
    ///
    /// ```swift
    /// let flipY = CGAffineTransform(1, 0, 0, -1, 0, 100)
    /// ```
    public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    /// The identity transform `[1 0 0 1 0 0]`.
    ///
    /// Apple: `CGAffineTransformIdentity`, imported into Swift as `CGAffineTransform.identity`.
    public static var identity: CGAffineTransform {
        CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    }

    /// Creates a transform that translates by `(tx, ty)`: `[1 0 0 1 tx ty]`.
    ///
    /// Apple: `CGAffineTransformMakeTranslation`.
    ///
    /// ```swift
    /// CGPoint(x: 1, y: 1).applying(CGAffineTransform(translationX: 10, y: 0))  // (11, 1)
    /// ```
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// Creates a transform that scales by `(sx, sy)`: `[sx 0 0 sy 0 0]`.
    ///
    /// Apple: `CGAffineTransformMakeScale`.
    ///
    /// ```swift
    /// CGSize(width: 10, height: 10).applying(CGAffineTransform(scaleX: 2, y: 3))  // 20 × 30
    /// ```
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Creates a transform that rotates by `angle` radians: `[cos sin -sin cos 0 0]`.
    ///
    /// Apple: `CGAffineTransformMakeRotation`; a positive angle turns +x toward +y
    /// (counterclockwise in a y-up space, clockwise on screen in UIKit's y-down space).
    ///
    /// ```swift
    /// CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))  // ≈ (0, 1)
    /// ```
    public init(rotationAngle angle: CGFloat) {
        let cosine = cos(angle), sine = sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether this is exactly the identity transform.
    ///
    /// Apple: `CGAffineTransformIsIdentity`.
    public var isIdentity: Bool { self == .identity }

    /// Returns this transform with a translation by `(tx, ty)` applied first.
    ///
    /// Apple: `CGAffineTransformTranslate`, "t' = [ 1 0 0 1 tx ty ] * t".
    ///
    /// ```swift
    /// CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0).tx  // 20
    /// ```
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: tx, y: ty).concatenating(self)
    }

    /// Returns this transform with a scale by `(sx, sy)` applied first.
    ///
    /// Apple: `CGAffineTransformScale`, "t' = [ sx 0 0 sy 0 0 ] * t".
    ///
    /// ```swift
    /// CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 2).tx  // still 10
    /// ```
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// Returns this transform with a rotation by `angle` radians applied first.
    ///
    /// Apple: `CGAffineTransformRotate`, "t' = [ cos(angle) sin(angle) -sin(angle) cos(angle) 0 0 ] * t".
    ///
    /// ```swift
    /// let t = CGAffineTransform(translationX: 5, y: 0).rotated(by: .pi)
    /// ```
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// Returns the product `self × t2`: this transform applies first, then `t2`.
    ///
    /// Apple: `CGAffineTransformConcat`, "t' = t1 * t2".
    ///
    /// ```swift
    /// let scaleThenMove = CGAffineTransform(scaleX: 2, y: 2)
    ///     .concatenating(CGAffineTransform(translationX: 10, y: 0))
    /// ```
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c,
            b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c,
            d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx,
            ty: tx * t2.b + ty * t2.d + t2.ty
        )
    }

    /// Returns the inverse, or this transform unchanged when it cannot be inverted.
    ///
    /// Apple (`CGAffineTransformInvert`): "If the affine transform passed in parameter t
    /// cannot be inverted, the affine transform is returned unchanged."
    ///
    /// ```swift
    /// CGAffineTransform(scaleX: 2, y: 4).inverted()   // scale (0.5, 0.25)
    /// ```
    public func inverted() -> CGAffineTransform {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return self }
        let inverse = CGAffineTransform(
            a: d / det,
            b: -b / det,
            c: -c / det,
            d: a / det,
            tx: (c * ty - d * tx) / det,
            ty: (b * tx - a * ty) / det
        )
        let finite = [inverse.a, inverse.b, inverse.c, inverse.d, inverse.tx, inverse.ty].allSatisfy(\.isFinite)
        return finite ? inverse : self
    }
}

extension CGAffineTransform: Codable {
    /// Decodes the six entries from an unkeyed container in the order a, b, c, d, tx, ty,
    /// the layout Apple's Foundation overlay uses.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let a = try container.decode(CGFloat.self)
        let b = try container.decode(CGFloat.self)
        let c = try container.decode(CGFloat.self)
        let d = try container.decode(CGFloat.self)
        let tx = try container.decode(CGFloat.self)
        let ty = try container.decode(CGFloat.self)
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    /// Encodes the six entries into an unkeyed container in the order a, b, c, d, tx, ty.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(a)
        try container.encode(b)
        try container.encode(c)
        try container.encode(d)
        try container.encode(tx)
        try container.encode(ty)
    }
}

#endif
