import Foundation

/// What an ``AnimationQueue`` hears from the animation operations it runs: their cancels and
/// finishes, called outside the operation's lock (see `OperationLifecycle.Hooks`).
protocol OperationQueueHooks: AnyObject, Sendable {
    /// The operation was cancelled (its dependents follow, unless they opt out).
    func operationWasCancelled(_ operation: AnimationOperation)
    /// The operation is about to report its finish with `outcome`.
    func operationWillFinish(_ operation: AnimationOperation, outcome: AnimationOutcome)
    /// The operation reported its finish: its dependents may start.
    func operationDidFinish(_ operation: AnimationOperation)
}

/// What an ``AnimationRun`` hears from its animation steps, called outside the operation's
/// lock: the events it records.
protocol OperationRunHooks: AnyObject, Sendable {
    /// The step's animation began at media time `time`.
    func stepDidStart(_ operation: AnimationOperation, at time: CFTimeInterval)
    /// The step is about to report its finish with `outcome`, at media time `time`.
    func stepWillFinish(_ operation: AnimationOperation, outcome: AnimationOutcome, at time: CFTimeInterval)
}
