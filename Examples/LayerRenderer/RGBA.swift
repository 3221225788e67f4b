import Foundation

/// A color as the renderer writes it: sRGB red, green, blue and alpha, each in 0…1.
///
/// ```swift
/// RGBA(CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 0.8))?.hex   // "#ff8000"
/// ```
public struct RGBA: Sendable, Hashable {
    /// The components, each in 0…1.
    public var red: Double, green: Double, blue: Double, alpha: Double

    /// Creates a color from components in 0…1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// Reads a `CGColor`: four components are RGBA, two are gray and alpha; nil for nil or
    /// anything else (pattern colors).
    public init?(_ color: CGColor?) {
        guard let components = color?.components?.map(Double.init) else { return nil }
        switch components.count {
        case 4: self.init(red: components[0], green: components[1], blue: components[2], alpha: components[3])
        case 2: self.init(red: components[0], green: components[0], blue: components[0], alpha: components[1])
        default: return nil
        }
    }

    /// `#rrggbb`, ignoring alpha.
    public var hex: String {
        func byte(_ x: Double) -> Int { Int((min(max(x, 0), 1) * 255).rounded()) }
        return String(format: "#%02x%02x%02x", byte(red), byte(green), byte(blue))
    }
}
