import Foundation

// What an animation operation does when the app, or the scene that shows its layer, goes to
// the background and comes back (see `BackgroundPolicy`).
extension AnimationOperation {
    /// What the operation does if it is running when the app, or the scene that shows its
    /// layer, goes to the background; nil (the default) follows its run's policy, else its
    /// queue's (``AnimationQueue/backgroundPolicy``). Read when the app leaves.
    public var backgroundPolicy: BackgroundPolicy? {
        get { stateLock.withLock { lifecycle.settings.backgroundPolicy } }
        set { stateLock.withLock { lifecycle.configure { $0.backgroundPolicy = newValue } } }
    }

    /// The app entered the background, or a scene did whose layers are `roots` and their
    /// sublayers (main thread). If the operation's layer is there, its animation, running or
    /// committed ahead, comes off the layer, as Core Animation takes it off, and the
    /// operation does what its background policy says, the queue's being `queuePolicy`,
    /// without waiting for Core Animation's reports. One that has not started starts afresh
    /// later.
    func enteredBackground(underAnyOf roots: [CALayer]?, queuePolicy: BackgroundPolicy) {
        guard let layer else { return }
        if let roots {
            var ancestor: CALayer? = layer
            while let current = ancestor, !roots.contains(where: { $0 === current }) { ancestor = current.superlayer }
            guard ancestor != nil else { return }
        }
        let (own, runs, key, attachment) = withLifecycle {
            ($0.settings.backgroundPolicy, $0.settings.runBackgroundPolicy, $0.keyOnLayer, $0.attachment)
        }
        let policy = own ?? runs ?? queuePolicy
        let now = layer.convertTime(timeSource.now(for: layer), from: nil)
        var elapsed: CFTimeInterval = 0, animationElapsed: CFTimeInterval = 0
        var copy: CAAnimation?
        if policy == .pause || policy == .keepWallClockTime, let key, let attachment {
            let begin = attachment.begin?.layer, resolved = attachment.resolved
            if let running = layer.animation(forKey: key) {
                copy = running.copy() as? CAAnimation
                // The copy would keep the observer, whose release checks the operation under
                // its lock: the lifecycle holds the copy, so it must not.
                copy?.delegate = nil
                // A begin time of 0 is the step's own animation, begun with the step.
                let stepBegin = Self.begin(of: running, attached: attachment, now: now)
                elapsed = max(0, now - stepBegin)
                animationElapsed = max(0, now - (running.beginTime == 0 ? stepBegin : running.beginTime))
            } else if let begin, let animation = resolved.animation?.copy() as? CAAnimation {
                // Core Animation took it off first: the step's animation is made again, as it
                // was added (a retarget's turn is not kept). Without a known begin (no one
                // heard the start) there is no telling where it was, and the step completes.
                copy = AddedAnimation(resolved: animation, delay: resolved.delay, on: layer, key: key).timing
                elapsed = max(0, now - begin)
                animationElapsed = elapsed
            }
        }
        let leaving = OperationLifecycle.Leaving(policy: policy, leftAt: now, elapsed: elapsed,
                                                 animationElapsed: animationElapsed, animation: copy)
        switch stateLock.withLock({ lifecycle.enteredBackground(leaving) }) {
        case nil: break
        case .discardAhead(let ahead): discard(ahead, applyPolicy: false)
        case .finishRunning(let removal, let progress): performRemoval(removal, progress)
        case .suspend(let removing, let offsetKeys):
            LayerLifetimeSentinel.watch(layer, for: self)
            removeAnimation(key: removing.key, hasTransition: removing.hasTransition)
            for offsetKey in offsetKeys { layer.removeAnimation(forKey: offsetKey) }
        }
    }

    /// The app, or a scene, returned to the foreground (main thread): an animation suspended
    /// as the app left goes back on the layer, playing from the point its policy says, or, its
    /// end passed, the operation finishes `.finished`.
    func enteredForeground() {
        guard let layer else { return }
        let media = timeSource.now(for: layer)
        let now = layer.convertTime(media, from: nil)
        switch stateLock.withLock({ lifecycle.enteredForeground(now: (now, media)) }) {
        case nil:
            break
        case .finish(let progress, let offsets):
            perform(progress)
            putBack(offsets, on: layer, now: now)
        case .resume(let animation, let key, let animationBegin, let end, let offsets):
            // A group that begins now and plays the animation from `now − animationBegin` in.
            animation.beginTime = animationBegin - now
            let group = TurnedAnimation.beginningNow([animation], now: now, duration: end - now,
                                                     staysAttached: !animation.isRemovedOnCompletion)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            group.delegate = AnimationObserver(operation: self, key: key, watchesLayer: true)
            CATransaction.setCompletionBlock(AnimationObserver.completion(of: self, key: key))
            layer.add(group, forKey: key)
            group.delegate = nil
            CATransaction.commit()
            putBack(offsets, on: layer, now: now)
            let hooks = stateLock.withLock {
                lifecycle.attachedToLayer(key: key)
                return lifecycle.hooks
            }
            hooks.endMoved(self)
        }
    }

    /// Puts the offsets the operation owned back on `layer` as the app returns at `now`, above
    /// its animation, moved by the time away as the step was; those that have ended stay off.
    /// A transaction of its own, after the one that put the step's animation back, whose
    /// completion must not wait for them.
    private func putBack(_ put: OperationLifecycle.OffsetsPutBack, on layer: CALayer, now: CFTimeInterval) {
        guard !put.offsets.isEmpty else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for offset in put.offsets where offset.animation.beginTime + put.shift + ActiveDuration.of(offset.animation) > now {
            let moved = offset.animation.copy() as! CAAnimation
            moved.beginTime += put.shift
            layer.add(moved, forKey: offset.key)
        }
        CATransaction.commit()
    }
}
