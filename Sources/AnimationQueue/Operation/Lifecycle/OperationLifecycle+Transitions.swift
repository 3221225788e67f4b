import Foundation

/// The transition table of ``OperationLifecycle``: by event, then by the states that can receive it.
extension OperationLifecycle {
    /// Applies `event` and returns the actions to perform, in order, outside the lock.
    ///
    /// By event, then by state: a switch over the pair would copy both into a tuple, and
    /// destroy it, at every event.
    mutating func receive(_ event: Event) -> Actions {
        switch event {
        // Start.
        case .start:
            guard case .initialized = state else { invalid(event) }
            if isCancelRequested { return finishUnstarted(.cancelled, wasExecuting: false, discardingAhead: true) }
            state = .waitingForMain
            return Actions(.hopToMain)

        // Arrival on the main thread, the gate, and the beginning.
        case .arrived(let gate, let context):
            guard case .waitingForMain = state else { invalid(event) }
            if isCancelRequested { return finishUnstarted(.cancelled, wasExecuting: true, discardingAhead: true) }
            if gate {
                state = .parked
                return Actions(.passGate)
            }
            return begin(context)
        case .gatePassed(let context):
            switch state {
            case .parked: return begin(context)
            case .finished: return .none
            default: invalid(event)
            }

        // The fresh animation was added.
        case .added(let added):
            guard case .animating(var attachment) = state, attachment.isAdding else { invalid(event) }
            guard let active = added.activeDuration else {
                // Nothing to animate: the values are committed, the operation has finished.
                state = .finished(.finished, plannedEnd: nil)
                return Actions(.announceStart(at: added.begin?.media, hooks: hooks), finish(.finished, nil))
            }
            attachment.resolved = added.resolved
            attachment.activeDuration = active
            attachment.hasTransition = added.hasTransition
            if let begin = added.begin, attachment.begin == nil { attachment.begin = begin }
            // A cancel that came while the animation was being added applies now, after what
            // progress reports.
            let cancelling = isCancelRequested && attachment.reports.stop == nil ? attachment.key : nil
            var actions = progress(attachment)
            if let cancelling { actions.append(.applyCancellation(key: cancelling)) }
            return actions

        case .beginResolved(let key, let layerTime, let mediaTime):
            guard case .animating(var attachment) = state, attachment.key == key, attachment.begin == nil else {
                return .none
            }
            attachment.begin = (layerTime, mediaTime)
            return progress(attachment)

        // Core Animation's two callbacks, in either order. Anything else is a discarded
        // animation's, or one reported after the operation finished.
        case .stopped(let key, let finished):
            switch state {
            case .animating(var attachment) where attachment.key == key:
                if attachment.reports.stop == nil { attachment.reports.stop = finished }
                return progress(attachment)
            case .initialized, .waitingForMain, .parked:
                // The animation committed ahead's report is recorded for its adoption.
                if ahead?.key == key, ahead?.reports.stop == nil { ahead?.reports.stop = finished }
                return .none
            default:
                return .none
            }
        case .completed(let key):
            switch state {
            case .animating(var attachment) where attachment.key == key:
                attachment.reports.completed = true
                return progress(attachment)
            case .initialized, .waitingForMain, .parked:
                if ahead?.key == key { ahead?.reports.completed = true }
                return .none
            default:
                return .none
            }

        // Cancellation.
        case .cancel:
            if case .finished = state { return .none }
            if isCancelRequested { return .none }
            isCancelRequested = true
            let notify = Action.notifyCancelled(hooks: hooks)
            switch state {
            case .initialized where ahead != nil:
                return Actions(notify, .discardAhead(takeAhead()!, applyPolicy: true))
            case .parked:
                return Actions(notify, .resumeParked)
            case .animating(let attachment) where !attachment.isAdding && attachment.reports.stop == nil:
                return Actions(notify, .applyCancellation(key: attachment.key))
            default:
                // Not started (the start sees the flag), hopping (the arrival sees it), being
                // added (`added` applies it), or already stopped (its outcome is decided).
                return Actions(notify)
            }
        case .applyingCancellation(let key):
            // Otherwise the animation stopped meanwhile (it reached its end, or was removed).
            guard case .animating(let attachment) = state, attachment.key == key, attachment.reports.stop == nil,
                  let resolved = attachment.resolved else { return .none }
            // The operation removes its animation itself, so it finishes now: Core Animation
            // may report the removal late or never (an app in the background), and its
            // reports, when they come, find the operation finished.
            return finishRemoving(attachment, first: .writeCancellationPolicy(key: key, resolved: resolved,
                                                                               hasTransition: attachment.hasTransition))

        // The layer was deallocated.
        case .layerGone:
            switch state {
            case .parked:
                // Held at a paused run's gate: it can no longer animate, so it ends now, not
                // when the run resumes.
                return finishUnstarted(outcome(stop: nil), wasExecuting: true, discardingAhead: true)
            case .animating(let attachment):
                let outcome = outcome(stop: attachment.reports.stop)
                state = .finished(outcome, plannedEnd: outcome == .finished ? attachment.plannedEnd : nil)
                return startIfUnannounced(attachment) + Actions(finish(outcome, nil))
            default:
                // Not yet on the main thread: the beginning sees the layer gone. Finished:
                // nothing to do.
                return .none
            }

        // Removal by other code, seen on the main thread.
        case .removalSeen(let key):
            guard case .animating(var attachment) = state, attachment.key == key, attachment.reports.stop == nil else {
                return .none
            }
            attachment.removalSeen = true
            state = .animating(attachment)
            return .none

        // The app entered the background.
        case .background:
            switch state {
            case .initialized, .waitingForMain, .parked:
                guard let ahead = takeAhead() else { return .none }
                return Actions(.discardAhead(ahead, applyPolicy: false))
            case .animating(let attachment) where !attachment.isAdding && attachment.reports.stop == nil:
                // As for a cancel: the operation removes its animation and finishes now.
                return finishRemoving(attachment, first: .removeForBackground(key: attachment.key,
                                                                              hasTransition: attachment.hasTransition))
            default:
                return .none
            }

        // The queue was suspended: an unstarted step's commit ahead goes, as if cancelled
        // (if it has begun, the layer is left as the cancellation policy says); the step
        // starts afresh when the queue hands it over.
        case .heldBack:
            guard case .initialized = state, let ahead = takeAhead() else { return .none }
            return Actions(.discardAhead(ahead, applyPolicy: true))

        // Committing ahead (gapless plans): only before the start, once, without a cancel.
        case .commitAhead(let committed):
            guard case .initialized = state, ahead == nil, !isCancelRequested else { return .none }
            ahead = committed
            return Actions(.commitAhead(committed))
        }
    }

    /// An event the lifecycle's state cannot receive: a bug in the operation.
    private func invalid(_ event: Event) -> Never {
        preconditionFailure("Internal inconsistency: \(state) received \(event)")
    }

    // MARK: Helpers

    /// The beginning, on the main thread, once any gate was passed.
    private mutating func begin(_ context: BeginContext) -> Actions {
        if isCancelRequested { return finishUnstarted(.cancelled, wasExecuting: true, discardingAhead: true) }
        // With the layer gone there is nothing to take off it.
        guard context.layerAlive else { return finishUnstarted(.interrupted, wasExecuting: true, discardingAhead: false) }
        let ahead = takeAhead()
        if let ahead, let adoption = context.adoption, adoption.layerTime >= ahead.begin - Self.adoptionTolerance {
            var attachment = Attachment(key: ahead.key, resolved: ahead.resolved)
            attachment.activeDuration = ahead.end - ahead.begin
            attachment.begin = (ahead.begin, adoption.beginMediaTime)
            attachment.reports = ahead.reports
            return Actions(.adopt(ahead)) + progress(attachment)
        }
        // A dependency ended before its planned end (cancelled or interrupted): start afresh.
        state = .animating(Attachment(key: key))
        guard let ahead else { return Actions(.add(key: key)) }
        return Actions(.discardAhead(ahead, applyPolicy: false), .add(key: key))
    }

    /// Stores `attachment` and returns what its reports call for: the start once its begin
    /// time is known, and the finish once both callbacks arrived.
    private mutating func progress(_ attachment: consuming Attachment) -> Actions {
        guard !attachment.isAdding else {
            state = .animating(attachment)
            return .none
        }
        var actions = Actions.none
        if let begin = attachment.begin, !attachment.startAnnounced {
            attachment.startAnnounced = true
            actions.append(.announceStart(at: begin.media, hooks: hooks))
        }
        guard attachment.reports.areComplete else {
            state = .animating(attachment)
            return actions
        }
        let outcome = outcome(stop: attachment.reports.stop)
        state = .finished(outcome, plannedEnd: outcome == .finished ? attachment.plannedEnd : nil)
        let cleanup = outcome == .finished && attachment.staysAttached ? nil : (attachment.key, attachment.hasTransition)
        // Appended in place: an action carries the hooks, which a sum of lists would copy.
        if !attachment.startAnnounced { actions.append(.announceStart(at: attachment.begin?.media, hooks: hooks)) }
        actions.append(finish(outcome, cleanup))
        return actions
    }

    /// Finishes an animating operation whose animation it takes off the layer itself with
    /// `removal`: `.cancelled` if a cancel was requested, else `.interrupted`, without
    /// waiting for Core Animation to report the removal.
    private mutating func finishRemoving(_ attachment: Attachment, first removal: Action) -> Actions {
        let outcome = outcome(stop: nil)
        state = .finished(outcome, plannedEnd: nil)
        var actions = startIfUnannounced(attachment)
        actions.append(removal)
        actions.append(finish(outcome, nil))
        return actions
    }

    /// Announces the start of an animation that ends before Core Animation reported its
    /// begin time, so that every finish follows a start.
    private mutating func startIfUnannounced(_ attachment: Attachment) -> Actions {
        guard !attachment.startAnnounced else { return .none }
        return Actions(.announceStart(at: attachment.begin?.media, hooks: hooks))
    }

    private func outcome(stop: Bool?) -> AnimationOutcome {
        if stop == true { return .finished }
        return isCancelRequested ? .cancelled : .interrupted
    }

    /// Finishes an operation that has not begun; its commit ahead, if any, is dropped, and with
    /// `discardingAhead` taken off the layer first.
    private mutating func finishUnstarted(_ outcome: AnimationOutcome, wasExecuting: Bool,
                                          discardingAhead: Bool) -> Actions {
        state = .finished(outcome, plannedEnd: nil)
        let ahead = takeAhead()
        let finishing = finish(outcome, nil, wasExecuting: wasExecuting)
        guard discardingAhead, let ahead else { return Actions(finishing) }
        return Actions(.discardAhead(ahead, applyPolicy: isCancelRequested), finishing)
    }

    /// The finish action; releases the hooks, which hold the queue and run.
    private mutating func finish(_ outcome: AnimationOutcome, _ cleanup: (key: String, hasTransition: Bool)?,
                                 wasExecuting: Bool = true) -> Action {
        defer { hooks = Hooks() }
        return .finish(Finish(outcome: outcome, wasExecuting: wasExecuting, cleanup: cleanup, hooks: hooks))
    }

    /// The commit ahead, moved out (nil left behind).
    private mutating func takeAhead() -> CommittedAhead? {
        var taken: CommittedAhead?
        swap(&taken, &ahead)
        return taken
    }
}
