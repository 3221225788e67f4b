import Foundation

/// An operation that runs a closure on the main thread: the operation of a ``Perform`` step.
final class MainThreadOperation: Operation, @unchecked Sendable {
    // Thread safety: `lock` guards `state`, `isFinishing` and the three observer lists; KVO,
    // the observers and the closure run outside it.
    private let lock = NSLock()
    private var state = State.ready
    /// Whether `finish` has begun: it runs once, whoever calls it first.
    private var isFinishing = false
    private var observers: [@Sendable (MainThreadOperation, AnimationOutcome) -> Void] = []
    private var finishedObservers: [@Sendable (MainThreadOperation) -> Void] = []
    private var cancelObservers: [@Sendable (MainThreadOperation) -> Void] = []
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

    /// Calls `observer` after each `cancel()`, so the queue that holds the operation can
    /// release it at once (see ``AnimationQueue``).
    func onCancel(_ observer: @escaping @Sendable (MainThreadOperation) -> Void) {
        lock.withLock { cancelObservers.append(observer) }
    }

    /// Whether it has started and will run its closure, or finish cancelled, as soon as the
    /// main queue turns (false while parked at a paused run's gate, unless cancelled).
    var isWaitingForMainThread: Bool { isExecuting && ((gate?.isOpen ?? true) || isCancelled) }

    override var isAsynchronous: Bool { true }
    override var isExecuting: Bool { lock.withLock { state == .executing } }
    override var isFinished: Bool { lock.withLock { state == .finished } }

    override func start() {
        removeAllDependencies()
        guard !isCancelled else { return finish(.cancelled) }
        willChangeValue(forKey: "isExecuting")
        lock.withLock { state = .executing }
        didChangeValue(forKey: "isExecuting")
        let body = self.body
        let perform: @Sendable () -> Void = { [self] in
            MainThread.runIsolated { [self] in
                if isCancelled { return finish(.cancelled) }
                body.value()
                finish(.finished)
            }
        }
        // While the run is paused, wait for it to resume (a cancelled run opens the gate).
        if gate?.passOrWait(perform) ?? true { perform() }
    }

    /// Cancels the operation. One parked at a paused run's gate finishes `.cancelled` now,
    /// on the main thread, without waiting for the run to resume; its closure never runs.
    override func cancel() {
        super.cancel()
        for observer in lock.withLock({ cancelObservers }) { observer(self) }
        guard isExecuting, let gate, !gate.isOpen else { return }
        MainThread.run { [self] in finish(.cancelled) }
    }

    /// Reports the finish, once: a cancel of a parked operation and the gate opening may
    /// both get here.
    private func finish(_ outcome: AnimationOutcome) {
        let claimed = lock.withLock { () -> (wasExecuting: Bool, observers: [@Sendable (MainThreadOperation, AnimationOutcome) -> Void])? in
            guard !isFinishing else { return nil }
            isFinishing = true
            return (state == .executing, self.observers)
        }
        guard let (wasExecuting, observers) = claimed else { return }
        for observer in observers { observer(self, outcome) }
        willChangeValue(forKey: "isFinished")
        if wasExecuting { willChangeValue(forKey: "isExecuting") }
        let finishedObservers = lock.withLock {
            state = .finished
            cancelObservers = []
            defer { self.finishedObservers = [] }
            return self.finishedObservers
        }
        if wasExecuting { didChangeValue(forKey: "isExecuting") }
        didChangeValue(forKey: "isFinished")
        for observer in finishedObservers { observer(self) }
    }
}
