import Foundation

/// Which ``AnimationQueue`` holds each unfinished operation, process-wide, so an operation
/// added to a second queue is reported instead of being started twice.
enum QueueMembership {
    // `lock` guards `queues`.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var queues: [ObjectIdentifier: String] = [:]

    /// Records that `operation` belongs to the queue named `queue`; returns the name of the
    /// queue that already holds it, if another one does.
    static func claim(_ operation: Operation, for queue: String) -> String? {
        lock.withLock {
            let id = ObjectIdentifier(operation)
            if let other = queues[id] { return other }
            queues[id] = queue
            return nil
        }
    }

    /// Forgets a finished operation.
    static func release(_ operation: Operation) {
        _ = lock.withLock { queues.removeValue(forKey: ObjectIdentifier(operation)) }
    }
}
