import Foundation

/// QuartzCore's string constant types (`CAShapeLayerFillRule`, `CATransitionType`, …), which
/// its headers declare `typedef NSString * … NS_TYPED_ENUM`.
///
/// On Apple platforms a property of such a type holds an `NSString`, and key-value coding
/// returns that object, so both casts of Apple's Swift idiom succeed:
///
/// ```swift
/// shape.value(forKey: "fillRule") as? String                  // "non-zero"
/// shape.value(forKey: "fillRule") as? CAShapeLayerFillRule    // .nonZero
/// ```
///
/// Here the constant types bridge from `NSString` as Swift's imported ones do, and
/// ``KeyValueBridging/exported(_:)`` hands key-value coding's callers an `NSString`, so the
/// same casts succeed on Linux.
protocol KeyValueStringConstant {
    /// The constant's string (`"non-zero"`).
    var rawValue: String { get }
}

/// Bridging of the string constant types to and from `NSString`, as Swift bridges Apple's
/// `NS_TYPED_ENUM` types.
extension _ObjectiveCBridgeable where Self: RawRepresentable, Self.RawValue == String, _ObjectiveCType == NSString {
    public func _bridgeToObjectiveC() -> NSString { NSString(string: rawValue) }

    public static func _forceBridgeFromObjectiveC(_ source: NSString, result: inout Self?) {
        result = Self(rawValue: String(source))
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSString, result: inout Self?) -> Bool {
        result = Self(rawValue: String(source))
        return result != nil
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSString?) -> Self {
        Self(rawValue: source.map { String($0) } ?? "")!
    }
}

/// What key-value coding hands out and stores for the string constant types.
enum KeyValueBridging {
    /// `value` as key-value coding returns it: a string constant as an `NSString`, anything
    /// else as it is.
    static func exported(_ value: Any?) -> Any? {
        // The type compared first: a cast to the protocol costs a conformance lookup, about
        // 1,500 instructions, and every key-value read (the engine's own included) comes here.
        guard let value, constantTypes.contains(ObjectIdentifier(type(of: value))),
              let constant = value as? any KeyValueStringConstant else { return value }
        return NSString(string: constant.rawValue)
    }

    /// The string constant types, as listed below.
    private static let constantTypes: [ObjectIdentifier] = [
        CAShapeLayerFillRule.self, CAShapeLayerLineCap.self, CAShapeLayerLineJoin.self, CAGradientLayerType.self,
        CATextLayerTruncationMode.self, CATextLayerAlignmentMode.self, CAScrollLayerScrollMode.self,
        CAEmitterLayerEmitterShape.self, CAEmitterLayerEmitterMode.self, CAEmitterLayerRenderMode.self,
        CALayerContentsGravity.self, CALayerContentsFormat.self, CALayerContentsFilter.self, CALayerCornerCurve.self,
        CATransitionType.self, CATransitionSubtype.self, CAAnimationCalculationMode.self,
        CAAnimationRotationMode.self, CAMediaTimingFillMode.self, CAMediaTimingFunctionName.self,
        CAValueFunctionName.self,
    ].map { ObjectIdentifier($0 as any KeyValueStringConstant.Type) }
}

extension CAShapeLayerFillRule: _ObjectiveCBridgeable, KeyValueStringConstant { public typealias _ObjectiveCType = NSString }
extension CAShapeLayerLineCap: _ObjectiveCBridgeable, KeyValueStringConstant { public typealias _ObjectiveCType = NSString }
extension CAShapeLayerLineJoin: _ObjectiveCBridgeable, KeyValueStringConstant { public typealias _ObjectiveCType = NSString }
extension CAGradientLayerType: _ObjectiveCBridgeable, KeyValueStringConstant { public typealias _ObjectiveCType = NSString }
extension CATextLayerTruncationMode: _ObjectiveCBridgeable, KeyValueStringConstant { public typealias _ObjectiveCType = NSString }
extension CATextLayerAlignmentMode: _ObjectiveCBridgeable, KeyValueStringConstant { public typealias _ObjectiveCType = NSString }
extension CAScrollLayerScrollMode: _ObjectiveCBridgeable, KeyValueStringConstant { public typealias _ObjectiveCType = NSString }
extension CAEmitterLayerEmitterShape: _ObjectiveCBridgeable, KeyValueStringConstant { public typealias _ObjectiveCType = NSString }
extension CAEmitterLayerEmitterMode: _ObjectiveCBridgeable, KeyValueStringConstant { public typealias _ObjectiveCType = NSString }
extension CAEmitterLayerRenderMode: _ObjectiveCBridgeable, KeyValueStringConstant { public typealias _ObjectiveCType = NSString }
extension CALayerContentsGravity: _ObjectiveCBridgeable, KeyValueStringConstant { public typealias _ObjectiveCType = NSString }
extension CALayerContentsFormat: _ObjectiveCBridgeable, KeyValueStringConstant { public typealias _ObjectiveCType = NSString }
extension CALayerContentsFilter: _ObjectiveCBridgeable, KeyValueStringConstant { public typealias _ObjectiveCType = NSString }
extension CALayerCornerCurve: _ObjectiveCBridgeable, KeyValueStringConstant { public typealias _ObjectiveCType = NSString }
extension CATransitionType: _ObjectiveCBridgeable, KeyValueStringConstant { public typealias _ObjectiveCType = NSString }
extension CATransitionSubtype: _ObjectiveCBridgeable, KeyValueStringConstant { public typealias _ObjectiveCType = NSString }
extension CAAnimationCalculationMode: _ObjectiveCBridgeable, KeyValueStringConstant { public typealias _ObjectiveCType = NSString }
extension CAAnimationRotationMode: _ObjectiveCBridgeable, KeyValueStringConstant { public typealias _ObjectiveCType = NSString }
extension CAMediaTimingFillMode: _ObjectiveCBridgeable, KeyValueStringConstant { public typealias _ObjectiveCType = NSString }
extension CAMediaTimingFunctionName: _ObjectiveCBridgeable, KeyValueStringConstant { public typealias _ObjectiveCType = NSString }
extension CAValueFunctionName: _ObjectiveCBridgeable, KeyValueStringConstant { public typealias _ObjectiveCType = NSString }
