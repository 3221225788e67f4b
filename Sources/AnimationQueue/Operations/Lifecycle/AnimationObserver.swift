import Foundation

/// The delegate of an operation's animation: forwards `animationDidStart(_:)` (the begin
/// time Core Animation resolved) and `animationDidStop(_:finished:)` (finished or removed)
/// to the operation's lifecycle, tagged with the key the animation was added under, so the
/// callbacks of an animation discarded since are told apart. The animation holds it
/// strongly; it holds the operation weakly.
///
/// With `watchesLayer`, it also reports the layer's deallocation. The animation Core
/// Animation keeps (the copy made by `add(_:forKey:)`) is then its only owner, and that copy
/// is released with the layer. If it goes while the layer is gone and the operation has not
/// finished, Core Animation dropped the animation without reporting its stop, and the
/// operation hears `layerGone` on the main queue's next turn: it finishes `.interrupted`
/// whether or not Core Animation ever calls back. Nothing is written to the layer for this.
final class AnimationObserver: NSObject, CAAnimationDelegate, @unchecked Sendable {
    // Immutable after init; `weak` loads are atomic.
    weak var operation: AnimationOperation?
    let key: String
    private let watchesLayer: Bool

    init(operation: AnimationOperation, key: String, watchesLayer: Bool = false) {
        self.operation = operation
        self.key = key
        self.watchesLayer = watchesLayer
        super.init()
    }

    func animationDidStart(_ anim: CAAnimation) {
        operation?.animationDidStart(key: key, anim)
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        operation?.receive(.stopped(key: key, finished: flag))
    }

    deinit {
        guard watchesLayer, let operation, operation.layer == nil, !operation.isFinished else { return }
        operation.receiveLayerGoneOnNextTurn()
    }
}
