import Foundation

extension AnimationKeyPath where Value: AnimationValue {
    /// The properties of `layer`'s class whose model value may be nil (`backgroundColor` is
    /// nil by default, and so is a shape layer's `path`), so a nil value does not mean the
    /// property is missing.
    static func optionalProperties(of layer: CALayer) -> Set<String> {
        var keys: Set<String> = ["backgroundColor", "borderColor", "shadowColor", "contents", "shadowPath", "mask",
                                 "filters", "backgroundFilters", "compositingFilter"]
        if layer is CAShapeLayer { keys.formUnion(["path", "fillColor", "strokeColor", "lineDashPattern"]) }
        if layer is CAGradientLayer { keys.formUnion(["colors", "locations"]) }
        return keys
    }

    /// Checks, when the animation is resolved against `layer` (on the main thread, as its
    /// operation starts), that the key is a property of the layer and holds a `Value`, and
    /// that it is not `frame` (or inside it), which Core Animation cannot animate.
    ///
    /// A key built with ``init(_:)`` is not checked by the compiler: a misspelled custom key
    /// would otherwise be stored as a new key-value entry and animate nothing, and a key
    /// declared with the wrong value type would write a value the property rejects. Both
    /// stop the program with a message naming the fix.
    ///
    /// A key counts as a property when the layer has a value for it, when it is one of the
    /// optional properties of the layer's class (``optionalProperties(of:)``), or when the
    /// layer's class declares it through `needsDisplay(forKey:)` or `defaultValue(forKey:)`.
    func validate(on layer: CALayer, file: StaticString = #fileID, line: UInt = #line) {
        let checked = KeyPathValidation.Passed(layerClass: ObjectIdentifier(type(of: layer)), keyPath: rawValue,
                                               valueType: ObjectIdentifier(Value.self))
        if KeyPathValidation.hasPassed(checked) { return }
        validateUnchecked(checked, on: layer, file: file, line: line)
    }

    /// The check itself, for a combination not checked before. A function of its own, never
    /// inlined, so that its generic locals stay off the path of a combination that passed.
    @inline(never)
    private func validateUnchecked(_ checked: KeyPathValidation.Passed, on layer: CALayer,
                                   file: StaticString, line: UInt) {
        let root = rawValue.split(separator: ".").first.map(String.init) ?? rawValue
        if root == "frame" { APIViolationFrameKeyPath(rawValue, file: file, line: line) }
        guard let current = Self.unwrapped(layer.value(forKeyPath: rawValue)) else {
            let layerClass = type(of: layer)
            let declared = Self.optionalProperties(of: layer).contains(root) && root == rawValue
                || layerClass.needsDisplay(forKey: rawValue)
                || layerClass.defaultValue(forKey: rawValue) != nil
            if !declared {
                APIViolationUnknownKeyPath(rawValue, layer: "\(layerClass)", valueType: "\(Value.self)",
                                           file: file, line: line)
            }
            return
        }
        if Value.fromCoreAnimationValue(current) == nil {
            APIViolationKeyPathValueType(rawValue, layer: "\(type(of: layer))", declared: "\(Value.self)",
                                         actual: "\(type(of: current))", file: file, line: line)
        }
        KeyPathValidation.record(checked)
    }

    /// The value inside any levels of `Optional` (a nil property may come back as an `Any`
    /// holding `Optional<CGColor>.none`), or nil.
    static func unwrapped(_ value: Any?) -> Any? {
        guard let value else { return nil }
        guard let optional = value as? any OptionalBox else { return value }
        return unwrapped(optional.wrappedValue)
    }
}

/// An `Optional` seen through `Any`.
private protocol OptionalBox {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalBox {
    fileprivate var wrappedValue: Any? { self.map { $0 as Any } }
}

/// The key paths that passed ``AnimationKeyPath/validate(on:file:line:)`` for a layer class
/// and value type, so the check (a key-value read of the layer) runs once per combination,
/// not once per step. A failed check stops the program, so only passes are recorded.
enum KeyPathValidation {
    struct Passed: Hashable {
        var layerClass: ObjectIdentifier
        var keyPath: String
        var valueType: ObjectIdentifier
    }

    // `lock` guards `passed` and `lastPassed`.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var passed: Set<Passed> = []
    /// The check found last, compared before `passed` is searched: the steps of a burst
    /// usually animate one kind of layer and key path.
    nonisolated(unsafe) private static var lastPassed: Passed?

    static func hasPassed(_ check: Passed) -> Bool {
        lock.withLock {
            if check == lastPassed { return true }
            guard passed.contains(check) else { return false }
            lastPassed = check
            return true
        }
    }

    static func record(_ check: Passed) {
        lock.withLock {
            passed.insert(check)
            lastPassed = check
        }
    }
}
