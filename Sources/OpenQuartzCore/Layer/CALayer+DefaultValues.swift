import Foundation

/// Default values of declared properties given by a subclass's `defaultValue(forKey:)`
/// (Core Animation Programming Guide, "Default Value Support").
extension CALayer {
    /// Starts a subclass's model values from its `defaultValue(forKey:)` where it gives a
    /// declared property one.
    func applyClassDefaults() {
        if let state = CALayer.initialStates.defaults(for: type(of: self)) { storage = state }
    }

    /// The model values that a new layer of each class starts with where its
    /// `defaultValue(forKey:)` gives a declared property one (Apple's defaults otherwise);
    /// nil for a class that gives none, whose layers start from `LayerState()`.
    static let initialStates = ClassDefaults<LayerState?>(ownClasses: [CALayer.self], none: nil) { layerClass in
        guard let layerType = layerClass as? CALayer.Type else { return nil }
        var state = LayerState()
        var isChanged = false
        for (key, property) in LayerProperty.table {
            guard let value = layerType.defaultValue(forKey: key),
                  !isBuiltInDefault(value, forKey: key) else { continue }
            if property.set(&state, value) {
                isChanged = true
            } else {
                OQC.report(.invalidValue, key: key, "\(layerType).defaultValue(forKey: \"\(key)\") returned \(type(of: value)), the wrong type for CALayer.\(key); Apple's default is used. Return a value of the property's type.")
            }
        }
        return isChanged ? state : nil
    }

    /// Core Animation's default for the declared property `key` (a new `CALayer`'s value), or
    /// nil for an undeclared key, a property whose default is nil, and the zero `bounds` and
    /// `position`, for which QuartzCore gives none.
    static func builtInDefaultValue(forKey key: String) -> Any? {
        guard let property = LayerProperty.table[key], !Self.keysWithoutDefault.contains(key) else { return nil }
        let value = LayerState()[keyPath: property.storedAt]
        // An optional property (`backgroundColor`, `name`) whose default is nil has none.
        if let optional = value as? any OptionalBox, optional.wrappedAny == nil { return nil }
        return value
    }

    /// Declared properties for which `defaultValue(forKey:)` gives nil: their default is the
    /// zero value.
    private static let keysWithoutDefault: Set<String> = ["bounds", "position"]

    /// Whether `value` is what ``builtInDefaultValue(forKey:)`` gives for `key`: a subclass
    /// that hands a declared property on to `super` gives its layers no default of its own.
    private static func isBuiltInDefault(_ value: Any, forKey key: String) -> Bool {
        guard let builtIn = builtInDefaultValue(forKey: key) else { return false }
        return String(reflecting: KeyValueBridging.exported(value)) == String(reflecting: KeyValueBridging.exported(builtIn))
    }
}
