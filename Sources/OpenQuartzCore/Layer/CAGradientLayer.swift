import Foundation

/// A layer that holds a color gradient, as QuartzCore's `CAGradientLayer`.
///
/// The properties are stored under Apple's keys with `CAGradientLayer.h`'s defaults, read
/// back, copied into presentation layers and animated: `colors` and `locations` element by
/// element (arrays of different lengths switch halfway), the points as points. Nothing is
/// drawn headless.
///
/// ```swift
/// let shimmer = CAGradientLayer()
/// shimmer.colors = [CGColor.white.copy(alpha: 0)!, CGColor.white, CGColor.white.copy(alpha: 0)!]
/// shimmer.locations = [0, 0.1, 0.2]
/// shimmer.startPoint = CGPoint(x: 0, y: 0.5)
/// shimmer.endPoint = CGPoint(x: 1, y: 0.5)
///
/// let sweep = CABasicAnimation(keyPath: "locations")
/// sweep.fromValue = [0, 0.1, 0.2]
/// sweep.toValue = [0.8, 0.9, 1]
/// shimmer.add(sweep, forKey: "sweep")
/// ```
open class CAGradientLayer: CALayer {
    /// The color of each stop, as `CGColor`s. Defaults to nil. Animatable.
    open var colors: [Any]? {
        get { value(forKey: Key.colors) as? [Any] }
        set { setValue(newValue, forKey: Key.colors) }
    }

    /// Where each stop lies, from 0 to 1, increasing; nil spreads the stops evenly.
    /// Defaults to nil. Animatable.
    open var locations: [NSNumber]? {
        get { Convert.numbers(value(forKey: Key.locations)) }
        set { setValue(newValue, forKey: Key.locations) }
    }

    /// Where the first stop lies, in the unit square mapped to the bounds. Defaults to
    /// (0.5, 0). Animatable.
    open var startPoint: CGPoint {
        get { Convert.point(value(forKey: Key.startPoint)) ?? CGPoint(x: 0.5, y: 0) }
        set { setValue(newValue, forKey: Key.startPoint) }
    }

    /// Where the last stop lies, in the unit square mapped to the bounds. Defaults to
    /// (0.5, 1). Animatable.
    open var endPoint: CGPoint {
        get { Convert.point(value(forKey: Key.endPoint)) ?? CGPoint(x: 0.5, y: 1) }
        set { setValue(newValue, forKey: Key.endPoint) }
    }

    /// The kind of gradient. Defaults to `.axial`.
    open var type: CAGradientLayerType {
        get { Convert.named(value(forKey: Key.type)) ?? .axial }
        set { setValue(newValue, forKey: Key.type) }
    }

    /// `CAGradientLayer.h`'s properties, defaults and animations (`CALayer`'s for other keys).
    override class var subclassProperties: LayerSubclassProperties? { properties }

    private enum Key {
        static let colors = "colors"
        static let locations = "locations"
        static let startPoint = "startPoint"
        static let endPoint = "endPoint"
        static let type = "type"
    }

    private static let properties = LayerSubclassProperties(
        keys: [Key.colors, Key.locations, Key.startPoint, Key.endPoint, Key.type],
        implicitlyAnimated: [Key.colors, Key.locations, Key.startPoint, Key.endPoint],
        defaults: [
            Key.startPoint: CGPoint(x: 0.5, y: 0),
            Key.endPoint: CGPoint(x: 0.5, y: 1),
            Key.type: CAGradientLayerType.axial,
        ],
        copiedOnAssignment: [Key.colors, Key.locations, Key.type])
}

/// The kind of gradient a gradient layer draws (`kCAGradientLayer…`).
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Along the line from the start point to the end point (the default).
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// An ellipse centred on the start point, reaching to the end point.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Around the start point, from the direction of the end point.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}
