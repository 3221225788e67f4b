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
    /// `NSString` Apple's property holds, which reads back as a `String` or as the constant.
    func assigned(_ value: Any?, forKey key: String) -> Any? {
        if let string = value as? String, defaults[key] is any KeyValueStringConstant {
            return NSString(string: string)
        }
        guard copiedOnAssignment.contains(key), let value, type(of: value) is AnyObject.Type,
              let object = value as? NSCopying else { return value }
        return object.copy(with: nil)
    }

    /// Core Animation's implicit animation for `event` when it is an implicitly animated
    /// key, else nil.
    func implicitAnimation(forKey event: String) -> (any CAAction)? {
        guard implicitlyAnimated.contains(event) else { return nil }
        return CALayer.implicitAnimation(of: CABasicAnimation(keyPath: event))
    }
}
