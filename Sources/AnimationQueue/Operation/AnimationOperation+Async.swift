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
