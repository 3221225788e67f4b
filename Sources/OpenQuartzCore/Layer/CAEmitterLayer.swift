import Foundation

/// A layer that emits particles of the kinds its `emitterCells` define, as QuartzCore's
/// `CAEmitterLayer`.
///
/// The properties are stored under Apple's keys with `CAEmitterLayer.h`'s defaults, read
/// back, copied into presentation layers and animated, and so are the cells' properties,
/// through key paths that name a cell (`"emitterCells.<name>.<property>"`). Nothing is drawn
/// headless, so no particle is emitted.
///
/// ```swift
/// let confetti = CAEmitterLayer()
/// confetti.emitterPosition = CGPoint(x: 160, y: -10)
/// confetti.emitterShape = .line
/// confetti.emitterSize = CGSize(width: 320, height: 1)
/// confetti.emitterCells = [piece]
/// confetti.birthRate = 0   // stops emitting; particles already out live on
/// ```
open class CAEmitterLayer: CALayer {
    /// The kinds of particle the layer emits (nil). The array is copied; the cells are not.
    open var emitterCells: [CAEmitterCell]? {
        get { value(forKey: Key.emitterCells) as? [CAEmitterCell] }
        set { setValue(newValue, forKey: Key.emitterCells) }
    }

    /// Multiplies each cell's birth rate (1). Animatable.
    open var birthRate: Float {
        get { Convert.float(value(forKey: Key.birthRate)) ?? 1 }
        set { setValue(newValue, forKey: Key.birthRate) }
    }

    /// Multiplies each cell's lifetime (1). Animatable.
    open var lifetime: Float {
        get { Convert.float(value(forKey: Key.lifetime)) ?? 1 }
        set { setValue(newValue, forKey: Key.lifetime) }
    }

    /// The center of the emission shape (`.zero`). Animatable.
    open var emitterPosition: CGPoint {
        get { Convert.point(value(forKey: Key.emitterPosition)) ?? .zero }
        set { setValue(newValue, forKey: Key.emitterPosition) }
    }

    /// The z coordinate of the emission shape's center (0). Animatable.
    open var emitterZPosition: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.emitterZPosition)) ?? 0 }
        set { setValue(newValue, forKey: Key.emitterZPosition) }
    }

    /// The size of the emission shape (`.zero`); the shape uses the parts it needs.
    /// Animatable.
    open var emitterSize: CGSize {
        get { Convert.size(value(forKey: Key.emitterSize)) ?? .zero }
        set { setValue(newValue, forKey: Key.emitterSize) }
    }

    /// The depth of the emission shape (0). Animatable.
    open var emitterDepth: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.emitterDepth)) ?? 0 }
        set { setValue(newValue, forKey: Key.emitterDepth) }
    }

    /// The emission shape (`.point`).
    open var emitterShape: CAEmitterLayerEmitterShape {
        get { Convert.named(value(forKey: Key.emitterShape)) ?? .point }
        set { setValue(newValue, forKey: Key.emitterShape) }
    }

    /// Where on the shape particles are created (`.volume`).
    open var emitterMode: CAEmitterLayerEmitterMode {
        get { Convert.named(value(forKey: Key.emitterMode)) ?? .volume }
        set { setValue(newValue, forKey: Key.emitterMode) }
    }

    /// How particles are composited into the layer (`.unordered`).
    open var renderMode: CAEmitterLayerRenderMode {
        get { Convert.named(value(forKey: Key.renderMode)) ?? .unordered }
        set { setValue(newValue, forKey: Key.renderMode) }
    }

    /// Whether particles keep their depth in the superlayer's space (false).
    open var preservesDepth: Bool {
        get { Convert.bool(value(forKey: Key.preservesDepth)) ?? false }
        set { setValue(newValue, forKey: Key.preservesDepth) }
    }

    /// Multiplies each cell's particle velocity (1). Animatable.
    open var velocity: Float {
        get { Convert.float(value(forKey: Key.velocity)) ?? 1 }
        set { setValue(newValue, forKey: Key.velocity) }
    }

    /// Multiplies each cell's particle scale (1). Animatable.
    open var scale: Float {
        get { Convert.float(value(forKey: Key.scale)) ?? 1 }
        set { setValue(newValue, forKey: Key.scale) }
    }

    /// Multiplies each cell's particle spin (1). Animatable.
    open var spin: Float {
        get { Convert.float(value(forKey: Key.spin)) ?? 1 }
        set { setValue(newValue, forKey: Key.spin) }
    }

    /// The seed of the layer's random number generator (0).
    open var seed: UInt32 {
        get {
            let stored = value(forKey: Key.seed)
            if let seed = stored as? UInt32 { return seed }
            guard let number = Convert.double(stored), number.isFinite else { return 0 }
            return UInt32(max(0, min(number.rounded(.towardZero), Double(UInt32.max))))
        }
        set { setValue(newValue, forKey: Key.seed) }
    }

    /// `CAEmitterLayer.h`'s properties, defaults and animations (`CALayer`'s for other keys).
    override class var subclassProperties: LayerSubclassProperties? { properties }

    private enum Key {
        static let emitterCells = "emitterCells"
        static let birthRate = "birthRate"
        static let lifetime = "lifetime"
        static let emitterPosition = "emitterPosition"
        static let emitterZPosition = "emitterZPosition"
        static let emitterSize = "emitterSize"
        static let emitterDepth = "emitterDepth"
        static let emitterShape = "emitterShape"
        static let emitterMode = "emitterMode"
        static let renderMode = "renderMode"
        static let preservesDepth = "preservesDepth"
        static let velocity = "velocity"
        static let scale = "scale"
        static let spin = "spin"
        static let seed = "seed"
    }

    /// "Animatable" in `CAEmitterLayer.h`: the multipliers and the emission shape's center
    /// and size, whose comments cover `emitterZPosition` and `emitterDepth` too.
    private static let animatable = [
        Key.birthRate, Key.lifetime, Key.emitterPosition, Key.emitterZPosition, Key.emitterSize, Key.emitterDepth,
        Key.velocity, Key.scale, Key.spin,
    ]

    private static let properties = LayerSubclassProperties(
        keys: Set(animatable + [Key.emitterCells, Key.emitterShape, Key.emitterMode, Key.renderMode,
                                Key.preservesDepth, Key.seed]),
        implicitlyAnimated: Set(animatable),
        defaults: [
            Key.birthRate: Float(1),
            Key.lifetime: Float(1),
            Key.emitterPosition: CGPoint.zero,
            Key.emitterZPosition: CGFloat(0),
            Key.emitterSize: CGSize.zero,
            Key.emitterDepth: CGFloat(0),
            Key.emitterShape: CAEmitterLayerEmitterShape.point,
            Key.emitterMode: CAEmitterLayerEmitterMode.volume,
            Key.renderMode: CAEmitterLayerRenderMode.unordered,
            Key.preservesDepth: false,
            Key.velocity: Float(1),
            Key.scale: Float(1),
            Key.spin: Float(1),
            Key.seed: UInt32(0),
        ],
        copiedOnAssignment: [Key.emitterCells, Key.emitterShape, Key.emitterMode, Key.renderMode])
}

/// The shape particles are emitted from (`kCAEmitterLayer…`).
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A point at `emitterPosition` (the default).
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// Where on the emission shape particles are created (`kCAEmitterLayer…`).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    /// Throughout the shape's volume (the default).
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

/// How particles are composited into the layer (`kCAEmitterLayer…`).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Source-over, in no particular order (the default).
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    /// Source-over, sorted into z order.
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// Additive compositing.
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}
