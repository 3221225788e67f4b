import Foundation

/// What the operation reads of its lifecycle, under its lock. The state's own accessors are
/// in OperationLifecycle+States.swift.
extension OperationLifecycle {
    /// The current state, for the lifecycle's tests and for diagnostics.
    var current: State { state }
    var outcome: AnimationOutcome? { state.outcome }
    /// Whether `start` has not been received yet.
    var isUnstarted: Bool { state.isUnstarted }
    var isExecuting: Bool { state.isExecuting }
    var attachment: Attachment? { state.attachment }
    /// What a newer step took over, once the operation finished `.interrupted` by it.
    var takeover: AnimationTakeover? { state.takeover }
    /// The key of the running animation if it is on the layer (see ``Attachment/isOnLayer``):
    /// only then does its absence from the layer mean that Core Animation removed it.
    var keyOnLayer: String? { state.attachment.flatMap { $0.isOnLayer ? $0.key : nil } }
    /// Whether the operation's animation moves its layer now: on the layer, not stopped,
    /// cancelled, removed by other code, suspended or a cross-fade. A newer step that begins
    /// on its key paths takes them over.
    var isMovingOnLayer: Bool {
        guard case .animating(let attachment) = state else { return false }
        return attachment.isOnLayer && attachment.reports.stop == nil && !attachment.isCancelRequested
            && !attachment.removalSeen && !attachment.hasTransition && attachment.suspension == nil
    }

    /// The animation committed ahead, while the operation has not begun.
    var ahead: CommittedAhead? { state.ahead }
    /// The ``StartBatch`` batch the operation arrived on the main thread in.
    var batch: Int? { state.batch }
    /// Whether `cancel` was received before the finish.
    var isCancelRequested: Bool { state.isCancelRequested }
    /// Whether a gapless plan may commit the operation's animation ahead: it has not
    /// started, has nothing committed yet, and no cancel came.
    var acceptsCommitAhead: Bool { state.acceptsCommitAhead }
    /// How many commits ahead were withdrawn before the operation began: a new one takes a
    /// key of its own.
    var aheadsWithdrawn: Int { state.aheadsWithdrawn }
    /// See ``State/plannedEnd``.
    var plannedEnd: CFTimeInterval? { state.plannedEnd }
    /// The queue that runs the operation, while it has not finished.
    var queue: (any OperationQueueHooks)? { hooks.queue }

    /// The key of the running animation whose begin time is not known yet: Core Animation
    /// reports it with `animationDidStart(_:)`.
    var keyWithUnknownBegin: String? {
        guard case .animating(let attachment) = state, attachment.begin == nil else { return nil }
        return attachment.key
    }

    /// ``keyWithUnknownBegin`` if someone hears the start (``Hooks/hearStart``): the begin is
    /// then read back as the batch commits, or comes with `animationDidStart(_:)`. The begin
    /// of an operation no one hears is not read back (it has no ``plannedEnd`` while it
    /// runs): what needs it reads the `beginTime` Core Animation stored on the layer's
    /// animation.
    var keyAwaitingBegin: String? { hooks.hearStart ? keyWithUnknownBegin : nil }

    /// Whether the start now in progress is an ``AnimationQueue``'s.
    var isStartingForQueue: Bool {
        if case .initialized(let unstarted) = state { unstarted.isStartedByQueue } else { false }
    }

    /// Whether the operation waits for its ``AnimationQueue`` to queue its arrival on the
    /// main thread (it started it).
    var isArrivalLeftToQueue: Bool {
        if case .waitingForMain(let unstarted) = state { unstarted.isStartedByQueue } else { false }
    }

    // MARK: Values the events build

    /// The attachment of a fresh animation, added under the operation's key.
    func attachment(of fresh: Fresh, activeDuration: CFTimeInterval, batch: Int) -> Attachment {
        var attachment = Attachment(key: key, resolved: fresh.resolved, activeDuration: activeDuration,
                                    hasTransition: fresh.hasTransition, batch: batch)
        attachment.begin = fresh.begin
        return attachment
    }

    /// The start of an animation that ends before Core Animation reported its begin time, so
    /// that every finish follows a start.
    func unannouncedStart(_ attachment: Attachment) -> StartAnnouncement? {
        attachment.startAnnounced ? nil : StartAnnouncement(time: attachment.begin?.media, hooks: hooks)
    }

    /// An event the lifecycle's state cannot receive: a bug in the operation.
    func invalid(_ event: String) -> Never {
        preconditionFailure("Internal inconsistency: \(state.name) received \(event)")
    }

    static func outcome(stop: Bool?, isCancelRequested: Bool) -> AnimationOutcome {
        if stop == true { return .finished }
        return isCancelRequested ? .cancelled : .interrupted
    }
}

extension OperationLifecycle.Attachment {
    /// The attachment of a gapless plan's commit ahead, adopted as the step begins: on the
    /// layer already, with the reports Core Animation made about it so far.
    init(adopting ahead: OperationLifecycle.CommittedAhead, beginMediaTime: CFTimeInterval, batch: Int,
         retargets: [OperationLifecycle.Retarget]) {
        self.init(key: ahead.key, resolved: ahead.resolved, activeDuration: ahead.end - ahead.begin,
                  hasTransition: false, batch: batch)
        begin = (ahead.begin, beginMediaTime)
        reports = ahead.reports
        isOnLayer = true
        self.retargets = retargets
    }

    /// Taking this animation off the layer, with the cancellation policy first if
    /// `appliesPolicy`.
    func removal(appliesPolicy: Bool) -> OperationLifecycle.Removal {
        OperationLifecycle.Removal(key: key, resolved: resolved, hasTransition: hasTransition, offsetKeys: offsetKeys,
                                   appliesPolicy: appliesPolicy, overwrittenKeyPaths: overwrittenKeyPaths)
    }
}
