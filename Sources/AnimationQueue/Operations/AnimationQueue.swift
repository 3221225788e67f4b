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

    private let operations: OperationQueue
    // Thread safety: `lock` guards `graph`. Operations are cancelled, unlinked
    // and enqueued outside it.
    private let lock = NSLock()
    private var graph = DependencyGraph()
    /// Operations whose cancellation is being (or was) propagated; guarded by `lock`.
    private var propagating = Set<ObjectIdentifier>()
    /// Callers of ``waitUntilAllOperationsAreFinished()``, each with the operations it still
    /// waits for; guarded by `lock`.
    private var drainWaiters: [(remaining: Set<ObjectIdentifier>, continuation: CheckedContinuation<Void, Never>)] = []

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
    /// cancelled operation is never held back: it finishes at once. A gapless plan's step
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
                for case let operation as AnimationOperation in unfinished { operation.receive(.heldBack) }
            }
            releaseHeldBackIfRunning()
        }
    }

    /// Whether operations that have not started are held back: the queue is suspended, or
    /// the app is in the background.
    var holdsBackUnstarted: Bool { lock.withLock { suspendedByOwner || heldInBackground } }

    /// What the owner set `isSuspended` to; guarded by `lock`.
    private var suspendedByOwner = false
    /// Whether the app is in the background, which holds back unstarted work; guarded by `lock`.
    private var heldInBackground = false
    /// Operations whose in-queue dependencies finished while the queue was suspended or held
    /// in the background, each with the order it became ready in; guarded by `lock`.
    ///
    /// The queue holds them itself rather than suspending its `OperationQueue`, which starts
    /// nothing while suspended, not even a cancelled operation: a cancelled one is released
    /// at once and finishes (``handOverIfCancelled(_:)``), so `cancelAll()` ends everything.
    private var heldBack: [ObjectIdentifier: (order: Int, operation: Operation)] = [:]
    /// The order the next held-back operation gets; guarded by `lock`.
    private var nextHeldOrder = 0

    /// Hands the held-back operations over, in the order they became ready, unless the queue
    /// is still suspended or in the background.
    private func releaseHeldBackIfRunning() {
        let released = lock.withLock { () -> [Operation] in
            guard !suspendedByOwner, !heldInBackground, !heldBack.isEmpty else { return [] }
            defer { heldBack = [:] }
            return heldBack.values.sorted { $0.order < $1.order }.map(\.operation)
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
    /// - Precondition: No operation was added before, and the batch forms no dependency cycle.
    ///   A cycle is reported with the names of the operations on it.
    public func addOperations(_ operations: [Operation], onCancelledDependency: DependencyCancellation? = nil) {
        // Read once, for the links and as the cycle check's starting points: Foundation copies
        // them on each read. (The check reads those of the operations it reaches on its own.)
        let dependencyLists = operations.map(\.dependencies)
        if let cycle = DependencyGraph.cycle(among: operations, dependencies: dependencyLists) {
            QueueViolation.dependencyCycle(cycle, queue: name)
        }
        addOperations(operations, dependencies: dependencyLists, onCancelledDependency: onCancelledDependency)
    }

    /// Adds operations whose `dependencies` the caller knows and has checked for cycles (a
    /// compiled plan): `dependencyLists` holds them, in the order of `operations`.
    func addOperations(_ operations: [Operation], dependencies dependencyLists: [[Operation]],
                       onCancelledDependency: DependencyCancellation? = nil) {
        var cancelledAtAdd: [Operation] = []
        let unblocked: [Operation] = lock.withLock {
            graph.reserveCapacity(adding: operations.count)
            for (operation, dependencies) in zip(operations, dependencyLists) {
                guard graph.insert(operation, policy: policy(for: operation, onCancelledDependency),
                                   isUnblocked: dependencies.isEmpty) else {
                    if !graph.contains(operation), let other = QueueMembership.holder(of: operation) {
                        QueueViolation.addedToTwoQueues(operation, queue: name, other: other)
                    }
                    QueueViolation.addedTwice(operation, queue: name, isInThisQueue: graph.contains(operation))
                }
                SchedulerActivity.joined(operation, queue: self)
            }
            if let (operation, other) = QueueMembership.claim(operations, for: name) {
                QueueViolation.addedToTwoQueues(operation, queue: name, other: other)
            }
            // In the order given, which is the order they begin in.
            var unblocked: [Operation] = []
            unblocked.reserveCapacity(operations.count)
            for (operation, dependencies) in zip(operations, dependencyLists) {
                if dependencies.isEmpty {
                    unblocked.append(operation)  // handed over by `insert`
                    continue
                }
                for dependency in dependencies {
                    graph.link(dependency, to: operation)
                    if dependency.isCancelled, graph.policy(of: operation) == .cancel {
                        cancelledAtAdd.append(operation)
                    }
                }
                if graph.handOverIfUnblocked(operation) { unblocked.append(operation) }
            }
            return unblocked
        }
        for operation in operations {
            install(on: operation, onCancelledDependency: onCancelledDependency)
        }
        // Cancelled before it was added: finishes cancelled now (as on a plain OperationQueue,
        // where a cancelled operation is ready), not when its dependencies end; and its
        // dependents follow.
        for operation in operations where operation.isCancelled {
            propagateCancellation(from: operation)
            handOverIfCancelled(operation)
        }
        // Added after a dependency was cancelled: cancelled now, with its own dependents.
        // Its dependents first: once handed over it may finish at once and release them.
        for operation in cancelledAtAdd where !operation.isCancelled {
            propagateCancellation(from: operation)
            operation.cancel()
            handOverIfCancelled(operation)
        }
        // Only operations whose in-queue dependencies have finished are started; the rest
        // follow as their dependencies finish (corelibs' OperationQueue scans every queued
        // operation on each state change, so a queue holding a whole chain is O(n²)). They
        // begin on the main queue's next turn, not inside this call: the caller may still
        // cancel or pause them in this turn without anything having moved.
        handOver(unblocked, beginNowOnMainThread: false)
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

    /// Operations that will make progress without time passing:
    /// - ones handed to the `OperationQueue` and not started yet, unless they are held back
    ///   (the queue is suspended) or wait on a dependency it does not run (one on another
    ///   queue may need time);
    /// - finished ones still in the graph, whose finish the queue has not handled yet (it
    ///   learns of a plain operation's finish from an operation that depends on it, which
    ///   Foundation starts asynchronously);
    /// - synchronous plain operations (such as `BlockOperation`) running on a worker thread,
    ///   and `Perform` blocks about to run on the main thread.
    ///
    /// Asynchronous plain operations may wait on anything, so they are not counted; animation
    /// operations report their own work in flight (``SchedulerActivity/begin(_:)``).
    var progressingWithoutTime: [(operation: Operation, reason: String)] {
        let (nodes, held) = lock.withLock { (graph.operationsWithHandOver, Set(heldBack.keys)) }
        return nodes.compactMap { operation, handedOver in
            // An animation operation's outcome is set just before it reports `isFinished`.
            if operation.isFinished || (operation as? AnimationOperation)?.outcome != nil {
                return (operation, "has finished and is handing its dependents over")
            }
            if operation.isExecuting {
                let synchronousWork = !operation.isAsynchronous && !(operation is AnimationOperation)
                let blockAboutToRun = (operation as? MainThreadOperation)?.isWaitingForMainThread ?? false
                return synchronousWork || blockAboutToRun ? (operation, "is running") : nil
            }
            let isHeldBack = held.contains(ObjectIdentifier(operation))
            return handedOver && !isHeldBack && operation.isReady ? (operation, "is handed over and not started") : nil
        }
    }

    // MARK: App lifecycle

    /// The app entered the background (main thread). Core Animation removes animations
    /// then; the queue removes those of its running operations itself, so that each
    /// finishes `.interrupted` at once whatever Core Animation does and when, and holds back
    /// the operations that have not started until the app returns to the foreground.
    func applicationDidEnterBackground() {
        lock.withLock { heldInBackground = true }
        for case let operation as AnimationOperation in unfinished {
            MainThread.run { operation.removeAnimationsForBackground() }
        }
    }

    /// A scene entered the background (main thread): removes the animations of the running
    /// operations whose layer is one of `roots` or under one, so each finishes `.interrupted`;
    /// the queue goes on with everything else.
    func interruptAnimations(underAnyOf roots: [CALayer]) {
        guard !roots.isEmpty else { return }
        for case let operation as AnimationOperation in unfinished {
            var ancestor = operation.layer
            while let current = ancestor, !roots.contains(where: { $0 === current }) { ancestor = current.superlayer }
            if ancestor != nil { operation.removeAnimationsForBackground() }
        }
    }

    /// The app returns to the foreground (main thread): the held-back operations start,
    /// unless the owner suspended the queue.
    func applicationWillEnterForeground() {
        lock.withLock { heldInBackground = false }
        releaseHeldBackIfRunning()
    }

    private func policy(for operation: Operation, _ override: DependencyCancellation?) -> DependencyCancellation {
        if let override { return override }
        return (operation as? AnimationOperation)?.onCancelledDependency ?? .cancel
    }

    // MARK: Finishing and cancellation

    /// Connects an ``AnimationOperation`` to the queue. The hooks hold the queue strongly, so
    /// a queue released by its owner still runs everything it was given (as `OperationQueue`
    /// does); the cycle ends when each operation finishes and leaves the graph. A policy the
    /// queue was given for it is recorded on it too, for dependencies outside the queue, which
    /// it checks as it starts. Other operations are watched from their hand-over on
    /// (``handToOperationQueue(_:)``).
    private func install(on operation: Operation, onCancelledDependency: DependencyCancellation?) {
        guard let animation = operation as? AnimationOperation else { return }
        animation.addHooks { $0.queue = self }
        if let onCancelledDependency { animation.setQueueDependencyPolicy(onCancelledDependency) }
    }

    /// Gives `operations` to the `OperationQueue`, watching the finish of each that is not an
    /// ``AnimationOperation`` (those report it through their hooks).
    ///
    /// The operation's `completionBlock` stays its owner's, who may set it after adding the
    /// operation (which would silently replace a hook stored there). The queue watches it
    /// with an operation of its own that depends on it instead: dependencies are the one
    /// finish signal that every Foundation delivers. Only handed-over operations can run, so
    /// only they are watched: the watchers' queue holds the ready ones, not a whole chain
    /// (corelibs' `OperationQueue` scans every queued operation on each state change).
    private func handToOperationQueue(_ handed: [Operation]) {
        for operation in handed where !(operation is AnimationOperation) {
            let watcher = BlockOperation { [self] in
                if operation.isCancelled { propagateCancellation(from: operation) }
                handleFinish(of: operation)
            }
            watcher.addDependency(operation)
            FinishWaiter.queue.addOperation(watcher)
        }
        operations.addOperations(handed, waitUntilFinished: false)
    }

    /// Cancels the dependents of `operation` that follow cancellation, transitively.
    ///
    /// An operation is handed to the `OperationQueue` the moment it is cancelled and may
    /// finish on another thread at once, which releases its dependents; so every dependent
    /// must be cancelled before its dependency. The whole set is claimed first (each
    /// operation's dependents are read before anything is cancelled), then cancelled
    /// dependents-first, in depth-first post-order. Iterative, so cancelling the head of a
    /// 100,000-step chain does not overflow the stack; the cancel hook of an operation
    /// this loop cancels finds it claimed and does not recurse.
    private func propagateCancellation(from operation: Operation) {
        guard let first = claimDependents(of: operation) else { return }
        var order: [Operation] = []
        var stack: [(operation: Operation?, dependents: [Operation], next: Int)] = [(nil, first, 0)]
        while let top = stack.last {
            guard top.next < top.dependents.count else {
                if let finished = top.operation { order.append(finished) }
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let dependent = top.dependents[top.next]
            guard !dependent.isCancelled, let next = claimDependents(of: dependent) else { continue }
            stack.append((dependent, next, 0))
        }
        for dependent in order {
            dependent.cancel()
            handOverIfCancelled(dependent)
        }
    }

    /// Marks `operation`'s cancellation as propagated and returns its dependents that follow
    /// it; nil if it was already claimed.
    private func claimDependents(of operation: Operation) -> [Operation]? {
        lock.withLock {
            guard propagating.insert(ObjectIdentifier(operation)).inserted else { return nil }
            return graph.cancellableDependents(of: operation)
        }
    }

    /// Gives a cancelled operation that still waits for in-queue dependencies to the
    /// `OperationQueue` now, so it finishes cancelled at once (as on a plain `OperationQueue`,
    /// where a cancelled operation becomes ready) instead of when its dependencies end.
    private func handOverIfCancelled(_ operation: Operation) {
        guard operation.isCancelled else { return }
        let release = lock.withLock {
            graph.handOverCancelled(operation) || heldBack.removeValue(forKey: ObjectIdentifier(operation)) != nil
        }
        if release { handToOperationQueue([operation]) }
    }

    /// Starts operations whose in-queue dependencies have finished.
    ///
    /// The queue starts a ready ``AnimationOperation`` itself: its start queues it in the
    /// main thread's ``StartBatch``, so every animation that becomes ready together begins
    /// in one main-thread turn and one `CATransaction`. The `OperationQueue` gets the rest:
    /// other operations, cancelled ones (they finish at once there, off this call stack, so
    /// cancelling a long chain does not recurse), ones that wait for an operation outside
    /// the queue. While the queue is suspended or held in the background, it holds back every
    /// operation that is not cancelled (``heldBack``).
    ///
    /// - Parameter beginNowOnMainThread: On the main thread, begin the animations before
    ///   returning, instead of on the main queue's next turn.
    private func handOver(_ ready: [Operation], beginNowOnMainThread: Bool) {
        guard !ready.isEmpty else { return }
        let running = holdBackUnlessRunning(ready)
        var queued: [Operation] = []
        var started: [AnimationOperation] = []
        for operation in running {
            if let animation = operation as? AnimationOperation, !animation.isCancelled, animation.isReady {
                started.append(animation)
            } else {
                queued.append(operation)
            }
        }
        if !queued.isEmpty { handToOperationQueue(queued) }
        guard !started.isEmpty else { return }
        StartBatch.shared.enqueue(started.filter { $0.startForQueue() })
        StartBatch.shared.beginQueued(nowOnMainThread: beginNowOnMainThread)
    }

    /// The operations of `ready` to hand over now: all of them, unless the queue is suspended
    /// or in the background; then only the cancelled ones, which finish at once, and the rest
    /// are held back (``heldBack``).
    private func holdBackUnlessRunning(_ ready: [Operation]) -> [Operation] {
        guard lock.withLock({ suspendedByOwner || heldInBackground }) else { return ready }
        // Read outside the lock: Foundation takes its own.
        let cancelled = ready.map(\.isCancelled)
        let running: [Operation] = lock.withLock {
            guard suspendedByOwner || heldInBackground else { return ready }
            var running: [Operation] = []
            for (operation, isCancelled) in zip(ready, cancelled) {
                if isCancelled {
                    running.append(operation)
                } else {
                    heldBack[ObjectIdentifier(operation)] = (nextHeldOrder, operation)
                    nextHeldOrder += 1
                }
            }
            return running
        }
        // One cancelled meanwhile may have looked for itself among the held back too early.
        for (operation, wasCancelled) in zip(ready, cancelled) where !wasCancelled && operation.isCancelled {
            handOverIfCancelled(operation)
        }
        return running
    }

    func operationWillFinish(_ operation: AnimationOperation, outcome: AnimationOutcome) {
        if outcome == .cancelled { propagateCancellation(from: operation) }
    }

    func operationWasCancelled(_ operation: AnimationOperation) {
        propagateCancellation(from: operation)
        handOverIfCancelled(operation)
    }

    func operationDidFinish(_ operation: AnimationOperation) {
        handleFinish(of: operation)
    }

    /// Takes a finished operation out of the graph and hands its unblocked dependents over.
    private func handleFinish(of operation: Operation) {
        let wasCancelled = operation.isCancelled
        let (dependents, unblocked, toCancel) = lock.withLock {
            propagating.remove(ObjectIdentifier(operation))
            QueueMembership.release(operation)
            SchedulerActivity.left(operation, queue: self)
            let (dependents, unblocked) = graph.remove(operation)
            let toCancel = wasCancelled ? unblocked.filter { graph.policy(of: $0) == .cancel } : []
            return (dependents, unblocked, toCancel)
        }
        defer { resumeDrainWaiters(after: operation) }
        // A cancelled operation can finish while another thread's propagation has claimed
        // it but not yet reached its dependents; cancel the ones it unblocks here, before
        // they are handed over, so none of them starts.
        for dependent in toCancel where !dependent.isCancelled { dependent.cancel() }
        // Core Animation reports an animation's end on the main thread: the steps that
        // follow begin in that turn, as a completion block that adds the next animation would.
        handOver(unblocked, beginNowOnMainThread: true)
        // Unlink so a long finished chain is released link by link. The scheduler's own
        // operations unlink themselves when they start; only plain operations are unlinked
        // here: a dependent from this operation if not cancelled (on corelibs Foundation,
        // removing a finished dependency from a cancelled operation makes it report not
        // ready, so it never starts), and this operation, now finished, from whatever links
        // it still has (a cancelled one keeps them until then).
        for dependent in dependents where Self.isPlain(dependent) && !dependent.isCancelled {
            dependent.removeDependency(operation)
        }
        if Self.isPlain(operation) {
            for dependency in operation.dependencies { operation.removeDependency(dependency) }
        }
    }

    /// Not one of the scheduler's own operations, which unlink themselves as they start.
    private static func isPlain(_ operation: Operation) -> Bool {
        !(operation is AnimationOperation || operation is MainThreadOperation)
    }

    /// Resumes the callers of ``waitUntilAllOperationsAreFinished()`` that waited for
    /// `operation` last, once its finish is handled (its dependents handed over).
    private func resumeDrainWaiters(after operation: Operation) {
        let id = ObjectIdentifier(operation)
        let done = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            guard !drainWaiters.isEmpty else { return [] }
            // In place: a copy of a waiter would copy its whole set once per finish.
            var done: [CheckedContinuation<Void, Never>] = []
            for index in drainWaiters.indices {
                drainWaiters[index].remaining.remove(id)
                if drainWaiters[index].remaining.isEmpty { done.append(drainWaiters[index].continuation) }
            }
            if !done.isEmpty { drainWaiters.removeAll { $0.remaining.isEmpty } }
            return done
        }
        for continuation in done { continuation.resume() }
    }
}
