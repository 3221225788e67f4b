import Foundation

/// A value type that Core Animation can animate, converted to and from Core Animation's boxes.
///
/// Core Animation takes and returns property values as `Any`: on Apple platforms numbers
/// arrive as `NSNumber` and structures as `NSValue`; on Linux, OpenQuartzCore hands out the
/// Swift values themselves (`CGFloat`, `Float`, `CGPoint`, …). A conforming type converts in
/// both directions, so typed animations never touch `Any`.
///
/// Conversions are static functions rather than initializers so that `CGColor`, a Core
/// Foundation class on Apple platforms, can conform.
///
/// **Conforming types must be safe to share between threads**: value types whose members
/// are, or immutable classes such as `CGColor` and `CGPath`. The protocol does not refine
/// `Sendable` only because neither class is declared `Sendable` in every Apple SDK;
/// animations hold their values in a box that vouches for this rule, so that they are
/// `Sendable` for every value type.
///
/// ```swift
/// let boxed = CGFloat(12).coreAnimationValue                       // what fromValue gets
/// let back = CGFloat.fromCoreAnimationValue(layer.value(forKeyPath: "position.x"))
/// ```
public protocol AnimationValue {
    /// The value as Core Animation expects it in `fromValue`, `toValue`, `values` and
    /// `setValue(_:forKeyPath:)`.
    ///
    /// Swift values are passed as they are: on Apple platforms the Swift runtime bridges
    /// numbers to `NSNumber` and `CGPoint`, `CGSize`, `CGRect` and `CATransform3D` to
    /// `NSValue` when Core Animation reads them (SE-0139).
    var coreAnimationValue: Any { get }

    /// Reads a value as `layer.value(forKeyPath:)` returns it; nil when absent or of another type.
    static func fromCoreAnimationValue(_ value: Any?) -> Self?

    /// The offset that changes nothing, where an additive animation of this type starts
    /// when no from-value is given; nil when the type cannot be added (colors, Booleans).
    static var additiveIdentity: Self? { get }
}

extension AnimationValue {
    /// The value itself: Core Animation accepts Swift values and bridges them on Apple platforms.
    public var coreAnimationValue: Any { self }

    /// No additive identity.
    public static var additiveIdentity: Self? { nil }
}

/// Reads any boxed number: `CGFloat`, `Double`, `Float`, `Int` or `NSNumber`.
///
/// On Linux an `Any` holding an `NSNumber` does not cast with `as? CGFloat`, and an `Any`
/// holding a `CGFloat` does not cast with `as? Double`, so each type is tried explicitly.
func animationNumber(_ value: Any?) -> Double? {
    guard let value else { return nil }
    // The common boxes first, by their exact type, which costs far less than the casts.
    if let v = exactly(value, as: CGFloat.self) { return Double(v) }
    if let v = exactly(value, as: Double.self) { return v }
    switch value {
    case let v as CGFloat: return Double(v)
    case let v as Double: return v
    case let v as Float: return Double(v)
    case let v as Int: return Double(v)
    case let v as NSNumber: return v.doubleValue
    default: return nil
    }
}

/// Casts through a generic parameter, which also works for Core Foundation classes such as
/// `CGColor` (a direct `as?` to a CF type warns on Apple platforms that it always succeeds,
/// while the runtime's generic cast checks the CF type ID).
func animationCast<T>(_ value: Any?, to type: T.Type) -> T? {
    guard let value else { return nil }
    return value as? T
}

extension Float: AnimationValue {
    /// Reads any boxed number.
    public static func fromCoreAnimationValue(_ value: Any?) -> Float? { animationNumber(value).map(Float.init) }
    /// Zero.
    public static var additiveIdentity: Float? { 0 }
}

extension Double: AnimationValue {
    /// Reads any boxed number.
    public static func fromCoreAnimationValue(_ value: Any?) -> Double? { animationNumber(value) }
    /// Zero.
    public static var additiveIdentity: Double? { 0 }
}

extension CGFloat: AnimationValue {
    /// Reads any boxed number.
    public static func fromCoreAnimationValue(_ value: Any?) -> CGFloat? { animationNumber(value).map { CGFloat($0) } }
    /// Zero.
    public static var additiveIdentity: CGFloat? { 0 }
}

extension Bool: AnimationValue {
    /// Reads a `Bool`, or a boxed number (non-zero is true).
    public static func fromCoreAnimationValue(_ value: Any?) -> Bool? {
        if let flag = value as? Bool { return flag }
        return animationNumber(value).map { $0 != 0 }
    }
}

extension CGPoint: AnimationValue {
    /// Reads a `CGPoint` (on Apple platforms, an `NSValue` bridges to it).
    public static func fromCoreAnimationValue(_ value: Any?) -> CGPoint? { animationCast(value, to: CGPoint.self) }
    /// `.zero`.
    public static var additiveIdentity: CGPoint? { .zero }
}

extension CGSize: AnimationValue {
    /// Reads a `CGSize` (on Apple platforms, an `NSValue` bridges to it).
    public static func fromCoreAnimationValue(_ value: Any?) -> CGSize? { animationCast(value, to: CGSize.self) }
    /// `.zero`.
    public static var additiveIdentity: CGSize? { .zero }
}

extension CGRect: AnimationValue {
    /// Reads a `CGRect` (on Apple platforms, an `NSValue` bridges to it).
    public static func fromCoreAnimationValue(_ value: Any?) -> CGRect? { animationCast(value, to: CGRect.self) }
    /// `.zero`.
    public static var additiveIdentity: CGRect? { .zero }
}

extension CATransform3D: AnimationValue {
    /// Reads a `CATransform3D` (on Apple platforms, an `NSValue` bridges to it).
    public static func fromCoreAnimationValue(_ value: Any?) -> CATransform3D? {
        animationCast(value, to: CATransform3D.self)
    }
    /// `CATransform3DIdentity`: an additive transform is concatenated with the model's.
    public static var additiveIdentity: CATransform3D? { CATransform3DIdentity }
}

extension CGColor: AnimationValue {
    /// Reads a `CGColor`.
    public static func fromCoreAnimationValue(_ value: Any?) -> Self? { animationCast(value, to: Self.self) }
}

/// A path animates point by point into another with the same elements (Core Animation
/// leaves paths with different elements undefined). Give animations immutable paths: a
/// `CGMutablePath` changed after it was handed to an animation is shared mutable state.
extension CGPath: AnimationValue {
    /// Reads a `CGPath`.
    public static func fromCoreAnimationValue(_ value: Any?) -> Self? { animationCast(value, to: Self.self) }
}
