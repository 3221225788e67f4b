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
    /// The values kept, in the order they were kept: (layer, key path).
    private var order: [(layer: ObjectIdentifier, keyPath: String)] = []

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
                order.append((id, keyPath))
            }
            entries[id] = entry
        }
    }

    /// Every value kept, with its layer, in the order kept, for the layers still alive. Each
    /// was read just before the run first wrote it, so written back in reverse they undo the
    /// run's writes, even where one key path contains another (`position`, `position.x`).
    var all: [(layer: CALayer, keyPath: String, value: Any?)] {
        lock.withLock {
            order.compactMap { id, keyPath in
                guard let entry = entries[id], let layer = entry.layer.object, let value = entry.values[keyPath] else { return nil }
                return (layer, keyPath, value)
            }
        }
    }
}
