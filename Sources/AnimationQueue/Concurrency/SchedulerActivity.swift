import Foundation

/// What the scheduler is doing right now, for deterministic tests (AnimationQueueTesting):
/// work that will happen without time passing, such as an operation hopping to the main
/// thread or a ready operation its queue has not started yet.
package enum SchedulerActivity {
    // `lock` guards `active` and `queues`.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var active: [ObjectIdentifier: (operation: AnimationOperation, count: Int)] = [:]
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

    /// An animation operation starts work that needs no time to pass: its start and hop to
    /// the main thread, a cancellation applied on the main thread, a wake-up from a paused
    /// run's gate, or its finish with the hand-over of its dependents. Balanced by
    /// ``end(_:)``; the spans may nest and overlap. Begun before the state that would
    /// otherwise hide the work is visible, and ended after the work left its successor
    /// visible (an animation committed, a dependent handed over), so a test clock never sees
    /// a gap between the two.
    static func begin(_ operation: AnimationOperation) {
        lock.withLock { active[ObjectIdentifier(operation), default: (operation, 0)].count += 1 }
    }

    /// Ends a span of work begun with ``begin(_:)``.
    static func end(_ operation: AnimationOperation) {
        lock.withLock {
            let id = ObjectIdentifier(operation)
            guard let entry = active[id] else {
                preconditionFailure("Internal inconsistency: SchedulerActivity.end without begin for \(QueueViolation.displayName(operation))")
            }
            active[id] = entry.count > 1 ? (entry.operation, entry.count - 1) : nil
        }
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
    /// A test clock passes `belongs` to pick its own work: the animation operations in the
    /// middle of work (see ``begin(_:)``) whose layer belongs, or is gone (such work ends
    /// without time passing, and the layer no longer says whose it was), and the work in
    /// flight of every queue that holds an unfinished operation on a layer that belongs
    /// (including its plain operations). Queues are judged by their distinct layers, and only
    /// the matching queues' operations are looked at, so the cost does not grow with other
    /// tests' unrelated work.
    package static func workInFlight(onLayersWhere belongs: (CALayer) -> Bool) -> [Entry] {
        let (busy, liveQueues) = lock.withLock { (active.values.map(\.operation), queues.compactMap(\.queue)) }
        var work = busy.filter { $0.layer.map(belongs) ?? true }
            .map { Entry(operation: $0, queueName: nil, reason: "is starting, finishing or applying a cancel") }
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
