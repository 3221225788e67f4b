import Foundation

/// A layer that holds a string and how to lay it out, as QuartzCore's `CATextLayer`.
///
/// The properties are stored under Apple's keys with `CATextLayer.h`'s defaults, read back,
/// copied into presentation layers and key-value coded; `fontSize` and `foregroundColor`
/// animate. Nothing is drawn headless, so no text is laid out.
///
/// ```swift
/// let counter = CATextLayer()
/// counter.string = "42"
/// counter.fontSize = 24
/// counter.alignmentMode = .center
/// ```
open class CATextLayer: CALayer {
    /// The text: a `String` or an `NSAttributedString`, copied on assignment (an
    /// `NSMutableAttributedString` changed afterwards does not change the layer). Defaults
    /// to nil.
    open var string: Any? {
        get { value(forKey: Key.string) }
        set { setValue(newValue, forKey: Key.string) }
    }

    /// The font: a font object or a font's name. Defaults to Helvetica (here, its name).
    open var font: AnyObject? {
        get { value(forKey: Key.font) as AnyObject? }
        set { setValue(newValue, forKey: Key.font) }
    }

    /// The font size. Defaults to 36. Animatable.
    open var fontSize: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.fontSize)) ?? 36 }
        set { setValue(newValue, forKey: Key.fontSize) }
    }

    /// The text color. Defaults to opaque white. Animatable.
    open var foregroundColor: CGColor? {
        get { value(forKey: Key.foregroundColor) as? CGColor }
        set { setValue(newValue, forKey: Key.foregroundColor) }
    }

    /// Whether the text wraps to fit the bounds. Defaults to false.
    open var isWrapped: Bool {
        get { Convert.bool(value(forKey: Key.wrapped)) ?? false }
        set { setValue(newValue, forKey: Key.wrapped) }
    }

    /// How text too long for the bounds is truncated. Defaults to `.none`.
    open var truncationMode: CATextLayerTruncationMode {
        get { Convert.named(value(forKey: Key.truncationMode)) ?? .none }
        set { setValue(newValue, forKey: Key.truncationMode) }
    }

    /// How lines are aligned within the bounds. Defaults to `.natural`.
    open var alignmentMode: CATextLayerAlignmentMode {
        get { Convert.named(value(forKey: Key.alignmentMode)) ?? .natural }
        set { setValue(newValue, forKey: Key.alignmentMode) }
    }

    /// The font subpixel-quantization setting of the graphics context the layer draws its
    /// text into (`CATextLayer.h`: it "Sets allowsFontSubpixelQuantization parameter of
    /// CGContextRef passed to the -drawInContext: method"); nothing is drawn headless.
    /// Defaults to false.
    open var allowsFontSubpixelQuantization: Bool {
        get { Convert.bool(value(forKey: Key.allowsFontSubpixelQuantization)) ?? false }
        set { setValue(newValue, forKey: Key.allowsFontSubpixelQuantization) }
    }

    /// `CATextLayer.h`'s properties, defaults and animations (`fontSize` and `foregroundColor`; `CALayer`'s for other keys).
    override class var subclassProperties: LayerSubclassProperties? { properties }

    private enum Key {
        static let string = "string"
        static let font = "font"
        static let fontSize = "fontSize"
        static let foregroundColor = "foregroundColor"
        static let wrapped = "wrapped"
        static let truncationMode = "truncationMode"
        static let alignmentMode = "alignmentMode"
        static let allowsFontSubpixelQuantization = "allowsFontSubpixelQuantization"
    }

    private static let properties = LayerSubclassProperties(
        keys: [Key.string, Key.font, Key.fontSize, Key.foregroundColor, Key.wrapped, Key.truncationMode,
               Key.alignmentMode, Key.allowsFontSubpixelQuantization],
        implicitlyAnimated: [Key.fontSize, Key.foregroundColor],
        defaults: [
            Key.font: "Helvetica" as NSString,
            Key.fontSize: CGFloat(36),
            Key.foregroundColor: CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1),
            Key.wrapped: false,
            Key.truncationMode: CATextLayerTruncationMode.none,
            Key.alignmentMode: CATextLayerAlignmentMode.natural,
            Key.allowsFontSubpixelQuantization: false,
        ],
        copiedOnAssignment: [Key.string, Key.truncationMode, Key.alignmentMode])
}

/// How a text layer truncates text too long for its bounds (`kCATruncation…`).
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// No truncation (the default).
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

/// How a text layer aligns its lines (`kCAAlignment…`).
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The script's natural alignment (the default).
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}
