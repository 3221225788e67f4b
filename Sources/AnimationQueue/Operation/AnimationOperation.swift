import Foundation

/// An asynchronous `Operation` that plays one animation on one layer.
///
/// It starts on the main thread whatever queue runs it, commits the final values to the
/// model layer with actions disabled, adds the animation, and finishes once Core Animation
/// reported both the animation's stop and its transaction's completion, in whichever order
/// they come, exactly once, on every path.
///
/// ```swift
/// let fade = AnimationOperation(layer: title, animation: BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3))
/// let pop = AnimationOperation(layer: badge, animation: SpringAnimation(.transformScale, from: 0.6, to: 1,
///                                                                     perceptualDuration: 0.4, bounce: 0.3))
/// pop.addDependency(fade)
/// AnimationQueue.main.addOperations([fade, pop])
/// ```
///
/// The layer is held weakly: if it is deallocated, the operation finishes `.interrupted` on
/// the main queue's next turn, without waiting for Core Animation.
open class AnimationOperation: Operation, StartedOperation, @unchecked Sendable {
    // Thread safety: `stateLock` guards `lifecycle`, which holds every piece of the
    // operation's mutable state; everything else is immutable. The lifecycle returns actions,
    // performed after unlocking: KVO notifications, Core Animation calls and hooks never
    // run under it. `lifecycle` is `@exclusivity(unchecked)`: it is only touched under
    // `stateLock`, which already rules out overlapping accesses.
    //
    // The lock and the lifecycle are internal, not private, only for the operation's own
    // extensions that perform the actions (AnimationOperation+Events.swift and the Core
    // Animation bridge); nothing else touches them.
    let stateLock = FastLock.make()
    @exclusivity(unchecked) var lifecycle: OperationLifecycle

    /// The layer to animate, held weakly.
    public weak let layer: CALayer?
    /// The animation to play.
    public let animation: any LayerAnimation
    /// What the layer shows if the operation is cancelled while animating (`.holdPresentation`).
    public var cancellationPolicy: CancellationPolicy {
        get { stateLock.withLock { lifecycle.settings.cancellationPolicy } }
        set { stateLock.withLock { lifecycle.configure { $0.cancellationPolicy = newValue } } }
    }

    /// What happens to this operation when a dependency is cancelled (`.cancel`: it finishes
    /// `.cancelled`, without touching its layer unless a gapless plan's commit ahead has
    /// already begun, which then gets the cancellation policy), on any queue and whatever
    /// queue the dependency ran on. `.proceed` animates anyway, as a plain `Operation` would.
    public var onCancelledDependency: DependencyCancellation {
        get { stateLock.withLock { lifecycle.settings.dependencyPolicy } }
        set { stateLock.withLock { lifecycle.configure { $0.dependencyPolicy = newValue } } }
    }

    /// Whether motion is reduced for this operation (`.system`); see ``MotionPolicy``.
    public var motion: MotionPolicy {
        get { stateLock.withLock { lifecycle.settings.motion } }
        set { stateLock.withLock { lifecycle.configure { $0.motion = newValue } } }
    }

    /// The gate of the paused run this operation belongs to, if any.
    var gate: StartGate? { stateLock.withLock { lifecycle.settings.gate } }

    /// Starts the operation for an ``AnimationQueue``, which calls `start()` itself once every
    /// dependency has finished, on whatever thread that happened. It is never an operation of
    /// `OperationQueue.main` (whose one-at-a-time slot it would otherwise be taken to hold).
    /// Once started it waits to arrive on the main thread in `batch`, which the queue queues in
    /// the ``StartBatch`` with every other operation it started at the same moment, so that
    /// they begin together. A cancelled operation, or one still waiting for a dependency
    /// outside the queue, is left to the queue's `OperationQueue`.
    func startForQueue(joining batch: inout [AnimationOperation]) -> Bool {
        guard !isCancelled, isReady else { return false }
        stateLock.withLock { lifecycle.startingForQueue() }
        start()
        if stateLock.withLock({ lifecycle.isArrivalLeftToQueue }) { batch.append(self) }
        return true
    }

    /// Reports to `queue`, which holds a policy for the operation's cancelled dependencies
    /// if it was given one: recorded for dependencies outside the queue, which the operation
    /// checks as it starts.
    func report(to queue: any OperationQueueHooks, onCancelledDependency: DependencyCancellation?) {
        stateLock.withLock {
            lifecycle.addHooks { $0.queue = queue }
            lifecycle.configure { $0.queue = WeakReference(queue) }
            if let onCancelledDependency { lifecycle.configure { $0.queueDependencyPolicy = onCancelledDependency } }
        }
    }

    var activity: SchedulerActivity? { timeSource.activity }

    var workWithoutTime: String? { stateLock.withLock { lifecycle.workWithoutTime } }

    var workSinceStart: (reason: String?, isDone: Bool) {
        stateLock.withLock { (lifecycle.workWithoutTime, lifecycle.isDone) }
    }

    /// Creates an operation that plays `animation` on `layer`.
    public init(layer: CALayer, animation: some LayerAnimation) {
        self.layer = layer
        self.animation = animation
        timeSource = MediaClock.Source(layer)
        lifecycle = OperationLifecycle(key: "")
        super.init()
        lifecycle.assignKey(Self.key(for: self))
    }

    /// Creates an operation that plays an animation already held as `any LayerAnimation` (a
    /// plan's step holds it so): the operation shares its storage instead of copying it.
    init(layer: CALayer, existential animation: any LayerAnimation) {
        self.layer = layer
        self.animation = animation
        timeSource = MediaClock.Source(layer)
        lifecycle = OperationLifecycle(key: "")
        super.init()
        lifecycle.assignKey(Self.key(for: self))
    }

    /// A chain that never ran is released link by link (see `releaseDependenciesLinkByLink`).
    deinit { releaseDependenciesLinkByLink() }

    /// A key unique among live operations: `"AQ."` and the object's address in base 36,
    /// written digit by digit. A 64-bit address has at most twelve such digits below 2⁶², so
    /// the key fits a small string (fifteen bytes).
    private static func key(for object: AnimationOperation) -> String {
        var address = UInt(bitPattern: ObjectIdentifier(object))
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 + 13) { buffer in
            var start = buffer.count
            repeat {
                let digit = UInt8(address % 36)
                start -= 1
                buffer[start] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
                address /= 36
            } while address > 0
            for byte in "AQ.".utf8.reversed() {
                start -= 1
                buffer[start] = byte
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        }
    }

    /// Reads media time for events, even after the layer is gone.
    let timeSource: MediaClock.Source

    /// How the operation ended; nil until it finishes.
    public var outcome: AnimationOutcome? { stateLock.withLock { lifecycle.outcome } }

    /// The layer's name, for events and traces.
    var layerName: String? { layer?.name }

    /// The key paths the running animation changes (empty before it starts).
    var animatedKeyPaths: [String] { stateLock.withLock { lifecycle.attachment?.resolved.keyPaths ?? [] } }

    /// The key the operation's animation is added under, assigned as it initialises.
    var animationKey: String { stateLock.withLock { lifecycle.key } }

    /// The lifecycle's current state, for tests and diagnostics.
    var lifecycleState: OperationLifecycle.State { stateLock.withLock { lifecycle.current } }

    /// Makes the operation a step of `run`, held at `gate` while the run is paused, with
    /// the run's `motion` policy (nil keeps the operation's own) and `background` policy.
    func join(_ run: AnimationRun, gate: StartGate, motion: MotionPolicy?, background: BackgroundPolicy?) {
        stateLock.withLock {
            lifecycle.addHooks { $0.run = run }
            lifecycle.configure {
                $0.gate = gate
                $0.run = WeakReference(run)
                $0.runBackgroundPolicy = background
                if let motion { $0.motion = motion }
            }
        }
    }

    /// Sets both cancellation settings at once, for a plan's step.
    func setCancellationPolicies(_ policy: CancellationPolicy, onCancelledDependency: DependencyCancellation) {
        stateLock.withLock {
            lifecycle.configure {
                $0.cancellationPolicy = policy
                $0.dependencyPolicy = onCancelledDependency
            }
        }
    }

    /// Adds callbacks; used by ``AnimationQueue`` and ``AnimationRun``.
    func addHooks(_ update: (inout OperationLifecycle.Hooks) -> Void) {
        stateLock.withLock { lifecycle.addHooks(update) }
    }

    /// Reads the lifecycle under the lock.
    func withLifecycle<T>(_ body: (borrowing OperationLifecycle) -> T) -> T {
        stateLock.withLock { body(lifecycle) }
    }

    /// See ``OperationLifecycle/keyAwaitingBegin``.
    var keyAwaitingBegin: String? { stateLock.withLock { lifecycle.keyAwaitingBegin } }

    /// The number of the ``StartBatch`` batch the operation began in; nil before its start
    /// reached the main thread. Operations with one number began in one main-thread turn and
    /// one transaction.
    var startBatch: Int? { stateLock.withLock { lifecycle.batch } }

    // MARK: Operation

    /// True: the operation finishes when its animation does, not when `start()` returns.
    open override var isAsynchronous: Bool { true }
    /// Whether the operation has started and not finished.
    open override var isExecuting: Bool { stateLock.withLock { lifecycle.reported.isExecuting } }
    /// Whether the operation has finished; ``outcome`` then says how (it is set just before).
    open override var isFinished: Bool { stateLock.withLock { lifecycle.reported.isFinished } }

    /// Starts the operation: unlinks its dependencies and hops to the main thread to animate,
    /// with every other operation whose start reaches the main thread before it next turns
    /// (one transaction for all of them). Called on the main thread, it animates before
    /// returning. Called by the queue; call it yourself only for an operation in no queue.
    open override func start() {
        let (byQueue, mayHaveDependencies) = stateLock.withLock {
            (lifecycle.isStartingForQueue, lifecycle.settings.mayHaveDependencies)
        }
        if !byQueue, !isReady, !isCancelled {
            QueueViolation.startedBeforeReady(self)
        }
        if !animation.totalDuration.isFinite, !byQueue {
            MainOperationQueueSlot.checkNeverEnding(self)
        }
        if mayHaveDependencies { unlinkDependencies() }
        timeSource.activity?.started(self)
        willChangeValue(forKey: "isExecuting")
        let action = stateLock.withLock { lifecycle.started() }
        guard let action else { QueueViolation.startedTwice(self) }
        didChangeValue(forKey: "isExecuting")
        perform(action)
    }

    /// Makes the operation wait for `operation` to finish.
    ///
    /// Add dependencies before the operation is added to an ``AnimationQueue``, which reads
    /// them once, as it is added, or started. Later, or if the operation waits for itself or
    /// for an operation that already waits for it (which any `OperationQueue` would hang on),
    /// the program stops with a message: the dependency could not be honoured. An
    /// ``AnimationQueue`` also reports longer cycles, with every operation on them, as they
    /// are added.
    open override func addDependency(_ operation: Operation) {
        if operation === self { QueueViolation.dependsOnItself(self) }
        if operation.alreadyWaits(for: self) { QueueViolation.mutualDependency(self, on: operation) }
        if !stateLock.withLock({ lifecycle.isUnstarted }) {
            QueueViolation.dependencyAddedTooLate(to: self, on: operation, queue: nil)
        }
        if let queue = QueueMembership.holder(of: self) {
            QueueViolation.dependencyAddedTooLate(to: self, on: operation, queue: queue)
        }
        stateLock.withLock { lifecycle.configure { $0.mayHaveDependencies = true } }
        super.addDependency(operation)
    }

    /// Cancels the operation. Before it starts, it finishes `.cancelled` without touching the
    /// layer (unless a gapless plan's commit ahead has already begun: that gets the policy);
    /// while it animates, the layer is left as ``cancellationPolicy`` says.
    open override func cancel() {
        super.cancel()
        performCancel()
    }

    /// `dependencies`, read only if the operation ever had one.
    var dependenciesIfAny: [Operation] {
        stateLock.withLock { lifecycle.settings.mayHaveDependencies } ? dependencies : []
    }

    /// Removes the dependencies once the operation starts, so long finished chains are
    /// released link by link instead of in one deep recursive deinit. A cancelled one
    /// cancels this operation first, unless it proceeds (``onCancelledDependency``, or the
    /// policy its queue was given for it). An `AnimationQueue` has done so already for
    /// dependencies in the queue; a plain queue, or a dependency on another queue, leaves
    /// it to the start.
    private func unlinkDependencies() {
        let dependencies = self.dependencies
        guard !dependencies.isEmpty else { return }
        let policy = stateLock.withLock { lifecycle.settings.effectiveDependencyPolicy }
        if policy == .cancel, !isCancelled, dependencies.contains(where: \.isCancelled) { cancel() }
        for dependency in dependencies { removeDependency(dependency) }
    }
}

extension Operation {
    /// Whether the operation already waits for `other`. An animation operation's dependencies
    /// are read only if it ever had one (``AnimationOperation/dependenciesIfAny``).
    func alreadyWaits(for other: Operation) -> Bool {
        ((self as? AnimationOperation)?.dependenciesIfAny ?? dependencies).contains { $0 === other }
    }
}
