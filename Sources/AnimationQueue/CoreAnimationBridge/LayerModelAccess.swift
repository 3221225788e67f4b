import Foundation

/// Reads and writes a layer's values by key path: through `CALayer`'s typed properties where
/// the key path names one of the commonly animated ones, else through key-value coding.
///
/// Every step reads its layer's model value once and writes its final value once as it
/// begins; a typed property spares those accesses key-value coding's parsing and lookup. The
/// result is the same either way: a value of another type (an `NSValue` from an earlier
/// key-value read, say) goes through key-value coding, which converts it.
enum LayerModelAccess {
    /// The value at `keyPath`, as `value(forKeyPath:)` returns it.
    static func value(of layer: CALayer, at keyPath: String) -> Any? {
        switch keyPath {
        case "opacity": layer.opacity
        case "position": layer.position
        case "position.x": layer.position.x
        case "position.y": layer.position.y
        case "bounds": layer.bounds
        case "transform": layer.transform
        case "cornerRadius": layer.cornerRadius
        case "zPosition": layer.zPosition
        case "shadowOpacity": layer.shadowOpacity
        default: layer.value(forKeyPath: keyPath)
        }
    }

    /// Sets `keyPath` to `value`, as `setValue(_:forKeyPath:)` does.
    ///
    /// The key path is matched first and the value cast only to its property's type, so a
    /// write makes one cast; a value of another type falls through to key-value coding.
    static func set(_ value: Any?, at keyPath: String, of layer: CALayer) {
        switch keyPath {
        case "opacity": if let value = value as? Float { layer.opacity = value; return }
        case "position": if let value = value as? CGPoint { layer.position = value; return }
        case "position.x": if let value = value as? CGFloat { layer.position.x = value; return }
        case "position.y": if let value = value as? CGFloat { layer.position.y = value; return }
        case "bounds": if let value = value as? CGRect { layer.bounds = value; return }
        case "transform": if let value = value as? CATransform3D { layer.transform = value; return }
        case "cornerRadius": if let value = value as? CGFloat { layer.cornerRadius = value; return }
        case "zPosition": if let value = value as? CGFloat { layer.zPosition = value; return }
        case "shadowOpacity": if let value = value as? Float { layer.shadowOpacity = value; return }
        default: break
        }
        layer.setValue(value, forKeyPath: keyPath)
    }
}
