import Foundation

/// Committing ahead, for gapless plans (see ``AnimationPlan/Scheduling/gapless``): a step's
/// animation is attached before its operation starts, to begin when its dependencies end,
/// and the operation adopts it when it starts, or discards it.
extension AnimationOperation {
    /// An animation committed before the operation starts, by a gapless plan: attached with
    /// a future `beginTime`, without touching the model, until the operation adopts it.
    struct Ahead {
        let key: String
        let resolved: ResolvedAnimation
        /// When it begins and ends, in the layer's time.
        let begin: CFTimeInterval
        let end: CFTimeInterval
        /// Its transaction completed before the operation adopted it. Set from the thread
        /// that delivers completions, so read it from `ahead` under the lock, never from a copy.
        var completed = false
    }

    /// When the animation of the started operation ends, in its layer's time; nil before the
    /// operation started. An animation only committed ahead does not count: the look-ahead
    /// of a gapless plan is one step, whatever order simultaneous steps start in.
    ///
    /// Nil too once other code removed the animation before its end (the operation ends
    /// `.interrupted`; its end will not come), including when it adopted a removed commit
    /// ahead. Main thread: a removal is seen at once, before Core Animation delivers its
    /// `animationDidStop(_:finished:)`.
    var plannedEnd: CFTimeInterval? {
        let state: (outcome: AnimationOutcome?, stoppedFinished: Bool?, attached: Attached?) = stateLock.withLock {
            (machine.outcome, machine.stoppedFinished, attached)
        }
        let outcome = state.outcome, stoppedFinished = state.stoppedFinished
        guard let attached = state.attached else { return nil }
        if outcome == .finished || stoppedFinished == true { return attached.end }
        if outcome != nil || stoppedFinished == false { return nil }
        guard let layer else { return nil }
        let removed = layer.animation(forKey: attached.key) == nil
            && layer.convertTime(timeSource.now(for: layer), from: nil) < attached.end
        return removed ? nil : attached.end
    }

    /// Commits the animation now, to begin at `begin` (in the layer's time), before the
    /// operation starts: the animation is attached with that `beginTime` and no backwards
    /// fill, so it shows nothing until then, and the model is left alone. When the operation
    /// starts, it adopts the animation if its begin time has come, or else removes it and
    /// starts as usual (a dependency ended early), so outcomes and order are unchanged.
    ///
    /// Main thread only. Returns false, committing nothing, if the operation started or was
    /// cancelled, its layer is gone, or there is nothing to animate.
    @discardableResult
    func commitAhead(at begin: CFTimeInterval) -> Bool {
        guard let layer, stateLock.withLock({ machine.phase == .initialized && ahead == nil }) else { return false }
        let resolved = LayerReading.$resolvesAhead.withValue(true) { resolvedAnimation(for: layer) }
        guard let base = resolved.animation else { return false }
        let key = animationKey + ".ahead"
        let caAnimation = Self.scheduled(base, delay: resolved.delay, at: begin)
        let end = begin + ActiveDuration.of(caAnimation)
        guard end.isFinite else { return false }
        // Checked again with the record, atomically: a start or cancel from another thread
        // after this point sees `ahead` and discards it on the main thread, after this commit.
        let recorded = stateLock.withLock { () -> Bool in
            guard machine.phase == .initialized, !machine.isCancelRequested, ahead == nil else { return false }
            ahead = Ahead(key: key, resolved: resolved, begin: begin, end: end)
            return true
        }
        guard recorded else { return false }
        caAnimation.delegate = StopObserver(operation: self, key: key)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.setCompletionBlock { [self] in transactionCompleted(key: key) }
        layer.add(caAnimation, forKey: key)
        CATransaction.commit()
        return true
    }

    /// A group that begins at `begin` in the layer's time, plays `animation` after `delay`,
    /// and then holds its end (forwards fill, not removed) until the operation adopts it:
    /// if the operation starts late, the layer keeps showing the end meanwhile.
    static func scheduled(_ animation: CAAnimation, delay: TimeInterval, at begin: CFTimeInterval) -> CAAnimation {
        animation.beginTime = delay
        animation.fillMode = delay > 0 ? .both : .forwards
        let group = CAAnimationGroup()
        group.animations = [animation]
        group.duration = delay + ActiveDuration.of(animation)
        group.beginTime = begin
        group.fillMode = .forwards
        group.isRemovedOnCompletion = false
        return group
    }

    /// On start: takes over the animation committed ahead, if its begin time has come.
    /// Writes the final values to the model, as a start does, and finishes at once if the
    /// animation already ended. Returns false if there is none to adopt (any early one is
    /// removed).
    func adoptAhead(on layer: CALayer) -> Bool {
        guard let pending = stateLock.withLock({ ahead }) else { return false }
        let now = layer.convertTime(timeSource.now(for: layer), from: nil)
        // A dependency ended before its planned end (cancelled or interrupted): start now.
        guard now >= pending.begin - Self.adoptionTolerance else {
            discardAhead()
            return false
        }
        // Revert restores the model as it is now, just before the start: it may have changed
        // since the commit ahead (another step, or the app, wrote to it meanwhile).
        var resolved = pending.resolved
        resolved.initialValues = resolved.initialValues.map { ($0.keyPath, layer.value(forKeyPath: $0.keyPath)) }
        // The hand-over from `ahead` to `attached` and the read of `completed` are one step:
        // the transaction may complete on the clock's thread at any moment, and it either
        // marks `ahead` before this (read here) or finds `attached` after it (and finishes
        // the operation itself). `pending` is a copy taken earlier, so its flag may be stale.
        let completed = stateLock.withLock { () -> Bool in
            let completed = ahead?.completed ?? pending.completed
            ahead = nil
            attached = Attached(key: pending.key, resolved: resolved, end: pending.end)
            return completed
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (keyPath, value) in pending.resolved.finalValues {
            layer.setValue(value, forKeyPath: keyPath)
        }
        CATransaction.commit()
        announceStart(layer, at: layer.convertTime(pending.begin, to: nil))
        if completed { complete(animated: true) }
        return true
    }

    /// How early a start may come and still adopt the animation committed ahead: the
    /// dependency's completion and the hop to the main thread can only make it late, so
    /// this only absorbs rounding of media times (about 1e-10 s at 10⁶ s of uptime). Any
    /// earlier start (a dependency removed or cancelled just before its end) plays a fresh
    /// animation: adopting would show the model, already at the end values, until the
    /// commit begins.
    static let adoptionTolerance: CFTimeInterval = 1e-6

    /// Removes the animation committed ahead, if any (main thread). If it had begun, the
    /// layer is left as ``cancellationPolicy`` says, as for a running animation.
    func discardAhead() {
        guard let pending = stateLock.withLock({ () -> Ahead? in
            defer {
                // A stop seen so far can only be that animation's: the operation adds its own
                // after this. Forgotten, so a removal of the commit ahead does not decide the
                // outcome of the animation the operation plays instead.
                if ahead != nil { machine.forgetStopBeforeAnimating() }
                ahead = nil
            }
            return ahead
        }) else { return }
        guard let layer else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let now = layer.convertTime(timeSource.now(for: layer), from: nil)
        if now >= pending.begin, isCancelled {
            apply(cancellationPolicy, of: pending.resolved, to: layer)
        }
        layer.removeAnimation(forKey: pending.key)
        CATransaction.commit()
    }
}
