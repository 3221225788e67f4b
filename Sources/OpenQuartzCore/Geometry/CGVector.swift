import Foundation

// Linux Foundation has no CGVector; where Core Graphics exists its own type is used.
#if !canImport(CoreGraphics)

/// A structure that contains a two-dimensional vector, as Core Graphics' `CGVector`.
///
/// Apple documents `CGVector` as "A structure that contains a two-dimensional vector", with
/// the conformances `Equatable`, `Hashable`, `Codable`, `CustomDebugStringConvertible` and
/// `Sendable`.
///
/// ```swift
/// let push = CGVector(dx: 3, dy: -4)
/// ```
public struct CGVector: Sendable, Hashable {
    /// The x component of the vector.
    public var dx: CGFloat
    /// The y component of the vector.
    public var dy: CGFloat

    /// Creates a vector whose components are both zero.
    public init() {
        (dx, dy) = (0, 0)
    }

    /// Creates a vector with the given components.
    ///
    /// ```swift
    /// CGVector(dx: 1.5, dy: 2)
    /// ```
    public init(dx: CGFloat, dy: CGFloat) {
        (self.dx, self.dy) = (dx, dy)
    }

    /// Creates a vector from `Double` components.
    public init(dx: Double, dy: Double) {
        self.init(dx: CGFloat(dx), dy: CGFloat(dy))
    }

    /// Creates a vector from integer components.
    public init(dx: Int, dy: Int) {
        self.init(dx: CGFloat(dx), dy: CGFloat(dy))
    }

    /// The vector whose components are both zero.
    public static var zero: CGVector { CGVector() }
}

extension CGVector: CustomDebugStringConvertible {
    /// The components as `"(dx, dy)"`, the format of Core Graphics' Swift overlay.
    public var debugDescription: String { "(\(dx), \(dy))" }
}

extension CGVector: Codable {
    /// Decodes `dx` then `dy` from an unkeyed container, the layout Apple's overlay uses.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let dx = try container.decode(CGFloat.self)
        let dy = try container.decode(CGFloat.self)
        self.init(dx: dx, dy: dy)
    }

    /// Encodes `dx` then `dy` into an unkeyed container.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(dx)
        try container.encode(dy)
    }
}

#endif
