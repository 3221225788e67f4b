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

    /// The layer's superlayer, or nil for a root layer; for a layer's `mask`, the layer it
    /// masks (`CALayer.h`: `removeFromSuperlayer` "works both if the receiver is in its
    /// superlayer's `sublayers' array or set as its `mask' value"). That of a presentation layer is the
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

    /// Inserts `layer` directly below `sibling`, or at the bottom if `sibling` is nil. A
    /// `sibling` that is not a sublayer is reported and the call ignored (Apple: "If
    /// `sublayer` is not in the receiver's `sublayers` array, this method raises an exception").
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        guard isSublayerOrNil(sibling, "insertSublayer(_:below:)") else { return }
        insert(layer) { sublayers in sublayers.firstIndex { $0 === sibling } ?? 0 }
    }

    /// Inserts `layer` directly above `sibling`, or at the top if `sibling` is nil. A
    /// `sibling` that is not a sublayer is reported and the call ignored (Apple: "If
    /// `sublayer` is not in the receiver's `sublayers` array, this method raises an exception").
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        guard isSublayerOrNil(sibling, "insertSublayer(_:above:)") else { return }
        insert(layer) { sublayers in (sublayers.firstIndex { $0 === sibling }).map { $0 + 1 } ?? sublayers.count }
    }

    /// Whether `sibling` is nil or one of the sublayers; reports it otherwise.
    private func isSublayerOrNil(_ sibling: CALayer?, _ method: String) -> Bool {
        guard let sibling, !Engine.locked({ storedSublayers?.contains { $0 === sibling } == true }) else { return true }
        OQC.report(.ignoredInput, key: "sublayers", "\(method): the sibling is not a sublayer of this layer (Core Animation raises an exception); nothing was inserted.")
        return false
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
    ///
    /// A mask leaves its layer the same way: the layer's `mask` becomes nil (`CALayer.h`:
    /// `removeFromSuperlayer` "works both if the receiver is in its superlayer's `sublayers'
    /// array or set as its `mask' value").
    func detachFromSuperlayer() {
        let removesAnimations = clock.variance.contains(.detachRemoves)
        let (parent, isMask): (CALayer?, Bool) = Engine.locked {
            guard let parent = storedSuperlayer else { return (nil, false) }
            if parent.storage.mask === self { return (parent, true) }
            parent.storedSublayers?.removeAll { $0 === self }
            if parent.storedSublayers?.isEmpty == true { parent.storedSublayers = nil }
            storedSuperlayer = nil
            return (parent, false)
        }
        guard let parent else { return }
        if isMask {
            parent.mask = nil   // unlinks this layer (``adoptMask(replacing:)``)
        } else {
            Transactions.noteChange(to: self)
        }
        if removesAnimations {
            for layer in Engine.locked({ subtree() }) { layer.removeAllAnimations() }
        }
        guard !isMask else { return }
        rescheduleTimingOfSubtree()
        parent.sublayersDidChange()
    }

    /// After `mask` changed from `old`: the new mask's superlayer is this layer (a mask that
    /// had another superlayer leaves it first: Apple leaves that case undefined), and the old
    /// mask's superlayer is nil. A mask that is this layer or one of its ancestors would make
    /// a cycle; it is stored but not linked.
    func adoptMask(replacing old: CALayer?) {
        let new = Engine.locked { storage.mask }
        guard new !== old else { return }
        if let old, Engine.locked({ () -> Bool in
            guard old.storedSuperlayer === self else { return false }
            old.storedSuperlayer = nil
            return true
        }) {
            Transactions.noteChange(to: old)
            old.rescheduleTimingOfSubtree()
        }
        guard let new, new.superlayer !== self || Engine.locked({ storedSublayers?.contains { $0 === new } == true }) else { return }
        guard !Engine.locked({ isDescendant(of: new) }) else {
            OQC.report(.ignoredInput, key: "mask", "a layer's mask cannot be the layer itself or one of its ancestors; its superlayer is left unchanged.")
            return
        }
        new.removeFromSuperlayer()
        Engine.locked { new.storedSuperlayer = self }
        Transactions.noteChange(to: new)
        new.rescheduleTimingOfSubtree()
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

    /// This layer and all its descendants, masks included, breadth first; call with the lock
    /// held.
    func subtree() -> [CALayer] {
        var result: [CALayer] = [self]
        var index = 0
        while index < result.count {
            let layer = result[index]
            result += layer.storedSublayers ?? []
            if let mask = layer.storage.mask, mask.storedSuperlayer === layer { result.append(mask) }
            index += 1
        }
        return result
    }
}
