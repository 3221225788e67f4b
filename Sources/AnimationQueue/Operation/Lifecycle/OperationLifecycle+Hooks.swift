import Foundation

extension OperationLifecycle {
    typealias StartHook = @Sendable (AnimationOperation, CFTimeInterval) -> Void
    typealias CancelHook = @Sendable (AnimationOperation) -> Void

    /// Callbacks for the queue and run that own the operation; run outside the lock.
    ///
    /// The queue and the run are told through ``queue`` and ``run``, the closures added with
    /// `addHooks` through the arrays. A start reaches the run,
    /// then the closures added with `addHooks`; a cancel reaches the queue first, so a closure
    /// sees it propagated to the dependents; an imminent finish reaches the closures, the run,
    /// then the queue (which then cancels the dependents of a cancelled step); the finish
    /// itself reaches the queue (which hands the dependents over), the run, then the closures.
    struct Hooks {
        /// The animation began (or, with nothing to animate, the values were committed).
        var didStart: [StartHook] = []
        var willFinish: [@Sendable (AnimationOperation, AnimationOutcome, CFTimeInterval) -> Void] = []
        var didFinish: [@Sendable (AnimationOperation) -> Void] = []
        var didCancel: [CancelHook] = []
        /// The running animation's planned end moved: it was turned toward a new target, or
        /// put back after the background.
        var didMoveEnd: [@Sendable (AnimationOperation) -> Void] = []
        /// The queue that runs the operation, held strongly until it finishes.
        var queue: (any OperationQueueHooks)?
        /// The run the operation is a step of, held weakly (a run nobody keeps still plays),
        /// through a reference object, so that the hooks stay a plain value.
        var run: AnimationRun? {
            get { runReference?.object }
            set { runReference = newValue.map(WeakReference.init) }
        }
        private var runReference: WeakReference<AnimationRun>?

        /// Whether anyone hears the start, and so its time: only then is Core Animation's
        /// begin time read back (a gapless plan's run hears every step, whose planned end it
        /// needs).
        var hearStart: Bool { run != nil || !didStart.isEmpty }

        func started(_ operation: AnimationOperation, at time: @autoclosure () -> CFTimeInterval) {
            guard hearStart else { return }
            let time = time()
            run?.stepDidStart(operation, at: time)
            for hook in didStart { hook(operation, time) }
        }

        func turned(_ operation: AnimationOperation, keyPath: String, at time: CFTimeInterval) {
            run?.stepTurned(operation, keyPath: keyPath, at: time)
            endMoved(operation)
        }

        func endMoved(_ operation: AnimationOperation) {
            for hook in didMoveEnd { hook(operation) }
        }

        func cancelled(_ operation: AnimationOperation) {
            queue?.operationWasCancelled(operation)
            for hook in didCancel { hook(operation) }
        }

        func willFinish(_ operation: AnimationOperation, _ outcome: AnimationOutcome, at time: @autoclosure () -> CFTimeInterval) {
            let run = self.run
            let time = !willFinish.isEmpty || run != nil ? time() : 0
            for hook in willFinish { hook(operation, outcome, time) }
            run?.stepWillFinish(operation, outcome: outcome, at: time)
            queue?.operationWillFinish(operation, outcome: outcome)
        }

        func didFinish(_ operation: AnimationOperation) {
            queue?.operationDidFinish(operation)
            run?.stepDidFinish(operation)
            for hook in didFinish { hook(operation) }
        }
    }
}
