import Foundation

// The cell's properties, stored by key in its `values` (see `CAEmitterCell.Key`): emission,
// motion, scale, spin, colour, contents, sub-cells and `style`. Declared in an extension, so
// they cannot be overridden.
extension CAEmitterCell {
    /// The cell's name, which key paths through its layer use (nil).
    public var name: String? {
        get { value(forKey: Key.name) as? String }
        set { setValue(newValue, forKey: Key.name) }
    }

    /// Whether the cell's particles are rendered (true).
    public var isEnabled: Bool {
        get { Convert.bool(value(forKey: Key.enabled)) ?? true }
        set { setValue(newValue, forKey: Key.enabled) }
    }

    /// Particles created every second (0). Animatable.
    public var birthRate: Float {
        get { Convert.float(value(forKey: Key.birthRate)) ?? 0 }
        set { setValue(newValue, forKey: Key.birthRate) }
    }

    /// The mean lifetime of a particle, in seconds (0). Animatable.
    public var lifetime: Float {
        get { Convert.float(value(forKey: Key.lifetime)) ?? 0 }
        set { setValue(newValue, forKey: Key.lifetime) }
    }

    /// The range of particle lifetimes about the mean (0). Animatable.
    public var lifetimeRange: Float {
        get { Convert.float(value(forKey: Key.lifetimeRange)) ?? 0 }
        set { setValue(newValue, forKey: Key.lifetimeRange) }
    }

    /// The emission angle from the z-axis, in radians (0). Animatable.
    public var emissionLatitude: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.emissionLatitude)) ?? 0 }
        set { setValue(newValue, forKey: Key.emissionLatitude) }
    }

    /// The emission angle in the xy-plane from the x-axis, in radians (0). Animatable.
    public var emissionLongitude: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.emissionLongitude)) ?? 0 }
        set { setValue(newValue, forKey: Key.emissionLongitude) }
    }

    /// The angle of the cone around the emission angle, in radians (0). Animatable.
    public var emissionRange: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.emissionRange)) ?? 0 }
        set { setValue(newValue, forKey: Key.emissionRange) }
    }

    /// The mean initial velocity of a particle (0). Animatable.
    public var velocity: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.velocity)) ?? 0 }
        set { setValue(newValue, forKey: Key.velocity) }
    }

    /// The range of initial velocities about the mean (0). Animatable.
    public var velocityRange: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.velocityRange)) ?? 0 }
        set { setValue(newValue, forKey: Key.velocityRange) }
    }

    /// The x component of the acceleration applied to particles (0). Animatable.
    public var xAcceleration: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.xAcceleration)) ?? 0 }
        set { setValue(newValue, forKey: Key.xAcceleration) }
    }

    /// The y component of the acceleration applied to particles (0). Animatable.
    public var yAcceleration: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.yAcceleration)) ?? 0 }
        set { setValue(newValue, forKey: Key.yAcceleration) }
    }

    /// The z component of the acceleration applied to particles (0). Animatable.
    public var zAcceleration: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.zAcceleration)) ?? 0 }
        set { setValue(newValue, forKey: Key.zAcceleration) }
    }

    /// The mean scale of a particle (1). Animatable.
    public var scale: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.scale)) ?? 1 }
        set { setValue(newValue, forKey: Key.scale) }
    }

    /// The range of scales about the mean (0). Animatable.
    public var scaleRange: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.scaleRange)) ?? 0 }
        set { setValue(newValue, forKey: Key.scaleRange) }
    }

    /// How fast the scale changes, per second (0). Animatable.
    public var scaleSpeed: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.scaleSpeed)) ?? 0 }
        set { setValue(newValue, forKey: Key.scaleSpeed) }
    }

    /// The mean rotation speed of a particle, in radians per second (0). Animatable.
    public var spin: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.spin)) ?? 0 }
        set { setValue(newValue, forKey: Key.spin) }
    }

    /// The range of rotation speeds about the mean (0). Animatable.
    public var spinRange: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.spinRange)) ?? 0 }
        set { setValue(newValue, forKey: Key.spinRange) }
    }

    /// The mean color of a particle (opaque white). Animatable.
    public var color: CGColor? {
        get { value(forKey: Key.color) as? CGColor }
        set { setValue(newValue, forKey: Key.color) }
    }

    /// The range of the red component about the mean color's (0). Animatable.
    public var redRange: Float {
        get { Convert.float(value(forKey: Key.redRange)) ?? 0 }
        set { setValue(newValue, forKey: Key.redRange) }
    }

    /// The range of the green component about the mean color's (0). Animatable.
    public var greenRange: Float {
        get { Convert.float(value(forKey: Key.greenRange)) ?? 0 }
        set { setValue(newValue, forKey: Key.greenRange) }
    }

    /// The range of the blue component about the mean color's (0). Animatable.
    public var blueRange: Float {
        get { Convert.float(value(forKey: Key.blueRange)) ?? 0 }
        set { setValue(newValue, forKey: Key.blueRange) }
    }

    /// The range of the alpha component about the mean color's (0). Animatable.
    public var alphaRange: Float {
        get { Convert.float(value(forKey: Key.alphaRange)) ?? 0 }
        set { setValue(newValue, forKey: Key.alphaRange) }
    }

    /// How fast the red component changes over a particle's lifetime, per second (0).
    /// Animatable.
    public var redSpeed: Float {
        get { Convert.float(value(forKey: Key.redSpeed)) ?? 0 }
        set { setValue(newValue, forKey: Key.redSpeed) }
    }

    /// How fast the green component changes over a particle's lifetime, per second (0).
    /// Animatable.
    public var greenSpeed: Float {
        get { Convert.float(value(forKey: Key.greenSpeed)) ?? 0 }
        set { setValue(newValue, forKey: Key.greenSpeed) }
    }

    /// How fast the blue component changes over a particle's lifetime, per second (0).
    /// Animatable.
    public var blueSpeed: Float {
        get { Convert.float(value(forKey: Key.blueSpeed)) ?? 0 }
        set { setValue(newValue, forKey: Key.blueSpeed) }
    }

    /// How fast the alpha component changes over a particle's lifetime, per second (0).
    /// Animatable.
    public var alphaSpeed: Float {
        get { Convert.float(value(forKey: Key.alphaSpeed)) ?? 0 }
        set { setValue(newValue, forKey: Key.alphaSpeed) }
    }

    /// The particle's image, typically a `CGImage` (nil). Animatable.
    public var contents: Any? {
        get { value(forKey: Key.contents) }
        set { setValue(newValue, forKey: Key.contents) }
    }

    /// The part of `contents` drawn, in the unit coordinate space (the unit rectangle).
    /// Animatable.
    public var contentsRect: CGRect {
        get { Convert.rect(value(forKey: Key.contentsRect)) ?? CGRect(x: 0, y: 0, width: 1, height: 1) }
        set { setValue(newValue, forKey: Key.contentsRect) }
    }

    /// The scale of `contents`, as a layer's `contentsScale` (1).
    public var contentsScale: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.contentsScale)) ?? 1 }
        set { setValue(newValue, forKey: Key.contentsScale) }
    }

    /// The filter used when `contents` is drawn smaller, as a layer's (`"linear"`).
    public var minificationFilter: String {
        get { Self.filterName(value(forKey: Key.minificationFilter)) }
        set { setValue(newValue, forKey: Key.minificationFilter) }
    }

    /// The filter used when `contents` is drawn larger, as a layer's (`"linear"`).
    public var magnificationFilter: String {
        get { Self.filterName(value(forKey: Key.magnificationFilter)) }
        set { setValue(newValue, forKey: Key.magnificationFilter) }
    }

    /// The bias of the minification filter's level of detail, as a layer's (0).
    public var minificationFilterBias: Float {
        get { Convert.float(value(forKey: Key.minificationFilterBias)) ?? 0 }
        set { setValue(newValue, forKey: Key.minificationFilterBias) }
    }

    /// The cells each particle of this cell emits in turn, or nil (nil). Animatable.
    public var emitterCells: [CAEmitterCell]? {
        get { value(forKey: Key.emitterCells) as? [CAEmitterCell] }
        set { setValue(newValue, forKey: Key.emitterCells) }
    }

    /// Values that keys not set take, as a layer's `style` (nil): `CAEmitterCell.h`'s
    /// "Inherited attributes similar to in layers". A `"style"` entry inside it is searched
    /// next.
    public var style: [AnyHashable: Any]? {
        get { value(forKey: Key.style) as? [AnyHashable: Any] }
        set { setValue(newValue, forKey: Key.style) }
    }

    /// A filter's name given as itself or as `CALayerContentsFilter`; the default's otherwise.
    private static func filterName(_ value: Any?) -> String {
        value as? String ?? (value as? CALayerContentsFilter)?.rawValue ?? CALayerContentsFilter.linear.rawValue
    }
}
