import Foundation

// Core Animation's C transform functions, with the Swift signatures QuartzCore imports.
// Every semantic statement below quotes or paraphrases Apple's `CATransform3D.h` and the
// matching pages of Apple's QuartzCore documentation.

/// Returns whether `t` is exactly the identity transform.
///
/// Apple: "Returns true if 't' is the identity transform." (`CATransform3D.h`)
///
/// ```swift
/// CATransform3DIsIdentity(CATransform3DIdentity)              // true
/// CATransform3DIsIdentity(CATransform3DMakeScale(1, 1, 1.5))  // false
/// ```
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool {
    CATransform3DEqualToTransform(t, CATransform3DIdentity)
}

/// Returns whether `a` and `b` are exactly equal, entry by entry.
///
/// Apple: "Returns true if 'a' is exactly equal to 'b'." (`CATransform3D.h`)
///
/// ```swift
/// CATransform3DEqualToTransform(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeScale(2, 2, 1)) // true
/// ```
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    a.m11 == b.m11 && a.m12 == b.m12 && a.m13 == b.m13 && a.m14 == b.m14
        && a.m21 == b.m21 && a.m22 == b.m22 && a.m23 == b.m23 && a.m24 == b.m24
        && a.m31 == b.m31 && a.m32 == b.m32 && a.m33 == b.m33 && a.m34 == b.m34
        && a.m41 == b.m41 && a.m42 == b.m42 && a.m43 == b.m43 && a.m44 == b.m44
}

/// Returns a transform that translates by `(tx, ty, tz)`.
///
/// Apple: "Returns a transform that translates by '(tx, ty, tz)':
/// t' = [1 0 0 0; 0 1 0 0; 0 0 1 0; tx ty tz 1]." (`CATransform3D.h`)
///
/// ```swift
/// let t = CATransform3DMakeTranslation(10, 20, 0)   // t.m41 == 10, t.m42 == 20
/// ```
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m41, t.m42, t.m43) = (tx, ty, tz)
    return t
}

/// Returns a transform that scales by `(sx, sy, sz)`.
///
/// Apple: "Returns a transform that scales by '(sx, sy, sz)':
/// t' = [sx 0 0 0; 0 sy 0 0; 0 0 sz 0; 0 0 0 1]." (`CATransform3D.h`)
///
/// ```swift
/// let t = CATransform3DMakeScale(2, 3, 1)   // t.m11 == 2, t.m22 == 3
/// ```
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m11, t.m22, t.m33) = (sx, sy, sz)
    return t
}

/// Returns a transform that rotates by `angle` radians about the vector `(x, y, z)`.
///
/// Apple: "Returns a transform that rotates by 'angle' radians about the vector '(x, y, z)'.
/// If the vector has length zero the identity transform is returned." (`CATransform3D.h`)
/// The axis is normalized first, and the sense follows the right-hand rule in Core
/// Animation's row-vector convention: a positive angle about +z turns +x toward +y, so
/// `m11 = cos`, `m12 = sin`, `m21 = -sin`, `m22 = cos`. Only the zero vector gives the
/// identity: an axis as short as `(0, 1e-170, 0)` or as long as `(0, 1e200, 0)` still turns
/// about y. (An axis with an infinite or NaN component also gives the identity; Apple does not
/// say what it gives.)
///
/// ```swift
/// let quarterTurn = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)  // (1, 0, 0) ↦ (0, 1, 0)
/// ```
public func CATransform3DMakeRotation(
    _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    guard let axis = unitRotationAxis(x, y, z) else { return CATransform3DIdentity }
    let (ux, uy, uz) = axis
    let c = cos(angle), s = sin(angle), v = 1 - c
    return CATransform3D(
        m11: c + ux * ux * v, m12: ux * uy * v + uz * s, m13: ux * uz * v - uy * s, m14: 0,
        m21: ux * uy * v - uz * s, m22: c + uy * uy * v, m23: uy * uz * v + ux * s, m24: 0,
        m31: ux * uz * v + uy * s, m32: uy * uz * v - ux * s, m33: c + uz * uz * v, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1
    )
}

/// The unit vector along `(x, y, z)`, or nil for the zero vector or a non-finite component.
///
/// The components are divided by the largest magnitude before the length is taken, so the
/// squares neither underflow to 0 for a very short axis nor overflow to infinity for a very
/// long one; either would otherwise turn a non-zero axis into the identity transform.
private func unitRotationAxis(
    _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> (CGFloat, CGFloat, CGFloat)? {
    guard x.isFinite, y.isFinite, z.isFinite else { return nil }
    let largest = max(abs(x), abs(y), abs(z))
    guard largest > 0 else { return nil }
    let (sx, sy, sz) = (x / largest, y / largest, z / largest)
    let length = (sx * sx + sy * sy + sz * sz).squareRoot()
    return (sx / length, sy / length, sz / length)
}

/// Returns `t` with a translation by `(tx, ty, tz)` applied first.
///
/// Apple: "Translate 't' by '(tx, ty, tz)' and return the result:
/// t' = translate(tx, ty, tz) * t." (`CATransform3D.h`) The translation therefore happens in
/// `t`'s own coordinate space.
///
/// ```swift
/// let t = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 10, 0, 0)  // t.m41 == 20
/// ```
public func CATransform3DTranslate(
    _ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat
) -> CATransform3D {
    CATransform3DMakeTranslation(tx, ty, tz).multiplied(by: t)
}

/// Returns `t` with a scale by `(sx, sy, sz)` applied first.
///
/// Apple: "Scale 't' by '(sx, sy, sz)' and return the result:
/// t' = scale(sx, sy, sz) * t." (`CATransform3D.h`)
///
/// ```swift
/// let t = CATransform3DScale(CATransform3DMakeTranslation(10, 0, 0), 2, 2, 1)  // m41 stays 10
/// ```
public func CATransform3DScale(
    _ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat
) -> CATransform3D {
    CATransform3DMakeScale(sx, sy, sz).multiplied(by: t)
}

/// Returns `t` with a rotation by `angle` radians about `(x, y, z)` applied first.
///
/// Apple: "Rotate 't' by 'angle' radians about the vector '(x, y, z)' and return the result.
/// If the vector has zero length the behavior is undefined: t' = rotation(angle, x, y, z) * t."
/// (`CATransform3D.h`) OpenQuartzCore returns `t` unchanged for a zero-length axis.
///
/// ```swift
/// let t = CATransform3DRotate(CATransform3DIdentity, .pi, 0, 1, 0)   // a card flip
/// ```
public func CATransform3DRotate(
    _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    CATransform3DMakeRotation(angle, x, y, z).multiplied(by: t)
}

/// Returns the product `a × b`: `a` applies first, then `b`.
///
/// Apple: "Concatenate 'b' to 'a' and return the result: t' = a * b." (`CATransform3D.h`)
///
/// ```swift
/// let scaleThenMove = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1),
///                                         CATransform3DMakeTranslation(10, 0, 0))
/// ```
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    a.multiplied(by: b)
}

/// Returns the inverse of `t`, or `t` itself when it has no inverse.
///
/// Apple: "Invert 't' and return the result. Returns the original matrix if 't' has no
/// inverse." (`CATransform3D.h`)
///
/// ```swift
/// let t = CATransform3DMakeTranslation(10, 0, 0)
/// CATransform3DInvert(t).m41        // -10
/// CATransform3DInvert(CATransform3DMakeScale(0, 1, 1)) // returned unchanged
/// ```
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    t.inverse() ?? t
}
