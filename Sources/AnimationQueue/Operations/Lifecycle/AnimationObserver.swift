import Foundation

/// The delegate of an operation's animation: forwards `animationDidStart(_:)` (the begin
/// time Core Animation resolved) and `animationDidStop(_:finished:)` (finished or removed)
/// to the operation's lifecycle, tagged with the key the animation was added under, so the
/// callbacks of an animation discarded since are told apart. The animation holds it
/// strongly; it holds the operation weakly.
final class AnimationObserver: NSObject, CAAnimationDelegate, @unchecked Sendable {
    // Immutable after init; `weak` loads are atomic.
    weak var operation: AnimationOperation?
    let key: String

    init(operation: AnimationOperation, key: String) {
        self.operation = operation
        self.key = key
        super.init()
    }

    func animationDidStart(_ anim: CAAnimation) {
        operation?.animationDidStart(key: key, anim)
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        operation?.receive(.stopped(key: key, finished: flag))
    }
}
