import Foundation

/// Which write last set each key path of a layer's model, in the order the writes came: an
/// operation cancelled after a later one has written a key path leaves that key path alone,
/// so the later animation's final value stays (Core Animation shows the animation added
/// last, and its operation wrote the model last).
///
/// Main thread only: every model write and cancellation policy of the scheduler runs there.
enum ModelWriters {
    // Read and written on the main thread only (see above), so no lock.
    nonisolated(unsafe) private static var layers: [ObjectIdentifier: Entry] = [:]
    nonisolated(unsafe) private static var lastWrite: UInt64 = 0
    /// The table size at which entries of deallocated layers are swept out.
    nonisolated(unsafe) private static var sweepAt = 64

    private struct Entry {
        weak var layer: CALayer?
        var writes: [String: UInt64] = [:]
    }

    /// Records a write of `keyPaths` to `layer`'s model and returns its number.
    static func record(_ keyPaths: [String], on layer: CALayer) -> UInt64 {
        lastWrite += 1
        let id = ObjectIdentifier(layer)
        if layers[id]?.layer !== layer {
            // A new layer, or a new one at the address of a deallocated one.
            layers[id] = Entry(layer: layer)
            if layers.count >= sweepAt {
                layers = layers.filter { $0.value.layer != nil }
                sweepAt = max(64, 2 * layers.count)
            }
        }
        for keyPath in keyPaths { layers[id]!.writes[keyPath] = lastWrite }
        return lastWrite
    }

    /// Whether a write after `write` set `keyPath` of `layer`'s model, or a key path that
    /// contains it (`position` contains `position.x`).
    static func isOverwritten(_ keyPath: String, on layer: CALayer, after write: UInt64) -> Bool {
        guard let entry = layers[ObjectIdentifier(layer)], entry.layer === layer else { return false }
        var path = Substring(keyPath)
        while true {
            if let later = entry.writes[String(path)], later > write { return true }
            guard let dot = path.lastIndex(of: ".") else { return false }
            path = path[..<dot]
        }
    }
}
