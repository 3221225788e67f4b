import Foundation

/// What the app's trip to the background is in the lifecycle: what the main thread finds as it
/// leaves, and the suspension of a running animation until it returns (``BackgroundPolicy``).
extension OperationLifecycle {
    /// What the main thread found as the app left: the policy that applies to the operation,
    /// and, if its animation is on the layer, how far it had played and a copy of it.
    struct Leaving {
        let policy: BackgroundPolicy
        /// When the app left, in the layer's time.
        let leftAt: CFTimeInterval
        /// How far the step had played, in the layer's time.
        let elapsed: CFTimeInterval
        /// How far the animation on the layer had played: it may have begun after the step did
        /// (a turn, or one put back after an earlier trip).
        let animationElapsed: CFTimeInterval
        let animation: CAAnimation?
    }
}

extension OperationLifecycle.State {
    /// Suspends the running animation for the time away: the one put back takes a key of its
    /// own (`baseKey`, the operation's key, with a suffix), and its reports are awaited afresh.
    /// Returns false, changing nothing, when there is nothing to put back: the animation is not
    /// on the layer, is a cross-fade, or is being cancelled.
    mutating func suspend(_ leaving: OperationLifecycle.Leaving, baseKey: String) -> Bool {
        guard case .animating(var attachment) = self, let animation = leaving.animation, attachment.isOnLayer,
              !attachment.hasTransition, !attachment.isCancelRequested else { return false }
        attachment.turns += 1
        attachment.key = baseKey + ".back\(attachment.turns)"
        attachment.isOnLayer = false
        attachment.reports = OperationLifecycle.Reports()
        attachment.suspension = OperationLifecycle.Suspension(policy: leaving.policy, leftAt: leaving.leftAt,
                                                              elapsed: leaving.elapsed,
                                                              animationElapsed: leaving.animationElapsed,
                                                              animation: animation)
        self = .animating(attachment)
        return true
    }

    /// The suspended animation's attachment as the app returns at `now`, with the animation to
    /// put back: it begins the time it had played before now (a pause) or where it began
    /// (wall-clock time); if its end has passed, both its reports are marked in. Nil if the
    /// operation is not suspended.
    func returned(now: (layer: CFTimeInterval, media: CFTimeInterval))
        -> (OperationLifecycle.Attachment, CAAnimation, animationBegin: CFTimeInterval)? {
        guard case .animating(var attachment) = self, let suspension = attachment.suspension else { return nil }
        // Paused, the step and its animation pick up where they were; keeping wall-clock time,
        // both keep the begins they had (the step's, heard or not, was `elapsed` before leaving).
        let keepsTime = suspension.policy == .keepWallClockTime
        let begin = (keepsTime ? suspension.leftAt : now.layer) - suspension.elapsed
        let animationBegin = begin + suspension.elapsed - suspension.animationElapsed
        attachment.begin = (begin, now.media - (now.layer - begin))
        attachment.suspension = nil
        if begin + attachment.activeDuration <= now.layer {
            attachment.reports = OperationLifecycle.Reports(stop: true, completed: true)
        }
        return (attachment, suspension.animation, animationBegin)
    }
}
