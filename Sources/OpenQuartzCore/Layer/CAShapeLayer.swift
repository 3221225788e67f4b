import Foundation
#if canImport(CoreGraphics)
import CoreGraphics
#endif

/// A layer that holds a path and how to fill and stroke it, as QuartzCore's `CAShapeLayer`.
///
/// The properties are stored under Apple's keys with `CAShapeLayer.h`'s defaults, read
/// back, copied into presentation layers and animated: `path` point by point (two paths
/// with different elements switch halfway, where Apple leaves the result undefined), the
/// colors component by component, the numbers and `lineDashPattern` element by element.
/// Nothing is drawn headless.
///
/// ```swift
/// let ring = CAShapeLayer()
/// ring.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 80), transform: nil)
/// ring.strokeColor = CGColor(srgbRed: 0, green: 0.5, blue: 1, alpha: 1)
/// ring.fillColor = nil
/// ring.strokeEnd = 0.25   // animates implicitly once the layer has been committed
/// ```
///
/// As `CAShapeLayer.h` says, a change of `path` creates no implicit animation; the other
/// animatable properties (`fillColor`, `strokeColor`, `strokeStart`, `strokeEnd`,
/// `lineWidth`, `miterLimit`, `lineDashPhase`) animate as `CALayer`'s own do.
open class CAShapeLayer: CALayer {
    /// The shape; copied on assignment. Defaults to nil. Animatable, without an implicit
    /// animation.
    open var path: CGPath? {
        get { PathReading.cgPath(value(forKey: Key.path)) }
        set { setValue(newValue, forKey: Key.path) }
    }

    /// The fill color, or nil for no fill. Defaults to opaque black. Animatable.
    open var fillColor: CGColor? {
        get { value(forKey: Key.fillColor) as? CGColor }
        set { setValue(newValue, forKey: Key.fillColor) }
    }

    /// How the path's interior is decided. Defaults to `.nonZero`.
    open var fillRule: CAShapeLayerFillRule {
        get { Convert.named(value(forKey: Key.fillRule)) ?? .nonZero }
        set { setValue(newValue, forKey: Key.fillRule) }
    }

    /// The stroke color, or nil for no stroke. Defaults to nil. Animatable.
    open var strokeColor: CGColor? {
        get { value(forKey: Key.strokeColor) as? CGColor }
        set { setValue(newValue, forKey: Key.strokeColor) }
    }

    /// Where the stroked part of the path starts, from 0 (the path's start) to 1 (its end).
    /// Defaults to 0. Animatable.
    open var strokeStart: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.strokeStart)) ?? 0 }
        set { setValue(newValue, forKey: Key.strokeStart) }
    }

    /// Where the stroked part of the path ends, from 0 to 1. Defaults to 1. Animatable.
    ///
    /// ```swift
    /// let draw = CABasicAnimation(keyPath: "strokeEnd")
    /// draw.fromValue = 0
    /// draw.toValue = 1
    /// ring.add(draw, forKey: "draw")
    /// ```
    open var strokeEnd: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.strokeEnd)) ?? 1 }
        set { setValue(newValue, forKey: Key.strokeEnd) }
    }

    /// The stroke's width. Defaults to 1. Animatable.
    open var lineWidth: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.lineWidth)) ?? 1 }
        set { setValue(newValue, forKey: Key.lineWidth) }
    }

    /// The miter limit of the stroke's joins. Defaults to 10. Animatable.
    open var miterLimit: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.miterLimit)) ?? 10 }
        set { setValue(newValue, forKey: Key.miterLimit) }
    }

    /// How the stroke's ends are drawn. Defaults to `.butt`.
    open var lineCap: CAShapeLayerLineCap {
        get { Convert.named(value(forKey: Key.lineCap)) ?? .butt }
        set { setValue(newValue, forKey: Key.lineCap) }
    }

    /// How the stroke's segments join. Defaults to `.miter`.
    open var lineJoin: CAShapeLayerLineJoin {
        get { Convert.named(value(forKey: Key.lineJoin)) ?? .miter }
        set { setValue(newValue, forKey: Key.lineJoin) }
    }

    /// Where the dash pattern starts along the stroke. Defaults to 0. Animatable.
    open var lineDashPhase: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.lineDashPhase)) ?? 0 }
        set { setValue(newValue, forKey: Key.lineDashPhase) }
    }

    /// The lengths of the stroke's dashes and gaps, alternating. Defaults to nil (a solid
    /// stroke).
    open var lineDashPattern: [NSNumber]? {
        get { Convert.numbers(value(forKey: Key.lineDashPattern)) }
        set { setValue(newValue, forKey: Key.lineDashPattern) }
    }

    /// Sets `key`; a path, however it is set, is copied ("Upon assignment the path is
    /// copied"), and so is an object assigned to a property `CAShapeLayer.h` declares
    /// `copy` (`lineDashPattern`, `fillRule`, `lineCap`, `lineJoin`).
    open override func setValue(_ value: Any?, forKey key: String) {
        guard key == Key.path, let path = PathReading.cgPath(value) else {
            return super.setValue(value, forKey: key)
        }
        super.setValue(path.copy(), forKey: key)
    }

    /// `CAShapeLayer.h`'s properties, defaults and animations (none for `path`, as the header states; `CALayer`'s for other keys).
    override class var subclassProperties: LayerSubclassProperties? { properties }

    private enum Key {
        static let path = "path"
        static let fillColor = "fillColor"
        static let fillRule = "fillRule"
        static let strokeColor = "strokeColor"
        static let strokeStart = "strokeStart"
        static let strokeEnd = "strokeEnd"
        static let lineWidth = "lineWidth"
        static let miterLimit = "miterLimit"
        static let lineCap = "lineCap"
        static let lineJoin = "lineJoin"
        static let lineDashPhase = "lineDashPhase"
        static let lineDashPattern = "lineDashPattern"
    }

    private static let properties = LayerSubclassProperties(
        keys: [Key.path, Key.fillColor, Key.fillRule, Key.strokeColor, Key.strokeStart, Key.strokeEnd,
               Key.lineWidth, Key.miterLimit, Key.lineCap, Key.lineJoin, Key.lineDashPhase, Key.lineDashPattern],
        implicitlyAnimated: [Key.fillColor, Key.strokeColor, Key.strokeStart, Key.strokeEnd, Key.lineWidth,
                             Key.miterLimit, Key.lineDashPhase],
        defaults: [
            Key.fillColor: CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1),
            Key.fillRule: CAShapeLayerFillRule.nonZero,
            Key.strokeStart: CGFloat(0),
            Key.strokeEnd: CGFloat(1),
            Key.lineWidth: CGFloat(1),
            Key.miterLimit: CGFloat(10),
            Key.lineCap: CAShapeLayerLineCap.butt,
            Key.lineJoin: CAShapeLayerLineJoin.miter,
            Key.lineDashPhase: CGFloat(0),
        ],
        copiedOnAssignment: [Key.fillRule, Key.lineCap, Key.lineJoin, Key.lineDashPattern])
}

/// How a shape layer decides the inside of its path (`kCAFillRule…`).
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Inside where the winding number is not zero (the default).
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// Inside where a ray crosses the path an odd number of times.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// How a shape layer joins the segments of its stroke (`kCALineJoin…`).
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A sharp corner, cut off at the miter limit (the default).
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// How a shape layer ends its stroke (`kCALineCap…`).
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Square, at the end point (the default).
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// Square, half the line width past the end point.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}
