import Foundation

/// The `style` dictionary (Apple, `CALayer.h`): "a dictionary dereferenced to find property
/// values that aren't explicitly defined by the layer", which "may in turn have a `style`
/// property, forming a hierarchy of default values"; its `actions` dictionaries are the third
/// step of the action search.
extension CALayer {
    /// Default values for the properties this layer does not set itself, and actions, as a
    /// hierarchy of dictionaries (nil).
    ///
    /// A property the layer has not set takes the value of the nearest dictionary in the
    /// hierarchy that has its key, else the class's `defaultValue(forKey:)`. The values are
    /// taken when the style is set: as Apple says, after a change to the dictionaries
    /// themselves the properties are undefined until `style` is set again. An action in an
    /// `"actions"` dictionary of the hierarchy is found after the layer's own `actions`.
    public var style: [AnyHashable: Any]? {
        get { Engine.locked { storedStyle } }
        set { applyStyle(newValue) }
    }

    /// The value for `key` in the hierarchy of `style`: the dictionary's own, else its
    /// `"style"` dictionary's, and so on.
    static func styleValue(forKey key: String, in style: [AnyHashable: Any]?) -> Any? {
        var level = style
        while let dictionary = level {
            if let value = dictionary[key] { return value }
            level = dictionary["style"] as? [AnyHashable: Any]
        }
        return nil
    }

    /// The action for `event` in the `"actions"` dictionaries of the style hierarchy.
    func styleAction(forKey event: String) -> (any CAAction)? {
        var level = Engine.locked { storedStyle }
        while let dictionary = level {
            if let actions = dictionary["actions"] as? [AnyHashable: Any], let action = actions[event] {
                if let action = action as? any CAAction { return action }
                OQC.report(.invalidValue, key: event, "the style's actions dictionary holds \(type(of: action)) for '\(event)', which is not a CAAction; the search goes on. Store a CAAction or NSNull.")
            }
            level = dictionary["style"] as? [AnyHashable: Any]
        }
        return nil
    }

    /// Stores `style` and gives each declared property the layer has not set its value from
    /// the new hierarchy, or the class default where the hierarchy has none, without actions.
    private func applyStyle(_ style: [AnyHashable: Any]?) {
        let defaults = CALayer.initialStates.defaults(for: type(of: self)) ?? LayerState()
        var rejected: [(key: String, value: Any)] = []
        Engine.locked {
            let previous = storedStyle
            storedStyle = style
            for (key, property) in LayerProperty.table where !explicitlySetKeys.contains(key) {
                if let value = Self.styleValue(forKey: key, in: style) {
                    if !property.set(&storage, value) { rejected.append((key, value)) }
                } else if Self.styleValue(forKey: key, in: previous) != nil {
                    let value = defaults[keyPath: property.storedAt]
                    _ = property.set(&storage, (value as? any OptionalBox).map { $0.wrappedAny == nil } == true ? nil : value)
                }
            }
        }
        for (key, value) in rejected {
            OQC.report(.invalidValue, key: key, "the style gives \(type(of: value)) for CALayer.\(key), the wrong type; the property keeps its value. Give a value of the property's type.")
        }
        Transactions.noteChange(to: self)
    }
}
