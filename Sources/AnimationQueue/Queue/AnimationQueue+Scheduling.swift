import Foundation

// Running plans and adding operations to the queue's graph, handing them over as their
// dependencies finish, holding them back while the queue is suspended, and propagating
// cancellation to dependents.
extension AnimationQueue {
    /// Runs a plan: compiles it to operations and adds them to this queue.
    ///
    /// - Parameters:
    ///   - plan: The plan; it must pass ``AnimationPlan/validate()``.
    ///   - motion: Whether the plan's animations play in full or with reduced motion.
    ///   - background: What the plan's running steps do when the app, or the scene that shows
    ///     their layers, goes to the background; nil follows the queue's
    ///     ``backgroundPolicy``. A step's own ``AnimationOperation/backgroundPolicy`` overrides
    ///     both.
    /// - Returns: The running plan.
    /// - Precondition: The plan is valid; otherwise the program stops with the message of
    ///   the ``AnimationQueueError`` that `validate()` would throw.
    @discardableResult
    public func run(_ plan: AnimationPlan, motion: MotionPolicy = .system,
                    background: BackgroundPolicy? = nil) -> AnimationRun {
        let graph = PlanGraph(compiling: plan)
        if let error = graph.errors.first { QueueViolation.invalidPlan(error) }
        let run = AnimationRun(graph: graph, scheduling: plan.scheduling, motion: motion, background: background)
        // Compiling checked the graph for cycles (`graph.errors`).
        addOperations(graph.operations.map(DependencyGraph.Member.init), dependencies: graph.dependencyLists)
        return run
    }

    /// Adds operations whose `dependencies` the caller knows and has checked for cycles (a
    /// compiled plan): `dependencyLists` holds them, in the order of `members`.
    func addOperations(_ members: [DependencyGraph.Member], dependencies dependencyLists: [[Operation]],
                       onCancelledDependency: DependencyCancellation? = nil) {
        let operations = members.map(\.operation)
        var cancelledAtAdd: [Operation] = []
        // The hooks go on before the graph holds the operations: from the insert on, another
        // thread may finish a dependency and hand one over, and if it was cancelled it finishes
        // at once; without its hooks the queue would never hear that finish.
        for member in members {
            install(on: member, onCancelledDependency: onCancelledDependency)
        }
        let unblocked: [DependencyGraph.Member] = lock.withLock {
            graph.reserveCapacity(adding: members.count)
            for (member, dependencies) in zip(members, dependencyLists) {
                let operation = member.operation
                guard graph.insert(member, override: onCancelledDependency, isUnblocked: dependencies.isEmpty) else {
                    if !graph.contains(operation), let other = QueueMembership.holder(of: operation) {
                        QueueViolation.addedToTwoQueues(operation, queue: name, other: other)
                    }
                    QueueViolation.addedTwice(operation, queue: name, isInThisQueue: graph.contains(operation))
                }
                SchedulerActivity.joined(member.reporting, queue: self)
            }
            if let (operation, other) = QueueMembership.claim(operations, for: name) {
                QueueViolation.addedToTwoQueues(operation, queue: name, other: other)
            }
            // In the order given, which is the order they begin in.
            var unblocked: [DependencyGraph.Member] = []
            unblocked.reserveCapacity(members.count)
            for (member, dependencies) in zip(members, dependencyLists) {
                if dependencies.isEmpty {
                    unblocked.append(member)  // handed over by `insert`
                    continue
                }
                let operation = member.operation
                for dependency in dependencies {
                    graph.link(dependency, to: operation)
                    if dependency.isCancelled, graph.policy(of: operation) == .cancel {
                        cancelledAtAdd.append(operation)
                    }
                }
                if graph.handOverIfUnblocked(operation) { unblocked.append(member) }
            }
            return unblocked
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

    /// Connects an operation of the package's own (``QueueReportingOperation``) to the queue:
    /// it reports its cancel and finish. Its hooks hold the queue strongly, so a queue
    /// released by its owner still runs everything it was given (as `OperationQueue` does);
    /// the cycle ends when the operation finishes and leaves the graph. Any other operation is
    /// watched from its hand-over on (``handToOperationQueue(_:)``): one cancelled by a direct
    /// call to its `cancel()` while it waits for dependencies in the queue, or is held back,
    /// finishes when it is handed over; ``cancelAll()`` finishes it at once.
    func install(on member: DependencyGraph.Member, onCancelledDependency: DependencyCancellation?) {
        member.reporting?.report(to: self, onCancelledDependency: onCancelledDependency)
    }

    /// Gives `operations` to the `OperationQueue`, watching the finish of each that does not
    /// report it itself (``QueueReportingOperation``).
    ///
    /// The operation's `completionBlock` stays its owner's, who may set it after adding the
    /// operation (which would silently replace a hook stored there). The queue watches it
    /// with an operation of its own that depends on it instead: dependencies are the one
    /// finish signal that every Foundation delivers. Only handed-over operations can run, so
    /// only they are watched: the watchers' queue holds the ready ones, not a whole chain
    /// (corelibs' `OperationQueue` scans every queued operation on each state change).
    private func handToOperationQueue(_ handed: [DependencyGraph.Member]) {
        for member in handed where member.reporting == nil {
            let operation = member.operation
            let watcher = BlockOperation { [self] in
                if operation.isCancelled { propagateCancellation(from: operation) }
                handleFinish(of: operation, reporting: nil)
            }
            watcher.addDependency(operation)
            FinishWaiter.queue.addOperation(watcher)
        }
        operations.addOperations(handed.map(\.operation), waitUntilFinished: false)
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
    func propagateCancellation(from operation: Operation) {
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
    /// it; nil if it was already claimed, or is not in the graph (yet, or any more): only a
    /// member has dependents here, and one cancelled as it is being added is claimed once
    /// it is in.
    private func claimDependents(of operation: Operation) -> [Operation]? {
        lock.withLock {
            guard graph.contains(operation), propagating.insert(ObjectIdentifier(operation)).inserted else { return nil }
            return graph.cancellableDependents(of: operation)
        }
    }

    /// Gives a cancelled operation that still waits for in-queue dependencies to the
    /// `OperationQueue` now, so it finishes cancelled at once (as on a plain `OperationQueue`,
    /// where a cancelled operation becomes ready) instead of when its dependencies end.
    func handOverIfCancelled(_ operation: Operation) {
        guard operation.isCancelled else { return }
        let released = lock.withLock {
            graph.handOverCancelled(operation) ?? heldBack.removeValue(forKey: ObjectIdentifier(operation))?.member
        }
        if let released { handToOperationQueue([released]) }
    }

    /// Starts operations whose in-queue dependencies have finished.
    ///
    /// The queue starts a ready ``AnimationOperation`` itself
    /// (``QueueReportingOperation/startForQueue(joining:)``): its start queues it in the main
    /// thread's ``StartBatch``, so every animation that becomes ready together begins in one
    /// main-thread turn and one `CATransaction`. The `OperationQueue` gets the rest: other
    /// operations, cancelled ones (they finish at once there, off this call stack, so
    /// cancelling a long chain does not recurse), ones that wait for an operation outside
    /// the queue. While the queue is suspended or held in the background, it holds back every
    /// operation that is not cancelled (``heldBack``).
    ///
    /// - Parameter beginNowOnMainThread: On the main thread, begin the animations before
    ///   returning, instead of on the main queue's next turn.
    func handOver(_ ready: [DependencyGraph.Member], beginNowOnMainThread: Bool) {
        guard !ready.isEmpty else { return }
        let running = holdBackUnlessRunning(ready)
        var queued: [DependencyGraph.Member] = []
        var batch: [AnimationOperation] = []
        var startedAny = false
        for member in running {
            if let own = member.reporting, own.startForQueue(joining: &batch) {
                startedAny = true
            } else {
                queued.append(member)
            }
        }
        if !queued.isEmpty { handToOperationQueue(queued) }
        guard startedAny else { return }
        StartBatch.shared.enqueue(batch)
        StartBatch.shared.beginQueued(nowOnMainThread: beginNowOnMainThread)
    }

    /// The operations of `ready` to hand over now: all of them, unless the queue is suspended
    /// or in the background; then only the cancelled ones, which finish at once, and the rest
    /// are held back (``heldBack``).
    private func holdBackUnlessRunning(_ ready: [DependencyGraph.Member]) -> [DependencyGraph.Member] {
        guard lock.withLock({ suspendedByOwner || heldInBackground }) else { return ready }
        // Read outside the lock: Foundation takes its own.
        let cancelled = ready.map(\.operation.isCancelled)
        let running: [DependencyGraph.Member] = lock.withLock {
            guard suspendedByOwner || heldInBackground else { return ready }
            var running: [DependencyGraph.Member] = []
            for (member, isCancelled) in zip(ready, cancelled) {
                if isCancelled {
                    running.append(member)
                } else {
                    heldBack[ObjectIdentifier(member.operation)] = (nextHeldOrder, member)
                    nextHeldOrder += 1
                }
            }
            return running
        }
        // One cancelled meanwhile may have looked for itself among the held back too early.
        for (member, wasCancelled) in zip(ready, cancelled) where !wasCancelled && member.operation.isCancelled {
            handOverIfCancelled(member.operation)
        }
        return running
    }

    func operationWillFinish(_ operation: Operation, outcome: AnimationOutcome) {
        if outcome == .cancelled { propagateCancellation(from: operation) }
    }

    /// `operation` was cancelled: its dependents follow (unless they opt out), and if it still
    /// waits for dependencies in the queue or is held back, it is handed over to finish now.
    func operationWasCancelled(_ operation: Operation) {
        propagateCancellation(from: operation)
        handOverIfCancelled(operation)
    }

    func operationDidFinish(_ operation: any QueueReportingOperation) {
        handleFinish(of: operation, reporting: operation)
    }

    /// Takes a finished operation out of the graph and hands its unblocked dependents over.
    /// `reporting` is the operation if it reports to the queue itself (nil: a watcher saw
    /// it finish).
    private func handleFinish(of operation: Operation, reporting: (any QueueReportingOperation)?) {
        let wasCancelled = operation.isCancelled
        let (dependents, unblocked, toCancel) = lock.withLock {
            propagating.remove(ObjectIdentifier(operation))
            QueueMembership.release(operation)
            SchedulerActivity.left(reporting, queue: self)
            let (dependents, unblocked) = graph.remove(operation)
            let toCancel = wasCancelled ? unblocked.map(\.operation).filter { graph.policy(of: $0) == .cancel } : []
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
        for dependent in dependents where dependent.reporting == nil && !dependent.operation.isCancelled {
            dependent.operation.removeDependency(operation)
        }
        if reporting == nil {
            operation.removeAllDependencies()
        }
    }

    /// Resumes the callers of ``waitUntilAllOperationsAreFinished()`` that waited for
    /// `operation` last, once its finish is handled (its dependents handed over).
    private func resumeDrainWaiters(after operation: Operation) {
        let id = ObjectIdentifier(operation)
        let done = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            guard !drainWaiters.isEmpty else { return [] }
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
