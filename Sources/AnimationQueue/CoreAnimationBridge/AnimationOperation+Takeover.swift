import Foundation

// A step that begins on a key path another step is still moving on the same layer takes it
// over (`AnimationTakeover`; the Core Animation side is `TakenOverAnimation`).
extension AnimationOperation {
    /// What a newer step did to the motion already on its layer as it began: the older
    /// operations it took over, each with what plays on of its animation, and the offsets
    /// already there that its animation would hide.
    struct Takeovers {
        struct TakenOver {
            let operation: AnimationOperation
            let action: OperationLifecycle.TakeoverAction
            let offsets: CAAnimation?
            let rest: CAAnimation?
        }

        var takenOver: [TakenOver] = []
        var moved: [(key: String, animation: CAAnimation)] = []
        /// The keys of offsets the step's own from-value hides for good: they come off.
        var hidden: [String] = []
    }

    /// A newer step's takeover of the motion on the layer: the older step finishes
    /// `.interrupted`, and ``takeover`` says which key paths were taken over and by whom; nil
    /// if the operation was not taken over. See ``AnimationTakeover`` for what the layer does.
    public var takeover: AnimationTakeover? { withLifecycle { $0.takeover } }

    /// Takes over, as this operation begins, the steps still moving on `layer` at the key paths
    /// of `values`, its final values (main thread, inside the transaction that attaches it,
    /// before it writes them to the model): each finishes `.interrupted` at once, and `plan`'s
    /// basic and spring animations that start from what the layer shows start from the model
    /// instead, wherever the older motion goes on as an offset. Add what it returns after this
    /// operation's animation, with ``playOn(_:on:)``; nil if there is nothing to take over
    /// among the animations under `keys`, the layer's.
    func takeOver(at values: [(keyPath: String, value: Any?)], on layer: CALayer, keys: [String],
                  adding plan: AddedAnimation?) -> Takeovers? {
        guard plan?.transition == nil, !keys.isEmpty else { return nil }
        let keyPaths = values.map(\.keyPath)
        func overlapsOurs(_ path: String) -> Bool { keyPaths.contains { TurnedAnimation.keyPathsOverlap(path, $0) } }
        let earlier = otherOperations(animating: layer, keys: keys)
        let fromShown = plan.map { TakenOverAnimation.startingFromShown(in: $0.timing) } ?? []
        let mediaNow = timeSource.now(for: layer)
        let now = layer.convertTime(mediaNow, from: nil)
        var takeovers = Takeovers()
        // Key paths of this step's that an older step still controls (it was not taken over),
        // and those where older motion goes on as an offset.
        var controlled: [String] = [], offset: [String] = []
        for other in earlier {
            let theirs = other.animatedKeyPaths.filter(overlapsOurs)
            guard !theirs.isEmpty, let attachment = other.withLifecycle({ $0.attachment }) else { continue }
            guard let taken = takeOver(other, attachment, at: theirs, on: layer, startingFromShown: fromShown,
                                       now: (now, mediaNow)) else {
                controlled += theirs
                continue
            }
            offset += taken.blended
            takeovers.takenOver.append(taken.takenOver)
        }
        let starts = fromShown.filter { start in
            !controlled.contains { TurnedAnimation.keyPathsOverlap($0, start.keyPath!) }
        }
        let startPaths = starts.map { $0.keyPath! }
        for found in TakenOverAnimation.offsets(on: layer, moving: keyPaths) {
            if startPaths.contains(where: { TakenOverAnimation.animates(found.animation, overlapping: $0) }) {
                takeovers.moved.append(found)
            } else {
                // This step starts from a value of its own, or has nothing to animate: it
                // would hide the offset until it ends, and show its rest then.
                takeovers.hidden.append(found.key)
            }
        }
        for start in starts {
            let path = start.keyPath!
            let isOffset = offset.contains { TurnedAnimation.keyPathsOverlap($0, path) }
                || takeovers.moved.contains { TakenOverAnimation.animates($0.animation, overlapping: path) }
            if isOffset, let model = LayerModelAccess.value(of: layer, at: path) { start.fromValue = model }
        }
        return takeovers.takenOver.isEmpty && takeovers.moved.isEmpty && takeovers.hidden.isEmpty ? nil : takeovers
    }

    /// Takes `other`'s motion of `theirs` over (see ``takeOver(at:on:adding:)``): the
    /// lifecycle event, and what plays on of its animation, with its motion of the key paths
    /// this step starts from what the layer shows made offsets. Also those key paths. Nil if
    /// `other` is not moving on the layer, so it keeps them.
    private func takeOver(_ other: AnimationOperation, _ attachment: OperationLifecycle.Attachment, at theirs: [String],
                          on layer: CALayer, startingFromShown fromShown: [CABasicAnimation],
                          now: (layer: CFTimeInterval, media: CFTimeInterval))
        -> (takenOver: Takeovers.TakenOver, blended: [String])? {
        var bases: [String: Any] = [:]
        for keyPath in theirs where !attachment.overwrittenKeyPaths.contains(keyPath) {
            let base = LayerModelAccess.value(of: layer, at: keyPath)
            if let base, TakenOverAnimation.canOffset(base),
               fromShown.contains(where: { TurnedAnimation.keyPathsOverlap($0.keyPath!, keyPath) }) {
                bases[keyPath] = base
            }
        }
        var remainder: (offsets: CAAnimation?, rest: CAAnimation?) = (nil, nil)
        if let running = layer.animation(forKey: attachment.key) {
            let begin = Self.begin(of: running, attached: attachment, now: now.layer)
            remainder = TakenOverAnimation.remainder(
                of: running, begin: begin, activeDuration: attachment.activeDuration, now: now.layer,
                offsetting: bases, dropping: attachment.overwrittenKeyPaths.union(theirs))
        }
        let blended = remainder.offsets == nil ? [] : bases.keys.sorted()
        let record = AnimationTakeover(keyPaths: theirs, blendedKeyPaths: blended, newerOperationName: name,
                                       time: now.media)
        guard let action = other.stateLock.withLock({ other.lifecycle.takenOver(record) }) else { return nil }
        return (.init(operation: other, action: action, offsets: remainder.offsets, rest: remainder.rest), blended)
    }

    /// Whether another operation's animation moves one of `keyPaths` on `layer` (or a key path
    /// inside or around one): a step beginning there now takes it over.
    func anotherStepMoves(_ keyPaths: [String], on layer: CALayer) -> Bool {
        guard let keys = layer.animationKeys(), keys.count > 1 else { return false }
        return otherOperations(animating: layer, keys: keys).contains { other in
            other.animatedKeyPaths.contains { path in keyPaths.contains { TurnedAnimation.keyPathsOverlap(path, $0) } }
                && other.withLifecycle { $0.isMovingOnLayer }
        }
    }

    /// Replaces the animations of the steps taken over by what plays on of them, moves the
    /// offsets already there above this operation's animation, which was just added, and then
    /// announces the finishes of the steps taken over (main thread). It is a transaction of
    /// its own, after the one that added this operation's animation, whose completion must
    /// not wait for them. This operation owns the offsets; what plays on follows its
    /// background policy (``PlayingOn``).
    func playOn(_ takeovers: Takeovers, on layer: CALayer) {
        let key = animationKey
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for hidden in takeovers.hidden { layer.removeAnimation(forKey: hidden) }
        PlayingOn.forget(takeovers.hidden + takeovers.moved.map(\.key), on: layer)
        var owned: [String] = []
        func addOffset(_ animation: CAAnimation) {
            let offsetKey = key + ".over\(owned.count)"
            PlayingOn.add(animation, forKey: offsetKey, on: layer, by: self)
            owned.append(offsetKey)
        }
        for moved in takeovers.moved {
            layer.removeAnimation(forKey: moved.key)
            addOffset(moved.animation)
        }
        for taken in takeovers.takenOver {
            let olderKey = taken.action.attachment.key
            layer.removeAnimation(forKey: olderKey)
            if let rest = taken.rest { PlayingOn.add(rest, forKey: olderKey + ".playsOn", on: layer, by: self) }
            if let offsets = taken.offsets { addOffset(offsets) }
        }
        CATransaction.commit()
        if !owned.isEmpty { stateLock.withLock { lifecycle.ownsOffsets(owned) } }
        for taken in takeovers.takenOver { taken.operation.perform(taken.action.progress) }
    }
}
