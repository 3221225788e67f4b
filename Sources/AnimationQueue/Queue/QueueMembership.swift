import Foundation

/// Which ``AnimationQueue`` holds each unfinished operation, process-wide, so an operation
/// added to a second queue is reported instead of being started twice.
enum QueueMembership {
    // `lock` guards `queues`. The lock already rules out overlapping accesses, so they skip
    // the run-time exclusivity check.
    private static let lock = NSLock()
    @exclusivity(unchecked) nonisolated(unsafe) private static var queues: [ObjectIdentifier: String] = [:]

    /// Records that `operations` belong to the queue named `queue`, in one step; returns the
    /// first of them that another queue already holds, with that queue's name. The caller
    /// stops there (it is a programming error), so what was recorded before it stays.
    static func claim(_ operations: [Operation], for queue: String) -> (operation: Operation, other: String)? {
        lock.withLock {
            queues.reserveCapacity(queues.count + operations.count)
            for operation in operations {
                let id = ObjectIdentifier(operation)
                if let other = queues.updateValue(queue, forKey: id) {
                    queues[id] = other
                    return (operation, other)
                }
            }
            return nil
        }
    }

    /// The name of the queue that holds `operation`, if one does.
    static func holder(of operation: Operation) -> String? {
        lock.withLock { queues[ObjectIdentifier(operation)] }
    }

    /// Forgets a finished operation.
    static func release(_ operation: Operation) {
        _ = lock.withLock { queues.removeValue(forKey: ObjectIdentifier(operation)) }
    }
}
