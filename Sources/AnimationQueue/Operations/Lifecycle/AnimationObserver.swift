import Foundation

/// The delegate of an operation's animation and the completion of the transaction that
/// added it: forwards `animationDidStart(_:)` (the begin time Core Animation resolved),
/// `animationDidStop(_:finished:)` (finished or removed) and the completion to the
/// operation's lifecycle, tagged with the key the animation was added under, so the
/// callbacks of an animation discarded since are told apart.
///
/// It holds the operation strongly. Its owners are the animation Core Animation keeps (the
/// copy made by `add(_:forKey:)`; the operation clears the delegate of its own copy) and the
/// completion block of the adding transaction, which Core Animation releases once it ran:
/// both go once the animation is removed (the operation removes it as it finishes) or its
/// layer is gone, and the operation holds neither, so nothing is kept alive in a cycle.
///
/// With `watchesLayer`, it also reports the layer's deallocation. If the animation goes while
/// the layer is gone and the operation has not finished, Core Animation dropped the animation
/// without reporting its stop, and the operation hears `layerGone` on the main queue's next
/// turn: it finishes `.interrupted` whether or not Core Animation ever calls back. Nothing is
/// written to the layer for this.
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
        operation.receive(.stopped(key: key, finished: flag))
    }

    /// The completion block of the transaction that added the animation.
    @Sendable func transactionDidComplete() {
        operation.receive(.completed(key: key))
    }

    deinit {
        guard watchesLayer, operation.layer == nil, !operation.isFinished else { return }
        operation.receiveLayerGoneOnNextTurn()
    }
}
