import Foundation

/// The properties a `CALayer` subclass of Core Animation declares beyond `CALayer`'s own
/// (a shape layer's `strokeEnd`, a text layer's `fontSize`): stored as key-value entries,
/// which presentation copies carry and animations reach like any custom key.
///
/// A subclass answers `defaultValue(forKey:)`, `defaultAction(forKey:)` and
/// `declaresProperty(_:)` from its table, so a further subclass can override a default
/// through `defaultValue(forKey:)`, as Core Animation's key-value coding allows.
struct LayerSubclassProperties: @unchecked Sendable {
    // Immutable: the defaults are constants (numbers, points, immutable colors, strings).
    /// Every declared key.
    let keys: Set<String>
    /// The keys whose change runs Core Animation's implicit animation ("Animatable" in the
    /// class's header, unless it says otherwise).
    let implicitlyAnimated: Set<String>
    /// The default of each key that has one; the others default to nil.
    let defaults: [String: Any]
    /// The keys whose header declares the property `copy` (a text layer's `string`, a
    /// gradient's `colors`): an object assigned to one is copied, so changing it afterwards
    /// (an `NSMutableAttributedString`, an `NSMutableArray`) does not change the layer.
    var copiedOnAssignment: Set<String> = []

    /// The default of `key`, or nil when the class does not declare it; a string constant as
    /// an `NSString`, as key-value coding gives it.
    func defaultValue(forKey key: String) -> Any? { KeyValueBridging.exported(defaults[key]) }

    /// `value` as the layer stores it for `key`: a copy of an object (`NSCopying`) for a key
    /// declared `copy`, else `value` itself (Swift strings and arrays are values already).
    ///
    /// A string given for a key whose type is a string constant (`fillRule`) is kept as the
    /// `NSString` Apple's property holds, which reads back as a `String` or as the constant;
    /// a number given for a numeric key is kept as the property's type.
    func assigned(_ value: Any?, forKey key: String) -> Any? {
        if let string = value as? String, defaults[key] is any KeyValueStringConstant {
            return NSString(string: string)
        }
        if let number = Self.number(value, asTypeOf: defaults[key]) { return number }
        guard copiedOnAssignment.contains(key), let value, type(of: value) is AnyObject.Type,
              let object = value as? NSCopying else { return value }
        return object.copy(with: nil)
    }

    /// A number given for a numeric property (`lineWidth` set to the `Int` 3) as the
    /// property's own type, so that it reads back as a `CGFloat`, as Apple's `NSNumber` does;
    /// nil when `value` is not a number or `default` not a numeric default.
    private static func number(_ value: Any?, asTypeOf default: Any?) -> Any? {
        guard let value, let `default` else { return nil }
        switch `default` {
        case is Bool: return Convert.bool(value) ?? Convert.double(value).map { $0 != 0 }
        case is CGFloat: return Convert.cgFloat(value)
        case is Float: return Convert.float(value)
        case is Double: return Convert.double(value)
        case is Int:
            return Convert.double(value).flatMap { Int(exactly: $0.rounded(.towardZero)) }
        case is UInt32:
            guard let number = Convert.double(value), number.isFinite else { return nil }
            return UInt32(max(0, min(number.rounded(.towardZero), Double(UInt32.max))))
        default: return nil
        }
    }

    /// Core Animation's implicit animation for `event` when it is an implicitly animated
    /// key, else nil.
    func implicitAnimation(forKey event: String) -> (any CAAction)? {
        guard implicitlyAnimated.contains(event) else { return nil }
        return CALayer.implicitAnimation(of: CABasicAnimation(keyPath: event))
    }
}
