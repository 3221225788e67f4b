import Foundation

/// A typed Core Animation key path: the property's name together with its value type.
///
/// Core Animation names properties with strings (`"position.x"`) and takes values as `Any`,
/// so `CABasicAnimation(keyPath: "conerRadius")` and `fromValue = "test"` both compile and
/// fail silently at run time. An `AnimationKeyPath<Value>` carries the value type in its
/// generic parameter, and the animations take values of exactly that type:
///
/// ```swift
/// let fade = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3)   // BasicAnimation<Float>
/// let slide = BasicAnimation(.positionX, to: 120, duration: 0.5)        // BasicAnimation<CGFloat>
/// ```
///
/// ## Why the wrong spellings cannot compile
/// - `BasicAnimation(.conerRadius, to: 8)`: the leading dot looks `conerRadius` up among the
///   static members of `AnimationKeyPath`. There is no such member, so the compiler reports
///   that the type has no member 'conerRadius'.
/// - `BasicAnimation(.opacity, from: "test", to: 1)`: `.opacity` exists only in the
///   extension `where Value == Float`, which fixes `Value` to `Float`; `from:` then has type
///   `Float?`, and a `String` literal is not a `Float` ("cannot convert value of type
///   'String' to expected argument type 'Float'").
/// - `BasicAnimation(.position, to: 5)`: `.position` is an `AnimationKeyPath<CGPoint>`, and
///   `5` is not a `CGPoint`.
///
/// ## What is covered
/// Every animatable `CALayer` property with a value type, and Core Animation's key-path
/// extensions for points, sizes, rects and transforms (`position.x`, `bounds.size.height`,
/// `transform.rotation.z`, `transform.scale`, `shadowOffset.height`, …), listed in
/// `AnimationKeyPath+Layer.swift`. There is deliberately **no `.frame`**: `frame` is derived
/// from `bounds`, `position`, `anchorPoint` and `transform`, and Core Animation cannot
/// animate it. Animate `.bounds` (or `.boundsSize`) and `.position` instead.
///
/// Not covered, because their values are not interpolatable values with a fixed type:
/// `contents`, `mask`, `sublayers` and the filter properties. Declare a key yourself if you
/// need one of them with a custom ``AnimationValue`` type.
///
/// ## Custom properties
/// For a property of your own `CALayer` subclass, declare a key with its value type (a
/// computed `static var`: generic types cannot have static stored properties):
///
/// ```swift
/// extension AnimationKeyPath where Value == CGFloat {
///     static var progress: Self { Self("progress") }
/// }
/// let fill = BasicAnimation(.progress, from: 0, to: 1, duration: 2)
/// ```
public struct AnimationKeyPath<Value>: Sendable, Hashable, CustomStringConvertible {
    /// The Core Animation key path, for example `"position.x"`.
    public let rawValue: String

    /// Creates a key for the Core Animation key path `rawValue`, typed by `Value`.
    ///
    /// ```swift
    /// let progress = AnimationKeyPath<CGFloat>("progress")
    /// ```
    ///
    /// A layer takes any key, as Core Animation's layers are key-value containers, so a key
    /// the layer does not declare animates its own value (read it with
    /// `presentation()?.value(forKey:)`). As the step starts, the key is checked against the
    /// layer: a path inside a property the layer lacks (`position.z`), a key spelled almost
    /// like one of the layer's properties (`conerRadius`), a value type the property does not
    /// hold, or `frame` stops the program with a message naming the fix.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The key path string.
    public var description: String { rawValue }
}
