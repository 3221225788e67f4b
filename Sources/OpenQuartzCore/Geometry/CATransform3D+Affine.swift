import Foundation

// Conversions between CATransform3D and CGAffineTransform, as in Apple's `CATransform3D.h`.

/// Returns a transform with the same effect as the affine transform `m`.
///
/// Apple: "Return a transform with the same effect as affine transform 'm'."
/// (`CATransform3D.h`) The result is `[a b 0 0; c d 0 0; 0 0 1 0; tx ty 0 1]`.
///
/// ```swift
/// let t = CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))
/// ```
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(
        m11: m.a, m12: m.b, m13: 0, m14: 0,
        m21: m.c, m22: m.d, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: m.tx, m42: m.ty, m43: 0, m44: 1
    )
}

/// Returns whether `t` can be exactly represented by an affine transform.
///
/// Apple: "Returns true if 't' can be exactly represented by an affine transform."
/// (`CATransform3D.h`) That holds when every entry outside `m11, m12, m21, m22, m41, m42` is
/// the identity's: the third row and column are `(0, 0, 1, 0)` and the fourth column is
/// `(0, 0, 0, 1)`.
///
/// ```swift
/// CATransform3DIsAffine(CATransform3DMakeRotation(1, 0, 0, 1))   // true
/// CATransform3DIsAffine(CATransform3DMakeRotation(1, 0, 1, 0))   // false
/// ```
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0
        && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0
        && t.m43 == 0 && t.m44 == 1
}

/// Returns the affine transform represented by `t`: `[m11 m12 m21 m22 m41 m42]`.
///
/// Apple: "Returns the affine transform represented by 't'. If 't' can not be exactly
/// represented as an affine transform the returned value is undefined." (`CATransform3D.h`)
/// OpenQuartzCore then simply drops the other entries.
///
/// ```swift
/// CATransform3DGetAffineTransform(CATransform3DMakeScale(2, 3, 1))   // scale (2, 3)
/// ```
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}
