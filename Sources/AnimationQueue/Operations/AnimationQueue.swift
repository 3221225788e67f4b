import Foundation

/// A queue that runs animation operations, and any other `Operation`, as a dependency graph.
///
/// Unlike `OperationQueue.main`, which runs one operation at a time, an `AnimationQueue`
/// runs independent animations in parallel (each operation hops to the main thread for its
/// Core Animation work), and adds what animation graphs need:
/// - `cancelAll()` and `isSuspended` work on every platform;
/// - cancelling an operation cancels its dependents, unless they opt out;
/// - dependency cycles are reported with the operations' names when they are added;
/// - finished operations are unlinked from their dependents, so 100,000-step chains release.
///
/// ```swift
/// let fetch = BlockOperation { loadAvatar() }
/// let reveal = AnimationOperation(layer: avatar, animation: BasicAnimation(.opacity, to: 1, duration: 0.3))
/// reveal.addDependency(fetch)
/// AnimationQueue.main.addOperations([fetch, reveal])
/// ```
public final class AnimationQueue: @unchecked Sendable {
    /// The shared queue for app-wide animation work.
    public static let main = AnimationQueue(name: "AnimationQueue.main")

    /// The queue's name, used in diagnostics.
    public let name: String

    private let operations: OperationQueue
    // Thread safety: `lock` guards `graph`. Operations are cancelled, unlinked and enqueued
    // outside it.
    private let lock = NSLock()
    private var graph = DependencyGraph()

    /// Creates a queue.
    public init(name: String) {
        self.name = name
        operations = OperationQueue()
        operations.name = name
        SchedulerActivity.register(self)
    }

    /// Whether the queue holds back operations that have not started (false).
    public var isSuspended: Bool {
        get { operations.isSuspended }
        set { operations.isSuspended = newValue }
    }

    /// The number of operations added and not yet finished.
    public var operationCount: Int { lock.withLock { graph.count } }

    /// Adds one operation. See ``addOperations(_:onCancelledDependency:)``.
    public func addOperation(_ operation: Operation, onCancelledDependency: DependencyCancellation? = nil) {
        addOperations([operation], onCancelledDependency: onCancelledDependency)
    }

    /// Adds operations, which start when their dependencies finish.
    ///
    /// - Parameters:
    ///   - operations: Operations not yet added to any queue. Their dependencies should be set
    ///     before they are added; dependencies on operations outside the batch are allowed.
    ///   - onCancelledDependency: What these operations do when a dependency is cancelled;
    ///     nil uses each `AnimationOperation`'s own setting, and `.cancel` for other operations.
    /// - Precondition: No operation was added before, and the batch forms no dependency cycle.
    ///   A cycle is reported with the names of the operations on it.
    public func addOperations(_ operations: [Operation], onCancelledDependency: DependencyCancellation? = nil) {
        if let cycle = DependencyGraph.cycle(among: operations) {
            QueueViolation.dependencyCycle(cycle, queue: name)
        }
        var cancelledAtAdd: [Operation] = []
        lock.withLock {
            for operation in operations {
                guard graph.insert(operation, policy: policy(for: operation, onCancelledDependency)) else {
                    QueueViolation.addedTwice(operation, queue: name)
                }
            }
            for operation in operations {
                for dependency in operation.dependencies {
                    graph.link(dependency, to: operation)
                    if dependency.isCancelled { cancelledAtAdd.append(dependency) }
                }
            }
        }
        for operation in operations {
            install(on: operation)
        }
        for dependency in cancelledAtAdd { propagateCancellation(from: dependency) }
        self.operations.addOperations(operations, waitUntilFinished: false)
    }

    /// Cancels every operation in the queue; running animations apply their cancellation policy.
    public func cancelAll() {
        let all = lock.withLock { graph.allOperations }
        for operation in all { operation.cancel() }
        operations.cancelAllOperations()
    }

    /// Suspends until every operation added so far has finished.
    public func waitUntilAllOperationsAreFinished() async {
        let all = lock.withLock { graph.allOperations }
        for operation in all { await operation.finished() }
    }

    /// Operations added and not finished.
    var unfinished: [Operation] { lock.withLock { graph.allOperations } }

    /// Operations that could start now but have not: the queue is still scheduling them.
    var readyButNotStarted: [Operation] {
        guard !isSuspended else { return [] }
        return lock.withLock { graph.allOperations }.filter { $0.isReady && !$0.isExecuting && !$0.isFinished }
    }

    private func policy(for operation: Operation, _ override: DependencyCancellation?) -> DependencyCancellation {
        if let override { return override }
        return (operation as? AnimationOperation)?.onCancelledDependency ?? .cancel
    }

    // MARK: Finishing and cancellation

    private func install(on operation: Operation) {
        if let animation = operation as? AnimationOperation {
            animation.addHooks { hooks in
                hooks.willFinish.append { [weak self] operation, outcome, _ in
                    if outcome == .cancelled { self?.propagateCancellation(from: operation) }
                }
                hooks.didFinish.append { [weak self] operation in
                    self?.operationDidFinish(operation)
                }
                hooks.didCancel.append { [weak self] operation in
                    self?.propagateCancellation(from: operation)
                }
            }
        } else {
            let previous = operation.completionBlock
            operation.completionBlock = { [weak self, unowned operation] in
                if operation.isCancelled { self?.propagateCancellation(from: operation) }
                self?.operationDidFinish(operation)
                previous?()
            }
        }
    }

    /// Cancels the dependents of `operation` that follow cancellation, transitively.
    private func propagateCancellation(from operation: Operation) {
        let dependents = lock.withLock { graph.cancellableDependents(of: operation) }
        for dependent in dependents where !dependent.isCancelled {
            dependent.cancel()
            if !(dependent is AnimationOperation) { propagateCancellation(from: dependent) }
        }
    }

    private func operationDidFinish(_ operation: Operation) {
        let dependents = lock.withLock { graph.remove(operation) }
        // Unlink so a long finished chain is released link by link.
        for dependent in dependents { dependent.removeDependency(operation) }
    }
}

extension Operation {
    /// Suspends until the operation has finished.
    func finished() async {
        if isFinished { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiter = BlockOperation {}
            waiter.addDependency(self)
            waiter.completionBlock = { continuation.resume() }
            FinishWaiter.queue.addOperation(waiter)
        }
    }
}

/// A queue for operations that only wait for other operations to finish.
enum FinishWaiter {
    static let queue: OperationQueue = {
        let queue = OperationQueue()
        queue.name = "AnimationQueue.finishWaiter"
        return queue
    }()
}
