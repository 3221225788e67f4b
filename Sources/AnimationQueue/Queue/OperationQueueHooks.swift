import Foundation

/// What an ``AnimationQueue`` hears from the operations it runs that report to it
/// (``QueueReportingOperation``): their cancels and finishes, called outside the
/// operation's lock.
protocol OperationQueueHooks: AnyObject, Sendable {
    /// The operation was cancelled (its dependents follow, unless they opt out).
    func operationWasCancelled(_ operation: Operation)
    /// The operation is about to report its finish with `outcome`.
    func operationWillFinish(_ operation: Operation, outcome: AnimationOutcome)
    /// The operation reported its finish: its dependents may start.
    func operationDidFinish(_ operation: any QueueReportingOperation)
    /// Whether the queue holds back the operations that have not started (it is suspended,
    /// or the app is in the background): a gapless plan then commits none of them ahead.
    var holdsBackUnstarted: Bool { get }
}
