import Foundation

/// A retarget of a step whose run is on its timeline (``AnimationOperation/retarget(_:to:settling:)``):
/// it edits the plan the timeline plays. Main thread only.
///
/// The step turns at the current plan time, or as it begins if plan time has not reached it:
/// before the turn it plays as written, and from the turn on it turns toward the new target as
/// a running step does, from its value at its velocity (``TurnedAnimation``). What the layer
/// shows now does not change; playing or seeking on shows the turn. The step's final value
/// becomes the target, and the steps after it on the layer start from there. Its span of plan
/// time stays as planned: it finishes at its planned end, while the turn may settle later.
extension RunTimeline {
    /// A retarget the plan holds, `at` seconds after its step begins.
    struct PlannedTurn {
        let retarget: OperationLifecycle.Retarget
        let at: TimeInterval
    }

    /// What a retarget on the timeline came to.
    enum RetargetResult {
        /// The operation is no step of this timeline, or the timeline has let go.
        case notOnTimeline
        /// The step does not animate the key path; these are the ones it does.
        case notAnimated([String])
        /// The plan holds the turn, and the layers show it.
        case turned
    }

    /// Turns `operation`'s step toward the retarget at the current plan time, and shows the
    /// plan as it is now.
    func retarget(_ operation: AnimationOperation, _ retarget: OperationLifecycle.Retarget) -> RetargetResult {
        guard !isOver, let index = stepIndex[ObjectIdentifier(operation)] else { return .notOnTimeline }
        guard let resolved = steps[index].resolved else { return .notOnTimeline }
        guard resolved.animates(retarget.keyPath) else { return .notAnimated(resolved.keyPaths) }
        let turn = PlannedTurn(retarget: retarget, at: max(planTime - steps[index].begin, 0))
        turns[index, default: []].append(turn)
        resolveAgain()
        return .turned
    }

    /// `resolved` with its motion of the turn's key path turned toward the turn's target, and
    /// that target as its final value there. A motion whose values cannot be offset, or a
    /// cross-fade, keeps its motion and gets the new final value alone.
    static func turning(_ resolved: ResolvedAnimation, _ turn: PlannedTurn) -> ResolvedAnimation {
        let keyPath = turn.retarget.keyPath
        let target = turn.retarget.target
        var turned = resolved
        if let animation = resolved.animation, !(animation is CATransition),
           let old = resolved.finalValues.last(where: { $0.keyPath == keyPath })?.value,
           let group = TurnedAnimation.planned(turning: animation, keyPath: keyPath, from: old, to: target,
                                               spring: turn.retarget.spring, at: turn.at) {
            turned.animation = group
        }
        turned.finalValues = resolved.finalValues.map { entry in
            entry.keyPath == keyPath ? (keyPath: keyPath, value: target) : entry
        }
        return turned
    }

    /// Resolves the plan again, with its turns, and shows it at the current plan time: the
    /// copies are replaced and each layer's model written as plan time has it.
    private func resolveAgain() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        removeCopies()
        // The layers as they were before the run, which the plan is resolved from.
        for model in models {
            guard let layer = model.layer.object else { continue }
            for (keyPath, value) in model.before { LayerModelAccess.set(value, at: keyPath, of: layer) }
        }
        models = []
        for index in steps.indices {
            steps[index].resolved = nil
            steps[index].model = nil
        }
        resolveSteps()
        for model in models { write(model) }
        attachCopies()
        CATransaction.commit()
    }
}
