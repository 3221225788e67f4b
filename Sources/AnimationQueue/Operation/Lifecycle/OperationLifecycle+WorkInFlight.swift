import Foundation

/// What the operation has reported, and the work it will do without time passing, which a
/// test clock waits for (``SchedulerActivity``). Both are read from the lifecycle's state:
/// nothing is recorded as work begins and ends.
extension OperationLifecycle {
    /// What the operation has reported to the outside, in order.
    struct Reported {
        /// `isExecuting` and `isFinished`, as the operation reports them. Each changes only
        /// between its `willChangeValue` and `didChangeValue`, so a key-value observer reads
        /// the old value before a change and the new one after.
        var isExecuting = false
        var isFinished = false
        /// Every hook has heard the finish, the queue's included: it has handed the
        /// dependents over.
        var isAnnounced = false
    }

    /// What the operation will do without time passing, as a phrase for a test clock's
    /// report; nil when it waits for time to pass (for Core Animation, a paused run or its
    /// dependencies) or is done.
    ///
    /// A hop to the main thread posted for the operation is not part of its state; the
    /// ``SchedulerActivity`` counts those itself.
    var workWithoutTime: String? {
        switch current {
        case .initialized(let unstarted):
            if unstarted.isStartedByQueue { return "is being started by its queue" }
            // Its queue hands a cancelled operation over at once, and it finishes as it starts.
            return unstarted.isCancelRequested ? "is cancelled and about to finish" : nil
        case .waitingForMain:
            return "is hopping to the main thread to begin"
        case .parked, .animating, .onTimeline:
            return nil
        case .finished:
            return reported.isAnnounced ? nil : "is finishing and handing its dependents over"
        }
    }

    /// Whether the operation has finished and every hook has heard it.
    var isDone: Bool { reported.isAnnounced }
}
