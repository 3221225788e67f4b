import Foundation

/// What a retarget (``AnimationOperation/retarget(_:to:settling:)``) is in the lifecycle: a
/// request that each state answers in its own way, and the turn the main thread builds for a
/// running animation.
extension OperationLifecycle {
    /// A retarget: the key path, the new target as Core Animation takes it, and the spring
    /// that settles the turn.
    struct Retarget {
        let keyPath: String
        let target: Any
        let spring: RetargetSpring?
    }

    /// What a retarget leads to, by state.
    enum RetargetAction {
        /// The animation is on the layer and has not stopped: the main thread turns it.
        case turn(Attachment)
        /// The operation has not begun: the retarget is kept and applied as it begins.
        case kept
        /// The operation has ended, or its animation has (stopped, removed, or cancelled): the
        /// layer is moved to the target alone, and the outcome stands.
        case ended
        /// The operation is on its run's timeline (the run was scrubbed or reversed).
        case onTimeline
    }

    /// The animation that replaces a running one, turned toward a new target.
    struct Turn {
        let key: String
        /// The turned animation's active duration from the step's begin, in the layer's time.
        let activeDuration: CFTimeInterval
        /// The step's begin, if it was not known yet (the turn fixed it).
        let begin: (layer: CFTimeInterval, media: CFTimeInterval)?
        /// The new final value at the retargeted key path.
        let finalValue: (keyPath: String, value: Any?)
    }
}

extension OperationLifecycle.State {
    mutating func requestRetarget(_ retarget: OperationLifecycle.Retarget) -> OperationLifecycle.RetargetAction {
        switch self {
        case .initialized(var unstarted):
            unstarted.retargets.append(retarget)
            self = .initialized(unstarted)
            return .kept
        case .waitingForMain(var unstarted):
            unstarted.retargets.append(retarget)
            self = .waitingForMain(unstarted)
            return .kept
        case .parked(var unstarted, let batch):
            unstarted.retargets.append(retarget)
            self = .parked(unstarted, batch: batch)
            return .kept
        case .animating(let attachment):
            guard attachment.isOnLayer, attachment.reports.stop == nil, !attachment.isCancelRequested,
                  !attachment.removalSeen, !attachment.hasTransition else { return .ended }
            return .turn(attachment)
        case .onTimeline:
            return .onTimeline
        case .finished:
            return .ended
        }
    }

    /// Records `turn` on the running animation under `key`; returns the attachment to store,
    /// or nil if the operation is no longer animating it.
    mutating func turned(key: String, by turn: OperationLifecycle.Turn) -> OperationLifecycle.Attachment? {
        guard case .animating(var attachment) = self, attachment.key == key, attachment.reports.stop == nil,
              !attachment.isCancelRequested else { return nil }
        attachment.key = turn.key
        attachment.activeDuration = turn.activeDuration
        attachment.turns += 1
        // The turned animation's own reports decide the outcome; the replaced one's are ignored.
        attachment.reports = OperationLifecycle.Reports()
        if attachment.begin == nil, let begin = turn.begin { attachment.begin = begin }
        var finals = attachment.resolved.finalValues
        if let index = finals.firstIndex(where: { $0.keyPath == turn.finalValue.keyPath }) {
            finals[index].value = turn.finalValue.value
        }
        attachment.resolved.finalValues = finals
        return attachment
    }

    mutating func takeRetargets() -> [OperationLifecycle.Retarget] {
        guard case .animating(var attachment) = self, !attachment.retargets.isEmpty else { return [] }
        defer {
            attachment.retargets = []
            self = .animating(attachment)
        }
        return attachment.retargets
    }
}
