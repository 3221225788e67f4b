import Foundation

/// The add of an ``AnimationOperation`` that begins in a ``StartBatch`` batch, in the
/// batch's phases (main thread).
///
/// An operation that arrives in a batch defers the add its lifecycle asks for: the batch
/// resolves every deferred add, then attaches every one to its layer, then reports every one
/// to its lifecycle, each phase over the whole batch. One operation's add is the same work
/// either way, in the same order; a batch only groups it by phase, so that each phase's code
/// stays in the processor's caches from one operation to the next instead of being fetched
/// again for each (Benchmarks/README.md measures the difference). Every animation of a batch
/// is therefore resolved against its layer as it was when the batch began, before any
/// operation of the batch wrote its final values, as the animations all begin together.
extension AnimationOperation {
    /// Where a deferred add stands between the batch's phases.
    enum DeferredAdd {
        case resolving(key: String)
        case attaching(PreparedAdd)
        case reporting(PreparedAdd)
    }

    /// The lifecycle asked for the add of a fresh animation under `key` while the operation
    /// arrives in a batch: the batch's phases make it.
    func deferAdd(key: String) {
        deferredAdd = .resolving(key: key)
    }

    /// The batch's first phase: resolves the deferred add's animation and prepares what goes
    /// on the layer. `systemReducesMotion` is the system's Reduce Motion setting, which the
    /// batch reads once for all its steps.
    func resolveDeferredAdd(systemReducesMotion: Bool) {
        guard let add = takeDeferredAdd() else { return }
        guard case .resolving(let key) = consume add else { phaseViolation("resolved") }
        guard let layer else {
            receive(.layerGone)
            return
        }
        let isMotionReduced = motion.isReduced(systemSetting: systemReducesMotion)
        deferredAdd = .attaching(prepareAdd(resolvedAnimation(for: layer, isMotionReduced: isMotionReduced),
                                            key: key, on: layer))
    }

    /// The batch's second phase: writes the final values and adds the animation, inside the
    /// batch's transaction (whose commit fixes the begin time).
    func attachDeferredAdd() {
        guard let add = takeDeferredAdd() else { return }
        guard case .attaching(let prepared) = consume add else { phaseViolation("attached") }
        guard let layer else {
            receive(.layerGone)
            return
        }
        attach(prepared, to: layer)
        deferredAdd = .reporting(prepared)
    }

    /// The batch's last phase: tells the lifecycle what was added.
    func reportDeferredAdd() {
        guard let add = takeDeferredAdd() else { return }
        guard case .reporting(let prepared) = consume add else { phaseViolation("reported") }
        receive(.added(added(prepared, on: layer, readsBegin: false)), onMainThread: true)
    }

    /// Moves the deferred add out, leaving nil. Each phase takes it, rather than reading it in
    /// place: a read copies the value, and the write that follows destroys it.
    private func takeDeferredAdd() -> DeferredAdd? {
        var taken: DeferredAdd?
        swap(&taken, &deferredAdd)
        return taken
    }

    private func phaseViolation(_ phase: String) -> Never {
        preconditionFailure("Internal inconsistency: a batch's add was \(phase) out of order")
    }
}
