import Foundation

extension AnimationOperation {
    /// Turns the step's motion of `keyPath` toward `target`, from where the layer is and at
    /// the speed it moves: no jump, no stop. The operation stays the same: it finishes once,
    /// when the turned motion ends, and its dependents wait for that; afterwards the model
    /// holds `target` and nothing of the step stays attached.
    ///
    /// ```swift
    /// run.operation(ofStep: "card slides in")?.retarget(.positionX, to: 120)
    /// ```
    ///
    /// **How.** Core Animation keeps timing everything; nothing is computed per frame. The
    /// running animation is replaced by a group that begins when it began: the old motion,
    /// unchanged, as an additive offset from the old target, plus a spring at rest carrying the
    /// layer from the old target to the new one (UIKit composes overlapping animations the same
    /// way). So position and velocity carry over exactly. This works for basic animations under
    /// any timing function, springs, keyframes (values or a path) and a group's key paths. A
    /// step that moves a number on a spring alone turns as a spring instead: the settling
    /// spring starts from where the layer is, at its velocity, toward `target`, plus a short
    /// additive spring that keeps the acceleration continuous.
    ///
    /// **The spring.** `spring` settles the turn; by default the step's own spring if it is one,
    /// else a critically damped spring whose perceptual duration is the step's active duration,
    /// kept between 0.2 and 1 s. The turn may end later than the step would have.
    ///
    /// **What happens when.** Called on the main thread, the turn is on the layer when this
    /// returns; from another thread it happens on the main queue's next turn.
    /// - A step in motion (its delay included) turns now. In a paused run it turns in the
    ///   run's time, so the new motion starts when the run resumes.
    /// - A step that has not begun keeps the retarget and applies it as it begins: it starts as
    ///   planned and turns at once (a gapless plan's early commit turns as it is adopted).
    /// - A step that has ended, or whose animation was removed or cancelled, keeps its outcome;
    ///   the layer alone is moved from what it shows to `target` with the spring, and the model
    ///   holds `target`. A trip to the background treats that motion as the step's policy
    ///   says (``BackgroundPolicy``).
    /// - A step whose run was scrubbed or reversed is part of the plan its run's timeline shows:
    ///   the retarget edits that plan. The step turns at the current plan time (as it begins,
    ///   if plan time has not reached it): before, it plays as written, and from then on it
    ///   turns toward `target` as a running step does, from its value at its velocity. What
    ///   the layer shows now does not change; playing or seeking on shows the turn, and
    ///   seeking back before it shows the step as written. The steps after it on the layer
    ///   start from `target`, and the model holds it once plan time is past the step's begin.
    ///   The step keeps its span of plan time, so it finishes at its planned end, while the
    ///   turn may settle later.
    /// - A key path that a later step has written since belongs to that step: the retarget
    ///   moves the layer alone, as for an ended step.
    /// - A step that cross-fades under reduced motion has no motion to turn: its layer is moved
    ///   alone, as for an ended step, and the step ends with the cross-fade.
    /// - A key path the step does not animate stops the program with a message naming the
    ///   ones it does (for a step that has not begun, as it begins). A layer that is gone
    ///   has nothing to move: the call changes nothing.
    ///
    /// The run's trace records the turn (``AnimationRun/Event/Kind-swift.enum/retargeted``).
    /// A gapless plan's dependents committed ahead to the old end are committed again to the
    /// new one. A run scrubbed later shows its plan as written, without the retarget.
    ///
    /// - Parameters:
    ///   - keyPath: A key path the step animates, exactly as its animation names it.
    ///   - target: The new final value.
    ///   - spring: The spring that settles the turn; nil for the default above.
    public func retarget<Value: RetargetableValue>(_ keyPath: AnimationKeyPath<Value>, to target: Value,
                                                   settling spring: RetargetSpring? = nil) {
        let retarget = OperationLifecycle.Retarget(keyPath: keyPath.rawValue, target: target.coreAnimationValue,
                                                   spring: spring)
        onMainThread(with: retarget) { $0.performRetarget($1) }
    }

    /// Applies a retarget on the main thread, as the operation's state says.
    func performRetarget(_ retarget: OperationLifecycle.Retarget) {
        guard let layer else { return }
        if let run = stateLock.withLock({ lifecycle.settings.run?.object }), let timeline = run.timeline {
            switch timeline.retarget(self, retarget) {
            case .turned:
                return run.stepTurned(self, keyPath: retarget.keyPath, at: MediaClock.now(for: layer))
            case .notAnimated(let animated):
                APIViolationRetargetKeyPath(retarget.keyPath, step: stepDescription, animated: animated)
            case .notOnTimeline:
                break
            }
        }
        switch stateLock.withLock({ lifecycle.retargetRequested(retarget) }) {
        case .kept:
            return
        case .ended, .onTimeline:
            // On a timeline that has let go of its layers, the step has ended with its run.
            moveAlone(layer, retarget)
        case .turn(let attachment):
            guard attachment.resolved.animates(retarget.keyPath) else {
                APIViolationRetargetKeyPath(retarget.keyPath, step: stepDescription, animated: attachment.resolved.keyPaths)
            }
            guard !attachment.overwrittenKeyPaths.contains(retarget.keyPath) else { return moveAlone(layer, retarget) }
            turn(attachment, retarget, on: layer)
        }
    }

    /// Applies the retargets asked for before the operation began, now that its animation is
    /// on the layer (main thread).
    func applyKeptRetargets() {
        let retargets = stateLock.withLock { lifecycle.takeRetargets() }
        for retarget in retargets { performRetarget(retarget) }
    }

    /// Replaces the running animation by one turned toward the retarget (``TurnedAnimation``).
    private func turn(_ attachment: OperationLifecycle.Attachment, _ retarget: OperationLifecycle.Retarget,
                      on layer: CALayer) {
        guard let running = layer.animation(forKey: attachment.key) else { return moveAlone(layer, retarget) }
        let mediaNow = timeSource.now(for: layer)
        let now = layer.convertTime(mediaNow, from: nil)
        let begin = Self.begin(of: running, attached: attachment, now: now)
        guard attachment.activeDuration.isFinite else {
            APIViolationRetargetEndless(step: stepDescription)
        }
        let spring = TurnedSpring.group(turning: running, keyPath: retarget.keyPath, to: retarget.target,
                                        spring: retarget.spring, stepBegin: begin, now: now,
                                        staysAttached: attachment.staysAttached)
        // The general turn offsets the old motion from the old target, the model before the
        // turn writes the new one.
        guard let turned = spring ?? TurnedAnimation.group(
            turning: running, keyPath: retarget.keyPath,
            from: LayerModelAccess.value(of: layer, at: retarget.keyPath) ?? retarget.target, to: retarget.target,
            spring: retarget.spring,
            begin: begin, activeDuration: attachment.activeDuration, now: now, staysAttached: attachment.staysAttached,
            dropping: attachment.overwrittenKeyPaths,
            holdsBase: TurnedAnimation.othersAnimate(retarget.keyPath, on: layer, besides: attachment.key)) else {
            return moveAlone(layer, retarget)
        }
        let key = animationKey + ".turn\(attachment.turns + 1)"
        let turn = OperationLifecycle.Turn(
            key: key, activeDuration: now - begin + turned.duration,
            begin: attachment.begin == nil ? (begin, mediaTime(ofLayerTime: begin, on: layer, now: mediaNow)) : nil,
            finalValue: (retarget.keyPath, retarget.target))
        guard let progress = stateLock.withLock({ lifecycle.retargeted(key: attachment.key, by: turn) }) else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        LayerModelAccess.set(retarget.target, at: retarget.keyPath, of: layer)
        let observer = AnimationObserver(operation: self, key: key, watchesLayer: true)
        turned.delegate = observer
        CATransaction.setCompletionBlock(AnimationObserver.completion(of: self, key: key))
        layer.add(turned, forKey: key)
        turned.delegate = nil
        layer.removeAnimation(forKey: attachment.key)
        CATransaction.commit()
        perform(progress)
        let hooks = stateLock.withLock { lifecycle.hooks }
        hooks.turned(self, keyPath: retarget.keyPath, at: mediaNow)
    }

    /// Moves `layer` alone from what it shows to the retarget's value, with the settling spring
    /// (a step that has ended): the model holds the value, and the spring comes off at its end.
    private func moveAlone(_ layer: CALayer, _ retarget: OperationLifecycle.Retarget) {
        let shown = layer.presentation().flatMap { LayerModelAccess.value(of: $0, at: retarget.keyPath) }
            ?? LayerModelAccess.value(of: layer, at: retarget.keyPath)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        LayerModelAccess.set(retarget.target, at: retarget.keyPath, of: layer)
        if let shown, let settle = TurnedAnimation.settling(retarget.keyPath, from: shown, to: retarget.target,
                                                            spring: retarget.spring ?? .smooth) {
            // An offset on the model: a step that begins on the key path carries it on.
            TakenOverAnimation.markOffset(settle)
            settle.beginTime = layer.convertTime(timeSource.now(for: layer), from: nil)
            PlayingOn.add(settle, forKey: animationKey + ".settle." + retarget.keyPath, on: layer, by: self)
        }
        CATransaction.commit()
    }

    /// The step's name in its run, or the operation, for messages.
    private var stepDescription: String {
        let run = stateLock.withLock { lifecycle.hooks.run }
        return run.map { "\"\($0.stepLabel(of: self))\"" } ?? "the operation on layer \(layerName.map { "'\($0)'" } ?? "(unnamed)")"
    }
}
