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
    /// Any other key without a dot is a key of the layer's own, as Core Animation's layers
    /// take any key (a computed property over `value(forKey:)`, say), unless it is spelled
    /// almost like a property of the layer's class (`conerRadius`).
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
            // A layer is a key-value container: a key of its own (`progress`) animates like a
            // property. A path inside a key it lacks, or a key spelled almost like one of its
            // properties, is a mistake. With no value to check the type of, nothing is recorded.
            if !declared {
                let lookalike = KeyPathValidation.lookalike(of: rawValue, on: layer)
                if rawValue.contains(".") || lookalike != nil {
                    APIViolationUnknownKeyPath(rawValue, layer: "\(layerClass)", valueType: "\(Value.self)",
                                               lookalike: lookalike, file: file, line: line)
                }
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

extension KeyPathValidation {
    /// The animatable properties of `layer`'s class.
    static func propertyNames(of layer: CALayer) -> [String] {
        var names = ["anchorPoint", "anchorPointZ", "backgroundColor", "borderColor", "borderWidth", "bounds",
                     "contents", "contentsCenter", "contentsRect", "contentsScale", "cornerRadius", "doubleSided",
                     "filters", "hidden", "masksToBounds", "minificationFilterBias", "opacity", "position",
                     "rasterizationScale", "shadowColor", "shadowOffset", "shadowOpacity", "shadowPath",
                     "shadowRadius", "shouldRasterize", "sublayerTransform", "transform", "zPosition"]
        if layer is CAShapeLayer {
            names += ["fillColor", "lineDashPhase", "lineWidth", "miterLimit", "path", "strokeColor", "strokeEnd",
                      "strokeStart"]
        }
        if layer is CAGradientLayer { names += ["colors", "endPoint", "locations", "startPoint"] }
        if layer is CAEmitterLayer {
            names += ["birthRate", "emitterDepth", "emitterPosition", "emitterSize", "emitterZPosition", "lifetime"]
        }
        if layer is CATextLayer { names += ["fontSize", "foregroundColor"] }
        if layer is CAReplicatorLayer { names += ["instanceColor", "instanceDelay", "instanceTransform"] }
        return names
    }

    /// The property of `layer`'s class that `key` is almost spelled as, ignoring case: at most
    /// one edit away (two for a key longer than eight letters), counting a swap of neighbours
    /// as one edit.
    static func lookalike(of key: String, on layer: CALayer) -> String? {
        guard !key.contains(".") else { return nil }
        let typed = Array(key.lowercased())
        let allowed = typed.count > 8 ? 2 : 1
        return propertyNames(of: layer).first { name in
            name != key && editDistance(typed, Array(name.lowercased())) <= allowed
        }
    }

    /// The optimal string alignment distance between `a` and `b`.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
