import Foundation

/// What the scheduler is doing right now, for deterministic tests (AnimationQueueTesting):
/// work that will happen without time passing, such as an operation hopping to the main
/// thread or a ready operation its queue has not started yet.
package enum SchedulerActivity {
    // `lock` guards `hopping` and `queues`.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var hopping: [ObjectIdentifier: AnimationOperation] = [:]
    nonisolated(unsafe) private static var queues: [WeakQueue] = []

    private struct WeakQueue { weak var queue: AnimationQueue? }

    /// An operation with work in flight, or unfinished, and where it is.
    package struct Entry {
        package let operation: Operation
        package let queueName: String?
        package let reason: String

        /// A one-line description for test reports.
        package var description: String {
            "\(QueueViolation.displayName(operation)) \(reason)" + (queueName.map { " on '\($0)'" } ?? "")
        }
    }

    static func hopStarted(_ operation: AnimationOperation) {
        lock.withLock { hopping[ObjectIdentifier(operation)] = operation }
    }

    static func hopEnded(_ operation: AnimationOperation) {
        _ = lock.withLock { hopping.removeValue(forKey: ObjectIdentifier(operation)) }
    }

    static func register(_ queue: AnimationQueue) {
        lock.withLock {
            queues.removeAll { $0.queue == nil }
            queues.append(WeakQueue(queue: queue))
        }
    }

    /// Every queue that is alive: owned, or kept alive by its unfinished operations.
    static func liveQueues() -> [AnimationQueue] {
        lock.withLock { queues.compactMap(\.queue) }
    }

    /// Work that will happen without time passing: empty when idle until time moves.
    package static func workInFlight() -> [Entry] {
        let (hops, liveQueues) = lock.withLock { (Array(hopping.values), queues.compactMap(\.queue)) }
        var work = hops.map { Entry(operation: $0, queueName: nil, reason: "is hopping to the main thread") }
        for queue in liveQueues {
            work += queue.progressingWithoutTime.map { Entry(operation: $0.operation, queueName: queue.name, reason: $0.reason) }
        }
        return work
    }

    /// Operations added to a live queue and not finished, grouped with their queue's name.
    package static func unfinishedOperations() -> [Entry] {
        let liveQueues = lock.withLock { queues.compactMap(\.queue) }
        return liveQueues.flatMap { queue in
            queue.unfinished.map { Entry(operation: $0, queueName: queue.name, reason: "is unfinished") }
        }
    }
}
