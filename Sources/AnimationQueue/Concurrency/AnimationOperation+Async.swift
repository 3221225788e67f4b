import Foundation

extension AnimationOperation {
    /// Suspends until the operation has finished and returns its outcome. When it returns,
    /// the operation reports `isFinished`, and an ``AnimationQueue`` running it has handed
    /// its dependents over (with one exception, below).
    ///
    /// Cancelling the awaiting task cancels the operation; the outcome is then `.cancelled`
    /// (or `.finished` if the animation had already ended). The exception: an operation that
    /// has not started and is in no ``AnimationQueue`` (in no queue at all, which nothing may
    /// ever start, or in an `OperationQueue`, which starts it when it gets to it) returns
    /// `.cancelled` at once, before it reports `isFinished`: the outcome its start will give
    /// it. Never throws.
    public func waitForOutcome() async -> AnimationOutcome {
        let wait = OutcomeWait()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<AnimationOutcome, Never>) in
                wait.attach(continuation)
                whenFinished { wait.deliver($0) }
            }
        } onCancel: {
            cancel()
            if withLifecycle({ $0.isUnstarted }), QueueMembership.holder(of: self) == nil { wait.deliver(.cancelled) }
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

/// The outcome of one ``AnimationOperation/waitForOutcome()``, delivered once: the first of
/// the operation's finish and the awaiting task's cancel, which may come before the wait's
/// continuation exists (a task cancelled already).
final class OutcomeWait: @unchecked Sendable {
    // `lock` guards all three.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<AnimationOutcome, Never>?
    /// An outcome delivered before the continuation was attached.
    private var early: AnimationOutcome?
    private var isDone = false

    func attach(_ continuation: CheckedContinuation<AnimationOutcome, Never>) {
        let ready = lock.withLock { () -> AnimationOutcome? in
            guard let early else {
                self.continuation = continuation
                return nil
            }
            isDone = true
            return early
        }
        if let ready { continuation.resume(returning: ready) }
    }

    func deliver(_ outcome: AnimationOutcome) {
        let waiting = lock.withLock { () -> CheckedContinuation<AnimationOutcome, Never>? in
            guard !isDone else { return nil }
            guard let continuation else {
                if early == nil { early = outcome }
                return nil
            }
            isDone = true
            self.continuation = nil
            return continuation
        }
        waiting?.resume(returning: outcome)
    }
}
