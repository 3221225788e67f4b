@testable import AnimationQueue
import Foundation
import Testing

/// The operation lifecycle as a pure value, without Core Animation: every order of
/// `animationDidStop` and the transaction completion, cancel and a deallocated layer at each
/// phase, and committing ahead.
@Suite struct OperationLifecycleTests {
    static let key = "op"
    static let aheadKey = "op.ahead"

    /// A projection of an action that tests can compare.
    static func summary(_ action: OperationLifecycle.Action) -> String {
        switch action {
        case .hopToMain: "hop"
        case .passGate: "passGate"
        case .resumeParked: "resumeParked"
        case .discardAhead(let ahead, let applyPolicy): "discard(\(ahead.key)\(applyPolicy ? ", policy" : ""))"
        case .commitAhead(let ahead): "commitAhead(\(ahead.key))"
        case .adopt(let ahead): "adopt(\(ahead.key))"
        case .add(let key): "add(\(key))"
        case .announceStart(let time, _): "start(\(time.map { "\($0)" } ?? "now"))"
        case .notifyCancelled: "notifyCancelled"
        case .applyCancellation(let key): "applyCancellation(\(key))"
        case .writeCancellationPolicy(let key, _, _): "writePolicy(\(key))"
        case .removeForBackground(let key, _): "removeForBackground(\(key))"
        case .finish(let finish):
            "finish(\(finish.outcome))"
        }
    }

    /// A lifecycle driven by events, recording the actions' summaries.
    struct Driver {
        var lifecycle = OperationLifecycle(key: OperationLifecycleTests.key)
        @discardableResult
        mutating func send(_ event: OperationLifecycle.Event) -> [String] {
            lifecycle.receive(event).map(OperationLifecycleTests.summary)
        }
    }

    static func resolved() -> ResolvedAnimation {
        ResolvedAnimation(animation: CABasicAnimation(keyPath: "opacity"), finalValues: [("opacity", Float(1))],
                          initialValues: [("opacity", Float(0))])
    }

    static var alive: OperationLifecycle.BeginContext { .init(layerAlive: true) }

    static func added(begin: CFTimeInterval? = 10) -> OperationLifecycle.Added {
        .init(resolved: resolved(), activeDuration: 2, begin: begin.map { ($0, 100) }, hasTransition: false)
    }

    /// A lifecycle animating its fresh animation, begun at layer time 10 (media 100), ending at 12.
    static func animating() -> Driver {
        var driver = Driver()
        #expect(driver.send(.start) == ["hop"])
        #expect(driver.send(.arrived(gate: false, alive)) == ["add(op)"])
        #expect(driver.send(.added(added())) == ["start(100.0)"])
        return driver
    }

    enum Callback: CaseIterable { case stop, completion }

    static func callback(_ callback: Callback, finished: Bool, key: String = key) -> OperationLifecycle.Event {
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
        #expect(driver.send(.cancel) == ["notifyCancelled", "applyCancellation(op)"])
        #expect(driver.send(.applyingCancellation(key: Self.key)) == ["writePolicy(op)", "finish(cancelled)"])
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
        _ = driver.send(.cancel)
        #expect(driver.send(.applyingCancellation(key: Self.key)) == ["writePolicy(op)", "finish(cancelled)"])
        #expect(driver.send(Self.callback(order[0], finished: true)) == [])
        #expect(driver.send(Self.callback(order[1], finished: true)) == [])
    }

    /// Begun, but Core Animation has not reported the begin time yet: the start is announced
    /// before the finish, so every finish follows a start.
    @Test func aCancelBeforeTheBeginTimeIsKnownAnnouncesTheStartFirst() {
        var driver = Driver()
        _ = driver.send(.start)
        _ = driver.send(.arrived(gate: false, Self.alive))
        #expect(driver.send(.added(Self.added(begin: nil))) == [])
        _ = driver.send(.cancel)
        #expect(driver.send(.applyingCancellation(key: Self.key)) == ["start(now)", "writePolicy(op)", "finish(cancelled)"])
    }

    @Test func aCancelAfterTheAnimationStoppedWritesNoPolicy() {
        var driver = Self.animating()
        _ = driver.send(.stopped(key: Self.key, finished: true))
        #expect(driver.send(.cancel) == ["notifyCancelled"])
        #expect(driver.send(.applyingCancellation(key: Self.key)) == [])
        #expect(driver.send(.completed(key: Self.key)) == ["finish(finished)"])
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
        _ = driver.send(.arrived(gate: false, Self.alive))
        #expect(driver.send(.added(Self.added(begin: nil))) == [])
        #expect(driver.lifecycle.plannedEnd == nil)
        #expect(driver.send(.beginResolved(key: Self.key, layerTime: 20, mediaTime: 200)) == ["start(200.0)"])
        #expect(driver.lifecycle.plannedEnd == 22)
        #expect(driver.send(.beginResolved(key: Self.key, layerTime: 30, mediaTime: 300)) == [])
        #expect(driver.lifecycle.plannedEnd == 22)
    }

    @Test func theBeginTimeIsAwaitedOnlyWhenSomeoneHearsTheStart() {
        var driver = Driver()
        _ = driver.send(.start)
        _ = driver.send(.arrived(gate: false, Self.alive))
        _ = driver.send(.added(Self.added(begin: nil)))
        #expect(driver.lifecycle.keyAwaitingBegin == nil)
        driver.lifecycle.addHooks { $0.didStart.append { _, _ in } }
        #expect(driver.lifecycle.keyAwaitingBegin == Self.key)
        _ = driver.send(.beginResolved(key: Self.key, layerTime: 20, mediaTime: 200))
        #expect(driver.lifecycle.keyAwaitingBegin == nil)
    }

    @Test func anAnimationThatEndsBeforeItsBeginTimeIsKnownStillAnnouncesItsStartFirst() {
        var driver = Driver()
        _ = driver.send(.start)
        _ = driver.send(.arrived(gate: false, Self.alive))
        _ = driver.send(.added(Self.added(begin: nil)))
        _ = driver.send(.stopped(key: Self.key, finished: false))
        #expect(driver.send(.completed(key: Self.key)) == ["start(now)", "finish(interrupted)"])
    }

    @Test func callbacksBeforeTheAddReportedAreKeptUntilThen() {
        var driver = Driver()
        _ = driver.send(.start)
        _ = driver.send(.arrived(gate: false, Self.alive))
        #expect(driver.send(.completed(key: Self.key)) == [])
        #expect(driver.send(.stopped(key: Self.key, finished: false)) == [])
        #expect(driver.send(.added(Self.added())) == ["start(100.0)", "finish(interrupted)"])
    }

    @Test func nothingToAnimateFinishesAtOnce() {
        var driver = Driver()
        _ = driver.send(.start)
        _ = driver.send(.arrived(gate: false, Self.alive))
        let nothing = OperationLifecycle.Added(resolved: Self.resolved(), activeDuration: nil, begin: (0, 5),
                                               hasTransition: false)
        #expect(driver.send(.added(nothing)) == ["start(5.0)", "finish(finished)"])
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
        #expect(driver.send(.arrived(gate: true, Self.alive)) == ["finish(cancelled)"])
    }

    @Test func cancelWhileParkedWakesTheOperation() {
        var driver = Driver()
        _ = driver.send(.start)
        #expect(driver.send(.arrived(gate: true, Self.alive)) == ["passGate"])
        #expect(driver.send(.cancel) == ["notifyCancelled", "resumeParked"])
        #expect(driver.send(.gatePassed(Self.alive)) == ["finish(cancelled)"])
        // The gate's own wake-up, later, finds it finished.
        #expect(driver.send(.gatePassed(Self.alive)) == [])
    }

    @Test func cancelWhileTheAnimationIsAddedIsAppliedOnceAdded() {
        var driver = Driver()
        _ = driver.send(.start)
        _ = driver.send(.arrived(gate: false, Self.alive))
        #expect(driver.send(.cancel) == ["notifyCancelled"])
        #expect(driver.send(.added(Self.added())) == ["start(100.0)", "applyCancellation(op)"])
    }

    @Test func cancelAfterTheFinishChangesNothing() {
        var driver = Self.animating()
        _ = driver.send(.stopped(key: Self.key, finished: true))
        _ = driver.send(.completed(key: Self.key))
        #expect(driver.send(.cancel) == [])
        #expect(driver.lifecycle.outcome == .finished)
        #expect(!driver.lifecycle.isCancelRequested)
    }

    // MARK: Layer gone at each phase

    @Test func aLayerGoneBeforeTheBeginningInterruptsOnArrival() {
        var driver = Driver()
        #expect(driver.send(.layerGone) == [])
        _ = driver.send(.start)
        #expect(driver.send(.layerGone) == [])
        #expect(driver.send(.arrived(gate: false, .init(layerAlive: false))) == ["finish(interrupted)"])
    }

    @Test func aLayerGoneWhileParkedInterruptsAtOnceAndTheGateLaterChangesNothing() {
        var driver = Driver()
        _ = driver.send(.start)
        _ = driver.send(.arrived(gate: true, Self.alive))
        #expect(driver.send(.layerGone) == ["finish(interrupted)"])
        #expect(driver.send(.gatePassed(.init(layerAlive: false))) == [])
        #expect(driver.lifecycle.outcome == .interrupted)
    }

    @Test func aLayerGoneWhileParkedAfterACancelFinishesCancelled() {
        var driver = Driver()
        _ = driver.send(.start)
        _ = driver.send(.arrived(gate: true, Self.alive))
        #expect(driver.send(.cancel) == ["notifyCancelled", "resumeParked"])
        #expect(driver.send(.layerGone) == ["finish(cancelled)"])
        #expect(driver.send(.gatePassed(Self.alive)) == [])
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

    @Test func aLayerGoneAfterACancelFinishesCancelled() {
        var driver = Self.animating()
        _ = driver.send(.cancel)
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

    @Test func backgroundAfterACancelEndsCancelled() {
        var driver = Self.animating()
        _ = driver.send(.cancel)
        #expect(driver.send(.background) == ["removeForBackground(op)", "finish(cancelled)"])
        #expect(driver.send(.applyingCancellation(key: Self.key)) == [])
    }

    // MARK: Committing ahead

    static func ahead(begin: CFTimeInterval = 12) -> OperationLifecycle.CommittedAhead {
        .init(key: aheadKey, resolved: resolved(), animation: CAAnimationGroup(), begin: begin, end: begin + 2,
              isMotionReduced: false)
    }

    static func adoptionContext(at time: CFTimeInterval) -> OperationLifecycle.BeginContext {
        .init(layerAlive: true, adoption: .init(layerTime: time, beginMediaTime: 120))
    }

    @Test func aCommitAheadIsAdoptedOnceItsBeginTimeHasCome() {
        var driver = Driver()
        #expect(driver.send(.commitAhead(Self.ahead())) == ["commitAhead(op.ahead)"])
        #expect(driver.send(.commitAhead(Self.ahead())) == [])
        _ = driver.send(.start)
        #expect(driver.send(.arrived(gate: false, Self.adoptionContext(at: 12))) == ["adopt(op.ahead)", "start(120.0)"])
        #expect(driver.lifecycle.plannedEnd == 14)
        #expect(driver.lifecycle.attachment?.resolved?.initialValues.first?.value as? Float == 0, "the committed from-value")
        _ = driver.send(.stopped(key: Self.aheadKey, finished: true))
        #expect(driver.send(.completed(key: Self.aheadKey)) == ["finish(finished)"])
    }

    @Test(arguments: [[Callback.stop, .completion], [.completion, .stop]])
    func aCommitAheadThatEndedBeforeTheStartFinishesOnAdoption(order: [Callback]) {
        var driver = Driver()
        _ = driver.send(.commitAhead(Self.ahead()))
        for callback in order { #expect(driver.send(Self.callback(callback, finished: true, key: Self.aheadKey)) == []) }
        _ = driver.send(.start)
        #expect(driver.send(.arrived(gate: false, Self.adoptionContext(at: 15))) == ["adopt(op.ahead)", "start(120.0)", "finish(finished)"])
    }

    @Test func anEarlyStartDiscardsTheCommitAheadAndIgnoresItsLateCallbacks() {
        var driver = Driver()
        _ = driver.send(.commitAhead(Self.ahead()))
        _ = driver.send(.start)
        #expect(driver.send(.arrived(gate: false, Self.adoptionContext(at: 11))) == ["discard(op.ahead)", "add(op)"])
        _ = driver.send(.added(Self.added()))
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
        #expect(driver.send(.arrived(gate: false, Self.alive)) == ["add(op)"])
    }

    @Test func aCommitAheadIsRefusedOnceStarted() {
        var driver = Driver()
        _ = driver.send(.start)
        #expect(driver.send(.commitAhead(Self.ahead())) == [])
    }
}
