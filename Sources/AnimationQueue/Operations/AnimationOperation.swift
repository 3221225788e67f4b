import Foundation

/// An asynchronous `Operation` that plays one animation on one layer.
///
/// It starts on the main thread whatever queue runs it, commits the final values to the
/// model layer with actions disabled, adds the animation, and finishes when the animation's
/// `CATransaction` completion fires, exactly once, on every path.
///
/// ```swift
/// let fade = AnimationOperation(layer: title, animation: BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3))
/// let pop = AnimationOperation(layer: badge, animation: SpringAnimation(.transformScale, from: 0.6, to: 1,
///                                                                     perceptualDuration: 0.4, bounce: 0.3))
/// pop.addDependency(fade)
/// AnimationQueue.main.addOperations([fade, pop])
/// ```
///
/// The layer is held weakly: if it is deallocated, the operation finishes `.interrupted`.
open class AnimationOperation: Operation, @unchecked Sendable {
    // Thread safety: `stateLock` guards `machine`, `hooks`, `attached` and `ahead`. KVO
    // notifications, Core Animation calls and hooks run outside it. Internal, not private,
    // only for the commit-ahead extension in AnimationOperation+Ahead.swift.
    let stateLock = NSLock()
    var machine = AnimationOperationStateMachine()
    var attached: Attached?
    var ahead: Ahead?
    private var hooks = Hooks()

    /// The layer to animate, held weakly.
    public private(set) weak var layer: CALayer?
    /// The animation to play.
    public let animation: any LayerAnimation
    /// What the layer shows if the operation is cancelled while animating (`.holdPresentation`).
    public var cancellationPolicy: CancellationPolicy {
        get { stateLock.withLock { storedPolicy } }
        set { stateLock.withLock { storedPolicy = newValue } }
    }
    private var storedPolicy = CancellationPolicy.holdPresentation

    /// What happens to this operation when a dependency is cancelled, on an `AnimationQueue`
    /// (`.cancel`; a plain `OperationQueue` always proceeds).
    public var onCancelledDependency: DependencyCancellation {
        get { stateLock.withLock { storedDependencyPolicy } }
        set { stateLock.withLock { storedDependencyPolicy = newValue } }
    }
    private var storedDependencyPolicy = DependencyCancellation.cancel

    /// Creates an operation that plays `animation` on `layer`.
    public init(layer: CALayer, animation: some LayerAnimation) {
        self.layer = layer
        self.animation = animation
        timeSource = MediaClock.Source(layer)
        super.init()
    }

    /// Reads media time for events, even after the layer is gone.
    let timeSource: MediaClock.Source

    /// How the operation ended; nil until it finishes.
    public var outcome: AnimationOutcome? { stateLock.withLock { machine.outcome } }

    /// The layer's name, for events and traces.
    var layerName: String? { layer?.name }

    /// The key paths the running animation changes (empty before it starts).
    var animatedKeyPaths: [String] { stateLock.withLock { attached?.resolved.keyPaths ?? [] } }

    /// Engine-facing state of a running animation (main thread only).
    struct Attached {
        let key: String
        let resolved: ResolvedAnimation
        /// When the animation ends, in the layer's time (infinity if it never does).
        let end: CFTimeInterval
    }

    /// Callbacks for the queue and run that own this operation; run outside the lock.
    struct Hooks {
        /// The animation was added (or, with nothing to animate, the values committed).
        var didStart: [@Sendable (AnimationOperation, CFTimeInterval) -> Void] = []
        var willFinish: [@Sendable (AnimationOperation, AnimationOutcome, CFTimeInterval) -> Void] = []
        var didFinish: [@Sendable (AnimationOperation) -> Void] = []
        var didCancel: [@Sendable (AnimationOperation) -> Void] = []
    }

    /// Adds callbacks; used by ``AnimationQueue`` and ``AnimationRun``.
    func addHooks(_ update: (inout Hooks) -> Void) {
        stateLock.withLock { update(&hooks) }
    }

    /// Whether motion is reduced for this operation (`.system`); see ``MotionPolicy``.
    public var motion: MotionPolicy {
        get { stateLock.withLock { storedMotion } }
        set { stateLock.withLock { storedMotion = newValue } }
    }
    private var storedMotion = MotionPolicy.system

    // MARK: Operation

    /// True: the operation finishes when its animation does, not when `start()` returns.
    open override var isAsynchronous: Bool { true }
    /// Whether the operation has started and not finished.
    open override var isExecuting: Bool { stateLock.withLock { machine.isExecuting } }
    /// Whether the operation has finished; ``outcome`` then says how.
    open override var isFinished: Bool { stateLock.withLock { machine.isFinished } }

    /// Starts the operation: unlinks its dependencies and hops to the main thread to animate.
    /// Called by the queue; call it yourself only for an operation in no queue.
    open override func start() {
        unlinkDependencies()
        // In flight before it reports executing, until it animates, parks or finishes, so a
        // test clock that settles never sees it executing with nothing recorded.
        SchedulerActivity.begin(self)
        willChangeValue(forKey: "isExecuting")
        let action = stateLock.withLock { machine.start() }
        didChangeValue(forKey: "isExecuting")
        switch action {
        case .finish(let outcome):
            if stateLock.withLock({ ahead != nil }) {
                MainThread.run { [self] in
                    discardAhead()
                    announceFinish(outcome, wasExecuting: false)
                    SchedulerActivity.end(self)
                }
            } else {
                announceFinish(outcome, wasExecuting: false)
                SchedulerActivity.end(self)
            }
        case .hopToMain:
            MainThread.run { [self] in
                beginOnMain()
                SchedulerActivity.end(self)
            }
        }
    }

    /// Cancels the operation. Before it starts, it finishes `.cancelled` without touching the
    /// layer; while it animates, the layer is left as ``cancellationPolicy`` says.
    open override func cancel() {
        super.cancel()
        let (action, cancelHooks) = stateLock.withLock { () -> (AnimationOperationStateMachine.CancelAction, [@Sendable (AnimationOperation) -> Void]) in
            (machine.cancel(), hooks.didCancel)
        }
        for hook in cancelHooks { hook(self) }
        if action == .applyPolicyOnMain {
            onMainInFlight { $0.applyCancellationPolicy() }
        } else if stateLock.withLock({ isParked }) {
            onMainInFlight { $0.resumeParked() }
        } else if stateLock.withLock({ ahead != nil }) {
            onMainInFlight { $0.discardAhead() }
        }
    }

    /// Runs `work` on the main thread, recorded as work in flight until it has run (see
    /// ``SchedulerActivity/begin(_:)``).
    private func onMainInFlight(_ work: @escaping @Sendable (AnimationOperation) -> Void) {
        SchedulerActivity.begin(self)
        MainThread.run { [self] in
            work(self)
            SchedulerActivity.end(self)
        }
    }

    /// Removes the dependencies once the operation starts, so long finished chains are
    /// released link by link instead of in one deep recursive deinit.
    private func unlinkDependencies() {
        for dependency in dependencies { removeDependency(dependency) }
    }

    // MARK: Main thread

    /// The gate of the paused run this operation belongs to, if any.
    var gate: StartGate? {
        get { stateLock.withLock { storedGate } }
        set { stateLock.withLock { storedGate = newValue } }
    }
    private var storedGate: StartGate?
    private var isParked = false

    private func beginOnMain() {
        if let gate, !isCancelled {
            stateLock.withLock { isParked = true }
            let passes = gate.passOrWait { [self] in onMainInFlight { $0.resumeParked() } }
            guard passes else { return }
            stateLock.withLock { isParked = false }
        }
        beginNow()
    }

    /// Leaves the gate once: when the run resumes or the operation is cancelled.
    private func resumeParked() {
        let wasParked = stateLock.withLock { () -> Bool in
            defer { isParked = false }
            return isParked
        }
        if wasParked { beginNow() }
    }

    private func beginNow() {
        let layer = self.layer
        let action = stateLock.withLock { machine.begin(layerAlive: layer != nil) }
        switch action {
        case .finish(let outcome):
            discardAhead()
            announceFinish(outcome, wasExecuting: true)
        case .animate:
            guard let layer else { return }
            if !adoptAhead(on: layer) { animate(layer) }
        }
    }

    func resolvedAnimation(for layer: CALayer) -> ResolvedAnimation {
        let resolved = animation.resolve(for: layer)
        return motion.isReduced ? resolved.reducingMotion(animation.reducedMotion ?? .jumpToFinal) : resolved
    }

    var animationKey: String { "AnimationQueue.\(ObjectIdentifier(self).hashValue)" }

    private func animate(_ layer: CALayer) {
        let resolved = resolvedAnimation(for: layer)
        let key = animationKey
        let now = timeSource.now(for: layer)
        let start = layer.convertTime(now, from: nil)
        let caAnimation = resolved.animation.map { Self.startingAtCommit($0, delay: resolved.delay) }
        let end = caAnimation.map { start + ActiveDuration.of($0) } ?? start
        stateLock.withLock { attached = Attached(key: key, resolved: resolved, end: end) }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (keyPath, value) in resolved.finalValues {
            layer.setValue(value, forKeyPath: keyPath)
        }
        guard let caAnimation else {
            CATransaction.commit()
            announceStart(layer, at: now)
            complete(animated: false)
            return
        }
        caAnimation.delegate = StopObserver(operation: self, key: key)
        CATransaction.setCompletionBlock { [self] in transactionCompleted(key: key) }
        layer.add(caAnimation, forKey: key)
        CATransaction.commit()
        announceStart(layer, at: now)
    }

    /// Removes this operation's animations from its layer, running or committed ahead (main
    /// thread), as Core Animation does when the app enters the background: a running
    /// operation then finishes `.interrupted` through `animationDidStop(_:finished:)` and its
    /// transaction completion; one that has not started starts afresh later. The model keeps
    /// what was written to it, so a running animation's layer shows its final values.
    func removeAnimationsForBackground() {
        discardAhead()
        guard let layer, let key = stateLock.withLock({ attached?.key }) else { return }
        layer.removeAnimation(forKey: key)
    }

    /// A transaction of ours completed: the running animation's, or one committed ahead
    /// that the operation has not adopted yet (remembered until it does). Stale ones, of an
    /// animation discarded since, are ignored.
    func transactionCompleted(key: String) {
        let isRunning = stateLock.withLock { () -> Bool in
            if ahead?.key == key { ahead?.completed = true }
            return attached?.key == key
        }
        if isRunning { complete(animated: true) }
    }

    /// An animation whose delay Core Animation times from the commit: the animation, or a
    /// group that starts at the commit and holds it `delay` seconds in. (A group needs no
    /// reading of the current time, so the delay stays exact on any clock.)
    static func startingAtCommit(_ animation: CAAnimation, delay: TimeInterval) -> CAAnimation {
        guard delay > 0 else {
            animation.beginTime = 0
            return animation
        }
        let group = CAAnimationGroup()
        animation.beginTime = delay
        if animation.fillMode == .removed { animation.fillMode = .backwards }
        group.animations = [animation]
        let active = ActiveDuration.of(animation)
        group.duration = delay + (active.isFinite ? active : .greatestFiniteMagnitude)
        return group
    }

    /// Calls the start hooks; `time` is in media time.
    func announceStart(_ layer: CALayer, at time: CFTimeInterval) {
        let hooks = stateLock.withLock { self.hooks.didStart }
        for hook in hooks { hook(self, time) }
    }

    fileprivate func animationStopped(key: String, finished: Bool) {
        stateLock.withLock {
            guard attached?.key == key || ahead?.key == key else { return }
            machine.animationStopped(finished: finished)
        }
    }

    func complete(animated: Bool) {
        let finishing = stateLock.withLock { () -> (AnimationOutcome, Attached?, Bool)? in
            guard let outcome = machine.complete(animated: animated) else { return nil }
            return (outcome, attached, machine.isCancelRequested)
        }
        guard let (outcome, attached, wasCancelled) = finishing else { return }
        if let layer, let attached {
            // With fill modes that keep it attached, make sure nothing of ours stays behind.
            layer.removeAnimation(forKey: attached.key)
            if outcome == .finished, wasCancelled {
                // A cancel raced the natural end and its policy may already be queued or
                // applied on the main thread; the main queue is serial, so writing the final
                // values there, after it, leaves the layer matching the `.finished` outcome.
                let finals = UncheckedSendableBox(attached.resolved.finalValues)
                onMainInFlight { operation in
                    guard let layer = operation.layer else { return }
                    CATransaction.begin()
                    CATransaction.setDisableActions(true)
                    for (keyPath, value) in finals.value { layer.setValue(value, forKeyPath: keyPath) }
                    CATransaction.commit()
                }
            }
        }
        announceFinish(outcome, wasExecuting: true)
    }

    private func applyCancellationPolicy() {
        // A cancel that raced the animation's natural end changes nothing: the operation
        // finishes `.finished` and the layer keeps its final values.
        guard let layer, let attached = stateLock.withLock({ machine.stoppedFinished == nil && !machine.isFinished ? attached : nil })
        else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        apply(cancellationPolicy, of: attached.resolved, to: layer)
        layer.removeAnimation(forKey: attached.key)
        CATransaction.commit()
    }

    /// Writes to the model what `policy` says the layer shows after a cancel (inside the
    /// caller's transaction, before the animation is removed).
    func apply(_ policy: CancellationPolicy, of resolved: ResolvedAnimation, to layer: CALayer) {
        switch policy {
        case .holdPresentation:
            let presentation = layer.presentation()
            for keyPath in resolved.keyPaths {
                if let value = presentation?.value(forKeyPath: keyPath) {
                    layer.setValue(value, forKeyPath: keyPath)
                }
            }
        case .revert:
            for (keyPath, value) in resolved.initialValues {
                layer.setValue(value, forKeyPath: keyPath)
            }
        case .complete:
            for (keyPath, value) in resolved.finalValues {
                layer.setValue(value, forKeyPath: keyPath)
            }
        }
    }

    private func announceFinish(_ outcome: AnimationOutcome, wasExecuting: Bool) {
        // In flight until the hooks have handed its dependents over.
        SchedulerActivity.begin(self)
        defer { SchedulerActivity.end(self) }
        let hooks = stateLock.withLock { self.hooks }
        if !hooks.willFinish.isEmpty {
            let time = timeSource.now(for: layer)
            for hook in hooks.willFinish { hook(self, outcome, time) }
        }
        willChangeValue(forKey: "isFinished")
        if wasExecuting { willChangeValue(forKey: "isExecuting") }
        if wasExecuting { didChangeValue(forKey: "isExecuting") }
        didChangeValue(forKey: "isFinished")
        for hook in hooks.didFinish { hook(self) }
        // The hooks hold the queue and run that own this operation; a finished operation
        // needs them no more, and keeping them would keep its queue alive for as long as
        // anyone holds the operation.
        stateLock.withLock { self.hooks = Hooks() }
    }
}

/// Receives `animationDidStop(_:finished:)` for an operation, telling finished from removed.
/// The animation holds it strongly; it holds the operation weakly.
final class StopObserver: NSObject, CAAnimationDelegate, @unchecked Sendable {
    // Immutable after init; `weak` loads are atomic.
    weak var operation: AnimationOperation?
    /// The key the animation was added under, to tell it from one discarded since.
    let key: String
    init(operation: AnimationOperation, key: String) {
        self.operation = operation
        self.key = key
        super.init()
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        operation?.animationStopped(key: key, finished: flag)
    }
}
