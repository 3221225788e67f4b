import Foundation

/// The states of ``OperationLifecycle``, their payloads, and what the main thread sends as
/// the operation begins.
extension OperationLifecycle {
    /// Where the operation is. Its name is ``name``.
    enum State {
        /// Not started.
        case initialized(Unstarted)
        /// `start()` ran; the beginning hops to the main thread.
        case waitingForMain(Unstarted)
        /// On the main thread, held at a paused run's gate, since arriving in batch `batch`.
        case parked(Unstarted, batch: Int)
        /// The animation is on the layer; waiting for Core Animation's
        /// `animationDidStop(_:finished:)` *and* the transaction's completion, in either order.
        case animating(Attachment)
        /// On its run's timeline (the run was scrubbed or reversed): the run shows the step's
        /// motion with animations of its own, and finishes it when plan time passes its end.
        case onTimeline(OnTimeline)
        case finished(Finished)

        /// The state's name, as the lifecycle article lists it.
        var name: String {
            switch self {
            case .initialized: "initialized"
            case .waitingForMain: "waitingForMain"
            case .parked: "parked"
            case .animating: "animating"
            case .onTimeline: "onTimeline"
            case .finished: "finished"
            }
        }
    }

    /// What an operation that has not begun keeps.
    struct Unstarted {
        /// The animation a gapless plan committed ahead, until the operation begins.
        var ahead: CommittedAhead?
        /// Whether `cancel` was received.
        var isCancelRequested = false
        /// Retargets asked for before the beginning, applied as the operation begins.
        var retargets: [Retarget] = []
        /// How many commits ahead were withdrawn (``OperationLifecycle/heldBack()``).
        var aheadsWithdrawn = 0
        /// Whether an ``AnimationQueue`` is calling `start()` (``AnimationOperation/startForQueue(joining:)``):
        /// it then queues the arrival on the main thread itself.
        var isStartedByQueue = false
    }

    /// What Core Animation reported about one added animation.
    struct Reports: Equatable {
        /// `animationDidStop(_:finished:)`'s flag, once delivered.
        var stop: Bool?
        /// Whether the transaction's completion block ran.
        var completed = false
        var areComplete: Bool { stop != nil && completed }
    }

    /// An animation committed before the operation started, by a gapless plan.
    struct CommittedAhead {
        let key: String
        let resolved: ResolvedAnimation
        /// The Core Animation object to add (a group beginning at `begin`).
        let animation: CAAnimation
        /// When it begins and ends, in the layer's time.
        let begin: CFTimeInterval
        let end: CFTimeInterval
        /// Whether motion was reduced when it was resolved: a start that finds otherwise
        /// (the system setting changed meanwhile) discards it and resolves afresh.
        let isMotionReduced: Bool
        var reports = Reports()
    }

    /// How early a start may come and still adopt the animation committed ahead: the
    /// dependency's completion and the hop to the main thread can only make it late, so
    /// this only absorbs rounding of media times (about 1e-10 s at 10⁶ s of uptime).
    static let adoptionTolerance: CFTimeInterval = 1e-6

    /// Whether an operation beginning at layer time `layerTime` adopts `ahead`: its begin
    /// time has come.
    static func adopts(_ ahead: CommittedAhead, at layerTime: CFTimeInterval) -> Bool {
        layerTime >= ahead.begin - adoptionTolerance
    }

    /// The animation of an operation that began.
    struct Attachment {
        /// The key of the animation on the layer; a retarget replaces it with a turned one
        /// under a key of its own.
        var key: String
        /// The resolution; a retarget changes the final value at its key path.
        var resolved: ResolvedAnimation
        /// The added animation's active duration, in the layer's time.
        var activeDuration: CFTimeInterval
        /// A `CATransition` (stored under `"transition"`) plays the visual; the animation
        /// under `key` only times the operation.
        let hasTransition: Bool
        /// The ``StartBatch`` batch the operation arrived on the main thread in.
        let batch: Int?
        /// When Core Animation began it: in the layer's time, and the media time the start
        /// is announced at. Nil until Core Animation resolved a `beginTime` of 0 at its commit.
        var begin: (layer: CFTimeInterval, media: CFTimeInterval)?
        var startAnnounced = false
        var reports = Reports()
        /// Whether `cancel` was received (after the animation stopped: the outcome is then
        /// decided by the stop's flag).
        var isCancelRequested = false
        /// The main thread saw the animation gone before its end (removed by other code).
        var removalSeen = false
        /// The key paths of this operation's final values that a later operation has written
        /// to the model since (Core Animation shows the animation added last); a cancel
        /// leaves them to it.
        var overwrittenKeyPaths: Set<String> = []
        /// Whether the animation is on the layer: the main thread added it (a fresh one), or it
        /// was committed ahead. Until then its absence from the layer says nothing about Core
        /// Animation having removed it: the lifecycle is `.animating` from the arrival, and
        /// the main thread adds the animation just after.
        var isOnLayer = false
        /// Retargets asked for before the operation began, which the main thread applies just
        /// after attaching (``OperationLifecycle/takeRetargets()``).
        var retargets: [Retarget] = []
        /// How many times the animation was replaced (turned by a retarget, or put back after the
        /// background): the replacement's key ends with it.
        var turns = 0
        /// Taken off the layer as the app left, to be put back when it returns (a
        /// ``BackgroundPolicy/pause`` or ``BackgroundPolicy/keepWallClockTime`` policy).
        var suspension: Suspension?
        /// The keys of the offsets that carry the motion of the steps this one took over
        /// (``OperationLifecycle/ownsOffsets(_:)``).
        var offsetKeys: [String] = []

        /// The animation fills forwards and stays on the layer once it finishes (an opt-in:
        /// ``MediaTiming/fillsForwards``).
        var staysAttached: Bool { resolved.animation?.isRemovedOnCompletion == false }

        /// When it ends in the layer's time; nil while unknown or if it will not end there.
        var plannedEnd: CFTimeInterval? {
            guard let begin, reports.stop != false, !removalSeen, suspension == nil else { return nil }
            return begin.layer + activeDuration
        }
    }

    /// A running animation taken off the layer as the app left, to put back when it returns.
    struct Suspension {
        let policy: BackgroundPolicy
        /// When the app left, in the layer's time.
        let leftAt: CFTimeInterval
        /// How far the step had played, in the layer's time, when it was taken off.
        let elapsed: CFTimeInterval
        /// How far the animation on the layer had played then (it may have begun after the step).
        let animationElapsed: CFTimeInterval
        /// A copy of what was on the layer, put back on the return.
        let animation: CAAnimation
    }

    /// An operation on its run's timeline.
    struct OnTimeline {
        let batch: Int?
        /// Whether its start was announced (it was animating when it joined the timeline).
        let startAnnounced: Bool
    }

    /// How the operation ended.
    struct Finished {
        let outcome: AnimationOutcome
        /// Kept for a `.finished` operation: a gapless dependent committed after its
        /// dependency ended still begins at that end.
        let plannedEnd: CFTimeInterval?
        let batch: Int?
        /// Set when a newer step took the operation's motion over (it ended `.interrupted`).
        var takeover: AnimationTakeover?
    }

    /// The operation's settings, which its public properties and its queue and run set.
    struct Settings {
        var cancellationPolicy = CancellationPolicy.holdPresentation
        var dependencyPolicy = DependencyCancellation.cancel
        /// The policy the operation's queue was given for it, which overrides its own.
        var queueDependencyPolicy: DependencyCancellation?
        var motion = MotionPolicy.system
        /// The operation's own background policy, which overrides its run's and its queue's.
        var backgroundPolicy: BackgroundPolicy?
        /// The background policy of the run the operation belongs to, which overrides its queue's.
        var runBackgroundPolicy: BackgroundPolicy?
        /// The ``AnimationQueue`` that ran the operation, kept after it finishes: the animations
        /// it leaves playing on (``PlayingOn``) go through the queue's trips to the background.
        var queue: WeakReference<AnyObject>?
        /// The run the operation is a step of, kept after it finishes: a retarget of an ended
        /// step of a run on its timeline edits the timeline's plan.
        var run: WeakReference<AnimationRun>?
        /// The gate of the paused run this operation belongs to, if any.
        var gate: StartGate?
        /// Whether `addDependency(_:)` was ever called: an operation that never had a
        /// dependency skips reading `dependencies`, which Foundation copies under its lock.
        var mayHaveDependencies = false

        var effectiveDependencyPolicy: DependencyCancellation { queueDependencyPolicy ?? dependencyPolicy }
        /// The background policy set for the operation itself or its run; nil: its queue's.
        var stepBackgroundPolicy: BackgroundPolicy? { backgroundPolicy ?? runBackgroundPolicy }
    }

    // MARK: What the main thread knows as the operation begins

    /// What the main thread found as the operation passed its gate: the layer gone, the
    /// operation cancelled, an animation committed ahead whose begin time has come (to
    /// adopt), or a fresh animation resolved and prepared, not yet attached.
    enum Beginning {
        case layerGone
        /// The operation was cancelled: nothing was prepared.
        case cancelled
        /// `layerTime` is the layer's time now, `beginMediaTime` the commit's begin in media
        /// time, announced as the start.
        case adoption(layerTime: CFTimeInterval, beginMediaTime: CFTimeInterval)
        case fresh(Fresh)
    }

    /// A fresh animation, resolved and prepared on the main thread.
    struct Fresh {
        var resolved: ResolvedAnimation
        /// The animation's active duration; nil when there is nothing to animate (the final
        /// values are only written).
        var activeDuration: CFTimeInterval?
        /// When the step begins, in the layer's time and in media time, if known before the
        /// commit: fixed as the add was prepared, or, with nothing to animate, now.
        var begin: (layer: CFTimeInterval, media: CFTimeInterval)?
        var hasTransition: Bool
    }
}

extension OperationLifecycle.State {
    var takeover: AnimationTakeover? {
        if case .finished(let finished) = self { finished.takeover } else { nil }
    }

    /// Keeps `takeover` on a finished operation.
    mutating func recordTakeover(_ takeover: AnimationTakeover) {
        guard case .finished(var finished) = self else { return }
        finished.takeover = takeover
        self = .finished(finished)
    }

    var outcome: AnimationOutcome? {
        switch self {
        case .finished(let finished): finished.outcome
        case .initialized, .waitingForMain, .parked, .animating, .onTimeline: nil
        }
    }

    var isUnstarted: Bool {
        if case .initialized = self { true } else { false }
    }

    var isExecuting: Bool {
        switch self {
        case .waitingForMain, .parked, .animating, .onTimeline: true
        case .initialized, .finished: false
        }
    }

    var attachment: OperationLifecycle.Attachment? {
        if case .animating(let attachment) = self { return attachment }
        return nil
    }

    var ahead: OperationLifecycle.CommittedAhead? {
        switch self {
        case .initialized(let unstarted), .waitingForMain(let unstarted), .parked(let unstarted, _): unstarted.ahead
        case .animating, .onTimeline, .finished: nil
        }
    }

    var batch: Int? {
        switch self {
        case .parked(_, let batch): batch
        case .animating(let attachment): attachment.batch
        case .onTimeline(let timeline): timeline.batch
        case .finished(let finished): finished.batch
        case .initialized, .waitingForMain: nil
        }
    }

    var isCancelRequested: Bool {
        switch self {
        case .initialized(let unstarted), .waitingForMain(let unstarted), .parked(let unstarted, _): unstarted.isCancelRequested
        case .animating(let attachment): attachment.isCancelRequested
        case .onTimeline, .finished: false
        }
    }

    var acceptsCommitAhead: Bool {
        guard case .initialized(let unstarted) = self else { return false }
        return unstarted.ahead == nil && !unstarted.isCancelRequested
    }

    /// When the started operation's animation ends, in its layer's time: nil before Core
    /// Animation fixed its begin time, once it stopped unfinished or was seen removed, and
    /// for an operation that ended other than `.finished`. A commit ahead does not count.
    var plannedEnd: CFTimeInterval? {
        switch self {
        case .animating(let attachment): attachment.plannedEnd
        case .finished(let finished): finished.plannedEnd
        case .initialized, .waitingForMain, .parked, .onTimeline: nil
        }
    }

    /// Changes the attachment of an animating operation (nothing otherwise).
    mutating func updateAttachment(_ update: (inout OperationLifecycle.Attachment) -> Void) {
        guard case .animating(var attachment) = self else { return }
        update(&attachment)
        self = .animating(attachment)
    }

    /// An ``AnimationQueue`` is about to start an operation that has not started.
    mutating func markStartedByQueue() {
        guard case .initialized(var unstarted) = self else { return }
        unstarted.isStartedByQueue = true
        self = .initialized(unstarted)
    }

    /// Keeps `committed` as the commit ahead of an operation that has not started; false in
    /// any other state.
    mutating func acceptAhead(_ committed: OperationLifecycle.CommittedAhead) -> Bool {
        guard case .initialized(var unstarted) = self else { return false }
        unstarted.ahead = committed
        self = .initialized(unstarted)
        return true
    }

    /// Records a report of Core Animation's about the animation committed ahead.
    mutating func recordAheadReport(key: String, _ record: (inout OperationLifecycle.Reports) -> Void) {
        switch self {
        case .initialized(var unstarted) where unstarted.ahead?.key == key:
            record(&unstarted.ahead!.reports)
            self = .initialized(unstarted)
        case .waitingForMain(var unstarted) where unstarted.ahead?.key == key:
            record(&unstarted.ahead!.reports)
            self = .waitingForMain(unstarted)
        case .parked(var unstarted, let batch) where unstarted.ahead?.key == key:
            record(&unstarted.ahead!.reports)
            self = .parked(unstarted, batch: batch)
        default:
            break
        }
    }

    /// How many commits ahead of the unstarted operation were withdrawn.
    var aheadsWithdrawn: Int {
        switch self {
        case .initialized(let unstarted), .waitingForMain(let unstarted), .parked(let unstarted, _): unstarted.aheadsWithdrawn
        case .animating, .onTimeline, .finished: 0
        }
    }

    /// The commit ahead of an operation that has not begun, moved out (nil left behind).
    mutating func takeAhead() -> OperationLifecycle.CommittedAhead? {
        switch self {
        case .initialized(var unstarted):
            defer { self = .initialized(unstarted) }
            if unstarted.ahead != nil { unstarted.aheadsWithdrawn += 1 }
            return unstarted.ahead.take()
        case .waitingForMain(var unstarted):
            defer { self = .waitingForMain(unstarted) }
            return unstarted.ahead.take()
        case .parked(var unstarted, let batch):
            defer { self = .parked(unstarted, batch: batch) }
            return unstarted.ahead.take()
        case .animating, .onTimeline, .finished:
            return nil
        }
    }
}
