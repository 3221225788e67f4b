import Foundation

/// A problem with a plan or a graph, found before anything runs.
///
/// ``AnimationPlan/validate()`` throws it; ``AnimationQueue/run(_:motion:background:)`` stops the
/// program with its message, since running a broken plan could only hang or misbehave.
public struct AnimationQueueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Sendable, Hashable {
        /// The plan has no steps.
        case emptyPlan
        /// Two steps share a name.
        case duplicateStepName
        /// A step depends on a name that no step in the plan has.
        case unknownStepName
        /// Dependencies form a cycle, so none of the operations on it could start.
        case dependencyCycle
    }

    /// What went wrong.
    public let code: Code
    /// The problem and the fix, naming the steps involved.
    public let message: String

    /// The message.
    public var description: String { message }
}
