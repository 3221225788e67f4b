import Foundation

/// Every layer that has had an animation attached, held weakly, so that a clock entering the
/// background finds the layer trees running on it (a layer's clock is its root's, and changes
/// when the layer moves to another tree, so layers are matched to clocks only when asked).
///
/// All state is guarded by `Engine.lock`. Registering costs a dictionary lookup per
/// `add(_:forKey:)`; dead layers and layers with no animation left are pruned whenever the
/// list has doubled since the last pruning, so it stays proportional to the live layers.
enum AnimatedLayers {
    nonisolated(unsafe) private static var layers: [WeakLayer] = []
    nonisolated(unsafe) private static var indexByID: [ObjectIdentifier: Int] = [:]
    nonisolated(unsafe) private static var pruneAt = 64

    /// Registers `layer`, which has just had an animation attached; lock held.
    static func note(_ layer: CALayer) {
        let id = ObjectIdentifier(layer)
        if let index = indexByID[id], layers[index].layer === layer { return }
        // New, or the identifier of a freed layer reused: the entry goes at the end, so that
        // the list keeps the order in which layers first had an animation (the freed one's
        // entry is pruned).
        indexByID[id] = layers.count
        layers.append(WeakLayer(layer))
        if layers.count >= pruneAt { prune() }
    }

    /// The live layers whose tree runs on `clock` and that have animations attached, in the
    /// order they first had one; lock held.
    static func layers(on clock: any OQC.Clock) -> [CALayer] {
        prune()
        return layers.compactMap(\.layer).filter { $0.clock === clock }
    }

    /// Drops the entries of freed layers and of layers with no animation attached; lock held.
    private static func prune() {
        let live = layers.compactMap(\.layer).filter { !$0.attachments.isEmpty }
        layers = live.map(WeakLayer.init)
        indexByID = Dictionary(uniqueKeysWithValues: live.enumerated().map { (ObjectIdentifier($0.element), $0.offset) })
        pruneAt = max(64, 2 * live.count)
    }
}
