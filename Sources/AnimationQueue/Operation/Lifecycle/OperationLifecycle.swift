import Foundation

/// The whole lifecycle of one ``AnimationOperation`` as a value, held under its one lock: all
/// of its mutable state, mostly in the payload of the state where it means something. Each
/// event (under "Events") moves the state on and returns an action of its own type, performed
/// after unlocking, never answered by another event. The article "The operation lifecycle"
/// (AnimationQueue.docc/OperationLifecycle.md) lists what each event does in each state.
struct OperationLifecycle {
    /// The key of the operation's fresh animation, from its address; replacements add a suffix.
    private(set) var key: String
    /// Where the operation is; only the events below change it, and only the lifecycle's own
    /// files read it (the operation reads the accessors of OperationLifecycle+Reading.swift).
    private(set) var state: State = .initialized(Unstarted())
    /// The operation's settings: set until the operation starts, read as it does.
    private(set) var settings = Settings()
    /// What the operation has reported (``Reported``).
    private(set) var reported = Reported()
    /// Who to tell about the start, cancel and finish; released once finished.
    private(set) var hooks = Hooks()

    init(key: String) { self.key = key }

    // MARK: Settings and hooks

    mutating func configure(_ update: (inout Settings) -> Void) { update(&settings) }

    mutating func addHooks(_ update: (inout Hooks) -> Void) { update(&hooks) }

    /// Assigns the operation's key (once, as it initialises).
    mutating func assignKey(_ key: String) { self.key = key }

    /// The operation now reports `isFinished`, not `isExecuting`. Returns the `didFinish`
    /// closures added since the finish took the hooks: they run after those it took.
    mutating func reportFinished() -> [@Sendable (AnimationOperation) -> Void] {
        reported.isExecuting = false
        reported.isFinished = true
        defer { hooks.didFinish = [] }
        return hooks.didFinish
    }

    /// Every hook has heard the finish: the queue has handed the dependents over.
    mutating func finishAnnounced() { reported.isAnnounced = true }

    /// An ``AnimationQueue`` is about to call `start()`.
    mutating func startingForQueue() { state.markStartedByQueue() }

    /// The main thread added the fresh animation under `key` to the layer.
    mutating func attachedToLayer(key: String) {
        state.updateAttachment { if $0.key == key { $0.isOnLayer = true } }
    }

    /// The retargets asked for before the operation began, taken now that it has (main thread).
    mutating func takeRetargets() -> [Retarget] { state.takeRetargets() }

    /// A later operation wrote `keyPaths` of the model over this one's final values (main thread).
    mutating func modelOverwritten(at keyPaths: [String]) {
        state.updateAttachment { $0.overwrittenKeyPaths.formUnion(keyPaths) }
    }

    /// The animations under `keys` carry the motion of steps this one took over (main
    /// thread): they come off with this operation's animation when it is cancelled or
    /// removed, since what the layer shows includes them. (``PlayingOn`` takes them through a
    /// trip to the background.)
    mutating func ownsOffsets(_ keys: [String]) {
        state.updateAttachment { $0.offsetKeys += keys }
    }

    // MARK: Events

    /// `start()` ran. Nil if the operation had started already.
    mutating func started() -> StartAction? {
        guard case .initialized(let unstarted) = state else { return nil }
        guard !unstarted.isCancelRequested else {
            return .finish(discarding: unstarted.ahead, end(.cancelled, batch: nil, wasExecuting: false))
        }
        state = .waitingForMain(unstarted)
        reported.isExecuting = true
        return .hopToMain(leftToQueue: unstarted.isStartedByQueue)
    }

    /// The hop reached the main thread, in batch `batch` of the ``StartBatch``. `beginning`
    /// is nil when the step's run is paused: the operation has registered with the run's
    /// gate, and parks.
    mutating func arrived(batch: Int, beginning: Beginning?) -> BeginAction {
        guard case .waitingForMain(let unstarted) = state else { invalid("arrived") }
        guard let beginning else {
            if unstarted.isCancelRequested { return endUnstarted(unstarted, .cancelled, batch: batch) }
            state = .parked(unstarted, batch: batch)
            return .park
        }
        return begin(unstarted, beginning, batch: batch)
    }

    /// The paused run's gate let the parked operation through. Nil if it has finished meanwhile.
    mutating func gatePassed(_ beginning: Beginning) -> BeginAction? {
        switch state {
        case .parked(let unstarted, let batch): return begin(unstarted, beginning, batch: batch)
        // A resume's hop that the run's move onto its timeline overtook.
        case .finished, .onTimeline: return nil
        case .initialized, .waitingForMain, .animating: invalid("gatePassed")
        }
    }

    /// Core Animation resolved the begin time of the animation under `key` (`animationDidStart(_:)`).
    mutating func beginResolved(key: String, layerTime: CFTimeInterval, mediaTime: CFTimeInterval) -> Progress {
        guard case .animating(var attachment) = state, attachment.key == key, attachment.begin == nil else { return .none }
        attachment.begin = (layerTime, mediaTime)
        return progress(attachment)
    }

    /// `animationDidStop(_:finished:)` for the animation under `key`. The two callbacks come in
    /// either order; a discarded animation's, or late ones, change nothing; a commit ahead's are kept.
    mutating func stopped(key: String, finished: Bool) -> Progress {
        if case .animating(var attachment) = state, attachment.key == key {
            if attachment.reports.stop == nil { attachment.reports.stop = finished }
            return progress(attachment)
        }
        state.recordAheadReport(key: key) { if $0.stop == nil { $0.stop = finished } }
        return .none
    }

    /// The completion block of the transaction that added the animation under `key` ran.
    mutating func completed(key: String) -> Progress {
        if case .animating(var attachment) = state, attachment.key == key {
            attachment.reports.completed = true
            return progress(attachment)
        }
        state.recordAheadReport(key: key) { $0.completed = true }
        return .none
    }

    /// `cancel()`. `animationGone`: the running animation is no longer on the layer (Core
    /// Animation ended or removed it, and its reports are on their way). Nil if it changes
    /// nothing (a second cancel, or after the finish).
    mutating func cancelled(animationGone: Bool = false) -> CancelAction? {
        let notified = hooks
        switch state {
        case .initialized(var unstarted):
            guard !unstarted.isCancelRequested else { return nil }
            unstarted.isCancelRequested = true
            let ahead = unstarted.ahead.take()
            state = .initialized(unstarted)
            return CancelAction(hooks: notified, effect: ahead.map { .discardAhead($0) } ?? .none)
        case .waitingForMain(var unstarted):
            guard !unstarted.isCancelRequested else { return nil }
            unstarted.isCancelRequested = true
            state = .waitingForMain(unstarted)
            return CancelAction(hooks: notified, effect: .none)
        case .parked(let unstarted, let batch):
            // Held at a paused run's gate: it ends now, not when the run resumes.
            return CancelAction(hooks: notified, effect: .finishParked(discarding: unstarted.ahead, end(.cancelled, batch: batch)))
        case .animating(var attachment):
            guard !attachment.isCancelRequested else { return nil }
            attachment.isCancelRequested = true
            // Stopped, or gone from the layer: Core Animation has ended the animation, and its
            // reports, on their way, decide the outcome.
            guard attachment.reports.stop == nil, !animationGone else {
                state = .animating(attachment)
                return CancelAction(hooks: notified, effect: .none)
            }
            // The operation removes its animation itself and finishes now: Core Animation may
            // report the removal late or never (in the background); late reports change nothing.
            return CancelAction(hooks: notified,
                                effect: .finishRunning(attachment.removal(appliesPolicy: true), finishRemoving(attachment)))
        case .onTimeline(let timeline):
            // The run shows the motion; it finishes now.
            return CancelAction(hooks: notified, effect: .finishParked(discarding: nil, end(.cancelled, batch: timeline.batch)))
        case .finished:
            return nil
        }
    }

    /// The operation's layer was deallocated (heard on the main thread).
    mutating func layerGone() -> Progress {
        switch state {
        case .parked(let unstarted, let batch):
            // Held at a paused run's gate: it can no longer animate, so it ends now.
            let outcome: AnimationOutcome = unstarted.isCancelRequested ? .cancelled : .interrupted
            return Progress(start: nil, finish: end(outcome, batch: batch))
        case .animating(let attachment):
            let outcome = Self.outcome(stop: attachment.reports.stop, isCancelRequested: attachment.isCancelRequested)
            state = .finished(Finished(outcome: outcome, plannedEnd: outcome == .finished ? attachment.plannedEnd : nil,
                                       batch: attachment.batch))
            return Progress(start: unannouncedStart(attachment), finish: finish(outcome, cleanup: nil))
        case .onTimeline(let timeline):
            return finish(timeline, .interrupted)
        case .initialized, .waitingForMain, .finished:
            // Not yet on the main thread: the beginning sees the layer gone. Finished:
            // nothing to do.
            return .none
        }
    }

    /// The main thread saw the animation under `key` gone before its planned end (other code).
    mutating func removalSeen(key: String) {
        state.updateAttachment { if $0.key == key, $0.reports.stop == nil { $0.removalSeen = true } }
    }

    /// The app or the layer's scene left, with what the main thread found. Nil: no change.
    mutating func enteredBackground(_ leaving: Leaving) -> BackgroundAction? {
        switch state {
        case .initialized, .waitingForMain, .parked:
            return state.takeAhead().map { .discardAhead($0) }
        case .animating(let attachment) where attachment.reports.stop == nil && attachment.suspension == nil:
            let removal = attachment.removal(appliesPolicy: false)
            // The operation removes its animation and, but for a suspension, finishes now.
            switch leaving.policy {
            case .interrupt:
                return .finishRunning(removal, finishRemoving(attachment))
            case .complete:
                return .finishRunning(removal, finishRemoving(attachment, as: .finished))
            case .pause, .keepWallClockTime:
                guard state.suspend(leaving, baseKey: key) else {
                    return .finishRunning(removal, finishRemoving(attachment, as: .finished))
                }
                return .suspend(removing: (attachment.key, attachment.hasTransition))
            }
        case .animating, .onTimeline, .finished:
            return nil
        }
    }

    /// The app (or a scene) returned to the foreground, at `now` (the layer's time and media
    /// time): a suspended animation goes back on the layer, or, keeping wall-clock time with its
    /// end passed, finishes `.finished`. Nil if it changes nothing.
    mutating func enteredForeground(now: (layer: CFTimeInterval, media: CFTimeInterval)) -> ForegroundAction? {
        guard let (attachment, animation, animationBegin) = state.returned(now: now) else { return nil }
        // Its end passed while away: both reports count as in.
        guard attachment.reports.areComplete else {
            state = .animating(attachment)
            return .resume(animation, key: attachment.key, animationBegin: animationBegin,
                           end: (attachment.begin?.layer ?? now.layer) + attachment.activeDuration)
        }
        return .finish(progress(attachment))
    }

    /// The queue was suspended: an unstarted step's commit ahead is returned, to be discarded as
    /// if cancelled (policy included, if begun); the step starts afresh when handed over.
    mutating func heldBack() -> CommittedAhead? {
        guard case .initialized = state else { return nil }
        return state.takeAhead()
    }

    /// A gapless plan committed the animation ahead. Returns whether it is the operation's
    /// now (only before the start, once, without a cancel); if not, the caller adds nothing.
    mutating func committedAhead(_ committed: CommittedAhead) -> Bool {
        acceptsCommitAhead && state.acceptAhead(committed)
    }

    /// The run went on its timeline, or the operation parked at such a run's gate: the run
    /// shows its motion from now on. Nil if it changes nothing: not on the main thread yet
    /// (it parks later), its animation already stopped (its reports decide), or already done.
    mutating func joinedTimeline() -> TimelineAction? {
        switch state {
        case .initialized, .waitingForMain:
            return state.takeAhead().map { .discardAhead($0) }
        case .parked(let unstarted, let batch):
            state = .onTimeline(OnTimeline(batch: batch, startAnnounced: false))
            return unstarted.ahead.map { .discardAhead($0) }
        case .animating(let attachment) where attachment.reports.stop == nil:
            state = .onTimeline(OnTimeline(batch: attachment.batch, startAnnounced: true))
            return .takeOver(removing: (attachment.key, attachment.hasTransition), start: unannouncedStart(attachment))
        case .animating, .onTimeline, .finished:
            return nil
        }
    }

    /// Plan time passed the begin of the operation on its run's timeline: its start is
    /// announced, once. Nil if it was announced already or the operation is elsewhere.
    mutating func timelinePassedBegin() -> StartAnnouncement? {
        guard case .onTimeline(let timeline) = state, !timeline.startAnnounced else { return nil }
        state = .onTimeline(OnTimeline(batch: timeline.batch, startAnnounced: true))
        return StartAnnouncement(time: nil, hooks: hooks)
    }

    /// Plan time passed the end of the operation on its run's timeline: it finishes
    /// `.finished` (announcing its start first, if it was never announced).
    mutating func timelinePassedEnd() -> Progress {
        guard case .onTimeline(let timeline) = state else { return .none }
        return finish(timeline, .finished)
    }

    /// `retarget(_:to:)` (main thread): what turning the operation's motion takes in its state.
    mutating func retargetRequested(_ retarget: Retarget) -> RetargetAction { state.requestRetarget(retarget) }

    /// The main thread built the turn of the animation under `key`; nil (add nothing) if it ended.
    mutating func retargeted(key: String, by turn: Turn) -> Progress? {
        guard let attachment = state.turned(key: key, by: turn) else { return nil }
        return progress(attachment)
    }

    /// A newer step on the layer took over key paths the running animation moves (main thread):
    /// it finishes `.interrupted` at once, keeping `takeover`, and the main thread replaces its
    /// animation by what plays on (``AnimationTakeover``). Nil if it is not moving on the layer
    /// (not begun, stopped, cancelled, suspended, a cross-fade, on its timeline, or finished).
    mutating func takenOver(_ takeover: AnimationTakeover) -> TakeoverAction? {
        guard isMovingOnLayer, case .animating(let attachment) = state else { return nil }
        let progress = finishRemoving(attachment)
        state.recordTakeover(takeover)
        return TakeoverAction(attachment: attachment, progress: progress)
    }

    // MARK: Helpers

    /// The beginning, on the main thread, once any gate was passed.
    private mutating func begin(_ unstarted: Unstarted, _ beginning: Beginning, batch: Int) -> BeginAction {
        if unstarted.isCancelRequested {
            // A cancel the main thread did not see before preparing the fresh animation is
            // applied to it once attached, so that every animation prepared is played.
            guard case .fresh(let fresh) = beginning, let active = fresh.activeDuration else {
                return endUnstarted(unstarted, .cancelled, batch: batch)
            }
            var attachment = attachment(of: fresh, activeDuration: active, batch: batch)
            attachment.isCancelRequested = true
            let removal = Removal(key: key, resolved: fresh.resolved, hasTransition: fresh.hasTransition, offsetKeys: [],
                                  appliesPolicy: true, overwrittenKeyPaths: [])
            return .attach(discarding: unstarted.ahead, finishRemoving(attachment), cancelling: removal)
        }
        switch beginning {
        case .cancelled:
            invalid("a beginning that saw a cancel")
        case .layerGone:
            // With the layer gone there is nothing to take off it.
            return .finish(discarding: nil, applyPolicy: false, end(.interrupted, batch: batch))
        case .adoption(let layerTime, let beginMediaTime):
            guard let ahead = unstarted.ahead, Self.adopts(ahead, at: layerTime) else { invalid("an adoption") }
            let attachment = Attachment(adopting: ahead, beginMediaTime: beginMediaTime, batch: batch,
                                        retargets: unstarted.retargets)
            return .adopt(ahead, progress(attachment))
        case .fresh(let fresh):
            // A commit ahead not adopted: a dependency ended before its planned end.
            guard let active = fresh.activeDuration else {
                // Nothing to animate: the values are committed, the operation has finished.
                state = .finished(Finished(outcome: .finished, plannedEnd: nil, batch: batch))
                let start = StartAnnouncement(time: fresh.begin?.media, hooks: hooks)
                return .attach(discarding: unstarted.ahead, Progress(start: start, finish: finish(.finished, cleanup: nil)),
                               cancelling: nil)
            }
            var attachment = attachment(of: fresh, activeDuration: active, batch: batch)
            attachment.retargets = unstarted.retargets
            return .attach(discarding: unstarted.ahead, progress(attachment), cancelling: nil)
        }
    }

    /// Stores `attachment` and returns what its reports call for: the start once its begin
    /// time is known, and the finish once both callbacks arrived.
    private mutating func progress(_ attachment: consuming Attachment) -> Progress {
        var progress = Progress.none
        if let begin = attachment.begin, !attachment.startAnnounced {
            attachment.startAnnounced = true
            progress.start = StartAnnouncement(time: begin.media, hooks: hooks)
        }
        guard attachment.reports.areComplete else {
            state = .animating(attachment)
            return progress
        }
        let outcome = Self.outcome(stop: attachment.reports.stop, isCancelRequested: attachment.isCancelRequested)
        state = .finished(Finished(outcome: outcome, plannedEnd: outcome == .finished ? attachment.plannedEnd : nil,
                                   batch: attachment.batch))
        let cleanup = outcome == .finished && attachment.staysAttached ? nil : (attachment.key, attachment.hasTransition)
        if progress.start == nil { progress.start = unannouncedStart(attachment) }
        progress.finish = finish(outcome, cleanup: cleanup)
        return progress
    }

    /// Finishes an animating operation that takes its animation off the layer itself:
    /// `.cancelled` if a cancel was requested, else `.interrupted` (or `outcome`), without
    /// waiting for Core Animation to report the removal.
    private mutating func finishRemoving(_ attachment: Attachment, as outcome: AnimationOutcome = .interrupted) -> Progress {
        let outcome = attachment.isCancelRequested ? .cancelled : outcome
        return Progress(start: unannouncedStart(attachment), finish: end(outcome, batch: attachment.batch))
    }

    /// Finishes an operation on its run's timeline, announcing its start first if it never was.
    private mutating func finish(_ timeline: OnTimeline, _ outcome: AnimationOutcome) -> Progress {
        state = .finished(Finished(outcome: outcome, plannedEnd: nil, batch: timeline.batch))
        let start = timeline.startAnnounced ? nil : StartAnnouncement(time: nil, hooks: hooks)
        return Progress(start: start, finish: finish(outcome, cleanup: nil))
    }

    /// Finishes an operation that has not begun; its commit ahead is taken off the layer,
    /// with the cancellation policy if it has begun and a cancel was requested.
    private mutating func endUnstarted(_ unstarted: Unstarted, _ outcome: AnimationOutcome, batch: Int?) -> BeginAction {
        return .finish(discarding: unstarted.ahead, applyPolicy: unstarted.isCancelRequested, end(outcome, batch: batch))
    }

    /// Moves to `.finished` with `outcome` and returns the finish, with nothing to clean up.
    private mutating func end(_ outcome: AnimationOutcome, batch: Int?, wasExecuting: Bool = true) -> Finish {
        state = .finished(Finished(outcome: outcome, plannedEnd: nil, batch: batch))
        return finish(outcome, cleanup: nil, wasExecuting: wasExecuting)
    }

    /// The finish; it takes the hooks, which hold the queue and run, and leaves none.
    private mutating func finish(_ outcome: AnimationOutcome, cleanup: (key: String, hasTransition: Bool)?,
                                 wasExecuting: Bool = true) -> Finish {
        var taken = Hooks()
        swap(&taken, &hooks)
        return Finish(outcome: outcome, wasExecuting: wasExecuting, cleanup: cleanup, hooks: taken)
    }
}
