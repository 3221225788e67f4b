import Foundation

/// The layers that a queue's unfinished animation operations animate, each with how many
/// operations animate it, so that a test clock can tell whether a queue holds work on its
/// layers by looking at each layer once instead of at every operation. Layers are held
/// weakly, as `AnimationOperation` holds its layer. Not thread-safe; the queue locks it.
struct LayerTally {
    private struct Count {
        weak var layer: CALayer?
        var operations: Int
    }

    private var counts: [ObjectIdentifier: Count] = [:]
    /// The layer each counted operation was added with, so that it is uncounted even after
    /// the layer is gone.
    private var layerOfOperation: [ObjectIdentifier: ObjectIdentifier] = [:]

    /// Counts `operation` if it animates a layer.
    mutating func add(_ operation: Operation) {
        guard let layer = (operation as? AnimationOperation)?.layer else { return }
        let key = ObjectIdentifier(layer)
        layerOfOperation[ObjectIdentifier(operation)] = key
        counts[key, default: Count(layer: layer, operations: 0)].operations += 1
        // A layer at the address of a deallocated one takes over its entry.
        counts[key]!.layer = layer
    }

    /// Uncounts a finished operation.
    mutating func remove(_ operation: Operation) {
        guard let key = layerOfOperation.removeValue(forKey: ObjectIdentifier(operation)) else { return }
        counts[key]!.operations -= 1
        if counts[key]!.operations == 0 { counts[key] = nil }
    }

    /// The distinct layers still alive that unfinished operations animate.
    var layers: [CALayer] { counts.values.compactMap(\.layer) }
}
