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
            guard let value = layerType.defaultValue(forKey: key) else { continue }
            if property.set(&state, value) {
                isChanged = true
            } else {
                OQC.report(.invalidValue, key: key, "\(layerType).defaultValue(forKey: \"\(key)\") returned \(type(of: value)), the wrong type for CALayer.\(key); Apple's default is used. Return a value of the property's type.")
            }
        }
        return isChanged ? state : nil
    }
}
