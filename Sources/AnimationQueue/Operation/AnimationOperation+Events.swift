import Foundation

/// The events an ``AnimationOperation`` hears, each sent to its lifecycle under the lock,
/// and the lifecycle's answer performed after unlocking: the hop to the main thread, the
/// gate, the Core Animation work (AnimationOperation+CoreAnimation.swift), the hooks and the
/// KVO of the finish. Work on the layer runs on the main thread, in the order the lifecycle
/// gave it.
extension AnimationOperation {
    // MARK: Start

    /// Performs the start's answer.
    func perform(_ action: OperationLifecycle.StartAction) {
        switch action {
        case .hopToMain(let leftToQueue):
            guard !leftToQueue else { return }
            // Started by hand or by an `OperationQueue`: on the main thread it begins before
            // `start()` returns; elsewhere with the next batch.
            StartBatch.shared.enqueue([self])
            StartBatch.shared.beginQueued(nowOnMainThread: true)
        case .finish(let ahead, let finish):
            guard let ahead else { return announceFinish(finish) }
            onMainThread(with: (ahead, finish)) {
                $0.discard($1.0, applyPolicy: true)
                $0.announceFinish($1.1)
            }
        }
    }

    // MARK: Beginning, on the main thread

    /// What the operation finds as it begins, on the main thread: the layer gone, the
    /// animation committed ahead to adopt, or a fresh animation resolved and prepared (not
    /// attached). `systemReducesMotion` is the system's Reduce Motion setting, which a batch
    /// reads once for all its steps.
    func prepareBeginning(systemReducesMotion: Bool) -> (OperationLifecycle.Beginning, PreparedAdd?) {
        guard let layer else { return (.layerGone, nil) }
        let (ahead, motion, key, isCancelRequested) = stateLock.withLock {
            (lifecycle.ahead, lifecycle.settings.motion, lifecycle.key, lifecycle.isCancelRequested)
        }
        guard !isCancelRequested else { return (.cancelled, nil) }
        let isMotionReduced = motion.isReduced(systemSetting: systemReducesMotion)
        // An animation committed ahead is adopted once its begin time has come, unless motion
        // is reduced now and was not when it was resolved, or the other way round (the system
        // setting changed since): the start then resolves afresh, as ``MotionPolicy/system``
        // reads the setting when each step starts. Nor while another step moves its key paths:
        // committed before that step began, it lies beneath it, hidden; a fresh animation
        // takes that step over instead.
        if let ahead, ahead.isMotionReduced == isMotionReduced {
            let layerTime = layer.convertTime(timeSource.now(for: layer), from: nil)
            if OperationLifecycle.adopts(ahead, at: layerTime), !anotherStepMoves(ahead.resolved.keyPaths, on: layer) {
                return (.adoption(layerTime: layerTime, beginMediaTime: layer.convertTime(ahead.begin, to: nil)), nil)
            }
        }
        let prepared = prepareAdd(resolvedAnimation(for: layer, isMotionReduced: isMotionReduced), key: key, on: layer)
        return (.fresh(fresh(prepared, on: layer)), prepared)
    }

    /// The hop reached the main thread: the operation begins, inside the transaction of
    /// batch `number` of the ``StartBatch``, whose first phase prepared `beginning` (nil: the
    /// run's gate was closed, and the operation registered with it). Returns what to perform
    /// once every operation of the batch has attached its animation.
    func arrive(inBatch number: Int, beginning: OperationLifecycle.Beginning?, prepared: PreparedAdd?) -> OperationLifecycle.Progress {
        let action = stateLock.withLock { lifecycle.arrived(batch: number, beginning: beginning) }
        return perform(action, prepared: prepared)
    }

    /// Whether the operation passes its run's gate now; if not, it waits there (registered
    /// atomically with the check), and ``passGate()`` runs when the run resumes.
    func passesGate() -> Bool {
        guard let gate else { return true }
        return gate.passOrWait(self) { [self] in onMainThread { $0.passGate() } }
    }

    /// The paused run resumed (main thread): the parked operation begins, in a transaction of
    /// its own, and reads back the begin time Core Animation fixed as it committed.
    private func passGate() {
        let (beginning, prepared) = prepareBeginning(systemReducesMotion: MotionPolicy.systemPrefersReducedMotion)
        guard let action = stateLock.withLock({ lifecycle.gatePassed(beginning) }) else { return }
        perform(perform(action, prepared: prepared))
        readCommittedBegin()
    }

    /// Performs a beginning (main thread); returns the progress of a fresh animation, left to
    /// the caller (a batch performs it once every operation of the batch is attached).
    private func perform(_ action: OperationLifecycle.BeginAction, prepared: PreparedAdd?) -> OperationLifecycle.Progress {
        switch action {
        case .park:
            // Parked until the run resumes: if the layer is deallocated meanwhile, the
            // operation ends then, not when the run resumes.
            if let layer { LayerLifetimeSentinel.watch(layer, for: self) }
            return .none
        case .finish(let ahead, let applyPolicy, let finish):
            if let ahead { discard(ahead, applyPolicy: applyPolicy) }
            announceFinish(finish)
            return .none
        case .adopt(let ahead, let progress):
            adopt(ahead)
            perform(progress)
            applyKeptRetargets()
            return .none
        case .attach(let ahead, let progress, let cancelling):
            if let ahead { discard(ahead, applyPolicy: false) }
            guard let prepared else { preconditionFailure("Internal inconsistency: an attach without a prepared animation") }
            guard let layer else {
                // Gone since the beginning was prepared: nothing was attached, so no
                // callback will come.
                perform(progress)
                perform(stateLock.withLock { lifecycle.layerGone() })
                return .none
            }
            attach(prepared, to: layer)
            // From now on a cancel on another thread that finds the animation missing from
            // the layer knows Core Animation removed it.
            stateLock.withLock { lifecycle.attachedToLayer(key: prepared.key) }
            guard let cancelling else {
                applyKeptRetargets()
                return progress
            }
            performRemoval(cancelling, progress)
            return .none
        }
    }

    /// The batch's transaction committed, which fixed the begin time of the animation the
    /// operation added in it (unless that commit is itself nested in a transaction the caller
    /// has open: then `animationDidStart(_:)` reports it). It is read back if someone hears
    /// the start.
    func batchDidCommit() {
        readCommittedBegin()
    }

    private func readCommittedBegin() {
        guard let key = keyAwaitingBegin, let layer else { return }
        let now = timeSource.now(for: layer)
        guard let begin = committedBegin(ofAnimationUnder: key, on: layer, now: now) else { return }
        beginResolved(key: key, layerTime: begin, mediaTime: mediaTime(ofLayerTime: begin, on: layer, now: now))
    }

    // MARK: Core Animation's reports

    func beginResolved(key: String, layerTime: CFTimeInterval, mediaTime: CFTimeInterval) {
        perform(stateLock.withLock { lifecycle.beginResolved(key: key, layerTime: layerTime, mediaTime: mediaTime) })
    }

    /// `animationDidStop(_:finished:)` for the animation under `key`.
    func animationDidStop(key: String, finished: Bool) {
        perform(stateLock.withLock { lifecycle.stopped(key: key, finished: finished) })
    }

    /// The completion block of the transaction that added the animation under `key` ran.
    func transactionDidComplete(key: String) {
        perform(stateLock.withLock { lifecycle.completed(key: key) })
    }

    /// The operation's layer was deallocated: the operation hears it on the main queue's
    /// next turn. Always a hop, never inline: the layer may be released anywhere, even inside
    /// Core Animation's own locked work.
    func receiveLayerGoneOnNextTurn() {
        hopToMain { operation in
            operation.perform(operation.stateLock.withLock { operation.lifecycle.layerGone() })
        }
    }

    /// Announces the start, then the finish. A start is announced on the main thread, and the
    /// finish after it; a finish alone runs on the calling thread (its cleanup removes the
    /// animation in a transaction of its own).
    func perform(_ progress: OperationLifecycle.Progress) {
        guard !progress.isEmpty else { return }
        if progress.start != nil, !MainThread.isCurrent {
            onMainThread(with: progress) { $0.perform($1) }
            return
        }
        if let start = progress.start { start.hooks.started(self, at: start.time ?? timeSource.now(for: layer)) }
        if let finish = progress.finish {
            if let cleanup = finish.cleanup { removeAnimation(key: cleanup.key, hasTransition: cleanup.hasTransition) }
            announceFinish(finish)
        }
    }

    // MARK: Cancel, the queue holding back

    /// `cancel()`: the hooks hear it at once (the queue cancels the dependents); the layer's
    /// part runs on the main thread. An animation Core Animation has already taken off the
    /// layer (it ended, or other code removed it) is left to the reports on their way.
    func performCancel() {
        // Whether Core Animation has already taken a running animation off the layer (its
        // reports are on their way); read outside the lock. Only an animation known to be on
        // the layer counts: between the arrival and the add on the main thread, the running
        // animation is not on the layer yet, and a cancel then must remove it, not wait for
        // reports that come only at its natural end.
        let runningKey = stateLock.withLock { lifecycle.keyOnLayer }
        let animationGone = runningKey.map { key in layer.map { $0.animation(forKey: key) == nil } ?? false } ?? false
        guard let action = stateLock.withLock({ lifecycle.cancelled(animationGone: animationGone) }) else { return }
        action.hooks.cancelled(self)
        switch action.effect {
        case .none:
            break
        case .discardAhead(let ahead):
            onMainThread(with: ahead) { $0.discard($1, applyPolicy: true) }
        case .finishParked(let ahead, let finish):
            guard let ahead else { return announceFinish(finish) }
            onMainThread(with: (ahead, finish)) {
                $0.discard($1.0, applyPolicy: true)
                $0.announceFinish($1.1)
            }
        case .finishRunning(let removal, let progress):
            onMainThread(with: (removal, progress)) { $0.performRemoval($1.0, $1.1) }
        }
    }

    /// The operation's queue started holding back unstarted operations (it was suspended):
    /// a commit ahead is discarded, with the cancellation policy if it has begun.
    func queueHoldsBack() {
        guard let ahead = stateLock.withLock({ lifecycle.heldBack() }) else { return }
        onMainThread(with: ahead) { $0.discard($1, applyPolicy: true) }
    }

    // MARK: A run's timeline

    /// The operation's run went on its timeline, or the operation reached the run's diverted
    /// gate (main thread): its own animation, running or committed ahead, comes off the
    /// layer, since the run shows the step's motion from now on.
    func joinTimeline() {
        switch stateLock.withLock({ lifecycle.joinedTimeline() }) {
        case nil: break
        case .discardAhead(let ahead): discard(ahead, applyPolicy: false)
        case .takeOver(let removing, let start):
            if let start { start.hooks.started(self, at: start.time ?? timeSource.now(for: layer)) }
            // The animation's observer, which reported the layer's deallocation, goes with it.
            if let layer { LayerLifetimeSentinel.watch(layer, for: self) }
            removeAnimation(key: removing.key, hasTransition: removing.hasTransition)
        }
    }

    /// Plan time passed the operation's begin on its run's timeline (main thread): its start
    /// is announced, once.
    func timelinePassedBegin() {
        guard let start = stateLock.withLock({ lifecycle.timelinePassedBegin() }) else { return }
        start.hooks.started(self, at: start.time ?? timeSource.now(for: layer))
    }

    /// Plan time passed the operation's end on its run's timeline (main thread): it finishes
    /// `.finished`.
    func timelinePassedEnd() {
        perform(stateLock.withLock { lifecycle.timelinePassedEnd() })
    }

    /// Takes the operation's animation off the layer (main thread) and finishes.
    func performRemoval(_ removal: OperationLifecycle.Removal, _ progress: OperationLifecycle.Progress) {
        if let start = progress.start { start.hooks.started(self, at: start.time ?? timeSource.now(for: layer)) }
        if removal.appliesPolicy {
            writeCancellationPolicy(removal)
        } else {
            remove(removal)
        }
        if let finish = progress.finish { announceFinish(finish) }
    }

    // MARK: Threads

    /// Runs `work` on the main thread: now if already there, else on the main queue's next
    /// turn.
    func onMainThread(_ work: @escaping @Sendable (AnimationOperation) -> Void) {
        if MainThread.isCurrent { work(self) } else { hopToMain(work) }
    }

    /// Runs `work` with `value` on the main thread (see ``onMainThread(_:)``): at once on the
    /// main thread; from another, the value crosses in a box, touched on the main thread only,
    /// after this thread has let go of it.
    func onMainThread<Value>(with value: Value, _ work: @escaping @Sendable (AnimationOperation, Value) -> Void) {
        if MainThread.isCurrent { return work(self, value) }
        let box = UncheckedSendableBox(value)
        onMainThread { work($0, box.value) }
    }

    /// Runs `work` on the main queue's next turn. On a clock a test clock tracks, the hop is
    /// work in flight until it has run (``SchedulerActivity/hop(_:_:)``).
    private func hopToMain(_ work: @escaping @Sendable (AnimationOperation) -> Void) {
        guard let activity = timeSource.activity else {
            return DispatchQueue.main.async { [self] in work(self) }
        }
        activity.hop(self) { [self] in work(self) }
    }

    // MARK: Finish

    /// Announces the finish: to the hooks that hear it coming, by KVO, then to the hooks
    /// that hear it done (the queue hands the dependents over). Until the last has heard it,
    /// a test clock counts the operation as work in flight (``OperationLifecycle/isDone``).
    private func announceFinish(_ finish: OperationLifecycle.Finish) {
        finish.hooks.willFinish(self, finish.outcome, at: timeSource.now(for: layer))
        willChangeValue(forKey: "isFinished")
        if finish.wasExecuting { willChangeValue(forKey: "isExecuting") }
        let late = stateLock.withLock { lifecycle.reportFinished() }
        if finish.wasExecuting { didChangeValue(forKey: "isExecuting") }
        didChangeValue(forKey: "isFinished")
        finish.hooks.didFinish(self)
        for hook in late { hook(self) }
        stateLock.withLock { lifecycle.finishAnnounced() }
    }

    /// Calls `body` with the outcome once the operation reports `isFinished` and its queue
    /// has handed its dependents over; at once if it already reports `isFinished`.
    func whenFinished(_ body: @escaping @Sendable (AnimationOutcome) -> Void) {
        let finished = stateLock.withLock { () -> AnimationOutcome? in
            if lifecycle.reported.isFinished { return lifecycle.outcome ?? .cancelled }
            // Whether or not the finish action has taken the hooks yet, this runs after the
            // finish is reported (see `announceFinish`).
            lifecycle.addHooks { $0.didFinish.append { body($0.outcome ?? .cancelled) } }
            return nil
        }
        if let finished { body(finished) }
    }
}
