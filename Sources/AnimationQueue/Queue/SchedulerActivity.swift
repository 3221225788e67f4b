import Foundation

/// What the scheduler is doing on one tracked clock right now, for deterministic tests
/// (AnimationQueueTesting): work that will happen without time passing, such as an operation
/// hopping to the main thread or a ready operation its queue has not started yet.
///
/// Only a clock that a test clock tracks has an activity (``track(_:)``). An operation finds
/// its clock's activity once, when it is created, through its layer's clock
/// (``MediaClock/Source``); a plan's block step, through the plan's timing layer. An
/// operation on any other clock, which is every operation in an app, records nothing:
/// ``begin(_:)``, ``end(_:)``, ``joined(_:queue:)`` and ``left(_:queue:)`` read one nil and
/// return.
package final class SchedulerActivity: @unchecked Sendable {
    // `lock` guards `active` and `queues`. Nothing is called while it is held, so it is
    // always the innermost lock (a queue may call in while holding its own).
    private let lock = NSLock()
    private var active: [ObjectIdentifier: (operation: AnimationOperation, count: Int)] = [:]
    /// The queues holding unfinished operations on this clock, each with how many.
    private var queues: [ObjectIdentifier: QueueCount] = [:]

    private struct QueueCount {
        weak var queue: AnimationQueue?
        var operations: Int
    }

    /// An operation with work in flight, or unfinished, and where it is.
    package struct Entry: Sendable {
        package let description: String

        init(_ operation: Operation, queueName: String?, reason: String) {
            description = "\(QueueViolation.displayName(operation)) \(reason)" + (queueName.map { " on '\($0)'" } ?? "")
        }
    }

    private init() {}

    // MARK: The scheduler's calls

    /// An animation operation starts work that needs no time to pass: its start and hop to
    /// the main thread, a cancellation applied on the main thread, a wake-up from a paused
    /// run's gate, or its finish with the hand-over of its dependents. Balanced by
    /// ``end(_:)``; the spans may nest and overlap. Begun before the state that would
    /// otherwise hide the work is visible, and ended after the work left its successor
    /// visible (an animation committed, a dependent handed over), so a test clock never sees
    /// a gap between the two. Records nothing unless the operation's clock is tracked.
    static func begin(_ operation: AnimationOperation) {
        operation.timeSource.activity?.begin(operation)
    }

    /// Ends a span of work begun with ``begin(_:)``.
    static func end(_ operation: AnimationOperation) {
        operation.timeSource.activity?.end(operation)
    }

    /// `operation` joined `queue` (inside the queue's lock, before the queue hands it over).
    static func joined(_ operation: Operation, queue: AnimationQueue) {
        of(operation)?.joined(queue)
    }

    /// `operation`, which joined `queue`, finished.
    static func left(_ operation: Operation, queue: AnimationQueue) {
        of(operation)?.left(queue)
    }

    /// An animation operation's clock's activity, or that of the plan a block step belongs
    /// to; nil for other operations, and for operations on a clock no test clock tracks.
    static func of(_ operation: Operation) -> SchedulerActivity? {
        switch operation {
        case let animation as AnimationOperation: animation.timeSource.activity
        case let block as MainThreadOperation: block.activity
        default: nil
        }
    }

    private func begin(_ operation: AnimationOperation) {
        lock.withLock { active[ObjectIdentifier(operation), default: (operation, 0)].count += 1 }
    }

    private func end(_ operation: AnimationOperation) {
        lock.withLock {
            let id = ObjectIdentifier(operation)
            guard let entry = active[id] else {
                preconditionFailure("Internal inconsistency: SchedulerActivity.end without begin for \(QueueViolation.displayName(operation))")
            }
            active[id] = entry.count > 1 ? (entry.operation, entry.count - 1) : nil
        }
    }

    private func joined(_ queue: AnimationQueue) {
        lock.withLock {
            let id = ObjectIdentifier(queue)
            queues[id, default: QueueCount(queue: queue, operations: 0)].operations += 1
            // A queue at the address of a deallocated one takes over its entry.
            queues[id]!.queue = queue
        }
    }

    private func left(_ queue: AnimationQueue) {
        lock.withLock {
            let id = ObjectIdentifier(queue)
            guard let count = queues[id] else { return }
            queues[id] = count.operations > 1 ? QueueCount(queue: count.queue, operations: count.operations - 1) : nil
        }
    }

    // MARK: The test clock's questions

    /// Work on this clock that will happen without time passing: empty when that work is
    /// idle until time moves.
    ///
    /// The animation operations in the middle of work (see ``begin(_:)``), and the work in
    /// flight of every queue that holds an unfinished operation on this clock: its operations
    /// on this clock, and the plain operations that gate them (or no clock's work). Other
    /// clocks' operations, and plain operations that gate only theirs, are left to those
    /// clocks, so tests that share a queue do not wait for each other.
    package var workInFlight: [Entry] {
        let (busy, liveQueues) = lock.withLock { (active.values.map(\.operation), queues.values.compactMap(\.queue)) }
        var work = busy.map { Entry($0, queueName: nil, reason: "is starting, finishing or applying a cancel") }
        for queue in liveQueues {
            work += queue.progressingWithoutTime(concerning: self).map { Entry($0.operation, queueName: queue.name, reason: $0.reason) }
        }
        return work
    }

    /// The unfinished operations that concern this clock (as in ``workInFlight``) of every
    /// queue that holds an unfinished operation on it, with their queue's name.
    package var unfinishedOperations: [Entry] {
        let liveQueues = lock.withLock { queues.values.compactMap(\.queue) }
        return liveQueues.flatMap { queue in
            queue.unfinished(concerning: self).map { Entry($0, queueName: queue.name, reason: "is unfinished") }
        }
    }

    // MARK: Tracked clocks

    #if !canImport(QuartzCore)
    // `registryLock` guards `tracked`: the clocks that test clocks track, held weakly. Its
    // accesses skip the run-time exclusivity check, which the lock makes redundant (every
    // operation looks its clock up as it is created).
    private static let registryLock = NSLock()
    @exclusivity(unchecked) nonisolated(unsafe) private static var tracked: [ObjectIdentifier: WeakReference<SchedulerActivity>] = [:]


    /// Starts tracking the operations created from now on for layers on `clock`.
    ///
    /// The caller keeps the returned activity, which (with the clock) must stay alive as
    /// long as it is tracked; ``stopTracking(_:)`` ends the tracking.
    package static func track(_ clock: any OQC.Clock) -> SchedulerActivity {
        let activity = SchedulerActivity()
        registryLock.withLock {
            tracked = tracked.filter { $0.value.object != nil }
            tracked[ObjectIdentifier(clock)] = WeakReference(activity)
        }
        return activity
    }

    /// Stops tracking `clock`.
    package static func stopTracking(_ clock: any OQC.Clock) {
        registryLock.withLock { tracked[ObjectIdentifier(clock)] = nil }
    }

    /// The activity of a tracked clock; nil for the real clock without looking further.
    static func activity(of clock: any OQC.Clock) -> SchedulerActivity? {
        if clock is OQC.RealClock { return nil }
        return registryLock.withLock { tracked[ObjectIdentifier(clock)]?.object }
    }
    #endif
}
