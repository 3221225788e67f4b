import Foundation

/// An operation that runs a closure on the main thread: the operation of a ``Perform`` step.
final class MainThreadOperation: Operation, @unchecked Sendable {
    // Thread safety: `lock` guards `state`, `isFinishing` and `observers`; KVO and the closure
    // run outside it.
    private let lock = NSLock()
    private var state = State.ready
    /// Whether `finish` has begun: it runs once, whoever calls it first.
    private var isFinishing = false
    private var observers: [@Sendable (MainThreadOperation, AnimationOutcome) -> Void] = []
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

    /// Calls `observer` when the operation finishes (cancelled if cancelled before it ran).
    func onFinish(_ observer: @escaping @Sendable (MainThreadOperation, AnimationOutcome) -> Void) {
        lock.withLock { observers.append(observer) }
    }

    /// Whether it has started and will run its closure, or finish cancelled, as soon as the
    /// main queue turns (false while parked at a paused run's gate, unless cancelled).
    var isWaitingForMainThread: Bool { isExecuting && ((gate?.isOpen ?? true) || isCancelled) }

    override var isAsynchronous: Bool { true }
    override var isExecuting: Bool { lock.withLock { state == .executing } }
    override var isFinished: Bool { lock.withLock { state == .finished } }

    override func start() {
        for dependency in dependencies { removeDependency(dependency) }
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
        lock.withLock { state = .finished }
        if wasExecuting { didChangeValue(forKey: "isExecuting") }
        didChangeValue(forKey: "isFinished")
    }
}
