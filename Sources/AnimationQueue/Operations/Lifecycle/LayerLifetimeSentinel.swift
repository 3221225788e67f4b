import Foundation

/// Tells the operations animating a layer that the layer was deallocated.
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
    private var watchers: [ObjectIdentifier: WeakWatcher] = [:]

    private struct WeakWatcher { weak var operation: AnimationOperation? }

    /// The key the sentinel is stored under.
    static let key = "AnimationQueue.lifetime"

    /// Makes `operation` hear of `layer`'s deallocation (main thread, inside the caller's
    /// transaction with actions disabled).
    static func watch(_ layer: CALayer, for operation: AnimationOperation) {
        let sentinel: LayerLifetimeSentinel
        if let existing = layer.value(forKey: key) as? LayerLifetimeSentinel {
            sentinel = existing
        } else {
            sentinel = LayerLifetimeSentinel()
            layer.setValue(sentinel, forKey: key)
        }
        sentinel.add(operation)
    }

    private func add(_ operation: AnimationOperation) {
        lock.withLock {
            // Finished operations need no signal; dropping them, once there are a few, keeps
            // the table small on a layer that plays many steps.
            if watchers.count >= 8 {
                watchers = watchers.filter { $0.value.operation.map { !$0.isFinished } ?? false }
            }
            watchers[ObjectIdentifier(operation)] = WeakWatcher(operation: operation)
        }
    }

    deinit {
        // The layer may be released anywhere, even inside Core Animation's own locked
        // work: the operations hear of it on the main queue's next turn.
        for case let operation? in watchers.values.map(\.operation) where !operation.isFinished {
            SchedulerActivity.begin(operation)
            DispatchQueue.main.async {
                operation.receive(.layerGone)
                SchedulerActivity.end(operation)
            }
        }
    }
}
