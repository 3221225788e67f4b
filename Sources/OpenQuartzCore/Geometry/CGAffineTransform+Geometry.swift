import Foundation

// Applying an affine transform to Foundation's geometry types. Linux Foundation has
// CGPoint, CGSize and CGRect but not these methods, which Core Graphics supplies on Apple
// platforms; where Core Graphics exists its own methods are used.
#if !canImport(CoreGraphics)

extension CGPoint {
    /// Returns the point transformed by `t`: `(a·x + c·y + tx, b·x + d·y + ty)`.
    ///
    /// Apple: `CGPointApplyAffineTransform`, imported as `CGPoint.applying(_:)`.
    ///
    /// ```swift
    /// CGPoint(x: 1, y: 2).applying(CGAffineTransform(translationX: 10, y: 0))  // (11, 2)
    /// ```
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// Returns the size transformed by `t`'s linear part: `(a·w + c·h, b·w + d·h)`.
    ///
    /// Apple: `CGSizeApplyAffineTransform`, imported as `CGSize.applying(_:)`. A size is a
    /// displacement, so the translation does not apply and the result may be negative.
    ///
    /// ```swift
    /// CGSize(width: 10, height: 5).applying(CGAffineTransform(scaleX: 2, y: -1))  // 20 × -5
    /// ```
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// Returns the smallest rectangle that contains the four transformed corners.
    ///
    /// Apple (`CGRectApplyAffineTransform`): "Because affine transforms do not preserve
    /// rectangles in general, this function returns the smallest rectangle that contains the
    /// transformed corner points of the rect parameter." OpenQuartzCore returns the null and
    /// the infinite rectangle unchanged.
    ///
    /// ```swift
    /// CGRect(x: 0, y: 0, width: 10, height: 20).applying(CGAffineTransform(rotationAngle: .pi / 2))
    /// // ≈ (x: -20, y: 0, width: 20, height: 10)
    /// ```
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull || isInfinite { return self }
        let corners = [
            CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY),
            CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY),
        ].map { $0.applying(t) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let left = xs.reduce(.infinity, min), right = xs.reduce(-.infinity, max)
        let top = ys.reduce(.infinity, min), bottom = ys.reduce(-.infinity, max)
        return CGRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

#endif
