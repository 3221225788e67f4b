@testable import AnimationQueue
import Foundation
import Testing

/// The operation lifecycle as a pure value, without Core Animation: every order of
/// `animationDidStop` and the transaction completion, cancel and a deallocated layer at each
/// phase, and committing ahead.
@Suite struct OperationLifecycleTests {
    static let key = "op"
    static let aheadKey = "op.ahead"

    /// The events, as values: each is sent by calling the lifecycle's method of that name.
    enum Event {
        case start
        /// Arrival on the main thread; nil: the run's gate is closed.
        case arrived(OperationLifecycle.Beginning?)
        case gatePassed(OperationLifecycle.Beginning)
        case beginResolved(key: String, layerTime: CFTimeInterval, mediaTime: CFTimeInterval)
        case stopped(key: String, finished: Bool)
        case completed(key: String)
        case cancel
        case layerGone
        case removalSeen(key: String)
        case background
        case heldBack
        case commitAhead(OperationLifecycle.CommittedAhead)
    }

    /// A lifecycle driven by events, recording what each answer asks the operation to do,
    /// in the order the operation performs it.
    struct Driver {
        var lifecycle = OperationLifecycle(key: OperationLifecycleTests.key)
        /// Whether the animation is gone from the layer when a cancel is sent.
        var animationGone = false

        @discardableResult
        mutating func send(_ event: Event) -> [String] {
            switch event {
            case .start:
                switch lifecycle.started() {
                case nil: return ["startedTwice"]
                case .hopToMain: return ["hop"]
                case .finish(let ahead, let finish): return Self.discard(ahead, policy: true) + Self.summary(finish)
                }
            case .arrived(let beginning):
                return Self.summary(lifecycle.arrived(batch: 1, beginning: beginning))
            case .gatePassed(let beginning):
                return lifecycle.gatePassed(beginning).map(Self.summary) ?? []
            case .beginResolved(let key, let layerTime, let mediaTime):
                return Self.summary(lifecycle.beginResolved(key: key, layerTime: layerTime, mediaTime: mediaTime))
            case .stopped(let key, let finished):
                return Self.summary(lifecycle.stopped(key: key, finished: finished))
            case .completed(let key):
                return Self.summary(lifecycle.completed(key: key))
            case .cancel:
                guard let action = lifecycle.cancelled(animationGone: animationGone) else { return [] }
                switch action.effect {
                case .none: return ["notifyCancelled"]
                case .discardAhead(let ahead): return ["notifyCancelled"] + Self.discard(ahead, policy: true)
                case .finishParked(let ahead, let finish):
                    return ["notifyCancelled"] + Self.discard(ahead, policy: true) + Self.summary(finish)
                case .finishRunning(let removal, let progress):
                    return ["notifyCancelled"] + Self.summary(removal, progress)
                }
            case .layerGone:
                return Self.summary(lifecycle.layerGone())
            case .removalSeen(let key):
                lifecycle.removalSeen(key: key)
                return []
            case .background:
                // The interrupting policy; the others are checked on the scheduler (BackgroundPolicyTests).
                switch lifecycle.enteredBackground(.init(policy: .interrupt, leftAt: 0, elapsed: 0, animationElapsed: 0, animation: nil)) {
                case nil: return []
                case .discardAhead(let ahead): return Self.discard(ahead, policy: false)
                case .finishRunning(let removal, let progress): return Self.summary(removal, progress)
                case .suspend(let removing): return ["suspend(\(removing.key))"]
                }
            case .heldBack:
                return Self.discard(lifecycle.heldBack(), policy: true)
            case .commitAhead(let ahead):
                return lifecycle.committedAhead(ahead) ? ["commitAhead(\(ahead.key))"] : []
            }
        }

        static func summary(_ action: OperationLifecycle.BeginAction) -> [String] {
            switch action {
            case .park: ["park"]
            case .finish(let ahead, let applyPolicy, let finish): discard(ahead, policy: applyPolicy) + summary(finish)
            case .adopt(let ahead, let progress): ["adopt(\(ahead.key))"] + summary(progress)
            case .attach(let ahead, let progress, let cancelling):
                discard(ahead, policy: false) + ["attach"] + (cancelling.map { summary($0, progress) } ?? summary(progress))
            }
        }

        static func summary(_ progress: OperationLifecycle.Progress) -> [String] {
            summary(start: progress.start) + (progress.finish.map(summary) ?? [])
        }

        static func summary(start: OperationLifecycle.StartAnnouncement?) -> [String] {
            start.map { ["start(\($0.time.map { "\($0)" } ?? "now"))"] } ?? []
        }

        static func summary(_ finish: OperationLifecycle.Finish) -> [String] {
            ["finish(\(finish.outcome))"]
        }

        static func summary(_ removal: OperationLifecycle.Removal, _ progress: OperationLifecycle.Progress) -> [String] {
            summary(start: progress.start)
                + [removal.appliesPolicy ? "writePolicy(\(removal.key))" : "removeForBackground(\(removal.key))"]
                + (progress.finish.map(summary) ?? [])
        }

        static func discard(_ ahead: OperationLifecycle.CommittedAhead?, policy: Bool) -> [String] {
            ahead.map { ["discard(\($0.key)\(policy ? ", policy" : ""))"] } ?? []
        }
    }

    static func resolved() -> ResolvedAnimation {
        ResolvedAnimation(animation: CABasicAnimation(keyPath: "opacity"), finalValues: [("opacity", Float(1))],
                          initialValues: [("opacity", Float(0))])
    }

    /// A fresh animation of 2 s, begun at layer time `begin` (media time 100), or whose begin
    /// time Core Animation fixes at the commit (nil).
    static func fresh(begin: CFTimeInterval? = 10) -> OperationLifecycle.Beginning {
        .fresh(.init(resolved: resolved(), activeDuration: 2, begin: begin.map { ($0, 100) }, hasTransition: false))
    }

    /// A lifecycle animating its fresh animation, begun at layer time 10 (media 100), ending at 12.
    static func animating() -> Driver {
        var driver = Driver()
        #expect(driver.send(.start) == ["hop"])
        #expect(driver.send(.arrived(fresh())) == ["attach", "start(100.0)"])
        return driver
    }

    enum Callback: CaseIterable { case stop, completion }

    static func callback(_ callback: Callback, finished: Bool, key: String = key) -> Event {
        switch callback {
        case .stop: .stopped(key: key, finished: finished)
        case .completion: .completed(key: key)
        }
    }

    // MARK: Callback order

    @Test(arguments: [[Callback.stop, .completion], [.completion, .stop]], [true, false])
    func theOutcomeWaitsForBothCallbacksInEitherOrder(order: [Callback], finished: Bool) {
        var driver = Self.animating()
        #expect(driver.send(Self.callback(order[0], finished: finished)) == [])
        #expect(driver.lifecycle.outcome == nil)
        let expected: AnimationOutcome = finished ? .finished : .interrupted
        #expect(driver.send(Self.callback(order[1], finished: finished)) == ["finish(\(expected))"])
        #expect(driver.lifecycle.outcome == expected)
        #expect(driver.lifecycle.plannedEnd == (finished ? 12 : nil))
        // Late or repeated callbacks change nothing.
        #expect(driver.send(.stopped(key: Self.key, finished: true)) == [])
        #expect(driver.send(.completed(key: Self.key)) == [])
    }

    /// The operation removes its own animation with the policy, and finishes then: Core
    /// Animation's reports of the removal, whenever they come, change nothing.
    @Test(arguments: [[Callback.stop, .completion], [.completion, .stop]])
    func aCancelledAnimationEndsCancelledWithoutWaitingForCoreAnimation(order: [Callback]) {
        var driver = Self.animating()
        #expect(driver.send(.cancel) == ["notifyCancelled", "writePolicy(op)", "finish(cancelled)"])
        #expect(driver.lifecycle.plannedEnd == nil)
        #expect(driver.send(Self.callback(order[0], finished: false)) == [])
        #expect(driver.send(Self.callback(order[1], finished: false)) == [])
    }

    /// The animation had reached its end on the render server before the removal took
    /// effect, and Core Animation says so: the operation has already finished cancelled, with
    /// its policy written, and stays so.
    @Test(arguments: [[Callback.stop, .completion], [.completion, .stop]])
    func aCancelRacingTheNaturalEndStaysCancelled(order: [Callback]) {
        var driver = Self.animating()
        #expect(driver.send(.cancel) == ["notifyCancelled", "writePolicy(op)", "finish(cancelled)"])
        #expect(driver.send(Self.callback(order[0], finished: true)) == [])
        #expect(driver.send(Self.callback(order[1], finished: true)) == [])
    }

    /// Begun, but Core Animation has not reported the begin time yet: the start is announced
    /// before the finish, so every finish follows a start.
    @Test func aCancelBeforeTheBeginTimeIsKnownAnnouncesTheStartFirst() {
        var driver = Driver()
        _ = driver.send(.start)
        #expect(driver.send(.arrived(Self.fresh(begin: nil))) == ["attach"])
        #expect(driver.send(.cancel) == ["notifyCancelled", "start(now)", "writePolicy(op)", "finish(cancelled)"])
    }

    @Test func aCancelAfterTheAnimationStoppedWritesNoPolicy() {
        var driver = Self.animating()
        _ = driver.send(.stopped(key: Self.key, finished: true))
        #expect(driver.send(.cancel) == ["notifyCancelled"])
        #expect(driver.send(.completed(key: Self.key)) == ["finish(finished)"])
    }

    /// Core Animation has taken the animation off the layer (it ended) but has yet to say
    /// so: a cancel leaves the outcome to its reports, on their way.
    @Test func aCancelOfAnAnimationGoneFromTheLayerLeavesTheOutcomeToTheReports() {
        var driver = Self.animating()
        driver.animationGone = true
        #expect(driver.send(.cancel) == ["notifyCancelled"])
        #expect(driver.lifecycle.outcome == nil)
        _ = driver.send(.stopped(key: Self.key, finished: true))
        #expect(driver.send(.completed(key: Self.key)) == ["finish(finished)"])
    }

    @Test func aCancelOfAnAnimationRemovedByOtherCodeEndsCancelledWhenReported() {
        var driver = Self.animating()
        driver.animationGone = true
        _ = driver.send(.cancel)
        _ = driver.send(.stopped(key: Self.key, finished: false))
        #expect(driver.send(.completed(key: Self.key)) == ["finish(cancelled)"])
    }

    @Test func callbacksOfAnotherKeyAreIgnored() {
        var driver = Self.animating()
        #expect(driver.send(.stopped(key: "other", finished: true)) == [])
        #expect(driver.send(.completed(key: "other")) == [])
        #expect(driver.lifecycle.outcome == nil)
    }

    // MARK: Begin time

    @Test func theStartWaitsForTheBeginTimeCoreAnimationResolves() {
        var driver = Driver()
        _ = driver.send(.start)
        #expect(driver.send(.arrived(Self.fresh(begin: nil))) == ["attach"])
        #expect(driver.lifecycle.plannedEnd == nil)
        #expect(driver.send(.beginResolved(key: Self.key, layerTime: 20, mediaTime: 200)) == ["start(200.0)"])
        #expect(driver.lifecycle.plannedEnd == 22)
        #expect(driver.send(.beginResolved(key: Self.key, layerTime: 30, mediaTime: 300)) == [])
        #expect(driver.lifecycle.plannedEnd == 22)
    }

    @Test func theBeginTimeIsAwaitedOnlyWhenSomeoneHearsTheStart() {
        var driver = Driver()
        _ = driver.send(.start)
        _ = driver.send(.arrived(Self.fresh(begin: nil)))
        #expect(driver.lifecycle.keyAwaitingBegin == nil)
        driver.lifecycle.addHooks { $0.didStart.append { _, _ in } }
        #expect(driver.lifecycle.keyAwaitingBegin == Self.key)
        _ = driver.send(.beginResolved(key: Self.key, layerTime: 20, mediaTime: 200))
        #expect(driver.lifecycle.keyAwaitingBegin == nil)
    }

    @Test func anAnimationThatEndsBeforeItsBeginTimeIsKnownStillAnnouncesItsStartFirst() {
        var driver = Driver()
        _ = driver.send(.start)
        _ = driver.send(.arrived(Self.fresh(begin: nil)))
        _ = driver.send(.stopped(key: Self.key, finished: false))
        #expect(driver.send(.completed(key: Self.key)) == ["start(now)", "finish(interrupted)"])
    }

    @Test func nothingToAnimateFinishesAtOnce() {
        var driver = Driver()
        _ = driver.send(.start)
        let nothing = OperationLifecycle.Fresh(resolved: Self.resolved(), activeDuration: nil, begin: (0, 5),
                                               hasTransition: false)
        #expect(driver.send(.arrived(.fresh(nothing))) == ["attach", "start(5.0)", "finish(finished)"])
        #expect(driver.lifecycle.outcome == .finished)
    }

    // MARK: Cancel at each phase

    @Test func cancelBeforeTheStartFinishesCancelledWithoutTouchingTheLayer() {
        var driver = Driver()
        #expect(driver.send(.cancel) == ["notifyCancelled"])
        #expect(driver.send(.cancel) == [])
        #expect(driver.send(.start) == ["finish(cancelled)"])
        #expect(driver.lifecycle.outcome == .cancelled)
    }

    @Test func cancelWhileHoppingFinishesCancelledOnArrival() {
        var driver = Driver()
        _ = driver.send(.start)
        #expect(driver.send(.cancel) == ["notifyCancelled"])
        #expect(driver.lifecycle.isExecuting)
        #expect(driver.send(.arrived(nil)) == ["finish(cancelled)"])
    }

    /// A cancel the main thread did not see before it prepared the fresh animation: the
    /// animation is attached and taken off again with the policy, so every prepared
    /// animation is played, and every finish follows a start.
    @Test func aCancelRacingThePreparationIsAppliedToTheAttachedAnimation() {
        var driver = Driver()
        _ = driver.send(.start)
        _ = driver.send(.cancel)
        #expect(driver.send(.arrived(Self.fresh())) == ["attach", "start(100.0)", "writePolicy(op)", "finish(cancelled)"])
        #expect(driver.lifecycle.outcome == .cancelled)
    }

    @Test func aCancelSeenBeforeThePreparationFinishesWithoutAttaching() {
        var driver = Driver()
        _ = driver.send(.start)
        _ = driver.send(.cancel)
        #expect(driver.lifecycle.isCancelRequested)
        #expect(driver.send(.arrived(.cancelled)) == ["finish(cancelled)"])
    }

    @Test func cancelWhileParkedFinishesAtOnce() {
        var driver = Driver()
        _ = driver.send(.start)
        #expect(driver.send(.arrived(nil)) == ["park"])
        #expect(driver.send(.cancel) == ["notifyCancelled", "finish(cancelled)"])
        // The gate's own wake-up, later, finds it finished.
        #expect(driver.send(.gatePassed(Self.fresh())) == [])
        #expect(driver.lifecycle.outcome == .cancelled)
    }

    @Test func aParkedOperationBeginsWhenTheGatePasses() {
        var driver = Driver()
        _ = driver.send(.start)
        #expect(driver.send(.arrived(nil)) == ["park"])
        #expect(driver.lifecycle.batch == 1)
        #expect(driver.send(.gatePassed(Self.fresh())) == ["attach", "start(100.0)"])
        #expect(driver.lifecycle.batch == 1, "the batch it arrived in")
    }

    @Test func cancelAfterTheFinishChangesNothing() {
        var driver = Self.animating()
        _ = driver.send(.stopped(key: Self.key, finished: true))
        _ = driver.send(.completed(key: Self.key))
        #expect(driver.send(.cancel) == [])
        #expect(driver.lifecycle.outcome == .finished)
    }

    // MARK: Layer gone at each phase

    @Test func aLayerGoneBeforeTheBeginningInterruptsOnArrival() {
        var driver = Driver()
        #expect(driver.send(.layerGone) == [])
        _ = driver.send(.start)
        #expect(driver.send(.layerGone) == [])
        #expect(driver.send(.arrived(.layerGone)) == ["finish(interrupted)"])
    }

    @Test func aLayerGoneWhileParkedInterruptsAtOnceAndTheGateLaterChangesNothing() {
        var driver = Driver()
        _ = driver.send(.start)
        _ = driver.send(.arrived(nil))
        #expect(driver.send(.layerGone) == ["finish(interrupted)"])
        #expect(driver.send(.gatePassed(.layerGone)) == [])
        #expect(driver.lifecycle.outcome == .interrupted)
    }

    @Test func aLayerGoneAfterAParkedOperationWasCancelledChangesNothing() {
        var driver = Driver()
        _ = driver.send(.start)
        _ = driver.send(.arrived(nil))
        #expect(driver.send(.cancel) == ["notifyCancelled", "finish(cancelled)"])
        #expect(driver.send(.layerGone) == [])
        #expect(driver.send(.gatePassed(Self.fresh())) == [])
        #expect(driver.lifecycle.outcome == .cancelled)
    }

    @Test func aLayerGoneWhileAnimatingFinishesWithoutWaitingForCoreAnimation() {
        var driver = Self.animating()
        #expect(driver.send(.layerGone) == ["finish(interrupted)"])
        #expect(driver.send(.stopped(key: Self.key, finished: false)) == [])
        #expect(driver.send(.completed(key: Self.key)) == [])
    }

    @Test func aLayerGoneAfterTheAnimationReachedItsEndFinishes() {
        var driver = Self.animating()
        _ = driver.send(.stopped(key: Self.key, finished: true))
        #expect(driver.send(.layerGone) == ["finish(finished)"])
    }

    @Test func aLayerGoneAfterACancelOfAStoppedAnimationFinishesByTheStop() {
        var driver = Self.animating()
        _ = driver.send(.stopped(key: Self.key, finished: false))
        #expect(driver.send(.cancel) == ["notifyCancelled"])
        #expect(driver.send(.layerGone) == ["finish(cancelled)"])
        #expect(driver.send(.layerGone) == [])
    }

    // MARK: Removal, background

    @Test func aRemovalSeenOnTheMainThreadDropsThePlannedEnd() {
        var driver = Self.animating()
        #expect(driver.lifecycle.plannedEnd == 12)
        _ = driver.send(.removalSeen(key: Self.key))
        #expect(driver.lifecycle.plannedEnd == nil)
    }

    @Test func backgroundRemovesTheRunningAnimationAndEndsInterruptedAtOnce() {
        var driver = Self.animating()
        #expect(driver.send(.background) == ["removeForBackground(op)", "finish(interrupted)"])
        #expect(driver.send(.completed(key: Self.key)) == [])
        #expect(driver.send(.stopped(key: Self.key, finished: false)) == [])
    }

    @Test func backgroundAfterACancelChangesNothing() {
        var driver = Self.animating()
        _ = driver.send(.cancel)
        #expect(driver.send(.background) == [])
        #expect(driver.lifecycle.outcome == .cancelled)
    }

    // MARK: Committing ahead

    static func ahead(begin: CFTimeInterval = 12) -> OperationLifecycle.CommittedAhead {
        .init(key: aheadKey, resolved: resolved(), animation: CAAnimationGroup(), begin: begin, end: begin + 2,
              isMotionReduced: false)
    }

    static func adoption(at time: CFTimeInterval) -> OperationLifecycle.Beginning {
        .adoption(layerTime: time, beginMediaTime: 120)
    }

    @Test func aCommitAheadIsAdoptedOnceItsBeginTimeHasCome() {
        var driver = Driver()
        #expect(driver.send(.commitAhead(Self.ahead())) == ["commitAhead(op.ahead)"])
        #expect(driver.send(.commitAhead(Self.ahead())) == [])
        _ = driver.send(.start)
        #expect(driver.send(.arrived(Self.adoption(at: 12))) == ["adopt(op.ahead)", "start(120.0)"])
        #expect(driver.lifecycle.plannedEnd == 14)
        #expect(driver.lifecycle.attachment?.resolved.initialValues.first?.value as? Float == 0, "the committed from-value")
        _ = driver.send(.stopped(key: Self.aheadKey, finished: true))
        #expect(driver.send(.completed(key: Self.aheadKey)) == ["finish(finished)"])
    }

    @Test(arguments: [[Callback.stop, .completion], [.completion, .stop]])
    func aCommitAheadThatEndedBeforeTheStartFinishesOnAdoption(order: [Callback]) {
        var driver = Driver()
        _ = driver.send(.commitAhead(Self.ahead()))
        for callback in order { #expect(driver.send(Self.callback(callback, finished: true, key: Self.aheadKey)) == []) }
        _ = driver.send(.start)
        #expect(driver.send(.arrived(Self.adoption(at: 15))) == ["adopt(op.ahead)", "start(120.0)", "finish(finished)"])
    }

    @Test func anEarlyStartDiscardsTheCommitAheadAndIgnoresItsLateCallbacks() {
        var driver = Driver()
        _ = driver.send(.commitAhead(Self.ahead()))
        _ = driver.send(.start)
        #expect(!OperationLifecycle.adopts(Self.ahead(), at: 11), "a dependency ended early")
        #expect(driver.send(.arrived(Self.fresh())) == ["discard(op.ahead)", "attach", "start(100.0)"])
        #expect(driver.send(.stopped(key: Self.aheadKey, finished: false)) == [])
        #expect(driver.send(.completed(key: Self.aheadKey)) == [])
        #expect(driver.lifecycle.outcome == nil)
    }

    @Test func cancelBeforeTheStartDiscardsTheCommitAheadAtOnce() {
        var driver = Driver()
        _ = driver.send(.commitAhead(Self.ahead()))
        #expect(driver.send(.cancel) == ["notifyCancelled", "discard(op.ahead, policy)"])
        #expect(driver.send(.commitAhead(Self.ahead())) == [])
        #expect(driver.send(.start) == ["finish(cancelled)"])
    }

    @Test func backgroundDiscardsACommitAheadAndTheOperationStartsAfresh() {
        var driver = Driver()
        _ = driver.send(.commitAhead(Self.ahead()))
        #expect(driver.send(.background) == ["discard(op.ahead)"])
        _ = driver.send(.start)
        #expect(driver.send(.arrived(Self.fresh())) == ["attach", "start(100.0)"])
    }

    @Test func aCommitAheadIsRefusedOnceStarted() {
        var driver = Driver()
        _ = driver.send(.start)
        #expect(driver.send(.commitAhead(Self.ahead())) == [])
    }

    @Test func aSuspendedQueueDiscardsTheCommitAheadWithThePolicy() {
        var driver = Driver()
        _ = driver.send(.commitAhead(Self.ahead()))
        #expect(driver.send(.heldBack) == ["discard(op.ahead, policy)"])
        #expect(driver.send(.heldBack) == [])
        #expect(driver.lifecycle.ahead == nil)
    }

    // MARK: Misuse

    @Test func aSecondStartIsRefused() {
        var driver = Driver()
        _ = driver.send(.start)
        #expect(driver.send(.start) == ["startedTwice"])
    }

    // MARK: Work in flight, read from the state

    /// What a test clock waits for, read from the state at each step of a queue's operation:
    /// the queue's start, the hop, and the finish until every hook has heard it. Waiting for
    /// Core Animation, or parked at a paused run's gate, is not work without time.
    @Test func theWorkWithoutTimeFollowsTheState() {
        var driver = Driver()
        #expect(driver.lifecycle.workWithoutTime == nil)
        driver.lifecycle.startingForQueue()
        #expect(driver.lifecycle.workWithoutTime == "is being started by its queue")
        _ = driver.send(.start)
        #expect(driver.lifecycle.workWithoutTime == "is hopping to the main thread to begin")
        _ = driver.send(.arrived(Self.fresh()))
        #expect(driver.lifecycle.workWithoutTime == nil)
        _ = driver.send(.stopped(key: Self.key, finished: true))
        _ = driver.send(.completed(key: Self.key))
        #expect(driver.lifecycle.workWithoutTime == "is finishing and handing its dependents over")
        _ = driver.lifecycle.reportFinished()
        #expect(driver.lifecycle.workWithoutTime == "is finishing and handing its dependents over")
        #expect(!driver.lifecycle.isDone)
        driver.lifecycle.finishAnnounced()
        #expect(driver.lifecycle.workWithoutTime == nil)
        #expect(driver.lifecycle.isDone)
    }

    @Test func aParkedOperationHasNoWorkWithoutTimeAndACancelledUnstartedOneHas() {
        var parked = Driver()
        _ = parked.send(.start)
        #expect(parked.send(.arrived(nil)) == ["park"])
        #expect(parked.lifecycle.workWithoutTime == nil)
        var cancelled = Driver()
        _ = cancelled.send(.cancel)
        #expect(cancelled.lifecycle.workWithoutTime == "is cancelled and about to finish")
    }
}
