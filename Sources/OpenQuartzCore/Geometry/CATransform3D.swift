import Foundation

/// The standard transform matrix used throughout Core Animation.
///
/// The matrix uses Core Animation's row-vector convention: a point is a row vector
/// multiplied on the left, so the translation lives in `m41`, `m42` and `m43`
/// (Apple, `CATransform3D.h`). Build and combine matrices with the `CATransform3D…`
/// functions, exactly as on Apple platforms:
///
/// ```swift
/// var t = CATransform3DMakeScale(2, 2, 1)
/// t = CATransform3DRotate(t, .pi / 2, 0, 0, 1)   // rotation applied first, then the scale
/// layer.transform = t
/// ```
public struct CATransform3D: Sendable {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// Creates a matrix of zeros, as Apple's imported C struct does.
    public init() {
        (m11, m12, m13, m14) = (0, 0, 0, 0)
        (m21, m22, m23, m24) = (0, 0, 0, 0)
        (m31, m32, m33, m34) = (0, 0, 0, 0)
        (m41, m42, m43, m44) = (0, 0, 0, 0)
    }

    /// Creates a matrix from its sixteen entries, row by row.
    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }
}

/// The identity transform: `[1 0 0 0; 0 1 0 0; 0 0 1 0; 0 0 0 1]`.
public let CATransform3DIdentity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0,
    m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0,
    m41: 0, m42: 0, m43: 0, m44: 1
)

extension CATransform3D: Equatable {
    /// Returns whether the sixteen entries are exactly equal, as `CATransform3DEqualToTransform`.
    ///
    /// Apple documents `CATransform3DEqualToTransform` as "Returns true if 'a' is exactly
    /// equal to 'b'" (`CATransform3D.h`); the comparison is IEEE `==` per entry, so `-0 == 0`
    /// and a matrix holding NaN is not equal to itself.
    public static func == (lhs: CATransform3D, rhs: CATransform3D) -> Bool {
        lhs.m11 == rhs.m11 && lhs.m12 == rhs.m12 && lhs.m13 == rhs.m13 && lhs.m14 == rhs.m14
            && lhs.m21 == rhs.m21 && lhs.m22 == rhs.m22 && lhs.m23 == rhs.m23 && lhs.m24 == rhs.m24
            && lhs.m31 == rhs.m31 && lhs.m32 == rhs.m32 && lhs.m33 == rhs.m33 && lhs.m34 == rhs.m34
            && lhs.m41 == rhs.m41 && lhs.m42 == rhs.m42 && lhs.m43 == rhs.m43 && lhs.m44 == rhs.m44
    }
}
