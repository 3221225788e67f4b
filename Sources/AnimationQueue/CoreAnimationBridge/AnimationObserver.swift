import Foundation

/// The delegate of an operation's animation: forwards `animationDidStart(_:)` (the begin
/// time Core Animation resolved) and `animationDidStop(_:finished:)` (finished or removed) to
/// the operation's lifecycle, tagged with the key the animation was added under, so the
/// callbacks of an animation discarded since are told apart. The completion of the
/// transaction that added the animation is forwarded by a block of its own
/// (``completion(of:key:)``), which does not hold the observer.
///
/// It holds the operation strongly. Its only owner is the animation Core Animation keeps (the
/// copy made by `add(_:forKey:)`; the operation clears the delegate of its own copy), and the
/// layer owns that copy: the observer goes once the animation is removed (the operation
/// removes it as it finishes) or the layer is deallocated, whether or not Core Animation ever
/// runs or releases the completion block. The operation holds neither, so nothing is kept
/// alive in a cycle.
///
/// With `watchesLayer`, it also reports the layer's deallocation. If the animation goes while
/// the layer is gone and the operation has not finished, the layer took its animations with
/// it, and the operation hears `layerGone` on the main queue's next turn: it finishes
/// `.interrupted` whether or not Core Animation ever calls back. Nothing is written to the
/// layer for this.
final class AnimationObserver: NSObject, CAAnimationDelegate, @unchecked Sendable {
    // Immutable after init.
    let operation: AnimationOperation
    let key: String
    private let watchesLayer: Bool

    init(operation: AnimationOperation, key: String, watchesLayer: Bool = false) {
        self.operation = operation
        self.key = key
        self.watchesLayer = watchesLayer
        super.init()
    }

    func animationDidStart(_ anim: CAAnimation) {
        operation.animationDidStart(key: key, anim)
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        operation.animationDidStop(key: key, finished: flag)
    }

    /// The completion block of the transaction that adds `operation`'s animation under
    /// `key`. It holds the operation, not the observer, so the observer's lifetime is the
    /// animation's alone.
    static func completion(of operation: AnimationOperation, key: String) -> @Sendable () -> Void {
        { operation.transactionDidComplete(key: key) }
    }

    deinit {
        guard watchesLayer, operation.layer == nil, !operation.isFinished else { return }
        operation.receiveLayerGoneOnNextTurn()
    }
}
