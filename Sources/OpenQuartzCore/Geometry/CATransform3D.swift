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
    /// The first row: the image of the x axis (`m11` scales x; `m14` is x's perspective term).
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    /// The second row: the image of the y axis.
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    /// The third row: the image of the z axis (`m34` is the usual `-1/eyeDistance` perspective).
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    /// The fourth row: the translation (`m41`, `m42`, `m43`) and the homogeneous `m44` (1).
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

// No `Equatable` conformance: Apple's SDK has none (apps commonly declare their own), so
// declaring one here would break such code. Compare with `CATransform3DEqualToTransform`.
