import Foundation

/// What an ``AnimationRun`` hears from its animation steps, called outside the operation's
/// lock: the events it records.
protocol OperationRunHooks: AnyObject, Sendable {
    /// The step's animation began at media time `time`.
    func stepDidStart(_ operation: AnimationOperation, at time: CFTimeInterval)
    /// The step is about to report its finish with `outcome`, at media time `time`.
    func stepWillFinish(_ operation: AnimationOperation, outcome: AnimationOutcome, at time: CFTimeInterval)
    /// The step reports `isFinished`, and its queue has handed its dependents over.
    func stepDidFinish(_ operation: AnimationOperation)
}
