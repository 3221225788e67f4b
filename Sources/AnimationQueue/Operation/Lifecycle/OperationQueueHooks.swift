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
    /// Whether the queue holds back the operations that have not started (it is suspended,
    /// or the app is in the background): a gapless plan then commits none of them ahead.
    var holdsBackUnstarted: Bool { get }
}
