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
        guard let layer, roots.map(layer.isInTree(ofAnyOf:)) ?? true else { return }
        let (stepPolicy, key, attachment) = withLifecycle {
            ($0.settings.stepBackgroundPolicy, $0.keyOnLayer, $0.attachment)
        }
        let policy = stepPolicy ?? queuePolicy
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
        case .suspend(let removing):
            LayerLifetimeSentinel.watch(layer, for: self)
            removeAnimation(key: removing.key, hasTransition: removing.hasTransition)
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
        case .finish(let progress):
            perform(progress)
        case .resume(let animation, let key, let animationBegin, let end):
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
            let hooks = stateLock.withLock {
                lifecycle.attachedToLayer(key: key)
                return lifecycle.hooks
            }
            hooks.endMoved(self)
        }
    }
}

extension CALayer {
    /// Whether the layer is one of `roots` or under one.
    func isInTree(ofAnyOf roots: [CALayer]) -> Bool {
        var ancestor: CALayer? = self
        while let current = ancestor, !roots.contains(where: { $0 === current }) { ancestor = current.superlayer }
        return ancestor != nil
    }
}
