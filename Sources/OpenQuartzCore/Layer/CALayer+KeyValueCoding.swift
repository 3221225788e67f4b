import Foundation

/// Key-value coding for layers.
///
/// On Apple platforms these come from NSObject; Linux Foundation has no KVC, so the engine
/// provides the same four methods. `CALayer` is a key-value container: a key the class does
/// not declare is stored, read back, copied by `init(layer:)` and animatable.
extension CALayer {
    /// Returns the value of the property `key`, or of a custom key: its stored value, else
    /// the `style` hierarchy's, else the class's `defaultValue(forKey:)`.
    func storedValue(forKey key: String) -> Any? {
        // Key-value coding finds a Boolean property by its getter's name too (`isHidden`).
        let key = key.utf8.first == UInt8(ascii: "i") ? Self.getterKeys[key] ?? key : key
        let (known, custom, style): (LayerProperty?, Any?, [AnyHashable: Any]?) = Engine.locked {
            if let property = LayerProperty.table[key] { return (property, storage[keyPath: property.storedAt], nil) }
            return (nil, storage.custom[key], storedStyle)
        }
        if known != nil { return key == "mask" && isPresentationCopy ? mask : custom }
        if let property = UnstoredProperty.table[key] { return property.get(self) }
        if let custom { return custom is ExplicitNil ? nil : custom }
        return Self.styleValue(forKey: key, in: style) ?? type(of: self).defaultValue(forKey: key)
    }

    /// The Boolean properties whose getters are named `is…`, by getter: key-value coding reads
    /// them under either name (and sets them only under the property's).
    static let getterKeys = ["isHidden": "hidden", "isOpaque": "opaque", "isDoubleSided": "doubleSided",
                             "isGeometryFlipped": "geometryFlipped"]

    /// Sets the property `key`, or stores a custom value. A value of the wrong type for a
    /// declared property is reported and ignored, never crashing.
    func changeValue(_ value: Any?, forKey key: String) {
        // A property the class's header declares `copy` keeps a copy of a mutable object.
        var value = type(of: self).subclassProperties.map { $0.assigned(value, forKey: key) } ?? value
        if value == nil, LayerProperty.table[key] == nil, type(of: self).defaultValue(forKey: key) != nil {
            // Set to nil, not reset: a key with a default (a shape layer's `fillColor`)
            // reads nil from now on, not its default.
            value = ExplicitNil()
        }
        if LayerProperty.table[key] == nil, let property = UnstoredProperty.table[key] {
            guard let set = property.set else {
                OQC.report(.ignoredInput, key: key, "CALayer.\(key) is read-only; the value is ignored. \(property.expected).")
                return
            }
            if !set(self, value) {
                OQC.report(.invalidValue, key: key, "\(value.map { "\(type(of: $0))" } ?? "nil") is the wrong type for CALayer.\(key); the value is ignored. Pass \(property.expected).")
            }
            return
        }
        if isPresentationCopy {
            _ = Engine.locked { storeRaw(value, forKey: key) }
            return
        }
        let change = willChangeValue(forLayerKey: key)
        let stored = Engine.locked { storeRaw(value, forKey: key) }
        guard stored else {
            OQC.report(.invalidValue, key: key, "\(value.map { "\(type(of: $0))" } ?? "nil") is the wrong type for CALayer.\(key); the value is ignored. Pass a value of the property's type.")
            return
        }
        didChangeValue(forLayerKey: key, change)
    }

    /// Reads a dotted key path such as `"position.x"` or `"transform.rotation.z"`. When the
    /// first key's value is a layer or an animation (`"superlayer.name"`), the rest of the
    /// path is read from that object, as key-value coding does.
    func keyPathValue(_ keyPath: String) -> Any? {
        guard let (rootKey, subpath) = NestedKeyPath.split(keyPath) else { return value(forKey: keyPath) }
        let root = value(forKey: rootKey)
        if let nested = NestedKeyPath.value(in: root, at: subpath) { return nested }
        if let cells = root as? [CAEmitterCell] { return EmitterCellPath.value(in: cells, at: subpath) }
        return root.flatMap { SubPath.read($0, subpath) }
    }

    /// Writes a dotted key path by reading the root value, changing the component, and
    /// setting the root value back. When the first key's value is a layer or an animation,
    /// the rest of the path is set on that object.
    func setKeyPathValue(_ value: Any?, _ keyPath: String) {
        guard let (rootKey, subpath) = NestedKeyPath.split(keyPath) else { return setValue(value, forKey: keyPath) }
        let root = self.value(forKey: rootKey)
        if NestedKeyPath.setValue(value, in: root, at: subpath) { return }
        if let cells = root as? [CAEmitterCell] {
            return EmitterCellPath.setValue(value, in: ownCells(cells, forKey: rootKey), at: subpath, reportingAs: keyPath)
        }
        guard let value, let root,
              let updated = SubPath.write(root, subpath, value) else {
            OQC.report(.invalidValue, key: keyPath, "cannot set '\(keyPath)' on \(type(of: self)) to \(value.map { "\($0)" } ?? "nil"): the path or the value's type does not match the property; the value is ignored.")
            return
        }
        setValue(updated, forKey: rootKey)
    }


    /// The emitter cells stored under `key`, `cells`: a model layer's own; a presentation
    /// copy's, copied the first time an animation writes through them, so that its values
    /// never reach the model's cells.
    private func ownCells(_ cells: [CAEmitterCell], forKey key: String) -> [CAEmitterCell] {
        guard isPresentationCopy, let model = modelLayer?.value(forKey: key) as? [CAEmitterCell],
              zip(cells, model).contains(where: { $0 === $1 }) else { return cells }
        let copies = cells.map { $0.presentationCopy() }
        _ = Engine.locked { storeRaw(copies, forKey: key) }
        return copies
    }

    /// Stores without actions; call with the engine lock held. False for a wrong type.
    func storeRaw(_ value: Any?, forKey key: String) -> Bool {
        if let property = LayerProperty.table[key] { return property.set(&storage, value) }
        storage.custom[key] = value
        return true
    }

    // MARK: Engine access

    /// The current value at `keyPath` in interpolatable form.
    func animatableValue(forKeyPath keyPath: String) -> AnimatableValue? {
        AnimatableValue(value(forKeyPath: keyPath))
    }

    /// Writes an animated value into a presentation copy, boxed like the value it replaces.
    func setAnimatedValue(_ value: AnimatableValue, forKeyPath keyPath: String, like template: AnimatableValue?) {
        let boxed = value.boxed(like: template)
        if keyPath.contains(".") {
            setValue(boxed, forKeyPath: keyPath)
        } else {
            _ = Engine.locked { storeRaw(boxed, forKey: keyPath) }
        }
    }

    /// Whether an animation of `keyPath` can change this layer.
    ///
    /// A sub-path of a declared property whose value is a structure (a point, a size, a
    /// rectangle, a transform) is valid or not whatever the layer, so the answer is kept
    /// (``DeclaredSubPaths``); anything else is worked out on each call.
    func isAnimatableKeyPath(_ keyPath: String) -> Bool {
        let dot = keyPath.firstIndex(of: ".")
        let rootKey = dot.map { String(keyPath[..<$0]) } ?? keyPath
        let declared = LayerProperty.table[rootKey]
        if let declared, !declared.isAnimatable { return false }
        let hasRoot = declared != nil
            || Engine.locked { storage.custom[rootKey] != nil }
            || type(of: self).declaresProperty(rootKey)
            || type(of: self).needsDisplay(forKey: rootKey)
            || type(of: self).defaultValue(forKey: rootKey) != nil
        guard hasRoot else { return false }
        guard let dot else { return true }
        if declared != nil, let known = DeclaredSubPaths.shared.answer(for: keyPath) { return known }
        guard let root = value(forKey: rootKey) else { return true }
        let subpath = String(keyPath[keyPath.index(after: dot)...])
        if let cells = root as? [CAEmitterCell] { return EmitterCellPath.value(in: cells, at: subpath) != nil }
        let answer = SubPath.read(root, subpath) != nil
        if declared != nil, root is CGPoint || root is CGSize || root is CGRect || root is CATransform3D {
            DeclaredSubPaths.shared.keep(answer, for: keyPath)
        }
        return answer
    }
}

/// Whether each sub-path of a declared structure-valued property that was asked about can be
/// animated: the same for every layer, since the property's type is fixed.
final class DeclaredSubPaths: @unchecked Sendable {
    static let shared = DeclaredSubPaths()

    // `lock` guards `answers`.
    private let lock = NSLock()
    private var answers: [String: Bool] = [:]

    func answer(for keyPath: String) -> Bool? { lock.withLock { answers[keyPath] } }

    func keep(_ answer: Bool, for keyPath: String) { lock.withLock { answers[keyPath] = answer } }
}

/// What a custom key set to nil stores when its class gives it a default, so that it reads
/// nil rather than that default.
struct ExplicitNil {}

/// Reading and writing the components of structured values: Core Animation's key-path
/// extensions for CGPoint (x, y), CGSize (width, height), CGRect (origin, size, and their
/// components) and CATransform3D (rotation, scale, translation).
enum SubPath {
    static func read(_ value: Any, _ path: String) -> Any? {
        if let transform = value as? CATransform3D { return transform.value(forSubpath: path) }
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        guard let first = parts.first else { return nil }
        let component: Any?
        switch (value, first) {
        case let (p as CGPoint, "x"): component = p.x
        case let (p as CGPoint, "y"): component = p.y
        case let (s as CGSize, "width"): component = s.width
        case let (s as CGSize, "height"): component = s.height
        case let (r as CGRect, "origin"): component = r.origin
        case let (r as CGRect, "size"): component = r.size
        default: component = nil
        }
        guard let component else { return nil }
        return parts.count == 2 ? read(component, parts[1]) : component
    }

    static func write(_ value: Any, _ path: String, _ newValue: Any) -> Any? {
        if let transform = value as? CATransform3D { return transform.setting(newValue, forSubpath: path) }
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        guard let first = parts.first else { return nil }
        func leaf(_ current: Any) -> Any? {
            parts.count == 2 ? write(current, parts[1], newValue) : newValue
        }
        switch (value, first) {
        case (var p as CGPoint, "x"):
            guard let x = Convert.cgFloat(leaf(p.x)) else { return nil }
            p.x = x
            return p
        case (var p as CGPoint, "y"):
            guard let y = Convert.cgFloat(leaf(p.y)) else { return nil }
            p.y = y
            return p
        case (var s as CGSize, "width"):
            guard let w = Convert.cgFloat(leaf(s.width)) else { return nil }
            s.width = w
            return s
        case (var s as CGSize, "height"):
            guard let h = Convert.cgFloat(leaf(s.height)) else { return nil }
            s.height = h
            return s
        case (var r as CGRect, "origin"):
            guard let o = leaf(r.origin) as? CGPoint else { return nil }
            r.origin = o
            return r
        case (var r as CGRect, "size"):
            guard let s = leaf(r.size) as? CGSize else { return nil }
            r.size = s
            return r
        default:
            return nil
        }
    }
}

/// A property `CALayer` declares that key-value coding reaches through its accessors rather
/// than the layer's stored state: `frame` (derived from the geometry), the layer tree, and
/// the object-valued properties. Setting one through key-value coding is setting it.
struct UnstoredProperty: Sendable {
    let get: @Sendable (CALayer) -> Any?
    /// Sets a boxed value through the accessor; false when the value has the wrong type. nil
    /// for a read-only property.
    let set: (@Sendable (CALayer, Any?) -> Bool)?
    /// For messages: what to pass, or for a read-only property, what to do instead.
    let expected: String

    /// A property whose value is optional, so nil clears it.
    private static func optional<V>(_ keyPath: ReferenceWritableKeyPath<CALayer, V?>, expected: String) -> UnstoredProperty {
        // Key paths to class properties are immutable; safe to share.
        nonisolated(unsafe) let keyPath = keyPath
        return UnstoredProperty(get: { $0[keyPath: keyPath] }, set: { layer, value in
            guard let value else {
                layer[keyPath: keyPath] = nil
                return true
            }
            guard let typed = value as? V else { return false }
            layer[keyPath: keyPath] = typed
            return true
        }, expected: expected)
    }

    static let table: [String: UnstoredProperty] = [
        // Derived from bounds, position, anchor point and transform: set through them.
        "frame": UnstoredProperty(get: { $0.frame }, set: { layer, value in
            guard let rect = Convert.rect(value) else { return false }
            layer.frame = rect
            return true
        }, expected: "a CGRect"),
        "sublayers": optional(\.sublayers, expected: "an array of CALayer, or nil"),
        "superlayer": UnstoredProperty(get: { $0.superlayer }, set: nil,
                                       expected: "Add the layer to its new superlayer with addSublayer(_:)"),
        "actions": optional(\.actions, expected: "a [String: any CAAction] dictionary, or nil"),
        "style": optional(\.style, expected: "a dictionary, or nil"),
        "delegate": optional(\.delegate, expected: "a CALayerDelegate, or nil"),
    ]
}
