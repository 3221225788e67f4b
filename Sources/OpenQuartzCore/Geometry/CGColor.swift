import Foundation

/// A color, as Core Graphics' `CGColor`, restricted to RGBA in the sRGB space.
///
/// Linux Foundation has no Core Graphics; the engine supplies the subset that layer
/// appearance needs. **OpenQuartzCore stores every color as sRGB red, green, blue and alpha**,
/// so `components` always has four entries and `numberOfComponents` is 4. This differs from
/// Apple in three documented ways:
/// - gray colors (`init(gray:alpha:)`, `black`, `white`, `clear`) are stored as RGB with
///   equal channels, where Apple keeps two gray components;
/// - `init(red:green:blue:alpha:)` (Apple: Generic RGB) is stored as sRGB without conversion;
/// - there is no `colorSpace`.
///
/// Components are clamped to 0...1 when the color is created, as Apple documents for
/// `CGColor(colorSpace:components:)`: "Values outside this range will be clamped to the
/// nearest correct value."
///
/// ```swift
/// layer.backgroundColor = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1)
/// layer.borderColor = CGColor.black.copy(alpha: 0.3)
/// ```
public final class CGColor: @unchecked Sendable {
    // Immutable after init, like Apple's CGColor, so sharing across threads is safe
    // without a lock.

    /// The red, green, blue and alpha components, each in 0...1.
    ///
    /// Apple: "The values of the color components (including alpha) associated with a Quartz
    /// color." Never nil in OpenQuartzCore.
    public let components: [CGFloat]?

    /// Creates a color in the sRGB color space.
    ///
    /// Apple: `CGColorCreateSRGB`, "Creates a color in the sRGB color space", each component
    /// in 0.0–1.0.
    ///
    /// ```swift
    /// let orange = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1)
    /// ```
    public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha].map(CGColor.clampedComponent)
    }

    /// Creates a color from red, green, blue and alpha components.
    ///
    /// Apple: `CGColorCreateGenericRGB`, "Creates a color in the Generic RGB color space".
    /// OpenQuartzCore stores the components as sRGB without conversion.
    ///
    /// ```swift
    /// let teal = CGColor(red: 0, green: 0.5, blue: 0.5, alpha: 1)
    /// ```
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(srgbRed: red, green: green, blue: blue, alpha: alpha)
    }

    /// Creates a gray color.
    ///
    /// Apple: `CGColorCreateGenericGray`, "Creates a color in the Generic gray color space".
    /// OpenQuartzCore stores it as sRGB with `red == green == blue == gray`.
    ///
    /// ```swift
    /// let mid = CGColor(gray: 0.5, alpha: 1)
    /// ```
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(srgbRed: gray, green: gray, blue: gray, alpha: alpha)
    }

    /// Creates a gray color in the Generic gray gamma 2.2 space.
    ///
    /// Apple: `CGColorCreateGenericGrayGamma2_2`. Gamma 2.2 gray is close to sRGB's transfer
    /// curve, so OpenQuartzCore stores it as sRGB with equal channels.
    public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
        self.init(srgbRed: gray, green: gray, blue: gray, alpha: alpha)
    }

    /// Opaque black.
    ///
    /// Apple: `kCGColorBlack`, "The black color in the Generic gray color space".
    public static let black = CGColor(gray: 0, alpha: 1)

    /// Opaque white.
    ///
    /// Apple: `kCGColorWhite`, "The white color in the Generic gray color space".
    public static let white = CGColor(gray: 1, alpha: 1)

    /// Fully transparent black.
    ///
    /// Apple: `kCGColorClear`, "The clear color in the Generic gray color space" (gray 0,
    /// alpha 0).
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// The alpha component.
    ///
    /// Apple: `CGColorGetAlpha`, "Returns the value of the alpha component associated with a
    /// color."
    public var alpha: CGFloat { components?[3] ?? 1 }

    /// The number of components, including alpha: always 4 (sRGB red, green, blue, alpha).
    ///
    /// Apple: `CGColorGetNumberOfComponents`, "the number of color components in the color
    /// space of the color, plus one for alpha". Apple reports 2 for gray colors.
    public var numberOfComponents: Int { components?.count ?? 4 }

    /// Returns a copy of this color.
    ///
    /// Apple: `CGColorCreateCopy`, "Creates a copy of an existing color."
    public func copy() -> CGColor? {
        CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha)
    }

    /// Returns a copy of this color with `alpha` replacing its alpha, clamped to 0...1.
    ///
    /// Apple: `CGColorCreateCopyWithAlpha`, "Creates a copy of an existing color, substituting
    /// a new alpha value."
    ///
    /// ```swift
    /// let shade = CGColor.black.copy(alpha: 0.3)   // components [0, 0, 0, 0.3]
    /// ```
    public func copy(alpha: CGFloat) -> CGColor? {
        CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha)
    }

    private var red: CGFloat { components?[0] ?? 0 }
    private var green: CGFloat { components?[1] ?? 0 }
    private var blue: CGFloat { components?[2] ?? 0 }

    /// Clamps a component to 0...1; NaN becomes 0.
    private static func clampedComponent(_ value: CGFloat) -> CGFloat {
        guard !value.isNaN else { return 0 }
        return Swift.min(Swift.max(value, 0), 1)
    }
}

extension CGColor: _ExpressibleByColorLiteral {
    /// Creates a color from a color literal, `#colorLiteral(red:green:blue:alpha:)`.
    ///
    /// Apple: Core Graphics' Swift overlay declares `CGColor` `_ExpressibleByColorLiteral`
    /// (iOS 16.5 SDK, `CoreGraphics.swiftinterface`), so a literal can stand where a
    /// `CGColor` is expected. OpenQuartzCore stores its components as sRGB, like every color.
    ///
    /// ```swift
    /// layer.backgroundColor = #colorLiteral(red: 1, green: 0.5, blue: 0, alpha: 1)
    /// ```
    public convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(srgbRed: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }
}

extension CGColor: Hashable {
    /// Returns whether two colors have equal components.
    ///
    /// Apple (`CGColorEqualToColor`): "Two colors are equal if they share the same color space
    /// and numerically equal color components." Every OpenQuartzCore color is sRGB, so equal
    /// components suffice.
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs === rhs || lhs.components == rhs.components
    }

    /// Hashes the components, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(components)
    }
}

extension CGColor: CustomStringConvertible {
    /// A description in the style of Core Foundation's, for example
    /// `<CGColor> [sRGB IEC61966-2.1] ( 1 0.5 0 1 )`.
    public var description: String {
        let values = (components ?? []).map { String(format: "%g", Double($0)) }
        return "<CGColor> [sRGB IEC61966-2.1] ( \(values.joined(separator: " ")) )"
    }
}
