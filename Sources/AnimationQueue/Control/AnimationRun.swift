import Foundation

/// A plan that is running: cancel it, await its outcome, or follow its steps as events.
///
/// ```swift
/// let run = AnimationQueue.main.run(onboarding)
/// Task { for await event in run.events { print(event) } }
/// skipButton.onTap { run.cancel() }
/// let outcome = await run.outcome     // .finished, .cancelled or .interrupted
/// ```
public final class AnimationRun: @unchecked Sendable {
    // Thread safety: `lock` guards `state`. Continuations are resumed, and event streams
    // finished, outside it; events are yielded to the streams inside it, which keeps every
    // stream in recording order (a yield only buffers the event: it runs no consumer code).
    private let lock = NSLock()
    private var state: State
    private let graph: UncheckedSendableBox<PlanGraph>

    struct State {
        /// Steps that have not yet reported `isFinished`; the run ends when none is left.
        var unfinished: Int
        var isCancelled = false
        var outcomes: [ObjectIdentifier: AnimationOutcome] = [:]
        var outcome: AnimationOutcome?
        var waiters: [CheckedContinuation<AnimationOutcome, Never>] = []
        var events: [Event] = []
        var subscribers: [Int: AsyncStream<Event>.Continuation] = [:]
        var nextSubscriber = 0
        /// The run is on its timeline (it was scrubbed or reversed).
        var isOnTimeline = false
        var isReversed = false
        /// Plan time as the timeline last moved to, and how to read it while the run plays.
        var planTime: TimeInterval = 0
        var frame: TimelineFrame?
        /// The run was played back to its start.
        var reachedStart = false
        var endPosition: Position?
        /// The plan's schedule, worked out when first needed.
        var schedule: PlanSchedule?
    }

    /// When the run was created: the time every step was scheduled.
    public let scheduledAt: TimeInterval
    /// Holds back steps while the run is paused.
    let gate = StartGate()
    /// Pause state and speed.
    let control = RunControl()
    /// The topmost layers of the run, retimed to pause and scale it; found when the run is
    /// first retimed (see ``timedLayers``). Main thread only.
    nonisolated(unsafe) private(set) var foundTimedLayers: [TimedLayer]?
    /// The run's timeline, once it was scrubbed or reversed. Main thread only.
    nonisolated(unsafe) var timeline: RunTimeline?
    /// The model values of the run's layers from before its steps wrote them.
    let modelBeforeRun = ModelBeforeRun()

    /// The run's operations, in plan order (for tests and diagnostics).
    var operations: [Operation] { graph.value.operations }

    /// - Parameters:
    ///   - motion: The motion policy of the plan's animation steps (a wait keeps its own).
    ///   - background: The background policy of the plan's animation steps; nil follows the
    ///     queue's.
    init(graph: PlanGraph, scheduling: AnimationPlan.Scheduling, motion: MotionPolicy = .system,
         background: BackgroundPolicy? = nil) {
        self.graph = UncheckedSendableBox(graph)
        state = State(unfinished: graph.operations.count)
        scheduledAt = MediaClock.now(for: graph.timingHost)
        for operation in graph.operations {
            observe(operation, motion: motion, background: background)
            (operation as? MainThreadOperation)?.gate = gate
        }
        if scheduling == .gapless { scheduleGaplessly(graph) }
    }

    /// The topmost layers of the run, among those still alive, found the first time the run
    /// is retimed (main thread) rather than as it starts, since most runs are never paused or
    /// sped up. A layer that no longer exists by then would not be retimed either way.
    var timedLayers: [TimedLayer] {
        if let found = foundTimedLayers { return found }
        var layers = graph.value.operations.compactMap { ($0 as? AnimationOperation)?.layer }
        if let host = graph.value.timingHost { layers.append(host) }
        let found = Self.topmost(layers).map(TimedLayer.init)
        foundTimedLayers = found
        return found
    }

    /// Commits each qualifying step ahead when its dependencies start; see ``GaplessScheduler``.
    private func scheduleGaplessly(_ graph: PlanGraph) {
        let scheduler = GaplessScheduler(graph: graph)
        let watched = Set(scheduler.watched)
        for case let operation as AnimationOperation in graph.operations where watched.contains(ObjectIdentifier(operation)) {
            operation.addHooks { hooks in
                hooks.didStart.append { operation, _ in scheduler.commitReadyDependents(of: operation) }
                hooks.didMoveEnd.append { operation in scheduler.recommitDependents(of: operation) }
            }
        }
    }

    /// Cancels every step that has not finished; running steps apply their cancellation
    /// policy. A paused run resumes its timing first, so the layers are live afterwards.
    ///
    /// A run on its timeline (scrubbed or reversed) is cancelled on the main thread: at once
    /// when called there, else on the main queue's next turn. The steps in motion at its plan
    /// time leave their layers as their cancellation policies say, and the run's own
    /// animations come off. Cancelling one step of such a run cancels the run.
    public func cancel() {
        let (first, onTimeline) = lock.withLock { () -> (Bool, Bool) in
            let first = !state.isCancelled && !state.reachedStart
            if first { state.isCancelled = true }
            return (first, state.isOnTimeline)
        }
        guard first else { return }
        guard onTimeline else { return cancelSteps() }
        MainThread.run { [self] in
            timeline?.cancel()
            cancelSteps()
        }
    }

    /// Cancels every step that has not finished, dependents first (see
    /// `AnimationQueue.cancelAll()`), after resuming a paused run's timing.
    func cancelSteps() {
        if control.setPaused(false) { applyRate() }
        for operation in DependencyGraph.dependentsFirst(graph.value.operations.filter { !$0.isFinished }) {
            operation.cancel()
        }
        gate.open()
    }

    /// Runs `body` on the run's state, under its lock.
    func lockedState<T>(_ body: (inout State) -> T) -> T {
        lock.withLock { body(&state) }
    }

    /// Whether every step has finished.
    public var isFinished: Bool { lock.withLock { state.outcome != nil } }

    /// The run's outcome, once every step has ended: `.cancelled` if the run was cancelled;
    /// else `.interrupted` if a step was interrupted, `.cancelled` if a step was cancelled,
    /// else `.finished`.
    ///
    /// Cancelling the awaiting task cancels the run; the outcome is then `.cancelled`, unless
    /// the run had already ended: then it is the outcome the run ended with.
    public var outcome: AnimationOutcome {
        get async {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let ready: AnimationOutcome? = lock.withLock {
                        if let outcome = state.outcome { return outcome }
                        state.waiters.append(continuation)
                        return nil
                    }
                    if let ready { continuation.resume(returning: ready) }
                }
            } onCancel: {
                cancel()
            }
        }
    }

    /// The outcome of the step with this name, once it has ended.
    public func outcome(ofStep name: String) -> AnimationOutcome? {
        guard let operation = graph.value.named[name] else { return nil }
        return lock.withLock { state.outcomes[ObjectIdentifier(operation)] }
    }

    /// The animation operation of the ``Step`` with this name; nil if no step has it, or if
    /// the step with that name is a ``Wait`` or a ``Perform``.
    public func operation(ofStep name: String) -> AnimationOperation? {
        guard let operation = graph.value.named[name], !(operation is WaitOperation) else { return nil }
        return operation as? AnimationOperation
    }

    /// The plan's length in seconds of plan time: its critical path, the longest chain of
    /// steps through their dependencies, with every step playing for its length as soon as
    /// its dependencies end (as a gapless plan plays). Nil if a step's length is unknown: an
    /// animation that repeats forever.
    ///
    /// A step's length is its animation's total duration, its delay and repeats included,
    /// or, when motion is reduced for it, the length its ``ReducedMotionBehavior`` gives it
    /// (none for ``ReducedMotionBehavior/jumpToFinal``). A ``Wait`` lasts its seconds and a
    /// ``Perform`` none. The run's ``speed`` changes how long the plan takes in real time,
    /// not its duration; a pause does not change it either.
    ///
    /// ```swift
    /// let run = AnimationQueue.main.run(AnimationPlan {
    ///     Step(title, BasicAnimation(.opacity, to: 1, duration: 0.3))
    ///     Parallel {
    ///         Step(caption, BasicAnimation(.positionY, to: 240, duration: 0.5))
    ///         Wait(0.2)
    ///     }
    /// })
    /// run.duration    // 0.8
    /// ```
    public var duration: TimeInterval? { schedule.duration }

    /// The plan's schedule, worked out once.
    var schedule: PlanSchedule {
        if let schedule = lock.withLock({ state.schedule }) { return schedule }
        let schedule = PlanSchedule(graph.value)
        lock.withLock { state.schedule = schedule }
        return schedule
    }

    /// The plan's compiled graph.
    var planGraph: PlanGraph { graph.value }

    /// Every step's start and end, in order: the events so far, then each new one; the
    /// sequence ends when the run ends. Each call returns an independent sequence, which
    /// keeps the run alive until it ends.
    public var events: AsyncStream<Event> {
        AsyncStream { continuation in
            // Events enter streams under the lock, in the order they are recorded: the events
            // so far go in before the stream can hear of a new one, and before the run's end
            // can finish it. (`yield` only buffers: no consumer code runs in it.)
            let (finished, id): (Bool, Int) = lock.withLock {
                let id = state.nextSubscriber
                state.nextSubscriber += 1
                for event in state.events { continuation.yield(event) }
                if state.outcome == nil { state.subscribers[id] = continuation }
                return (state.outcome != nil, id)
            }
            if finished { continuation.finish() }
            // The stream holds the run until it ends (the run finishes it, or its consumer
            // goes away): steps hold their run weakly, and the stream of a run that nobody
            // else keeps (`for await event in queue.run(plan).events`) must still hear every
            // event and end.
            continuation.onTermination = { _ in
                self.lock.withLock { _ = self.state.subscribers.removeValue(forKey: id) }
            }
        }
    }

    /// The events so far.
    public var recordedEvents: [Event] { lock.withLock { state.events } }

    /// Every step's label, in plan order.
    public var stepNames: [String] { graph.value.operations.map { graph.value.label(of: $0) } }

    // MARK: Observation

    /// Makes the run hear of `operation`'s start and finish, and hold it at the run's gate.
    private func observe(_ operation: Operation, motion: MotionPolicy, background: BackgroundPolicy?) {
        switch operation {
        case let animation as AnimationOperation:
            #if canImport(os)
            let interval = SignpostInterval()
            let label = graph.value.stepLabel(of: operation)
            animation.addHooks { hooks in
                hooks.didStart.append { _, _ in interval.begin(label) }
                hooks.willFinish.append { _, _, _ in interval.end() }
            }
            #endif
            animation.join(self, gate: gate, motion: animation is WaitOperation ? nil : motion, background: background)
        case let block as MainThreadOperation:
            let label = graph.value.stepLabel(of: operation)
            // Timed on the plan's timing layer, or on its clock once the layer is gone.
            let layer = graph.value.timingHost
            let clock = layer.map(MediaClock.Source.init)
            block.activity = clock?.activity
            let host = UncheckedSendableBox((layer: WeakReference(layer), clock: clock))
            block.onFinish { [weak self] operation, outcome in
                let time = host.value.clock?.now(for: host.value.layer.object) ?? MediaClock.now(for: nil)
                if outcome == .finished { self?.record(Event(label: label, kind: .started, time: time)) }
                self?.stepEnded(operation, outcome: outcome, event: Event(label: label, kind: .finished(outcome), time: time))
            }
            block.onDidFinish { [weak self] in self?.stepReportedFinish($0) }
        default:
            break
        }
    }

    func stepDidStart(_ operation: AnimationOperation, at time: CFTimeInterval) {
        record(Event(label: graph.value.stepLabel(of: operation), kind: .started, time: time,
                     layer: operation.layerName, keyPaths: operation.animatedKeyPaths))
    }

    /// The label of `operation`'s step, as the trace and messages print it.
    func stepLabel(of operation: Operation) -> String { graph.value.stepLabel(of: operation).text }

    func stepTurned(_ operation: AnimationOperation, keyPath: String, at time: CFTimeInterval) {
        record(Event(label: graph.value.stepLabel(of: operation), kind: .retargeted, time: time,
                     layer: operation.layerName, keyPaths: [keyPath]))
    }

    func stepWillFinish(_ operation: AnimationOperation, outcome: AnimationOutcome, at time: CFTimeInterval) {
        stepEnded(operation, outcome: outcome,
                  event: Event(label: graph.value.stepLabel(of: operation), kind: .finished(outcome), time: time,
                               layer: operation.layerName, keyPaths: operation.animatedKeyPaths))
    }

    func stepDidFinish(_ operation: AnimationOperation) {
        stepReportedFinish(operation)
    }

    func record(_ event: Event) {
        var event = event
        event.runStart = scheduledAt
        // Under the lock, so events recorded on two threads at once reach every stream in
        // the order `recordedEvents` lists them (see `events`).
        lock.withLock {
            state.events.append(event)
            for subscriber in state.subscribers.values { subscriber.yield(event) }
        }
    }

    /// A step is about to report its finish with `outcome`: its event and outcome are
    /// recorded. The run ends once every step reports `isFinished`
    /// (``stepReportedFinish(_:)``), so whoever learns that the run ended finds every step
    /// finished.
    private func stepEnded(_ operation: Operation, outcome: AnimationOutcome, event: Event) {
        record(event)
        let onTimeline = lock.withLock {
            _ = state.outcomes.updateValue(outcome, forKey: ObjectIdentifier(operation))
            return state.isOnTimeline
        }
        guard onTimeline else { return }
        if outcome == .interrupted { MainThread.run { [self] in timeline?.stepInterrupted() } }
        // One motion: a block cancelled by other code cancels the run, as an animation step's
        // cancel does (a block the timeline itself ended does not).
        if outcome == .cancelled, operation is MainThreadOperation {
            MainThread.run { [self] in
                guard timeline?.isOver == false else { return }
                cancel()
            }
        }
    }

    /// A step reports `isFinished`; after the last one, the run ends with the outcome its
    /// steps' outcomes give.
    private func stepReportedFinish(_ operation: Operation) {
        let result: AnimationOutcome? = lock.withLock {
            state.unfinished -= 1
            guard state.unfinished == 0 else { return nil }
            let outcomes = Set(state.outcomes.values)
            if state.reachedStart { return .finished }
            if state.isCancelled { return .cancelled }
            if outcomes.contains(.interrupted) { return .interrupted }
            if outcomes.contains(.cancelled) { return .cancelled }
            return .finished
        }
        guard let result else { return }
        control.setSpeed(1)
        // The layers' timing is restored before anyone learns that the run ended.
        MainThread.run { [self] in
            restoreTiming()
            let (waiters, subscribers) = lock.withLock {
                state.outcome = result
                state.endPosition = state.reachedStart ? .start : result == .finished ? .end : .current
                defer {
                    state.waiters = []
                    state.subscribers = [:]
                }
                return (state.waiters, Array(state.subscribers.values))
            }
            for waiter in waiters { waiter.resume(returning: result) }
            for subscriber in subscribers { subscriber.finish() }
        }
    }
}

