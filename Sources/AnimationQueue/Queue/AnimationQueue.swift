import Foundation

/// A queue that runs animation operations, and any other `Operation`, as a dependency graph.
///
/// Unlike `OperationQueue.main`, which runs one operation at a time, an `AnimationQueue`
/// runs independent animations in parallel (the animations that become ready together begin
/// on the main thread in one turn and one `CATransaction`), and adds what animation graphs
/// need:
/// - `cancelAll()` and `isSuspended` work on every platform;
/// - cancelling an operation cancels its dependents, unless they opt out;
/// - dependency cycles are reported with the operations' names when they are added;
/// - finished operations are unlinked from their dependents, so 100,000-step chains release.
///
/// ```swift
/// let fetch = BlockOperation { loadAvatar() }
/// let reveal = AnimationOperation(layer: avatar, animation: BasicAnimation(.opacity, to: 1, duration: 0.3))
/// reveal.addDependency(fetch)
/// AnimationQueue.main.addOperations([fetch, reveal])
/// ```
public final class AnimationQueue: OperationQueueHooks, @unchecked Sendable {
    /// The shared queue for app-wide animation work.
    public static let main = AnimationQueue(name: "AnimationQueue.main")

    /// The queue's name, used in diagnostics.
    public let name: String

    let operations: OperationQueue
    // Thread safety: `lock` guards `graph` and the state below that says so. Operations are
    // cancelled, unlinked and enqueued outside it. This state is internal, not private, only
    // for the queue's own extensions (AnimationQueue+Scheduling.swift and
    // AnimationQueue+ApplicationLifecycle.swift); nothing else touches it. The graph skips the
    // run-time exclusivity check, which `lock` makes redundant: every access holds it.
    let lock = NSLock()
    @exclusivity(unchecked) var graph = DependencyGraph()
    /// Operations whose cancellation is being (or was) propagated; guarded by `lock`.
    var propagating = Set<ObjectIdentifier>()
    /// Callers of ``waitUntilAllOperationsAreFinished()``, each with the operations it still
    /// waits for; guarded by `lock`.
    var drainWaiters: [(remaining: Set<ObjectIdentifier>, continuation: CheckedContinuation<Void, Never>)] = []

    /// Creates a queue.
    public init(name: String) {
        self.name = name
        operations = OperationQueue()
        operations.name = name
        // Its operations lead to animations on screen: a queue made by hand would run them
        // at background priority on Apple platforms.
        operations.qualityOfService = .userInteractive
        LiveQueues.register(self)
        ApplicationLifecycle.observe()
    }

    /// Whether the queue holds back operations that have not started (false).
    ///
    /// Held back are the operations whose dependencies in the queue finish while it is
    /// suspended; they start in that order when it resumes. One handed over before, that
    /// waits only for an operation in another queue, starts when that one finishes. A
    /// cancelled operation is never held back: it finishes at once. (The queue cannot see
    /// the cancel of an `Operation` of another kind than its own — an ``AnimationOperation``
    /// or a plan's ``Perform`` — made by calling its `cancel()` directly: that one finishes
    /// when the queue resumes, or at once through ``cancelAll()``.) A gapless plan's step
    /// that has not started is not committed ahead while the queue is suspended, and one
    /// already committed is removed when the queue is suspended (if it has begun, the layer is
    /// left as its cancellation policy says), so nothing new plays until the queue resumes.
    /// While the app is in the background the queue also holds operations back, whatever
    /// this says; see <doc:Cancellation>.
    public var isSuspended: Bool {
        get { lock.withLock { suspendedByOwner } }
        set {
            let suspends = lock.withLock {
                defer { suspendedByOwner = newValue }
                return newValue && !suspendedByOwner
            }
            if suspends {
                for case let operation as QueueReportingOperation in unfinished { operation.queueHoldsBack() }
            }
            releaseHeldBackIfRunning()
        }
    }

    /// Whether operations that have not started are held back: the queue is suspended, or
    /// the app is in the background.
    var holdsBackUnstarted: Bool { lock.withLock { suspendedByOwner || heldInBackground } }

    /// What the owner set `isSuspended` to; guarded by `lock`.
    var suspendedByOwner = false
    /// Whether the app is in the background, which holds back unstarted work; guarded by `lock`.
    var heldInBackground = false
    /// ``backgroundPolicy``; guarded by `lock`.
    var storedBackgroundPolicy = BackgroundPolicy.pause

    /// What the queue's running steps do when the app, or the scene that shows their layer,
    /// goes to the background (``BackgroundPolicy/pause`` by default: they go on from where
    /// they were when it returns). A run's policy and an operation's own override it.
    public var backgroundPolicy: BackgroundPolicy {
        get { lock.withLock { storedBackgroundPolicy } }
        set { lock.withLock { storedBackgroundPolicy = newValue } }
    }
    /// Operations whose in-queue dependencies finished while the queue was suspended or held
    /// in the background, each with the order it became ready in; guarded by `lock`.
    ///
    /// The queue holds them itself rather than suspending its `OperationQueue`, which starts
    /// nothing while suspended, not even a cancelled operation: a cancelled one is released
    /// at once and finishes (``handOverIfCancelled(_:)``), so `cancelAll()` ends everything.
    var heldBack: [ObjectIdentifier: (order: Int, member: DependencyGraph.Member)] = [:]
    /// The order the next held-back operation gets; guarded by `lock`.
    var nextHeldOrder = 0

    /// Hands the held-back operations over, in the order they became ready, unless the queue
    /// is still suspended or in the background.
    func releaseHeldBackIfRunning() {
        let released = lock.withLock { () -> [DependencyGraph.Member] in
            guard !suspendedByOwner, !heldInBackground, !heldBack.isEmpty else { return [] }
            defer { heldBack = [:] }
            return heldBack.values.sorted { $0.order < $1.order }.map(\.member)
        }
        handOver(released, beginNowOnMainThread: false)
    }

    /// The number of operations added and not yet finished.
    public var operationCount: Int { lock.withLock { graph.count } }

    /// Adds one operation. See ``addOperations(_:onCancelledDependency:)``.
    public func addOperation(_ operation: Operation, onCancelledDependency: DependencyCancellation? = nil) {
        addOperations([operation], onCancelledDependency: onCancelledDependency)
    }

    /// Adds operations, which start when their dependencies finish.
    ///
    /// - Parameters:
    ///   - operations: Operations not yet added to any queue. Their dependencies should be set
    ///     before they are added; dependencies on operations outside the batch are allowed.
    ///   - onCancelledDependency: What these operations do when a dependency is cancelled;
    ///     nil uses each `AnimationOperation`'s own setting, and `.cancel` for other operations
    ///     (for those, a dependency in this queue, or one already cancelled when they are
    ///     added: Foundation runs them after a dependency elsewhere that is cancelled later).
    ///
    /// An operation of another kind than the package's own (an ``AnimationOperation``, a
    /// plan's ``Perform``, an ``AsyncOperation``) that you cancel by calling its `cancel()`
    /// while it waits for a dependency in the queue finishes, and its dependents are
    /// cancelled, when that dependency finishes: the queue cannot see such a cancel before
    /// then. ``cancelAll()``,
    /// a cancelled dependency, and cancelling an ``AnimationRun`` end everything at once.
    /// - Precondition: No operation was added before, and the batch forms no dependency cycle.
    ///   A cycle is reported with the names of the operations on it.
    public func addOperations(_ operations: [Operation], onCancelledDependency: DependencyCancellation? = nil) {
        // Read once, for the links and as the cycle check's starting points: Foundation copies
        // them on each read. (The check reads those of the operations it reaches on its own.)
        let members = operations.map(DependencyGraph.Member.init)
        let dependencyLists = members.map { $0.reporting?.dependenciesIfAny ?? $0.operation.dependencies }
        if let cycle = DependencyGraph.cycle(among: operations, dependencies: dependencyLists) {
            QueueViolation.dependencyCycle(cycle, queue: name)
        }
        addOperations(members, dependencies: dependencyLists, onCancelledDependency: onCancelledDependency)
    }

    /// Cancels every operation in the queue; running animations apply their cancellation policy.
    public func cancelAll() {
        // Dependents first: a cancelled operation may finish on another thread at once, and
        // must not unblock a dependent that opted out of cancellation before it is cancelled.
        let all = DependencyGraph.dependentsFirst(lock.withLock { graph.allOperations })
        for operation in all { operation.cancel() }
        for operation in all { handOverIfCancelled(operation) }
        operations.cancelAllOperations()
    }

    /// Suspends until every operation added so far has finished and the queue has handled
    /// its finish: its dependents are handed over, and ``operationCount`` no longer counts it.
    public func waitUntilAllOperationsAreFinished() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waits = lock.withLock { () -> Bool in
                let remaining = Set(graph.allOperations.map(ObjectIdentifier.init))
                guard !remaining.isEmpty else { return false }
                drainWaiters.append((remaining, continuation))
                return true
            }
            if !waits { continuation.resume() }
        }
    }

    /// Operations added and not finished.
    var unfinished: [Operation] { lock.withLock { graph.allOperations } }

    /// The operations added and not finished that concern the test clock whose activity is
    /// `activity` (see ``DependencyGraph/operations(concerning:clock:)``), with whether each
    /// was handed over; call with `lock` held.
    private func operationsLocked(concerning activity: SchedulerActivity) -> [(operation: Operation, handedOver: Bool)] {
        graph.operations(concerning: ObjectIdentifier(activity)) { SchedulerActivity.of($0).map(ObjectIdentifier.init) }
    }

    /// The unfinished operations that concern the test clock whose activity is `activity`.
    func unfinished(concerning activity: SchedulerActivity) -> [Operation] {
        lock.withLock { operationsLocked(concerning: activity) }.map(\.operation)
    }

    /// Operations that concern the test clock whose activity is `activity` and will make
    /// progress without time passing:
    /// - the package's own operations with such work (``QueueReportingOperation/workWithoutTime``);
    /// - ones handed to the `OperationQueue` and not started yet, unless they are held back
    ///   (the queue is suspended) or wait on a dependency it does not run (one on another
    ///   queue may need time);
    /// - finished ones still in the graph, whose finish the queue has not handled yet (it
    ///   learns of a plain operation's finish from an operation that depends on it, which
    ///   Foundation starts asynchronously);
    /// - synchronous plain operations (such as `BlockOperation`) running on a worker thread.
    ///
    /// Asynchronous plain operations may wait on anything, so they are not counted.
    func progressingWithoutTime(concerning activity: SchedulerActivity) -> [(operation: Operation, reason: String)] {
        let (nodes, held) = lock.withLock { (operationsLocked(concerning: activity), Set(heldBack.keys)) }
        return nodes.compactMap { operation, handedOver in
            if let reason = (operation as? QueueReportingOperation)?.workWithoutTime { return (operation, reason) }
            if operation.isFinished { return (operation, "has finished and is handing its dependents over") }
            if operation.isExecuting { return operation.isAsynchronous ? nil : (operation, "is running") }
            let isHeldBack = held.contains(ObjectIdentifier(operation))
            return handedOver && !isHeldBack && operation.isReady ? (operation, "is handed over and not started") : nil
        }
    }
}
