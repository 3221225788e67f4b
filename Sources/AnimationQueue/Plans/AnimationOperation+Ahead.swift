import Foundation

/// Committing ahead, for gapless plans (see ``AnimationPlan/Scheduling/gapless``): a step's
/// animation is attached before its operation starts, to begin when its dependencies end,
/// and the operation adopts it when it starts, or discards it.
extension AnimationOperation {
    /// When the animation of the started operation ends, in its layer's time: its begin
    /// time as Core Animation resolved it at the commit, plus its active duration. Nil
    /// before the operation started, before Core Animation fixed the begin time (a commit
    /// nested in a pending transaction), and for an operation whose start no one hears,
    /// whose begin time is not read back (a gapless plan's run hears every step). An
    /// animation only committed ahead does not count: the look-ahead of a gapless plan is one
    /// step, whatever order simultaneous steps start in.
    ///
    /// Nil too once other code removed the animation before its end (the operation ends
    /// `.interrupted`; its end will not come), including when it adopted a removed commit
    /// ahead. Main thread: a removal is seen at once, before Core Animation delivers its
    /// `animationDidStop(_:finished:)`.
    var plannedEnd: CFTimeInterval? {
        let (end, watched) = withLifecycle { lifecycle -> (CFTimeInterval?, String?) in
            let stillRunning = lifecycle.attachment.map { $0.reports.stop == nil } ?? false
            return (lifecycle.plannedEnd, stillRunning ? lifecycle.attachment?.key : nil)
        }
        guard let end else { return nil }
        guard let key = watched else { return end }
        guard let layer else { return nil }
        let removed = layer.animation(forKey: key) == nil
            && layer.convertTime(timeSource.now(for: layer), from: nil) < end
        guard removed else { return end }
        stateLock.withLock { lifecycle.removalSeen(key: key) }
        return nil
    }

    /// Commits the animation now, to begin at `begin` (in the layer's time), before the
    /// operation starts: the animation is attached with that `beginTime` and no backwards
    /// fill, so it shows nothing until then, and the model is left alone. When the operation
    /// starts, it adopts the animation if its begin time has come, or else removes it and
    /// starts as usual (a dependency ended early), so outcomes and order are unchanged.
    ///
    /// Main thread only. Returns false, committing nothing, if the operation started or was
    /// cancelled, its queue holds back unstarted operations (it is suspended), its layer is
    /// gone, there is nothing to animate, or the animation is a transition: a `CATransition`
    /// shows the change the model makes in its own commit, and a commit ahead leaves the
    /// model alone, so a cross-fade step starts when its dependencies finish.
    @discardableResult
    func commitAhead(at begin: CFTimeInterval) -> Bool {
        let (queue, withdrawn) = withLifecycle { lifecycle -> ((any OperationQueueHooks)??, Int) in
            (lifecycle.acceptsCommitAhead ? .some(lifecycle.queue) : .none, lifecycle.aheadsWithdrawn)
        }
        guard let layer, let queue, queue?.holdsBackUnstarted != true else { return false }
        let isMotionReduced = motion.isReduced
        let resolved = LayerReading.$resolvesAhead.withValue(true) {
            resolvedAnimation(for: layer, isMotionReduced: isMotionReduced)
        }
        guard let base = resolved.animation, !(base is CATransition) else { return false }
        let caAnimation = Self.scheduled(base, delay: resolved.delay, at: begin)
        let end = begin + ActiveDuration.of(caAnimation)
        guard end.isFinite else { return false }
        // A commit that replaces a withdrawn one has a key of its own, so the withdrawn one's
        // late reports are not taken for its.
        let key = animationKey + (withdrawn == 0 ? ".ahead" : ".ahead\(withdrawn)")
        let ahead = OperationLifecycle.CommittedAhead(key: key, resolved: resolved,
                                                     animation: caAnimation, begin: begin, end: end,
                                                     isMotionReduced: isMotionReduced)
        // Checked again with the record, atomically: a start or cancel from another thread
        // after this sees the commit and discards it on the main thread, after this commit.
        guard stateLock.withLock({ lifecycle.committedAhead(ahead) }) else { return false }
        add(ahead)
        // A suspension since the check above either found this commit (and discards it) or
        // is seen here.
        if queue?.holdsBackUnstarted == true {
            queueHoldsBack()
            return false
        }
        return true
    }

    /// A dependency was retargeted, which moved its end (main thread): the animation committed
    /// ahead is taken off the layer if it has not begun, and the operation may be committed
    /// again. Returns whether it may: false if it had nothing committed, or it has begun
    /// (it plays on, as the layer already shows it).
    func withdrawAheadNotBegun() -> Bool {
        guard let layer, let begin = withLifecycle({ $0.ahead?.begin }) else { return false }
        guard layer.convertTime(timeSource.now(for: layer), from: nil) < begin,
              let ahead = stateLock.withLock({ lifecycle.heldBack() }) else { return false }
        discard(ahead, applyPolicy: false)
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
}
