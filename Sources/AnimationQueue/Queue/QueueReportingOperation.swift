import Foundation

/// An operation of the package's own, which reports to the ``AnimationQueue`` that runs it:
/// ``AnimationOperation`` (a plan's `Wait` step is one), the operation of a ``Perform``
/// step, and ``AsyncOperation``.
///
/// The queue hears such an operation's cancel and finish from the operation itself, through
/// ``OperationQueueHooks``, and asks it, for a test clock, what it is doing. It asks nothing
/// else of an operation's type. Any other `Operation` is watched from its hand-over on, by
/// an operation on the `FinishWaiter` queue that depends on it.
///
/// Every one of them unlinks its dependencies as it starts, so a long finished chain is
/// released link by link.
protocol QueueReportingOperation: Operation {
    /// Reports the operation's cancel, imminent finish and finish to `queue` from now on,
    /// holding it until the finish. `onCancelledDependency` is the policy the queue was
    /// given for the operation, which overrides its own.
    func report(to queue: any OperationQueueHooks, onCancelledDependency: DependencyCancellation?)

    /// Starts the operation for its queue, whose dependencies in it have finished, if the
    /// operation begins in the main thread's ``StartBatch``: it adds itself to `batch`,
    /// which begins together, and returns true. Returns false if the queue is to give it to
    /// its `OperationQueue`.
    func startForQueue(joining batch: inout [AnimationOperation]) -> Bool

    /// The operation's `dependencies`, skipping Foundation's copy if it never had one.
    var dependenciesIfAny: [Operation] { get }

    /// What the operation does when a dependency is cancelled, unless its queue was given a
    /// policy for it: ``AnimationOperation/onCancelledDependency`` for an animation
    /// operation, `.cancel` for the others.
    var onCancelledDependency: DependencyCancellation { get }

    /// The activity of the tracked clock the operation is on (see ``SchedulerActivity``);
    /// nil outside tests.
    var activity: SchedulerActivity? { get }

    /// Its queue started holding back the operations that have not started (it was
    /// suspended). An animation operation discards the animation a gapless plan committed
    /// ahead for it; the others have nothing to do.
    func queueHoldsBack()

    /// The app entered the background, or a scene did whose layers are `roots` and their
    /// sublayers (main thread). An animation operation whose layer is there takes its
    /// animations off and does what its background policy says (the queue's is
    /// `queuePolicy`); one that has not started starts afresh later. The others have nothing
    /// to do.
    func enteredBackground(underAnyOf roots: [CALayer]?, queuePolicy: BackgroundPolicy)

    /// The app, or a scene, returned to the foreground (main thread): an animation operation
    /// suspended for the time away puts its animation back. The others have nothing to do.
    func enteredForeground()

    /// What the operation will do without time passing, as a phrase for a test clock's
    /// report; nil when it waits for time to pass, for something outside the scheduler, or
    /// is done.
    var workWithoutTime: String? { get }
}

extension QueueReportingOperation {
    func startForQueue(joining batch: inout [AnimationOperation]) -> Bool { false }
    var dependenciesIfAny: [Operation] { dependencies }
    var onCancelledDependency: DependencyCancellation { .cancel }
    func queueHoldsBack() {}
    func enteredBackground(underAnyOf roots: [CALayer]?, queuePolicy: BackgroundPolicy) {}
    func enteredForeground() {}
}
