import Foundation

/// What each event of ``OperationLifecycle`` can lead to: one type per event (or per family
/// of events that lead to the same things), performed by the operation outside its lock
/// (AnimationOperation+Events.swift).
extension OperationLifecycle {
    /// `start`: hop to the main thread to begin, or (cancelled before it started) finish.
    enum StartAction {
        /// `leftToQueue`: the ``AnimationQueue`` starting the operation queues the arrival.
        case hopToMain(leftToQueue: Bool)
        /// Finish without touching the layer, but for the animation committed ahead, which is
        /// discarded first (with the cancellation policy if it has begun).
        case finish(discarding: CommittedAhead?, Finish)
    }

    /// `arrived` and `gatePassed`: what the main thread does as the operation begins.
    enum BeginAction {
        /// Wait at the closed gate of the paused run (the operation registered with it).
        case park
        /// End without animating (cancelled, or the layer is gone); the animation committed
        /// ahead, if any, is discarded first (`applyPolicy`: with the cancellation policy if
        /// it has begun).
        case finish(discarding: CommittedAhead?, applyPolicy: Bool, Finish)
        /// Take over the animation committed ahead: write its final values to the model.
        case adopt(CommittedAhead, Progress)
        /// Attach the fresh animation the main thread prepared (discarding the commit ahead
        /// first, if any: a dependency ended early). With `cancelling`, a cancel came while
        /// the animation was prepared: it is taken off again at once, with the cancellation
        /// policy, and the progress finishes the operation `.cancelled`.
        case attach(discarding: CommittedAhead?, Progress, cancelling: Removal?)
    }

    /// Core Animation's reports (`beginResolved`, `stopped`, `completed`) and `layerGone`:
    /// announce the start once its time is known, then finish once the outcome is decided.
    struct Progress {
        var start: StartAnnouncement?
        var finish: Finish?

        static var none: Progress { Progress() }
        var isEmpty: Bool { start == nil && finish == nil }
    }

    /// The start, announced to the hooks at media time `time` (nil: now).
    struct StartAnnouncement {
        let time: CFTimeInterval?
        let hooks: Hooks
    }

    /// `cancel`: tell the hooks (the queue cancels the dependents), then act on the layer.
    struct CancelAction {
        let hooks: Hooks
        let effect: Effect

        enum Effect {
            /// Nothing on the layer: the operation has not started (the start sees the
            /// cancel), is hopping (the arrival sees it), or its animation already stopped
            /// (its outcome is decided by the stop's flag).
            case none
            /// Take the animation committed ahead off the layer (with the cancellation
            /// policy if it has begun); the start then finishes.
            case discardAhead(CommittedAhead)
            /// A parked operation finishes at once; its commit ahead is discarded first.
            case finishParked(discarding: CommittedAhead?, Finish)
            /// A running animation: write the cancellation policy and remove the animation,
            /// then finish, without waiting for Core Animation to report the removal.
            case finishRunning(Removal, Progress)
        }
    }

    /// `enteredBackground`: Core Animation removes animations in the background, so the
    /// operation takes its own off.
    enum BackgroundAction {
        /// Discard the animation committed ahead (the layer keeps what it showed); the
        /// operation starts afresh later.
        case discardAhead(CommittedAhead)
        /// Remove the running animation and finish, without waiting for Core Animation.
        case finishRunning(Removal, Progress)
        /// Remove the running animation, kept to put back on the return; the layer's
        /// deallocation is watched meanwhile, since the animation's observer, which reported
        /// it, goes with the animation. (The offsets the operation owns are ``PlayingOn``'s.)
        case suspend(removing: (key: String, hasTransition: Bool))
    }

    /// `enteredForeground`: a suspended animation comes back, or ends.
    enum ForegroundAction {
        /// Put `animation` back on the layer under `key`, playing as if it began at
        /// `animationBegin`, until the step's `end` (both in the layer's time).
        case resume(CAAnimation, key: String, animationBegin: CFTimeInterval, end: CFTimeInterval)
        /// Its end passed while away: it finishes, having announced its start.
        case finish(Progress)
    }

    /// `joinedTimeline`: the run shows the step's motion from now on.
    enum TimelineAction {
        /// Take the animation committed ahead off the layer (the run shows the plan).
        case discardAhead(CommittedAhead)
        /// Take the running animation off the layer, without the cancellation policy (the
        /// run's own animation takes over), announcing the start first if it never was.
        case takeOver(removing: (key: String, hasTransition: Bool), start: StartAnnouncement?)
    }

    /// What a takeover leads to: the main thread replaces the running animation, which the
    /// attachment describes, by what plays on, and then announces the finish.
    struct TakeoverAction {
        let attachment: Attachment
        let progress: Progress
    }

    /// An animation the operation takes off its layer itself.
    struct Removal {
        let key: String
        let resolved: ResolvedAnimation
        let hasTransition: Bool
        /// The offsets of the steps it took over, which come off with it.
        let offsetKeys: [String]
        /// Write the cancellation policy to the model first.
        let appliesPolicy: Bool
        /// The key paths a later operation has written since; the policy leaves them to it.
        let overwrittenKeyPaths: Set<String>
    }

    /// How the operation finishes; immutable.
    final class Finish {
        let outcome: AnimationOutcome
        let wasExecuting: Bool
        /// The animation to take off the layer, so nothing of the operation stays attached.
        let cleanup: (key: String, hasTransition: Bool)?
        let hooks: Hooks

        init(outcome: AnimationOutcome, wasExecuting: Bool, cleanup: (key: String, hasTransition: Bool)?, hooks: Hooks) {
            self.outcome = outcome
            self.wasExecuting = wasExecuting
            self.cleanup = cleanup
            self.hooks = hooks
        }
    }
}
