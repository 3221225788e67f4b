import Foundation

/// The whole lifecycle of one ``AnimationOperation`` as a pure value: every piece of the
/// operation's state lives here, and each event returns the actions the operation performs
/// outside its lock (KVO, Core Animation calls, hooks).
///
/// States (`c` is the cancel flag, set once by `cancel` and checked against the table):
/// - `initialized`: not started; a gapless plan may have committed its animation ahead
///   (``ahead``, held until the operation begins).
/// - `waitingForMain`: `start()` ran; the work hops to the main thread.
/// - `parked`: on the main thread, held at a paused run's gate.
/// - `animating(attachment)`: the animation is (being) added; waiting for Core Animation's
///   `animationDidStop(_:finished:)` *and* the transaction's completion, in either order.
/// - `finished(outcome)`.
///
/// | state \ event        | start            | arrived / gatePassed          | added · beginResolved        | stopped · completed (own key) | cancel                  | layerGone          | background        | heldBack    | commitAhead |
/// |----------------------|------------------|-------------------------------|------------------------------|-------------------------------|-------------------------|--------------------|-------------------|-------------|-------------|
/// | initialized          | c: finished; else waitingForMain, hop | ✗           | ✗ · ignored                  | ahead's: recorded             | discard ahead           | —                  | discard ahead     | discard ahead | record, commit (not c) |
/// | waitingForMain       | ✗                | c: finished; gate: parked; else begin | ✗ · ignored          | ahead's: recorded             | — (the hop sees c)      | —                  | discard ahead     | —           | refused     |
/// | parked               | ✗                | gatePassed: begin             | ✗ · ignored                  | ahead's: recorded             | wake on main            | c: finished `.cancelled`; else `.interrupted` | discard ahead     | —           | refused     |
/// | animating            | ✗                | ✗                             | record; announce start once the begin time is known | record; both → finished | on main: write policy, remove, finished (not stopped) | finished | remove, finished | — | refused |
/// | finished             | ✗                | gatePassed: ignored           | ignored                      | ignored                       | ignored                 | ignored            | ignored           | ignored     | refused     |
///
/// *begin*: `c` → finished `.cancelled`; layer gone → finished `.interrupted`; an animation
/// committed ahead whose begin time has come → adopted (animating); else → animating a fresh
/// animation (any commit ahead discarded). ✗ is an impossible transition.
///
/// The outcome, decided when the second of the two Core Animation callbacks arrives (or the
/// layer is gone): `.finished` if `animationDidStop` said finished, else `.cancelled` if a
/// cancel was requested, else `.interrupted`. Nothing to animate finishes `.finished` at once.
/// An operation that removes its own animation (a cancel, the background) finishes as it
/// removes it, `.cancelled` or `.interrupted`, without waiting for Core Animation's reports,
/// which may come late or never; when they come they find it finished.
struct OperationLifecycle {
    /// The key the operation adds its fresh animation under; an animation committed ahead
    /// uses `key + ".ahead"`, so late callbacks of a discarded one are told apart. Set once,
    /// as the operation initialises (the key is made from its address).
    var key: String
    // Changed only by `receive(_:)` (OperationLifecycle+Transitions.swift) and `addHooks`.
    var state: State = .initialized
    /// The animation a gapless plan committed ahead, while the operation has not begun
    /// (`initialized`, `waitingForMain` or `parked`; nil in the other states). A field of its
    /// own rather than a payload of those states, so the steps between them neither copy
    /// nor destroy it. Changed only by `receive(_:)`, as `state` is.
    var ahead: CommittedAhead?
    /// Whether `cancel` was received (before the operation finished).
    var isCancelRequested = false
    /// Who to tell about the start, cancel and finish; released once finished.
    var hooks = Hooks()

    init(key: String) { self.key = key }

    /// How early a start may come and still adopt the animation committed ahead: the
    /// dependency's completion and the hop to the main thread can only make it late, so
    /// this only absorbs rounding of media times (about 1e-10 s at 10⁶ s of uptime).
    static let adoptionTolerance: CFTimeInterval = 1e-6

    // MARK: State

    enum State: CustomStringConvertible {
        case initialized
        case waitingForMain
        case parked
        case animating(Attachment)
        /// `plannedEnd` is kept for a `.finished` operation: a gapless dependent committed
        /// after its dependency ended still begins at that end.
        case finished(AnimationOutcome, plannedEnd: CFTimeInterval?)

        var description: String {
            switch self {
            case .initialized: "initialized"
            case .waitingForMain: "waitingForMain"
            case .parked: "parked"
            case .animating(let attachment): "animating(\(attachment.key)\(attachment.isAdding ? ", adding" : ""))"
            case .finished(let outcome, _): "finished(\(outcome))"
            }
        }
    }

    /// What Core Animation reported about one added animation.
    struct Reports: Equatable {
        /// `animationDidStop(_:finished:)`'s flag, once delivered.
        var stop: Bool?
        /// Whether the transaction's completion block ran.
        var completed = false
        var areComplete: Bool { stop != nil && completed }
    }

    /// An animation committed before the operation started, by a gapless plan.
    struct CommittedAhead {
        let key: String
        let resolved: ResolvedAnimation
        /// The Core Animation object to add (a group beginning at `begin`).
        let animation: CAAnimation
        /// When it begins and ends, in the layer's time.
        let begin: CFTimeInterval
        let end: CFTimeInterval
        /// Whether motion was reduced when it was resolved: a start that finds otherwise
        /// (the system setting changed meanwhile) discards it and resolves afresh.
        let isMotionReduced: Bool
        var reports = Reports()
    }

    /// The animation of a started operation.
    struct Attachment {
        let key: String
        /// Nil while the main thread resolves and adds it.
        var resolved: ResolvedAnimation?
        /// The added animation's active duration, in the layer's time.
        var activeDuration: CFTimeInterval = 0
        /// When Core Animation began it: in the layer's time, and the media time the start
        /// is announced at. Nil until Core Animation resolved a `beginTime` of 0 at its commit.
        var begin: (layer: CFTimeInterval, media: CFTimeInterval)?
        var startAnnounced = false
        var reports = Reports()
        /// The main thread saw the animation gone before its end (removed by other code).
        var removalSeen = false
        /// A `CATransition` (stored under `"transition"`) plays the visual; the animation
        /// under `key` only times the operation.
        var hasTransition = false

        var isAdding: Bool { resolved == nil }

        /// The animation fills forwards and stays on the layer once it finishes (an opt-in:
        /// ``MediaTiming/fillsForwards``).
        var staysAttached: Bool { resolved?.animation?.isRemovedOnCompletion == false }

        /// When it ends in the layer's time; nil while unknown or if it will not end there.
        var plannedEnd: CFTimeInterval? {
            guard let begin, reports.stop != false, !removalSeen else { return nil }
            return begin.layer + activeDuration
        }
    }

    /// What the main thread knows when the operation begins: whether the layer is alive and,
    /// with an animation committed ahead, the layer's time now.
    struct BeginContext {
        var layerAlive: Bool
        var adoption: Adoption?

        struct Adoption {
            /// The layer's current time.
            var layerTime: CFTimeInterval
            /// The commit's begin time in media time, announced as the start.
            var beginMediaTime: CFTimeInterval
        }
    }

    /// What the main thread added for a fresh animation.
    struct Added {
        var resolved: ResolvedAnimation
        /// The added animation's active duration; nil when nothing was animated.
        var activeDuration: CFTimeInterval?
        /// When the step began, in the layer's time and in media time: the `beginTime` Core
        /// Animation resolved, read back after the commit, or, with nothing animated, when
        /// the values were committed. Nil while the commit is deferred (the transaction is
        /// nested in a pending one): Core Animation reports it later.
        var begin: (layer: CFTimeInterval, media: CFTimeInterval)?
        var hasTransition: Bool
    }

    // MARK: Events and actions

    enum Event: CustomStringConvertible {
        case start
        /// The hop reached the main thread; `gate` is whether the step's run holds its steps
        /// at a closed gate (it is paused).
        case arrived(gate: Bool, BeginContext)
        /// The gate let the parked operation through (or a cancel woke it).
        case gatePassed(BeginContext)
        case added(Added)
        /// Core Animation resolved the begin time (`animationDidStart(_:)`).
        case beginResolved(key: String, layerTime: CFTimeInterval, mediaTime: CFTimeInterval)
        case stopped(key: String, finished: Bool)
        case completed(key: String)
        case cancel
        /// The main thread is about to write the cancellation policy.
        case applyingCancellation(key: String)
        case layerGone
        /// The main thread saw the animation gone before its planned end.
        case removalSeen(key: String)
        case background
        /// The operation's queue started holding back unstarted operations (it was suspended).
        case heldBack
        case commitAhead(CommittedAhead)

        var description: String {
            switch self {
            case .start: "start"
            case .arrived(let gate, _): "arrived(gate: \(gate))"
            case .gatePassed: "gatePassed"
            case .added: "added"
            case .beginResolved(let key, _, _): "beginResolved(\(key))"
            case .stopped(let key, let finished): "stopped(\(key), finished: \(finished))"
            case .completed(let key): "completed(\(key))"
            case .cancel: "cancel"
            case .applyingCancellation(let key): "applyingCancellation(\(key))"
            case .layerGone: "layerGone"
            case .removalSeen(let key): "removalSeen(\(key))"
            case .background: "background"
            case .heldBack: "heldBack"
            case .commitAhead(let ahead): "commitAhead(\(ahead.key))"
            }
        }
    }

    enum Action {
        case hopToMain
        case passGate
        /// Wake the parked operation on the main thread (it then receives `gatePassed`).
        case resumeParked
        /// Remove an animation committed ahead; `applyPolicy`: if it has begun, leave the
        /// layer as the cancellation policy says.
        case discardAhead(CommittedAhead, applyPolicy: Bool)
        case commitAhead(CommittedAhead)
        /// Write the final values of an adopted commit to the model.
        case adopt(CommittedAhead)
        /// Resolve and add a fresh animation under `key`, then send `added`.
        case add(key: String)
        case announceStart(at: CFTimeInterval?, hooks: Hooks)
        case notifyCancelled(hooks: Hooks)
        /// On the main thread, send `applyingCancellation`.
        case applyCancellation(key: String)
        case writeCancellationPolicy(key: String, resolved: ResolvedAnimation, hasTransition: Bool)
        case removeForBackground(key: String, hasTransition: Bool)
        case finish(Finish)

        /// Whether the action must run on the main thread.
        var needsMainThread: Bool {
            switch self {
            case .notifyCancelled, .finish, .hopToMain: false
            default: true
            }
        }
    }

    /// How the operation finishes. A class, immutable: the largest payload of an ``Action``
    /// is then one reference, so every action, and every list of them, is small to copy.
    final class Finish {
        let outcome: AnimationOutcome
        let wasExecuting: Bool
        /// The animation to take off the layer, so nothing of the operation stays attached.
        let cleanup: (key: String, hasTransition: Bool)?
        let hooks: Hooks

        init(outcome: AnimationOutcome, wasExecuting: Bool, cleanup: (key: String, hasTransition: Bool)?, hooks: Hooks) {
            self.outcome = outcome
            self.wasExecuting = wasExecuting
            self.cleanup = cleanup
            self.hooks = hooks
        }
    }

    typealias StartHook = @Sendable (AnimationOperation, CFTimeInterval) -> Void
    typealias CancelHook = @Sendable (AnimationOperation) -> Void

    /// Callbacks for the queue and run that own the operation; run outside the lock.
    ///
    /// The queue and the run are told through ``queue`` and ``run`` rather than closures, so
    /// adding an operation to a queue or a run allocates no callbacks. A start reaches the run,
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
        /// The queue that runs the operation, held strongly until it finishes.
        var queue: (any OperationQueueHooks)?
        /// The run the operation is a step of, held weakly (a run nobody keeps still plays),
        /// through a reference object: a weak variable stored in the hooks themselves would
        /// make every value holding them one Swift keeps in memory and copies at each `switch`.
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

    mutating func addHooks(_ update: (inout Hooks) -> Void) { update(&hooks) }

    /// The `didFinish` closures added since the finish action took the hooks (it releases
    /// them): the operation runs them after those it took.
    mutating func takeLateFinishHooks() -> [@Sendable (AnimationOperation) -> Void] {
        defer { hooks.didFinish = [] }
        return hooks.didFinish
    }

    // MARK: Reading

    // A switch, not `if case`: swift-frontend 6.3.1 crashes optimising `if case` here (its
    // ownership verifier rejects the borrow), so a release build of the module fails.
    var outcome: AnimationOutcome? {
        switch state {
        case .finished(let outcome, _): outcome
        case .initialized, .waitingForMain, .parked, .animating: nil
        }
    }

    /// Whether `start` has not been received yet.
    var isUnstarted: Bool {
        if case .initialized = state { true } else { false }
    }

    var isExecuting: Bool {
        switch state {
        case .waitingForMain, .parked, .animating: true
        case .initialized, .finished: false
        }
    }

    var attachment: Attachment? {
        if case .animating(let attachment) = state { return attachment }
        return nil
    }

    /// The key of the added animation whose begin time Core Animation has not reported yet,
    /// if someone hears the start (``Hooks/hearStart``). The begin time of an operation no
    /// one hears is not read back: its start is announced (to no one) as it finishes, and it
    /// has no ``plannedEnd`` while it runs.
    var keyAwaitingBegin: String? {
        // The hooks first: reading the attachment out of the state copies it.
        guard hooks.hearStart, case .animating(let attachment) = state, !attachment.isAdding,
              attachment.begin == nil else { return nil }
        return attachment.key
    }

    /// When the started operation's animation ends, in its layer's time: nil before Core
    /// Animation fixed its begin time, once it stopped unfinished or was seen removed, and
    /// for an operation that ended other than `.finished`. A commit ahead does not count.
    var plannedEnd: CFTimeInterval? {
        switch state {
        case .animating(let attachment): attachment.plannedEnd
        case .finished(_, let end): end
        default: nil
        }
    }
}
