import Foundation

// The animatable properties of Core Animation's shape, gradient and emitter layers
// (`CAShapeLayer.h`, `CAGradientLayer.h`, `CAEmitterLayer.h`). A step that animates one of
// them on a layer of another class stops with the unknown-key message, as any key the layer
// does not have does.

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

// MARK: CAEmitterLayer

extension AnimationKeyPath where Value == Float {
    /// `birthRate`: what a `CAEmitterLayer` multiplies its cells' birth rates by; 0 stops
    /// new particles while those already emitted live on.
    ///
    /// ```swift
    /// Step(confetti, BasicAnimation(.birthRate, to: 0, duration: 0.8))   // tapers the burst off
    /// ```
    public static var birthRate: Self { Self("birthRate") }
    /// `lifetime`: what a `CAEmitterLayer` multiplies its cells' particle lifetimes by.
    public static var lifetime: Self { Self("lifetime") }
}

extension AnimationKeyPath where Value == CGPoint {
    /// `emitterPosition`: the center of a `CAEmitterLayer`'s emission shape.
    public static var emitterPosition: Self { Self("emitterPosition") }
}

extension AnimationKeyPath where Value == CGSize {
    /// `emitterSize`: the size of a `CAEmitterLayer`'s emission shape.
    public static var emitterSize: Self { Self("emitterSize") }
}

extension AnimationKeyPath where Value == CGFloat {
    /// `emitterZPosition`: the z coordinate of a `CAEmitterLayer`'s emission shape's center.
    public static var emitterZPosition: Self { Self("emitterZPosition") }
    /// `emitterDepth`: the depth of a `CAEmitterLayer`'s emission shape.
    public static var emitterDepth: Self { Self("emitterDepth") }
}

extension AnimationKeyPath where Value: AnimationValue {
    /// `emitterCells.<name>.<property>`: a property of the emitter cell named `name` in a
    /// `CAEmitterLayer`'s `emitterCells`, as Core Animation builds such key paths from a
    /// cell's name. `Value` is the property's type (`Float` for `birthRate`, `CGFloat` for
    /// `velocity`, `CGColor` for `color`); a name no cell has, or another type, stops the
    /// step with a message naming the fix.
    ///
    /// ```swift
    /// spark.name = "spark"
    /// Step(emitter, BasicAnimation(.emitterCell(named: "spark", "birthRate") as AnimationKeyPath<Float>,
    ///                              to: 0, duration: 0.5))
    /// ```
    public static func emitterCell(named name: String, _ property: String) -> Self {
        Self("emitterCells.\(name).\(property)")
    }
}
