import Foundation

/// Events sent to an ``AnimationOperation``'s lifecycle, and the actions it returns,
/// performed outside the lock: the hop to the main thread, the gate, the Core Animation work
/// (AnimationOperation+CoreAnimation.swift), the hooks and the KVO of the finish.
extension AnimationOperation {
    /// Sends `event` to the lifecycle and performs the actions it returns; returns whether
    /// there were any. `onMainThread`: the caller runs on the main thread, so the actions
    /// need not check.
    @discardableResult
    func receive(_ event: OperationLifecycle.Event, onMainThread: Bool = false) -> Bool {
        let actions = stateLock.withLock { lifecycle.receive(event) }
        perform(actions, onMainThread: onMainThread)
        return !actions.isEmpty
    }

    /// Performs `actions` in order, outside the lock. From the first one that needs the main
    /// thread on, they run there (recorded as work in flight until they have), so their order
    /// holds. `onMainThread`: the caller runs on the main thread.
    func perform(_ actions: OperationLifecycle.Actions, onMainThread: Bool = false) {
        var isOnMainThread: Bool? = onMainThread ? true : nil
        for index in 0..<actions.count {
            let action = actions[index]
            if action.needsMainThread, !(isOnMainThread ?? MainThread.isCurrent) {
                let rest = UncheckedSendableBox(actions.dropping(first: index))
                SchedulerActivity.begin(self)
                MainThread.run { [self] in
                    perform(rest.value, onMainThread: true)
                    SchedulerActivity.end(self)
                }
                return
            }
            if action.needsMainThread { isOnMainThread = true }
            run(action)
        }
    }

    private func run(_ action: OperationLifecycle.Action) {
        switch action {
        case .hopToMain:
            // In flight until the batch's transaction has committed (``batchDidCommit()``).
            SchedulerActivity.begin(self)
            let leftToQueue = stateLock.withLock { () -> Bool in
                if isStartedByAnimationQueue { isArrivalLeftToQueue = true }
                return isStartedByAnimationQueue
            }
            if !leftToQueue {
                // Started by hand or by an `OperationQueue`: on the main thread it begins
                // before `start()` returns; elsewhere with the next batch.
                StartBatch.shared.enqueue([self])
                StartBatch.shared.beginQueued(nowOnMainThread: true)
            }
        case .passGate:
            guard let gate else {
                receive(.gatePassed(beginContext()))
                return
            }
            let passes = gate.passOrWait { [self] in onMainInFlight { $0.receive(.gatePassed($0.beginContext())) } }
            if passes {
                receive(.gatePassed(beginContext()))
            } else if let layer {
                // Parked until the run resumes: if the layer is deallocated meanwhile, the
                // operation ends then, not when the run resumes.
                LayerLifetimeSentinel.watch(layer, for: self)
            }
        case .resumeParked:
            receive(.gatePassed(beginContext()))
        case .discardAhead(let ahead, let applyPolicy):
            discard(ahead, applyPolicy: applyPolicy)
        case .commitAhead(let ahead):
            add(ahead)
        case .adopt(let ahead):
            adopt(ahead)
        case .add(let key):
            // The last action of its list: deferring it to the batch reorders nothing.
            if isArrivingInBatch { deferAdd(key: key) } else { addAnimation(key: key) }
        case .announceStart(let time, let hooks):
            hooks.started(self, at: time ?? timeSource.now(for: layer))
        case .notifyCancelled(let hooks):
            hooks.cancelled(self)
        case .applyCancellation(let key):
            receive(.applyingCancellation(key: key))
        case .writeCancellationPolicy(let key, let resolved, let hasTransition):
            writeCancellationPolicy(key: key, resolved: resolved, hasTransition: hasTransition)
        case .removeForBackground(let key, let hasTransition):
            removeAnimation(key: key, hasTransition: hasTransition)
        case .finish(let finish):
            if let cleanup = finish.cleanup { removeAnimation(key: cleanup.key, hasTransition: cleanup.hasTransition) }
            announceFinish(finish)
        }
    }

    /// The hop reached the main thread: the operation begins, inside the transaction of
    /// batch `number` of the ``StartBatch``.
    func arriveOnMainThread(inBatch number: Int) {
        let gate = stateLock.withLock { () -> StartGate? in
            storedBatch = number
            return storedGate
        }
        isArrivingInBatch = true
        // An open gate is passed at once; a closed one parks the step (`passGate` checks it
        // again, atomically with waiting, in case the run resumed meanwhile).
        receive(.arrived(gate: gate.map { !$0.isOpen } ?? false, beginContext()), onMainThread: true)
        isArrivingInBatch = false
    }

    /// The batch's transaction committed, which fixed the begin time of the animation the
    /// operation added in it (unless that commit is itself nested in a pending transaction:
    /// then `animationDidStart(_:)` reports it). It is read back if someone hears the start.
    func batchDidCommit() {
        defer { SchedulerActivity.end(self) }
        guard let key = keyAwaitingBegin, let layer else { return }
        let now = timeSource.now(for: layer)
        guard let begin = committedBegin(ofAnimationUnder: key, on: layer, now: now) else { return }
        receive(.beginResolved(key: key, layerTime: begin, mediaTime: mediaTime(ofLayerTime: begin, on: layer, now: now)))
    }

    /// Runs `work` on the main thread, recorded as work in flight until it has run (see
    /// ``SchedulerActivity/begin(_:)``).
    func onMainInFlight(_ work: @escaping @Sendable (AnimationOperation) -> Void) {
        SchedulerActivity.begin(self)
        MainThread.run { [self] in
            work(self)
            SchedulerActivity.end(self)
        }
    }

    /// The operation's layer was deallocated: the operation hears `layerGone` on the main
    /// queue's next turn, recorded as work in flight until then. Always a hop, never inline:
    /// the layer may be released anywhere, even inside Core Animation's own locked work.
    func receiveLayerGoneOnNextTurn() {
        SchedulerActivity.begin(self)
        DispatchQueue.main.async { [self] in
            receive(.layerGone)
            SchedulerActivity.end(self)
        }
    }

    /// What the main thread knows as the operation begins.
    /// With an animation committed ahead, the adoption's times, unless motion is reduced now
    /// and was not when the animation was resolved, or the other way round (the system
    /// setting changed since): the start then resolves afresh, as ``MotionPolicy/system``
    /// reads the setting when each step starts.
    private func beginContext() -> OperationLifecycle.BeginContext {
        guard let layer else { return .init(layerAlive: false) }
        guard let ahead = stateLock.withLock({ lifecycle.ahead }), ahead.isMotionReduced == motion.isReduced else {
            return .init(layerAlive: true)
        }
        let now = timeSource.now(for: layer)
        return .init(layerAlive: true, adoption: .init(layerTime: layer.convertTime(now, from: nil),
                                                      beginMediaTime: layer.convertTime(ahead.begin, to: nil)))
    }

    private func announceFinish(_ finish: OperationLifecycle.Finish) {
        // In flight until the hooks have handed its dependents over.
        SchedulerActivity.begin(self)
        defer { SchedulerActivity.end(self) }
        finish.hooks.willFinish(self, finish.outcome, at: timeSource.now(for: layer))
        willChangeValue(forKey: "isFinished")
        if finish.wasExecuting { willChangeValue(forKey: "isExecuting") }
        let late = stateLock.withLock {
            reported = (isExecuting: false, isFinished: true)
            return lifecycle.takeLateFinishHooks()
        }
        if finish.wasExecuting { didChangeValue(forKey: "isExecuting") }
        didChangeValue(forKey: "isFinished")
        finish.hooks.didFinish(self)
        for hook in late { hook(self) }
    }

    /// Calls `body` with the outcome once the operation reports `isFinished` and its queue
    /// has handed its dependents over; at once if it already reports `isFinished`.
    func whenFinished(_ body: @escaping @Sendable (AnimationOutcome) -> Void) {
        let finished = stateLock.withLock { () -> AnimationOutcome? in
            if reported.isFinished { return lifecycle.outcome ?? .cancelled }
            // Whether or not the finish action has taken the hooks yet, this runs after the
            // finish is reported (see `announceFinish`).
            lifecycle.addHooks { $0.didFinish.append { body($0.outcome ?? .cancelled) } }
            return nil
        }
        if let finished { body(finished) }
    }
}
