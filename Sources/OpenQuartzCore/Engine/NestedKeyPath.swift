/// Dotted key paths (`"position.x"`, `"superlayer.name"`): where the first key ends, and the
/// objects whose key paths of their own take the rest of the path, as key-value coding hands
/// it on: layers and animations. Layers, animations and emitter cells read and write their
/// key paths through it.
enum NestedKeyPath {
    /// `keyPath`'s first key and the rest, or nil for a single key.
    static func split(_ keyPath: String) -> (root: String, rest: String)? {
        guard let dot = keyPath.utf8.firstIndex(of: UInt8(ascii: ".")) else { return nil }
        return (String(keyPath[..<dot]), String(keyPath[keyPath.index(after: dot)...]))
    }

    /// The value at `rest` in `root` when `root` is a layer or an animation (possibly nil);
    /// `.none` for any other value.
    static func value(in root: Any?, at rest: String) -> Any?? {
        switch root {
        case let layer as CALayer: .some(layer.value(forKeyPath: rest))
        case let animation as CAAnimation: .some(animation.value(forKeyPath: rest))
        default: .none
        }
    }

    /// Sets `value` at `rest` in `root` when `root` is a layer or an animation; false for any
    /// other value.
    static func setValue(_ value: Any?, in root: Any?, at rest: String) -> Bool {
        switch root {
        case let layer as CALayer: layer.setValue(value, forKeyPath: rest)
        case let animation as CAAnimation: animation.setValue(value, forKeyPath: rest)
        default: return false
        }
        return true
    }
}
