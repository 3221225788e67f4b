import Foundation

/// An operation that runs a closure on the main thread: the operation of a ``Perform`` step.
final class MainThreadOperation: Operation, StartedOperation, @unchecked Sendable {
    // Thread safety: `lock` guards `state`, `isFinishing`, `isRunning`, `isAnnounced`, `isWithTimeline`, `queue`
    // and the two observer lists; KVO, the queue's hooks, the observers and the closure run outside it.
    private let lock = NSLock()
    private var state = State.ready
    /// Whether `finish` has begun: it runs once, whoever calls it first.
    private var isFinishing = false
    /// Whether the closure has begun: it runs once.
    private var isRunning = false
    /// Whether every observer has heard the finish (the run included), for a test clock.
    private var isAnnounced = false
    /// Whether its run's timeline holds it, to run it when plan time passes it.
    private var isWithTimeline = false
    /// The queue that runs the operation, held until the finish.
    private var queue: (any OperationQueueHooks)?
    private var observers: [@Sendable (MainThreadOperation, AnimationOutcome) -> Void] = []
    private var finishedObservers: [@Sendable (MainThreadOperation) -> Void] = []
    private let body: UncheckedSendableBox<@MainActor () -> Void>

    private enum State { case ready, executing, finished }

    /// The gate of the run this operation belongs to; set before the operation is enqueued.
    nonisolated(unsafe) var gate: StartGate?
    /// Where the operation records its queue membership for a test clock: the activity of
    /// the clock of its run's plan (see ``SchedulerActivity``); set before the operation is
    /// enqueued, nil outside tests.
    nonisolated(unsafe) var activity: SchedulerActivity?

    init(_ body: @escaping @MainActor () -> Void) {
        self.body = UncheckedSendableBox(body)
        super.init()
    }

    /// A chain that never ran is released link by link (see `releaseDependenciesLinkByLink`).
    deinit { releaseDependenciesLinkByLink() }

    /// Calls `observer` with the outcome just before the operation reports `isFinished`
    /// (cancelled if cancelled before it ran).
    func onFinish(_ observer: @escaping @Sendable (MainThreadOperation, AnimationOutcome) -> Void) {
        lock.withLock { observers.append(observer) }
    }

    /// Calls `observer` once the operation reports `isFinished`; at once if it already does.
    func onDidFinish(_ observer: @escaping @Sendable (MainThreadOperation) -> Void) {
        let finished = lock.withLock { () -> Bool in
            guard state != .finished else { return true }
            finishedObservers.append(observer)
            return false
        }
        if finished { observer(self) }
    }

    func report(to queue: any OperationQueueHooks, onCancelledDependency: DependencyCancellation?) {
        lock.withLock { self.queue = queue }
    }

    /// Whether it will run its closure, or finish cancelled, as soon as the main queue turns:
    /// it has started and is not parked at a paused run's gate, or it was cancelled.
    var workWithoutTime: String? {
        // Finished on another thread, its observers (its run's) may still be hearing it.
        guard !isFinished else { return lock.withLock { isAnnounced } ? nil : "is finishing" }
        if isExecuting {
            if (gate?.isOpen ?? true) || isCancelled { return "is about to run on the main thread" }
            // Started once its run was on its timeline (or as it went there), it is on its way
            // to the timeline until the timeline holds it; then it waits for plan time to pass
            // it (the timeline's hops count themselves).
            if gate?.isDiverted == true, !lock.withLock({ isWithTimeline }) { return "is on its way to its run's timeline" }
        }
        // Its queue hands a cancelled operation over at once, and it finishes as it starts.
        return isCancelled ? "is cancelled and about to finish" : nil
    }

    /// Asked from its start on: its queue lets it go before its observers (its run's) hear
    /// the finish, which they may still be hearing on another thread.
    var workSinceStart: (reason: String?, isDone: Bool) {
        if lock.withLock({ isAnnounced }) { return (nil, true) }
        return (workWithoutTime, false)
    }

    override var isAsynchronous: Bool { true }
    override var isExecuting: Bool { lock.withLock { state == .executing } }
    override var isFinished: Bool { lock.withLock { state == .finished } }

    override func start() {
        activity?.started(self)
        removeAllDependencies()
        guard !isCancelled else { return finish(.cancelled) }
        willChangeValue(forKey: "isExecuting")
        lock.withLock { state = .executing }
        didChangeValue(forKey: "isExecuting")
        // While the run is paused, wait for it to resume (a cancelled run opens the gate);
        // on a run's timeline, the timeline runs it when plan time passes it.
        if gate?.passOrWait(self, { [self] in runOnMainThread() }) ?? true { runOnMainThread() }
    }

    /// Runs the closure on the main thread and finishes `.finished`, or finishes `.cancelled`
    /// without running it if the operation was cancelled: once, whoever calls first. Unless
    /// the run's timeline calls (`fromTimeline`), a run that went on its timeline meanwhile
    /// gets the operation instead, and runs it when plan time passes it.
    func runOnMainThread(fromTimeline: Bool = false) {
        let body = self.body
        MainThread.runIsolated { [self] in
            if isCancelled { return finish(.cancelled) }
            if !fromTimeline, let gate, gate.isDiverted {
                _ = gate.passOrWait(self) {}
                return
            }
            let claimed = lock.withLock { () -> Bool in
                guard !isFinishing, !isRunning else { return false }
                isRunning = true
                return true
            }
            guard claimed else { return }
            body.value()
            finish(.finished)
        }
    }

    /// Its run's timeline holds it from now on, and runs it when plan time passes it (main
    /// thread).
    func heldByTimeline() {
        lock.withLock { isWithTimeline = true }
    }

    /// Cancels the operation. One parked at a paused run's gate finishes `.cancelled` now,
    /// on the main thread, without waiting for the run to resume; its closure never runs.
    override func cancel() {
        super.cancel()
        lock.withLock { queue }?.operationWasCancelled(self)
        guard isExecuting, let gate, !gate.isOpen else { return }
        MainThread.run { [self] in finish(.cancelled) }
    }

    /// Reports the finish, once: a cancel of a parked operation and the gate opening may
    /// both get here.
    private func finish(_ outcome: AnimationOutcome) {
        let claimed = lock.withLock { () -> (wasExecuting: Bool, queue: (any OperationQueueHooks)?,
                                               observers: [@Sendable (MainThreadOperation, AnimationOutcome) -> Void])? in
            guard !isFinishing else { return nil }
            isFinishing = true
            return (state == .executing, queue, self.observers)
        }
        guard let (wasExecuting, queue, observers) = claimed else { return }
        for observer in observers { observer(self, outcome) }
        queue?.operationWillFinish(self, outcome: outcome)
        willChangeValue(forKey: "isFinished")
        if wasExecuting { willChangeValue(forKey: "isExecuting") }
        let finishedObservers = lock.withLock {
            state = .finished
            self.queue = nil
            defer { self.finishedObservers = [] }
            return self.finishedObservers
        }
        if wasExecuting { didChangeValue(forKey: "isExecuting") }
        didChangeValue(forKey: "isFinished")
        queue?.operationDidFinish(self)
        for observer in finishedObservers { observer(self) }
        lock.withLock { isAnnounced = true }
    }
}
