import Foundation

extension CALayer {
    /// The layer's sublayers, in back-to-front order; nil when it has none. Those of a
    /// presentation layer are the presentation layers of its model's committed sublayers
    /// (Apple: the presentation versions).
    ///
    /// Setting it replaces the sublayers; each new sublayer is first removed from its
    /// previous superlayer.
    public var sublayers: [CALayer]? {
        get {
            guard isPresentationCopy else { return Engine.locked { storedSublayers } }
            let presented = modelLayer?.sublayers?.compactMap { $0.presentation() } ?? []
            return presented.isEmpty ? nil : presented
        }
        set {
            for layer in Engine.locked({ storedSublayers ?? [] }) { layer.removeFromSuperlayer() }
            for layer in newValue ?? [] { addSublayer(layer) }
        }
    }

    /// The layer's superlayer, or nil for a root layer. That of a presentation layer is the
    /// presentation layer of its model's superlayer (Apple: the presentation version).
    public var superlayer: CALayer? {
        guard isPresentationCopy else { return Engine.locked { storedSuperlayer } }
        return modelLayer?.superlayer?.presentation()
    }

    /// The layer whose time and coordinate space this one's are relative to: the superlayer,
    /// or for a presentation layer its model's superlayer; lock held.
    var treeParentLocked: CALayer? { isPresentationCopy ? modelLayer?.storedSuperlayer : storedSuperlayer }

    /// Appends `layer` to the sublayers, removing it from its previous superlayer first.
    func appendSublayer(_ layer: CALayer) {
        insert(layer) { $0.count }
    }

    /// Inserts `layer` at `idx` in the sublayers (clamped to the end).
    public func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        insert(layer) { min(Int(idx), $0.count) }
    }

    /// Inserts `layer` directly below `sibling`, or at the bottom if `sibling` is not a sublayer.
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        insert(layer) { sublayers in sublayers.firstIndex { $0 === sibling } ?? 0 }
    }

    /// Inserts `layer` directly above `sibling`, or at the top if `sibling` is not a sublayer.
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        insert(layer) { sublayers in (sublayers.firstIndex { $0 === sibling }).map { $0 + 1 } ?? sublayers.count }
    }

    /// Replaces `oldLayer` with `newLayer`; does nothing if `oldLayer` is not a sublayer.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let index = Engine.locked({ storedSublayers?.firstIndex { $0 === oldLayer } }) else {
            OQC.report(.ignoredInput, key: "sublayers", "replaceSublayer(_:with:): the old layer is not a sublayer of this layer; nothing was replaced.")
            return
        }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(index))
    }

    /// Detaches the layer from its superlayer, which runs its action for `"sublayers"`. The
    /// layer's animations stay attached and keep their timing, now relative to its own clock;
    /// under ``OQC/Variance/detachRemoves`` (of the tree it leaves) the animations of the
    /// layer and its sublayers are removed.
    func detachFromSuperlayer() {
        let removesAnimations = clock.variance.contains(.detachRemoves)
        let parent: CALayer? = Engine.locked {
            guard let parent = storedSuperlayer else { return nil }
            parent.storedSublayers?.removeAll { $0 === self }
            if parent.storedSublayers?.isEmpty == true { parent.storedSublayers = nil }
            storedSuperlayer = nil
            return parent
        }
        guard let parent else { return }
        Transactions.noteChange(to: self)
        if removesAnimations {
            for layer in Engine.locked({ subtree() }) { layer.removeAllAnimations() }
        }
        rescheduleTimingOfSubtree()
        parent.sublayersDidChange()
    }

    private func insert(_ layer: CALayer, at index: ([CALayer]) -> Int) {
        guard layer !== self else {
            OQC.report(.ignoredInput, key: "sublayers", "a layer cannot be its own sublayer; the call is ignored.")
            return
        }
        guard !Engine.locked({ isDescendant(of: layer) }) else {
            OQC.report(.ignoredInput, key: "sublayers", "adding a layer's ancestor as its sublayer would make a cycle; the call is ignored.")
            return
        }
        layer.removeFromSuperlayer()
        Engine.locked {
            // In place: copying the list on every insert made adding n sublayers O(n²).
            let position = max(0, min(index(storedSublayers ?? []), storedSublayers?.count ?? 0))
            if storedSublayers == nil {
                storedSublayers = [layer]
            } else {
                storedSublayers!.insert(layer, at: position)
            }
            layer.storedSuperlayer = self
        }
        Transactions.noteChange(to: self)
        Transactions.noteChange(to: layer)
        layer.rescheduleTimingOfSubtree()
        sublayersDidChange()
    }

    /// Whether `ancestor` is this layer or one of its ancestors; call with the lock held.
    func isDescendant(of ancestor: CALayer) -> Bool {
        var layer: CALayer? = self
        while let current = layer {
            if current === ancestor { return true }
            layer = current.storedSuperlayer
        }
        return false
    }

    /// This layer and all its descendants, depth first; call with the lock held.
    func subtree() -> [CALayer] {
        var result: [CALayer] = [self]
        var index = 0
        while index < result.count {
            result += result[index].storedSublayers ?? []
            index += 1
        }
        return result
    }
}
