import Foundation

/// What `add(_:forKey:)` works with while it prepares the copy it stores: the layer, the values
/// its properties had before the transaction changed them, and what it has learned about the
/// key paths the copy animates.
///
/// A group's children often animate one key path together (a motion and its additive
/// corrections): the layer cannot change while its copy is prepared, so they share one look
/// at whether the key path is animatable and what it holds.
struct AttachmentPreparation {
    let layer: CALayer
    /// The values the transaction's changes replaced, by key (for an animation without values).
    let previousValues: [String: Any]
    /// The last key path looked at, and what it held then.
    private var lastLook: KeyPathLook?

    init(layer: CALayer, previousValues: [String: Any]) {
        self.layer = layer
        self.previousValues = previousValues
    }

    /// Whether `keyPath` can be animated on the layer, and its current value if so.
    mutating func look(at keyPath: String) -> KeyPathLook {
        if let lastLook, lastLook.keyPath == keyPath { return lastLook }
        let isAnimatable = layer.isAnimatableKeyPath(keyPath)
        let look = KeyPathLook(keyPath: keyPath, isAnimatable: isAnimatable,
                               current: isAnimatable ? layer.animatableValue(forKeyPath: keyPath) : nil,
                               accessor: LayerStateAccessor.resolve(keyPath))
        lastLook = look
        return look
    }
}

/// One key path of a layer, as an animation being attached sees it.
struct KeyPathLook {
    let keyPath: String
    let isAnimatable: Bool
    /// The layer's value there; nil if it holds none, or the key path is not animatable.
    let current: AnimatableValue?
    /// The typed accessor that frames read and write it with; nil for the key-value path.
    let accessor: LayerStateAccessor?
}
