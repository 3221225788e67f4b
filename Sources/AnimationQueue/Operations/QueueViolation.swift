import Foundation

/// Misuse of an ``AnimationQueue``: each reports the problem and the fix, then stops.
enum QueueViolation {
    static func dependencyCycle(_ cycle: [Operation], queue: String) -> Never {
        let names = cycle.map(displayName).joined(separator: " → ")
        preconditionFailure("AnimationQueue '\(queue)': dependency cycle \(names). Each of these operations waits for the next, so none could ever start. Remove one of these dependencies.")
    }

    static func addedTwice(_ operation: Operation, queue: String) -> Never {
        preconditionFailure("AnimationQueue '\(queue)': \(displayName(operation)) was already added to a queue or has already run. An operation runs once; create a new operation to animate again.")
    }

    static func invalidPlan(_ error: AnimationQueueError) -> Never {
        preconditionFailure(error.message)
    }

    /// The operation's name, or its type and address.
    static func displayName(_ operation: Operation) -> String {
        if let name = operation.name { return "'\(name)'" }
        return "\(type(of: operation))(\(ObjectIdentifier(operation).debugDescription.suffix(14)))"
    }
}
