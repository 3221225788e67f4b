import Foundation

extension CALayer {
    /// Plays `animation` on this layer and returns how it ended; never throws.
    ///
    /// ```swift
    /// let outcome = await badge.run(BasicAnimation(.opacity, to: 1, duration: 0.3))
    /// ```
    ///
    /// Cancelling the awaiting task cancels the animation, which applies `cancellationPolicy`.
    /// Called from a task that is already cancelled, it returns `.cancelled` without touching
    /// the layer.
    ///
    /// - Parameters:
    ///   - animation: The animation.
    ///   - queue: The queue to run on (`.main`).
    ///   - cancellationPolicy: What the layer shows if cancelled while animating.
    ///   - motion: Whether motion is reduced.
    ///   - isolation: The actor the call runs on; the default, `#isolation`, is the caller's.
    public func run(
        _ animation: some LayerAnimation,
        on queue: AnimationQueue = .main,
        cancellationPolicy: CancellationPolicy = .holdPresentation,
        motion: MotionPolicy = .system,
        isolation: isolated (any Actor)? = #isolation
    ) async -> AnimationOutcome {
        let operation = AnimationOperation(layer: self, animation: animation)
        operation.cancellationPolicy = cancellationPolicy
        operation.motion = motion
        // Cancelled before it is added, it finishes at once: the wait below may first hop off
        // this actor, and the operation could otherwise start meanwhile.
        if Task.isCancelled { operation.cancel() }
        queue.addOperation(operation)
        return await operation.waitForOutcome()
    }
}
