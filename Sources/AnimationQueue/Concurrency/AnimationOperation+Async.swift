import Foundation

extension AnimationOperation {
    /// Suspends until the operation has finished and returns its outcome.
    ///
    /// Cancelling the awaiting task cancels the operation; the outcome is then `.cancelled`
    /// (or `.finished` if the animation had already ended). Never throws.
    public func waitForOutcome() async -> AnimationOutcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<AnimationOutcome, Never>) in
                let once = ResumeOnce(continuation)
                addHooks { hooks in
                    hooks.willFinish.append { _, outcome, _ in once.resume(outcome) }
                }
                // It may have finished before the hook was added.
                if let outcome { once.resume(outcome) }
            }
        } onCancel: {
            cancel()
        }
    }
}

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

/// Resumes a continuation at most once, from whichever path gets there first.
final class ResumeOnce<Value: Sendable>: @unchecked Sendable {
    // `lock` guards `continuation`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, Never>?

    init(_ continuation: CheckedContinuation<Value, Never>) { self.continuation = continuation }

    func resume(_ value: Value) {
        let pending = lock.withLock { () -> CheckedContinuation<Value, Never>? in
            defer { continuation = nil }
            return continuation
        }
        pending?.resume(returning: value)
    }
}
