import Foundation

extension CALayer {
    // MARK: Storage access

    /// Reads a stored property under the engine lock.
    @inline(__always)
    func read<V>(_ keyPath: KeyPath<LayerState, V>) -> V {
        Engine.locked { storage[keyPath: keyPath] }
    }

    /// Writes a stored property as a property change: runs the action for `key`, registers
    /// the layer with the current transaction, and reschedules timing if needed.
    func write<V>(_ keyPath: WritableKeyPath<LayerState, V>, _ value: V, key: String) {
        let change = willChangeValue(forLayerKey: key)
        Engine.locked { storage[keyPath: keyPath] = value }
        didChangeValue(forLayerKey: key, change)
    }

    /// The root of this layer's tree.
    var root: CALayer {
        Engine.locked {
            var layer = self
            while let parent = layer.storedSuperlayer { layer = parent }
            return layer
        }
    }

    /// The clock this layer's tree runs on.
    var clock: any OQC.Clock {
        if let model = modelLayer { return model.clock }
        return Engine.locked { root.ownClock }
    }

    func assignClock(_ clock: any OQC.Clock) {
        Engine.locked { ownClock = clock }
        rescheduleTimingOfSubtree()
    }
}
