import Foundation

/// An ``AnimationOperation``'s bridge to Core Animation, both ways: the Core Animation work of
/// its actions, on the main thread (the cleanup of a finish may run on the thread that
/// delivered Core Animation's callback), and the delegate that brings Core Animation's
/// reports back (``AnimationObserver``, at the end of the file).
extension AnimationOperation {
    /// The animation resolved against `layer`, adapted to reduced motion if `isMotionReduced`.
    func resolvedAnimation(for layer: CALayer, isMotionReduced: Bool) -> ResolvedAnimation {
        let resolved = animation.resolve(for: layer)
        return isMotionReduced ? resolved.reducingMotion(animation.reducedMotion ?? .jumpToFinal) : resolved
    }

    /// An add prepared before its transaction: the resolution, and what goes on the layer.
    struct PreparedAdd {
        let key: String
        let resolved: ResolvedAnimation
        /// Nil when there is nothing to animate: the final values are only written.
        let plan: AddedAnimation?
    }

    /// Prepares the add of `resolved` under `key` (reading nothing but `layer`'s clock, for a
    /// transition's delay).
    func prepareAdd(_ resolved: ResolvedAnimation, key: String, on layer: CALayer) -> PreparedAdd {
        PreparedAdd(key: key, resolved: resolved,
                    plan: resolved.animation.map { AddedAnimation(resolved: $0, delay: resolved.delay, on: layer, key: key) })
    }

    /// Writes the final values to the model and adds the animation, in a transaction of the
    /// operation's own whose completion block is the operation's.
    func attach(_ add: PreparedAdd, to layer: CALayer) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        // A layer with animations attached may have motion on this step's key paths to take over.
        let takeovers = layer.animationKeys().flatMap { keys in
            takeOver(at: add.resolved.finalValues, on: layer, keys: keys, adding: add.plan)
        }
        letRunKeepModel(add.resolved.finalValues, of: layer)
        writeModel(add.resolved.finalValues, on: layer)
        supersedeEarlierWriters(of: add.resolved.finalValues, on: layer)
        if let plan = add.plan {
            // The copy that `add(_:forKey:)` keeps is the observer's only owner, and the layer
            // owns that copy, so the observer also reports the layer's deallocation (see
            // `AnimationObserver`).
            let observer = AnimationObserver(operation: self, key: add.key, watchesLayer: true)
            plan.timing.delegate = observer
            CATransaction.setCompletionBlock(AnimationObserver.completion(of: self, key: add.key))
            if let transition = plan.transition { layer.add(transition, forKey: kCATransition) }
            layer.add(plan.timing, forKey: add.key)
            plan.timing.delegate = nil
        }
        CATransaction.commit()
        if let takeovers { playOn(takeovers, on: layer) }
    }

    /// What the lifecycle hears about a prepared add, before it is attached. The step's begin
    /// is the one fixed as the add was prepared, if it was (`AddedAnimation.stepBegin`), or,
    /// with nothing to animate, now, when the values are committed; else Core Animation fixes
    /// it as the add's transaction commits, and it is read back then.
    func fresh(_ add: PreparedAdd, on layer: CALayer) -> OperationLifecycle.Fresh {
        var begin = add.plan?.stepBegin
        if add.plan == nil {
            let now = timeSource.now(for: layer)
            begin = (layer.convertTime(now, from: nil), now)
        }
        return .init(resolved: add.resolved, activeDuration: add.plan.map { ActiveDuration.of($0.timing) },
                     begin: begin, hasTransition: add.plan?.transition != nil)
    }

    /// The `beginTime` Core Animation gave the animation under `key` when its transaction
    /// took effect, or nil while that transaction waits for an enclosing one.
    ///
    /// Core Animation gives a `beginTime` of 0 the layer's time when the transaction
    /// commits. Nested in a transaction still open, that is later: it reads 0 until then,
    /// and `animationDidStart(_:)` reports it. At a local time of 0 the two cannot be told
    /// apart; the commit is taken as done, exact unless time passes before the enclosing
    /// transaction commits.
    func committedBegin(ofAnimationUnder key: String, on layer: CALayer, now: CFTimeInterval) -> CFTimeInterval? {
        let stored = layer.animation(forKey: key)?.beginTime
        let localNow = layer.convertTime(now, from: nil)
        return stored.flatMap { $0 != 0 || localNow == 0 ? $0 : nil }
    }

    /// The layer time at which `running`, the animation of `attachment`, begins: the begin
    /// the operation heard (read back at the commit, or from `animationDidStart(_:)`), else the
    /// `beginTime` Core Animation stored at the commit. A stored 0 with no begin heard is a
    /// transaction that has not committed, nested in one still open (one the caller began
    /// around the start, and has not committed yet): the animation begins as it commits, so
    /// now. For an animation committed at a local time of 0, `animationDidStart(_:)` records
    /// the begin, at that instant, even if no one hears the start.
    static func begin(of running: CAAnimation, attached attachment: OperationLifecycle.Attachment,
                      now: CFTimeInterval) -> CFTimeInterval {
        attachment.begin?.layer ?? (running.beginTime == 0 ? now : running.beginTime)
    }

    /// `animationDidStart(_:)`: Core Animation resolved the begin time of the animation
    /// under `key`. A start no one hears needs it only if the begin time stored is 0 (a
    /// commit at a local time of 0), which would otherwise read as a commit still to come
    /// (see ``begin(of:attached:now:)``).
    func animationDidStart(key: String, _ animation: CAAnimation) {
        let (unknown, hearsStart) = withLifecycle { ($0.keyWithUnknownBegin, $0.hooks.hearStart) }
        guard unknown == key, hearsStart || animation.beginTime == 0 else { return }
        let layer = self.layer
        var begin = animation.beginTime
        if begin == 0, let stored = layer?.animation(forKey: key)?.beginTime { begin = stored }
        let now = timeSource.now(for: layer)
        let media = layer.map { mediaTime(ofLayerTime: begin, on: $0, now: now) } ?? now
        beginResolved(key: key, layerTime: begin, mediaTime: media)
    }

    /// `time` in `layer`'s time as media time; `now` where the layer's time stands still.
    func mediaTime(ofLayerTime time: CFTimeInterval, on layer: CALayer, now: CFTimeInterval) -> CFTimeInterval {
        let media = layer.convertTime(time, to: nil)
        return media.isFinite ? media : now
    }

    /// Takes over an animation committed ahead: writes its final values to the model, as a
    /// start does.
    func adopt(_ ahead: OperationLifecycle.CommittedAhead) {
        guard let layer else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        letRunKeepModel(ahead.resolved.finalValues, of: layer)
        writeModel(ahead.resolved.finalValues, on: layer)
        supersedeEarlierWriters(of: ahead.resolved.finalValues, on: layer)
        LayerLifetimeSentinel.watch(layer, for: self)
        CATransaction.commit()
    }

    /// Adds an animation committed ahead, with its observer and completion.
    func add(_ ahead: OperationLifecycle.CommittedAhead) {
        guard let layer else { return }
        let observer = AnimationObserver(operation: self, key: ahead.key)
        ahead.animation.delegate = observer
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.setCompletionBlock(AnimationObserver.completion(of: self, key: ahead.key))
        layer.add(ahead.animation, forKey: ahead.key)
        CATransaction.commit()
        // The operation keeps `ahead`: only the copy Core Animation added holds the observer.
        ahead.animation.delegate = nil
    }

    /// Removes an animation committed ahead. If it had begun and `applyPolicy`, the layer is
    /// left as ``cancellationPolicy`` says, as for a running animation.
    func discard(_ ahead: OperationLifecycle.CommittedAhead, applyPolicy: Bool) {
        guard let layer else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let now = layer.convertTime(timeSource.now(for: layer), from: nil)
        if applyPolicy, now >= ahead.begin {
            apply(cancellationPolicy, of: ahead.resolved, to: layer, leaving: [])
        }
        layer.removeAnimation(forKey: ahead.key)
        CATransaction.commit()
    }

    /// Writes the cancellation policy and removes the running animation, in one transaction.
    func writeCancellationPolicy(_ removal: OperationLifecycle.Removal) {
        guard let layer else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        apply(cancellationPolicy, of: removal.resolved, to: layer, leaving: removal.overwrittenKeyPaths)
        removeOffsets(removal.offsetKeys, from: layer)
        removeAnimation(key: removal.key, hasTransition: removal.hasTransition, from: layer)
        CATransaction.commit()
    }

    /// Takes the running animation off without the cancellation policy, with the offsets the
    /// operation owns, in a transaction of its own.
    func remove(_ removal: OperationLifecycle.Removal) {
        guard let layer else { return }
        CATransaction.begin()
        removeOffsets(removal.offsetKeys, from: layer)
        removeAnimation(key: removal.key, hasTransition: removal.hasTransition, from: layer)
        CATransaction.commit()
    }

    /// Takes the offsets under `keys` off `layer`, and out of ``PlayingOn``.
    private func removeOffsets(_ keys: [String], from layer: CALayer) {
        PlayingOn.forget(keys, on: layer)
        for key in keys { layer.removeAnimation(forKey: key) }
    }

    /// Removes the animation under `key` and, with `hasTransition`, the layer's transition if
    /// it is still this operation's, in a transaction of its own: the removal takes effect at
    /// once and leaves no implicit transaction pending on the calling thread, which would
    /// defer the commits of whatever that thread begins next in the same turn.
    func removeAnimation(key: String, hasTransition: Bool) {
        guard let layer else { return }
        CATransaction.begin()
        removeAnimation(key: key, hasTransition: hasTransition, from: layer)
        CATransaction.commit()
    }

    private func removeAnimation(key: String, hasTransition: Bool, from layer: CALayer) {
        if hasTransition, AddedAnimation.owner(of: layer.animation(forKey: kCATransition)) == key {
            layer.removeAnimation(forKey: kCATransition)
        }
        if layer.animation(forKey: key) != nil { layer.removeAnimation(forKey: key) }
    }


    /// This operation has just written `values` to `layer`'s model: the unfinished operations
    /// whose animations are on the layer and animate those key paths (or key paths inside
    /// them: `position` contains `position.x`) learn that they no longer own them, and a
    /// cancel of theirs leaves them to this one. An idle layer has no animations to look at.
    private func supersedeEarlierWriters(of values: [(keyPath: String, value: Any?)], on layer: CALayer) {
        guard let keys = layer.animationKeys() else { return }
        for other in otherOperations(animating: layer, keys: keys) {
            let overwritten = other.animatedKeyPaths.filter { theirs in
                values.contains { theirs == $0.keyPath || theirs.hasPrefix($0.keyPath + ".") }
            }
            if !overwritten.isEmpty { other.stateLock.withLock { other.lifecycle.modelOverwritten(at: overwritten) } }
        }
    }

    /// The other operations whose animations are on `layer` under `keys` (its animation keys),
    /// each once: their observers name them.
    func otherOperations(animating layer: CALayer, keys: [String]) -> [AnimationOperation] {
        var operations: [AnimationOperation] = []
        for key in keys {
            guard let other = (layer.animation(forKey: key)?.delegate as? AnimationObserver)?.operation,
                  other !== self, !operations.contains(where: { $0 === other }) else { continue }
            operations.append(other)
        }
        return operations
    }

    /// Lets the operation's run keep the model values at `values`' key paths before its steps
    /// first write them, so that a run played back to its start puts them back.
    private func letRunKeepModel(_ values: [(keyPath: String, value: Any?)], of layer: CALayer) {
        guard !values.isEmpty, let run = withLifecycle({ $0.hooks.run }) else { return }
        run.modelBeforeRun.keep(values.map(\.keyPath), of: layer)
    }

    private func writeModel(_ values: [(keyPath: String, value: Any?)], on layer: CALayer) {
        for (keyPath, value) in values { LayerModelAccess.set(value, at: keyPath, of: layer) }
    }

    /// Writes to the model what `policy` says the layer shows after a cancel (inside the
    /// caller's transaction, before the animation is removed). The `overwritten` key paths,
    /// which a later operation has written since this one wrote its final values, are left
    /// to it.
    func apply(_ policy: CancellationPolicy, of resolved: ResolvedAnimation, to layer: CALayer,
               leaving overwritten: Set<String>) {
        let isOwn = { (keyPath: String) in !overwritten.contains(keyPath) }
        switch policy {
        case .holdPresentation:
            let presentation = layer.presentation()
            for keyPath in resolved.keyPaths where isOwn(keyPath) {
                if let value = presentation.flatMap({ LayerModelAccess.value(of: $0, at: keyPath) }) {
                    LayerModelAccess.set(value, at: keyPath, of: layer)
                }
            }
        case .revert:
            writeModel(resolved.initialValues.filter { isOwn($0.keyPath) }, on: layer)
        case .complete:
            writeModel(resolved.finalValues.filter { isOwn($0.keyPath) }, on: layer)
        }
    }
}

// MARK: Core Animation's reports

/// The delegate of an operation's animation: forwards `animationDidStart(_:)` (the begin
/// time Core Animation resolved) and `animationDidStop(_:finished:)` (finished or removed) to
/// the operation's lifecycle, tagged with the key the animation was added under, so the
/// callbacks of an animation discarded since are told apart. The completion of the
/// transaction that added the animation is forwarded by a block of its own
/// (``completion(of:key:)``), which does not hold the observer.
///
/// It holds the operation strongly. Its only owner is the animation Core Animation keeps (the
/// copy made by `add(_:forKey:)`; the operation clears the delegate of its own copy), and the
/// layer owns that copy: the observer goes once the animation is removed (the operation
/// removes it as it finishes) or the layer is deallocated, whether or not Core Animation ever
/// runs or releases the completion block. The operation holds neither, so nothing is kept
/// alive in a cycle.
///
/// With `watchesLayer`, it also reports the layer's deallocation. If the animation goes while
/// the layer is gone and the operation has not finished, the layer took its animations with
/// it, and the operation hears `layerGone` on the main queue's next turn: it finishes
/// `.interrupted` whether or not Core Animation ever calls back. Nothing is written to the
/// layer for this.
final class AnimationObserver: NSObject, CAAnimationDelegate, @unchecked Sendable {
    // Immutable after init.
    let operation: AnimationOperation
    let key: String
    private let watchesLayer: Bool

    init(operation: AnimationOperation, key: String, watchesLayer: Bool = false) {
        self.operation = operation
        self.key = key
        self.watchesLayer = watchesLayer
        super.init()
    }

    func animationDidStart(_ anim: CAAnimation) {
        operation.animationDidStart(key: key, anim)
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        operation.animationDidStop(key: key, finished: flag)
    }

    /// The completion block of the transaction that adds `operation`'s animation under
    /// `key`. It holds the operation, not the observer, so the observer's lifetime is the
    /// animation's alone.
    static func completion(of operation: AnimationOperation, key: String) -> @Sendable () -> Void {
        { operation.transactionDidComplete(key: key) }
    }

    deinit {
        guard watchesLayer, operation.layer == nil, !operation.isFinished else { return }
        operation.receiveLayerGoneOnNextTurn()
    }
}
