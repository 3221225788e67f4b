import Foundation

/// Moving a run's timeline: seeks, turns, the model following plan time, the steps passed,
/// and the end of the timeline (main thread).
extension RunTimeline {
    // MARK: Moving

    /// Plan time now: read from the first topmost layer still alive, which moves while the
    /// run plays.
    var planTime: TimeInterval {
        guard !isOver else { return time }
        return frame?.planTime ?? time
    }

    /// How plan time maps to the first topmost layer's time, until the run turns.
    var frame: TimelineFrame? {
        guard let host = hosts.first(where: { $0.layer.object != nil }) else { return nil }
        return TimelineFrame(host: host.layer, anchor: host.anchor, anchorTime: anchorTime, isReversed: isReversed,
                             duration: duration)
    }

    /// Moves the run to plan time `target` (clamped to the plan): the topmost layers' time,
    /// the model of the key paths whose steps it crosses, and the steps it passes the end of.
    /// `rate` is the run's rate (0 while paused).
    func seek(to target: TimeInterval, rate: Float) {
        guard !isOver else { return }
        let target = min(max(target, 0), duration)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for host in hosts {
            guard let layer = host.layer.object else { continue }
            let local = host.anchor + (isReversed ? anchorTime - target : target - anchorTime)
            AnimationRun.retime(layer, to: rate * host.speed, localTime: local)
        }
        moveModel(to: target)
        CATransaction.commit()
        passEnds()
        armMarker(rate: rate)
    }

    /// Turns the direction the run plays in, at the plan time it is at.
    func reverse(_ reversed: Bool, rate: Float) {
        guard !isOver, reversed != isReversed else { return }
        let now = planTime
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        removeCopies()
        anchorTime = now
        for index in hosts.indices {
            guard let layer = hosts[index].layer.object else { continue }
            hosts[index].anchor = layer.convertTime(MediaClock.now(for: layer), from: nil)
        }
        isReversed = reversed
        attachCopies()
        moveModel(to: now)
        CATransaction.commit()
        armMarker(rate: rate)
    }

    /// The run's rate changed (a pause, resume or speed): the layers were retimed.
    func rateChanged(to rate: Float) {
        guard !isOver else { return }
        armMarker(rate: rate)
    }

    /// Whether `step` has begun at plan time `time`. Played backwards a step counts as begun
    /// only after its begin, so that the run shows its start at plan time 0.
    func hasBegun(_ step: Int, at time: TimeInterval) -> Bool {
        isReversed ? steps[step].begin < time : steps[step].begin <= time
    }

    /// Writes the model of every key path whose writers begin or un-begin between the plan
    /// time the model shows and `target`.
    func moveModel(to target: TimeInterval) {
        var changed = Set<Int>()
        while begunCount < byBegin.count, hasBegun(byBegin[begunCount], at: target) {
            if let model = steps[byBegin[begunCount]].model { changed.insert(model) }
            begunSinceAnnounced.append(byBegin[begunCount])
            begunCount += 1
        }
        while begunCount > 0, !hasBegun(byBegin[begunCount - 1], at: target) {
            begunCount -= 1
            if let model = steps[byBegin[begunCount]].model { changed.insert(model) }
        }
        for model in changed { write(models[model]) }
        time = target
    }

    /// Announces the start of each step plan time began since the last call, whose
    /// operation is on the timeline (one that gets there later announces it then); outside
    /// any transaction, since the run's hooks hear it.
    func announceBegun() {
        let begun = begunSinceAnnounced
        begunSinceAnnounced = []
        for index in begun { (steps[index].operation as? AnimationOperation)?.timelinePassedBegin() }
    }

    /// Finishes the steps whose end plan time has passed: now if their operation is on the
    /// timeline, else when it gets there.
    func passEnds() {
        announceBegun()
        while passedCount < byEnd.count, steps[byEnd[passedCount]].end <= time {
            let index = byEnd[passedCount]
            passedCount += 1
            steps[index].isPassed = true
            finishIfPassed(index)
        }
    }

    func finishIfPassed(_ index: Int) {
        guard steps[index].isPassed else { return }
        switch steps[index].operation {
        case let animation as AnimationOperation:
            animation.timelinePassedEnd()
        case let block as MainThreadOperation where steps[index].isHeld:
            steps[index].isHeld = false
            block.runOnMainThread(fromTimeline: true)
        default:
            break
        }
    }

    /// `operation` reached the run's diverted gate (main thread). Once the run is over, a step
    /// whose end plan time passed still finishes `.finished` (a block still runs), as it would
    /// have had it arrived in time; any other is cancelled.
    func arrived(_ operation: Operation) {
        guard let index = stepIndex[ObjectIdentifier(operation)] else { return }
        guard !isOver || steps[index].isPassed else { return operation.cancel() }
        if let animation = operation as? AnimationOperation {
            animation.joinTimeline()
            if beginRank[index] < begunCount { animation.timelinePassedBegin() }
        } else if let block = operation as? MainThreadOperation {
            steps[index].isHeld = true
            block.heldByTimeline()
        }
        finishIfPassed(index)
    }

    /// A step ended `.interrupted` (its layer went, or other code removed its animation):
    /// if every layer of the run is gone, nothing keeps the run's time and it ends.
    func stepInterrupted() {
        guard !isOver, !hosts.contains(where: { $0.layer.object != nil }) else { return }
        armMarker(rate: run?.control.rate ?? 0)
    }

    // MARK: Ending

    /// Played back to plan time 0: the model gets back its values from before the run, the
    /// run's animations come off, and the steps that have not finished end `.cancelled`, but
    /// for those whose end plan time passed: they are on their way to the timeline (a seek
    /// passed them before their operation reached the main thread), and finish there.
    func endAtStart() {
        guard let run, !isOver else { return }
        run.reachedStart()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for model in models {
            guard let layer = model.layer.object else { continue }
            for (keyPath, value) in model.before { LayerModelAccess.set(value, at: keyPath, of: layer) }
        }
        letGo()
        CATransaction.commit()
        // Dependents first (see AnimationQueue.cancelAll()).
        let unpassed = steps.filter { !$0.isPassed }.map(\.operation)
        for operation in DependencyGraph.dependentsFirst(unpassed.filter { !$0.isFinished }) {
            operation.cancel()
        }
    }

    /// The run is cancelled: the steps in motion at the current plan time leave their layers
    /// as their cancellation policies say; the run's animations come off.
    func cancel() {
        guard !isOver else { return }
        let now = planTime
        run?.lockedState { $0.planTime = now }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for index in byBegin {
            let step = steps[index]
            let inMotion = isReversed ? step.begin < now && now <= step.end : step.begin <= now && now < step.end
            guard inMotion, let resolved = step.resolved, let layer = step.layer?.object,
                  let operation = step.operation as? AnimationOperation else { continue }
            operation.apply(operation.cancellationPolicy, of: resolved, to: layer, leaving: [])
        }
        letGo()
        CATransaction.commit()
    }

    /// Takes the run's animations off its layers, for good.
    func letGo() {
        guard !isOver else { return }
        isOver = true
        markerGeneration += 1
        removeCopies()
        for host in hosts { host.layer.object?.removeAnimation(forKey: keyPrefix + "marker") }
    }
}
