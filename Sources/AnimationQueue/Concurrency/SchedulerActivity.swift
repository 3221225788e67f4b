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

    /// Work on some layers that will happen without time passing: empty when that work is
    /// idle until time moves.
    ///
    /// A test clock passes `belongs` to pick its own work: the animation operations hopping
    /// to the main thread whose layer belongs, and the work in flight of every queue that
    /// holds an unfinished operation on such a layer (including its plain operations).
    /// Queues are judged by their distinct layers, and only the matching queues' operations
    /// are looked at, so the cost does not grow with other tests' unrelated work.
    package static func workInFlight(onLayersWhere belongs: (CALayer) -> Bool) -> [Entry] {
        let (hops, liveQueues) = lock.withLock { (Array(hopping.values), queues.compactMap(\.queue)) }
        var work = hops.filter { $0.layer.map(belongs) ?? false }
            .map { Entry(operation: $0, queueName: nil, reason: "is hopping to the main thread") }
        for queue in liveQueues where queue.holdsOperations(onLayerWhere: belongs) {
            work += queue.progressingWithoutTime.map { Entry(operation: $0.operation, queueName: queue.name, reason: $0.reason) }
        }
        return work
    }

    /// The unfinished operations of every live queue that holds an unfinished operation on
    /// a layer for which `belongs` is true, with their queue's name.
    package static func unfinishedOperations(onLayersWhere belongs: (CALayer) -> Bool) -> [Entry] {
        let liveQueues = lock.withLock { queues.compactMap(\.queue) }
        return liveQueues.filter { $0.holdsOperations(onLayerWhere: belongs) }.flatMap { queue in
            queue.unfinished.map { Entry(operation: $0, queueName: queue.name, reason: "is unfinished") }
        }
    }
}
