import Foundation

/// A layer that shows copies of its sublayers, each shifted in space, time and color from the
/// one before, as QuartzCore's `CAReplicatorLayer`.
///
/// The properties are stored under Apple's keys with `CAReplicatorLayer.h`'s defaults, read
/// back, copied into presentation layers and animated. Nothing is drawn headless, so no
/// copies are made: the sublayers are the layer's only sublayers.
///
/// ```swift
/// let dots = CAReplicatorLayer()
/// dots.instanceCount = 3
/// dots.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
/// dots.instanceDelay = 0.2   // each dot's animations start 0.2 s after the previous dot's
/// ```
open class CAReplicatorLayer: CALayer {
    /// How many copies, the sublayers themselves included. Defaults to 1. Animatable; while
    /// it animates, the count is the animated value rounded towards zero.
    open var instanceCount: Int {
        get { Convert.double(value(forKey: Key.instanceCount)).map { Int($0.rounded(.towardZero)) } ?? 1 }
        set { setValue(newValue, forKey: Key.instanceCount) }
    }

    /// Whether the copies keep their depth, as in a transform layer. Defaults to false.
    open var preservesDepth: Bool {
        get { Convert.bool(value(forKey: Key.preservesDepth)) ?? false }
        set { setValue(newValue, forKey: Key.preservesDepth) }
    }

    /// The delay, in seconds, of each copy's animations after the previous copy's. Defaults
    /// to 0. Animatable.
    open var instanceDelay: CFTimeInterval {
        get { Convert.double(value(forKey: Key.instanceDelay)) ?? 0 }
        set { setValue(newValue, forKey: Key.instanceDelay) }
    }

    /// The transform from each copy to the next, about the layer's center. Defaults to the
    /// identity. Animatable.
    open var instanceTransform: CATransform3D {
        get { Convert.transform(value(forKey: Key.instanceTransform)) ?? CATransform3DIdentity }
        set { setValue(newValue, forKey: Key.instanceTransform) }
    }

    /// The color the first copy is multiplied by. Defaults to opaque white. Animatable.
    open var instanceColor: CGColor? {
        get { value(forKey: Key.instanceColor) as? CGColor }
        set { setValue(newValue, forKey: Key.instanceColor) }
    }

    /// Added to the red of each copy's color after the first. Defaults to 0. Animatable.
    open var instanceRedOffset: Float {
        get { Convert.float(value(forKey: Key.instanceRedOffset)) ?? 0 }
        set { setValue(newValue, forKey: Key.instanceRedOffset) }
    }

    /// Added to the green of each copy's color after the first. Defaults to 0. Animatable.
    open var instanceGreenOffset: Float {
        get { Convert.float(value(forKey: Key.instanceGreenOffset)) ?? 0 }
        set { setValue(newValue, forKey: Key.instanceGreenOffset) }
    }

    /// Added to the blue of each copy's color after the first. Defaults to 0. Animatable.
    open var instanceBlueOffset: Float {
        get { Convert.float(value(forKey: Key.instanceBlueOffset)) ?? 0 }
        set { setValue(newValue, forKey: Key.instanceBlueOffset) }
    }

    /// Added to the alpha of each copy's color after the first. Defaults to 0. Animatable.
    open var instanceAlphaOffset: Float {
        get { Convert.float(value(forKey: Key.instanceAlphaOffset)) ?? 0 }
        set { setValue(newValue, forKey: Key.instanceAlphaOffset) }
    }

    /// `CAReplicatorLayer.h`'s properties, defaults and animations (`CALayer`'s for other keys).
    override class var subclassProperties: LayerSubclassProperties? { properties }

    private enum Key {
        static let instanceCount = "instanceCount"
        static let preservesDepth = "preservesDepth"
        static let instanceDelay = "instanceDelay"
        static let instanceTransform = "instanceTransform"
        static let instanceColor = "instanceColor"
        static let instanceRedOffset = "instanceRedOffset"
        static let instanceGreenOffset = "instanceGreenOffset"
        static let instanceBlueOffset = "instanceBlueOffset"
        static let instanceAlphaOffset = "instanceAlphaOffset"
    }

    private static let animatable = [
        Key.instanceCount, Key.instanceDelay, Key.instanceTransform, Key.instanceColor, Key.instanceRedOffset,
        Key.instanceGreenOffset, Key.instanceBlueOffset, Key.instanceAlphaOffset,
    ]

    private static let properties = LayerSubclassProperties(
        keys: Set(animatable + [Key.preservesDepth]),
        implicitlyAnimated: Set(animatable),
        defaults: [
            Key.instanceCount: 1,
            Key.preservesDepth: false,
            Key.instanceDelay: CFTimeInterval(0),
            Key.instanceTransform: CATransform3DIdentity,
            Key.instanceColor: CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1),
            Key.instanceRedOffset: Float(0),
            Key.instanceGreenOffset: Float(0),
            Key.instanceBlueOffset: Float(0),
            Key.instanceAlphaOffset: Float(0),
        ])
}
