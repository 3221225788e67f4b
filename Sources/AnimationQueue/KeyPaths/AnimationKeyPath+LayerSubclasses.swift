import Foundation

// The animatable properties of Core Animation's shape and gradient layers (`CAShapeLayer.h`,
// `CAGradientLayer.h`). A step that animates one of them on a layer of another class stops
// with the unknown-key message, as any key the layer does not have does.

// MARK: CAShapeLayer

extension AnimationKeyPath where Value == CGFloat {
    /// `strokeStart`: where a `CAShapeLayer`'s stroke starts along its path, 0…1.
    public static var strokeStart: Self { Self("strokeStart") }
    /// `strokeEnd`: where a `CAShapeLayer`'s stroke ends along its path, 0…1.
    ///
    /// ```swift
    /// Step(ring, BasicAnimation(.strokeEnd, from: 0, to: 1, duration: 0.6))   // draws the ring
    /// ```
    public static var strokeEnd: Self { Self("strokeEnd") }
    /// `lineWidth`: the width of a `CAShapeLayer`'s stroke.
    public static var lineWidth: Self { Self("lineWidth") }
    /// `miterLimit`: the miter limit of a `CAShapeLayer`'s stroke joins.
    public static var miterLimit: Self { Self("miterLimit") }
    /// `lineDashPhase`: where a `CAShapeLayer`'s dash pattern starts (a "marching ants" offset).
    public static var lineDashPhase: Self { Self("lineDashPhase") }
}

extension AnimationKeyPath where Value == CGColor {
    /// `fillColor`: a `CAShapeLayer`'s fill color.
    public static var fillColor: Self { Self("fillColor") }
    /// `strokeColor`: a `CAShapeLayer`'s stroke color.
    public static var strokeColor: Self { Self("strokeColor") }
}

extension AnimationKeyPath where Value == CGPath {
    /// `path`: a `CAShapeLayer`'s shape, animated point by point into a path with the same
    /// elements. (Changing the property itself creates no implicit animation.)
    ///
    /// ```swift
    /// let morph = BasicAnimation(.path, to: CGPath(ellipseIn: ring.bounds, transform: nil), duration: 0.4)
    /// ```
    public static var path: Self { Self("path") }
}

// MARK: CAGradientLayer

extension AnimationKeyPath where Value == CGPoint {
    /// `startPoint`: where a `CAGradientLayer`'s first stop lies, in the unit square.
    public static var startPoint: Self { Self("startPoint") }
    /// `endPoint`: where a `CAGradientLayer`'s last stop lies, in the unit square.
    public static var endPoint: Self { Self("endPoint") }
}
