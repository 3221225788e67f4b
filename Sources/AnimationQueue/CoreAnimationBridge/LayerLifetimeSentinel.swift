import Foundation

/// Tells the operations waiting on a layer without an animation of their own attached (held
/// at a paused run's gate, or taking over an animation committed ahead) that the layer was
/// deallocated. An operation whose fresh animation is attached hears of it from that
/// animation's delegate instead (`AnimationObserver`).
///
/// Core Animation documents no callback for an animation whose layer goes away. The
/// sentinel is stored in the layer's key-value storage (`setValue(_:forKey:)`, which every
/// `CALayer` supports for keys it does not declare), so it is released with the layer; its
/// deinit sends each watching operation `layerGone` on the main thread, and the operation
/// finishes `.interrupted` without waiting for Core Animation. Copies of the layer made by
/// `init(layer:)` (presentation layers) share the sentinel, so a presentation layer kept
/// alive delays the signal until it is released too.
final class LayerLifetimeSentinel: @unchecked Sendable {
    // `lock` guards `watchers`.
    private let lock = NSLock()
    /// Weak references to the watching operations, in the order they started watching.
    private var watchers: [WeakReference<AnimationOperation>] = []


    /// The key the sentinel is stored under.
    static let key = "AnimationQueue.lifetime"

    /// Makes `operation` hear of `layer`'s deallocation (main thread, inside the caller's
    /// transaction with actions disabled).
    static func watch(_ layer: CALayer, for operation: AnimationOperation) {
        if let existing = layer.value(forKey: key) as? LayerLifetimeSentinel {
            existing.add(operation)
        } else {
            let sentinel = LayerLifetimeSentinel(watching: operation)
            layer.setValue(sentinel, forKey: key)
        }
    }

    private init(watching operation: AnimationOperation) {
        watchers = [WeakReference(operation)]
    }

    private func add(_ operation: AnimationOperation) {
        lock.withLock {
            guard !watchers.contains(where: { $0.object === operation }) else { return }
            // Finished operations need no signal; dropping them, once there are a few, keeps
            // the list small on a layer that plays many steps.
            if watchers.count >= 8 {
                watchers.removeAll { $0.object.map { $0.isFinished } ?? true }
            }
            watchers.append(WeakReference(operation))
        }
    }

    deinit {
        for case let operation? in watchers.map(\.object) where !operation.isFinished {
            operation.receiveLayerGoneOnNextTurn()
        }
    }
}
