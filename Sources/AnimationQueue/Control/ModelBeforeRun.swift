import Foundation

/// The model values a run's layers had before the run's steps first wrote them: what a run
/// played back to its start puts back.
///
/// A step keeps the values at the key paths it is about to write, on the main thread, just
/// before it writes its final values; only the first write of each key path of each layer
/// counts.
final class ModelBeforeRun: @unchecked Sendable {
    // `lock` guards `entries`. Nothing is called while it is held but the model reads of
    // `keep`, which take no lock of the package's.
    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]

    private struct Entry {
        let layer: WeakReference<CALayer>
        var values: [String: Any?] = [:]
    }

    /// Keeps `layer`'s model values at those of `keyPaths` not kept before (main thread).
    func keep(_ keyPaths: [String], of layer: CALayer) {
        lock.withLock {
            let id = ObjectIdentifier(layer)
            // An entry of a deallocated layer at the same address is replaced.
            var entry = entries[id].flatMap { $0.layer.object === layer ? $0 : nil } ?? Entry(layer: WeakReference(layer))
            for keyPath in keyPaths where entry.values.index(forKey: keyPath) == nil {
                entry.values.updateValue(LayerModelAccess.value(of: layer, at: keyPath), forKey: keyPath)
            }
            entries[id] = entry
        }
    }

    /// Every value kept, with its layer, for the layers still alive.
    var all: [(layer: CALayer, keyPath: String, value: Any?)] {
        lock.withLock {
            entries.values.flatMap { entry -> [(layer: CALayer, keyPath: String, value: Any?)] in
                guard let layer = entry.layer.object else { return [] }
                return entry.values.map { (layer, $0.key, $0.value) }
            }
        }
    }
}
