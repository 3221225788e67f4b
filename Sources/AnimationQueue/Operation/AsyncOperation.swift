import Foundation

/// A base class for your own asynchronous work in an animation graph, such as a data fetch
/// that gates an animation.
///
/// Override ``execute()`` to begin the work and call ``finish()`` when it is done, from any
/// thread. The base class keeps `isExecuting` and `isFinished` correct for KVO, finishes an
/// operation cancelled before it started without calling ``execute()``, and unlinks its
/// dependencies when it starts, so long chains are released link by link.
///
/// ```swift
/// final class FetchAvatar: AsyncOperation, @unchecked Sendable {
///     var image: Data?
///     override func execute() {
///         URLSession.shared.dataTask(with: avatarURL) { data, _, _ in
///             self.image = data
///             self.finish()
///         }.resume()
///     }
/// }
/// let fetch = FetchAvatar()
/// let reveal = AnimationOperation(layer: avatar, animation: BasicAnimation(.opacity, to: 1, duration: 0.3))
/// reveal.addDependency(fetch)
/// AnimationQueue.main.addOperations([fetch, reveal])
/// ```
///
/// Cancellation is cooperative: `cancel()` sets `isCancelled`, and an ``AnimationQueue``
/// that runs the operation cancels its dependents at once, unless they opted out. Check
/// `isCancelled` in your work and call ``finish()`` early. An operation cancelled before it
/// started finishes at once, without calling ``execute()``, even while it still waits for a
/// dependency in an ``AnimationQueue``.
///
/// - Important: An operation finishes exactly once. Calling ``finish()`` twice, or before
///   the operation started, stops the program with a message naming the operation.
open class AsyncOperation: Operation, QueueReportingOperation, @unchecked Sendable {
    // Thread safety: `lock` guards `state` and `queue`. KVO notifications, the queue's hooks
    // and `execute()` run outside it.
    private let lock = NSLock()
    private var state = State.ready
    /// The ``AnimationQueue`` that runs the operation, held until the finish.
    private var queue: (any OperationQueueHooks)?

    /// `starting`: `start()` claimed the transition and is sending `willChangeValue` for
    /// `isExecuting`, which still reads false; `finishing`: `finish()` claimed its transition
    /// and is sending `willChangeValue`, while `isExecuting` still reads true and
    /// `isFinished` false. So an observer that asks for the old value is given it.
    private enum State { case ready, starting, executing, finishing, finished }

    /// Creates an operation; name it (`name`) to get clearer diagnostics.
    public override init() {
        super.init()
    }

    /// A chain that never ran is released link by link (see `releaseDependenciesLinkByLink`).
    deinit { releaseDependenciesLinkByLink() }

    /// True: the operation keeps running after `start()` returns, until it finishes itself.
    open override var isAsynchronous: Bool { true }
    /// Whether the operation has started and not yet finished (KVO-compliant).
    public final override var isExecuting: Bool {
        lock.withLock { state == .executing || state == .finishing }
    }
    /// Whether the operation has finished, on any path (KVO-compliant).
    public final override var isFinished: Bool { lock.withLock { state == .finished } }

    /// Starts the operation: finishes at once if it was cancelled, else calls ``execute()``.
    /// Called by the queue; do not call it yourself or override it.
    public final override func start() {
        removeAllDependencies()
        let claimed = lock.withLock { () -> Bool in
            guard state == .ready else { return false }
            state = .starting
            return true
        }
        guard claimed else { AsyncOperationViolation.startedTwice(self) }
        willChangeValue(forKey: "isExecuting")
        lock.withLock { state = .executing }
        didChangeValue(forKey: "isExecuting")
        if isCancelled {
            finish()
            return
        }
        execute()
    }

    /// Cancels the operation: sets `isCancelled`, and the ``AnimationQueue`` that runs it
    /// cancels its dependents that follow cancellation. If you override it, call `super`.
    open override func cancel() {
        super.cancel()
        lock.withLock { queue }?.operationWasCancelled(self)
    }

    /// Begins the work. Override it, and call ``finish()`` when the work is done, on any
    /// thread, exactly once. The default implementation finishes at once.
    open func execute() {
        finish()
    }

    /// Marks the operation finished, which lets its dependents start.
    ///
    /// - Precondition: The operation is executing: it started, and `finish()` was not called
    ///   before.
    public final func finish() {
        // Claim the transition under the lock, so a second call is caught even when two
        // threads race to finish; then send KVO around the state change, outside the lock.
        let previous = lock.withLock { () -> State in
            let previous = state
            if previous == .executing { state = .finishing }
            return previous
        }
        switch previous {
        case .executing:
            break
        case .ready, .starting:
            AsyncOperationViolation.finishedBeforeStart(self)
        case .finishing, .finished:
            AsyncOperationViolation.finishedTwice(self)
        }
        let queue = lock.withLock { self.queue }
        queue?.operationWillFinish(self, outcome: isCancelled ? .cancelled : .finished)
        willChangeValue(forKey: "isFinished")
        willChangeValue(forKey: "isExecuting")
        lock.withLock {
            state = .finished
            self.queue = nil
        }
        didChangeValue(forKey: "isExecuting")
        didChangeValue(forKey: "isFinished")
        queue?.operationDidFinish(self)
    }

    // MARK: Reporting to an AnimationQueue

    func report(to queue: any OperationQueueHooks, onCancelledDependency: DependencyCancellation?) {
        lock.withLock { self.queue = queue }
    }

    /// Nil: the operation is not on a clock.
    var activity: SchedulerActivity? { nil }

    /// Only a cancelled operation that has not started yet is known to finish without time
    /// passing (its queue hands it over at once); work that has started may wait on anything.
    var workWithoutTime: String? {
        lock.withLock { state == .ready } && isCancelled ? "is cancelled and about to finish" : nil
    }
}
