import Foundation

/// The transition table of ``OperationLifecycle``, one case per legal (state, event) pair.
extension OperationLifecycle {
    /// Applies `event` and returns the actions to perform, in order, outside the lock.
    mutating func receive(_ event: Event) -> Actions {
        switch (state, event) {
        // Start.
        case (.initialized, .start):
            if isCancelRequested { return finishUnstarted(.cancelled, wasExecuting: false, discardingAhead: true) }
            state = .waitingForMain
            return Actions(.hopToMain)

        // Arrival on the main thread, the gate, and the beginning.
        case (.waitingForMain, .arrived(let gate, let context)):
            if isCancelRequested { return finishUnstarted(.cancelled, wasExecuting: true, discardingAhead: true) }
            if gate {
                state = .parked
                return Actions(.passGate)
            }
            return begin(context)
        case (.parked, .gatePassed(let context)):
            return begin(context)
        case (.finished, .gatePassed):
            return .none

        // The fresh animation was added.
        case (.animating(var attachment), .added(let added)) where attachment.isAdding:
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

        case (.animating(var attachment), .beginResolved(let key, let layerTime, let mediaTime)) where attachment.key == key:
            guard attachment.begin == nil else { return .none }
            attachment.begin = (layerTime, mediaTime)
            return progress(attachment)
        case (_, .beginResolved):
            return .none

        // Core Animation's two callbacks, in either order.
        case (.animating(var attachment), .stopped(let key, let finished)) where attachment.key == key:
            if attachment.reports.stop == nil { attachment.reports.stop = finished }
            return progress(attachment)
        case (.animating(var attachment), .completed(let key)) where attachment.key == key:
            attachment.reports.completed = true
            return progress(attachment)
        case (.initialized, .stopped(let key, let finished)) where ahead?.key == key,
             (.waitingForMain, .stopped(let key, let finished)) where ahead?.key == key,
             (.parked, .stopped(let key, let finished)) where ahead?.key == key:
            if ahead?.reports.stop == nil { ahead?.reports.stop = finished }
            return .none
        case (.initialized, .completed(let key)) where ahead?.key == key,
             (.waitingForMain, .completed(let key)) where ahead?.key == key,
             (.parked, .completed(let key)) where ahead?.key == key:
            ahead?.reports.completed = true
            return .none
        case (_, .stopped), (_, .completed):
            // A discarded animation's, or one reported after the operation finished.
            return .none

        // Cancellation.
        case (.finished, .cancel):
            return .none
        case (_, .cancel) where isCancelRequested:
            return .none
        case (_, .cancel):
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
        case (.animating(var attachment), .applyingCancellation(let key))
            where attachment.key == key && attachment.reports.stop == nil:
            guard let resolved = attachment.resolved else { return .none }
            attachment.cancellationApplied = true
            state = .animating(attachment)
            return Actions(.writeCancellationPolicy(key: key, resolved: resolved, hasTransition: attachment.hasTransition))
        case (_, .applyingCancellation):
            // The animation stopped meanwhile (it reached its end, or was removed).
            return .none

        // The layer was deallocated.
        case (.parked, .layerGone):
            // Held at a paused run's gate: it can no longer animate, so it ends now, not
            // when the run resumes.
            return finishUnstarted(outcome(stop: nil), wasExecuting: true, discardingAhead: true)
        case (.animating(let attachment), .layerGone):
            let outcome = outcome(stop: attachment.reports.stop)
            state = .finished(outcome, plannedEnd: outcome == .finished ? attachment.plannedEnd : nil)
            return startIfUnannounced(attachment) + Actions(finish(outcome, nil))
        case (_, .layerGone):
            // Not yet on the main thread: the beginning sees the layer gone. Finished:
            // nothing to do.
            return .none

        // Removal by other code, seen on the main thread.
        case (.animating(var attachment), .removalSeen(let key)) where attachment.key == key && attachment.reports.stop == nil:
            attachment.removalSeen = true
            state = .animating(attachment)
            return .none
        case (_, .removalSeen):
            return .none

        // The app entered the background.
        case (.initialized, .background) where ahead != nil,
             (.waitingForMain, .background) where ahead != nil,
             (.parked, .background) where ahead != nil:
            return Actions(.discardAhead(takeAhead()!, applyPolicy: false))
        case (.animating(let attachment), .background) where !attachment.isAdding && attachment.reports.stop == nil:
            return Actions(.removeForBackground(key: attachment.key, hasTransition: attachment.hasTransition))
        case (_, .background):
            return .none

        // The queue was suspended: an unstarted step's commit ahead goes, as if cancelled
        // (if it has begun, the layer is left as the cancellation policy says); the step
        // starts afresh when the queue hands it over.
        case (.initialized, .heldBack) where ahead != nil:
            return Actions(.discardAhead(takeAhead()!, applyPolicy: true))
        case (_, .heldBack):
            return .none

        // Committing ahead (gapless plans): only before the start, once, without a cancel.
        case (.initialized, .commitAhead(let committed)) where ahead == nil && !isCancelRequested:
            ahead = committed
            return Actions(.commitAhead(committed))
        case (_, .commitAhead):
            return .none

        default:
            preconditionFailure("Internal inconsistency: \(state) received \(event)")
        }
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
        let restore = outcome == .finished && attachment.cancellationApplied ? attachment.resolved?.finalValues : nil
        let cleanup = outcome == .finished && attachment.staysAttached ? nil : (attachment.key, attachment.hasTransition)
        // Appended in place: an action carries the hooks, which a sum of lists would copy.
        if !attachment.startAnnounced { actions.append(.announceStart(at: attachment.begin?.media, hooks: hooks)) }
        actions.append(finish(outcome, cleanup, restore: restore))
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
                                 restore: [(keyPath: String, value: Any?)]? = nil, wasExecuting: Bool = true) -> Action {
        defer { hooks = Hooks() }
        return .finish(Finish(outcome: outcome, wasExecuting: wasExecuting, cleanup: cleanup,
                              restoreFinalValues: restore, hooks: hooks))
    }

    /// The commit ahead, moved out (nil left behind).
    private mutating func takeAhead() -> CommittedAhead? {
        var taken: CommittedAhead?
        swap(&taken, &ahead)
        return taken
    }
}
