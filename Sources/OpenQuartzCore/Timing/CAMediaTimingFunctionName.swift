import Foundation

/// The names of the predefined timing functions, as `CAMediaTimingFunctionName` in QuartzCore.
///
/// Apple's header declares `typedef NSString * CAMediaTimingFunctionName NS_TYPED_ENUM`, so
/// Swift sees a struct with only `init(rawValue:)` (no unlabelled initializer, which only
/// `NS_TYPED_EXTENSIBLE_ENUM` types get). The raw values are the string values of the
/// `kCAMediaTimingFunction…` constants.
///
/// ```swift
/// let ease = CAMediaTimingFunction(name: .easeInEaseOut)
/// ```
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    /// The constant's string value, for example `"easeIn"`.
    public var rawValue: String

    /// Wraps a raw name string.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}

extension CAMediaTimingFunctionName {
    /// Linear pacing: control points (0, 0) and (1, 1) (`kCAMediaTimingFunctionLinear`).
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")

    /// Ease-in pacing: control points (0.42, 0) and (1, 1) (`kCAMediaTimingFunctionEaseIn`).
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")

    /// Ease-out pacing: control points (0, 0) and (0.58, 1) (`kCAMediaTimingFunctionEaseOut`).
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")

    /// Ease-in-ease-out pacing: control points (0.42, 0) and (0.58, 1)
    /// (`kCAMediaTimingFunctionEaseInEaseOut`).
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")

    /// The system default curve: control points (0.25, 0.1) and (0.25, 1)
    /// (`kCAMediaTimingFunctionDefault`).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}
