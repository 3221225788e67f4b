import Foundation

/// What the scheduler is doing on one tracked clock right now, for deterministic tests
/// (AnimationQueueTesting): work that will happen without time passing, such as an operation
/// hopping to the main thread or a ready operation its queue has not started yet.
///
/// Only a clock that a test clock tracks has an activity (``track(_:)``). An operation finds
/// its clock's activity once, when it is created, through its layer's clock
/// (``MediaClock/Source``); a plan's block step, through the plan's timing layer. An
/// operation on any other clock, which is every operation in an app, records nothing.
///
/// The work in flight is read from the operations themselves, not recorded as it begins and
/// ends: each operation says what it will do without time passing
/// (``QueueReportingOperation/workWithoutTime``), which an animation operation derives from
/// its lifecycle's state. The activity knows which operations to ask: the animation
/// operations and a plan's block steps that started on its clock, until every observer has
/// heard their finish (``StartedOperation``), and the unfinished operations of every queue
/// holding one on its clock. A queue lets an operation go as it handles the finish, before
/// the operation's run hears it: asking the queues alone would leave a moment in which the
/// run has not yet learned that it ended. The one thing no state shows, a hop to the main
/// thread posted and not yet run, it counts itself (``hop(_:_:)``).
package final class SchedulerActivity: @unchecked Sendable {
    // `lock` guards `started`, `hops` and `queues`. Nothing is called while it is held, so
    // it is always the innermost lock (a queue may call in while holding its own).
    private let lock = NSLock()
    /// The operations that started on this clock, until they are done.
    private var started: [ObjectIdentifier: WeakReference<Operation>] = [:]
    /// The operations with hops to the main thread posted and not yet run, each with how many.
    private var hops: [ObjectIdentifier: (operation: Operation, count: Int)] = [:]
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

    /// `operation` started: the activity asks it what it is doing until it is done.
    func started(_ operation: some StartedOperation) {
        lock.withLock { started[ObjectIdentifier(operation)] = WeakReference(operation) }
    }

    /// Runs `work` for `operation` on the main queue's next turn; until it has run, the hop
    /// is work in flight.
    func hop(_ operation: Operation, _ work: @escaping @Sendable () -> Void) {
        let id = ObjectIdentifier(operation)
        lock.withLock { hops[id, default: (operation, 0)].count += 1 }
        DispatchQueue.main.async { [self] in
            work()
            lock.withLock {
                let entry = hops[id]!
                hops[id] = entry.count > 1 ? (entry.operation, entry.count - 1) : nil
            }
        }
    }

    /// `operation` joined `queue` (inside the queue's lock, before the queue hands it over);
    /// nil for an operation other than the package's own, which no activity tracks.
    static func joined(_ operation: (any QueueReportingOperation)?, queue: AnimationQueue) {
        operation?.activity?.joined(queue)
    }

    /// `operation`, which joined `queue`, finished (nil as for ``joined(_:queue:)``).
    static func left(_ operation: (any QueueReportingOperation)?, queue: AnimationQueue) {
        operation?.activity?.left(queue)
    }

    /// The activity of the clock `operation` is on; nil for operations other than the
    /// package's own, and for operations on a clock no test clock tracks.
    static func of(_ operation: Operation) -> SchedulerActivity? {
        (operation as? QueueReportingOperation)?.activity
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
    /// The hops to the main thread not yet run, the started animation operations with work
    /// to do (see ``QueueReportingOperation/workWithoutTime``), and the work in flight of
    /// every queue that holds an unfinished operation on this clock: its operations on this
    /// clock, and the plain operations that gate them (or no clock's work). Other clocks'
    /// operations, and plain operations that gate only theirs, are left to those clocks, so
    /// tests that share a queue do not wait for each other.
    package var workInFlight: [Entry] {
        let (hopping, running, liveQueues) = lock.withLock {
            (hops.values.map(\.operation), started.values.compactMap(\.object), queues.values.compactMap(\.queue))
        }
        var work = hopping.map { Entry($0, queueName: nil, reason: "is hopping to the main thread") }
        var done: [ObjectIdentifier: Operation] = [:]
        for case let operation as any StartedOperation in running {
            let (reason, isDone) = operation.workSinceStart
            if let reason { work.append(Entry(operation, queueName: nil, reason: reason)) }
            if isDone { done[ObjectIdentifier(operation)] = operation }
        }
        // Forget the operations that are done or gone (one that started since at a done
        // one's address stays).
        lock.withLock {
            started = started.filter { _, reference in
                reference.object.map { done[ObjectIdentifier($0)] !== $0 } ?? false
            }
        }
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

/// An operation that a clock's activity asks what it is doing from its start until every
/// observer has heard its finish (``SchedulerActivity/started(_:)``): an animation
/// operation, or a plan's block step. Its run hears the finish after its queue has let it go.
protocol StartedOperation: QueueReportingOperation {
    /// ``QueueReportingOperation/workWithoutTime``, and whether every observer has heard the
    /// finish (then the reason is nil), read together.
    var workSinceStart: (reason: String?, isDone: Bool) { get }
}
