#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself: compiled only where QuartzCore is absent.
import Foundation
import Testing
@testable import OpenQuartzCore

/// A clock's trip to the background and back (`enterBackground()`, `enterForeground()`):
/// which animations go, what the layers show, and when the removed animations report their
/// end under each variance mode.
///
/// The harness clock starts at 100, so every logged time reads `100 + seconds`. Each trip
/// enters the background at 100.5 and returns at 105.5; `background` and `foreground` in a
/// log mark the moments the test called `enterBackground()` and `enterForeground()`.
@Suite(.timeLimit(.minutes(1))) struct BackgroundTests {
    /// The three orders apps see for a removed animation's callbacks.
    static let orders: [OQC.Variance] = [[], .backgroundCallbacksAtReturn, .backgroundNoCallbacks]

    /// A position.x ramp from 0 to 10 over `duration` whose delegate logs
    /// `name(finished)@time`.
    private func ramp(
        _ name: String, duration: Double = 1, removedOnCompletion: Bool = true,
        log: EventLog, clock: OQC.ManualClock
    ) -> CABasicAnimation {
        let ramp = CABasicAnimation(keyPath: "position.x")
        ramp.fromValue = CGFloat(0)
        ramp.toValue = CGFloat(10)
        ramp.duration = duration
        ramp.isRemovedOnCompletion = removedOnCompletion
        if !removedOnCompletion { ramp.fillMode = .forwards }
        ramp.delegate = StopLogger(name, log: log, clock: clock)
        return ramp
    }

    /// A committed layer whose model position.x is 50.
    private func layerAt50(_ h: EngineHarness) -> CALayer {
        let layer = h.makeLayer()
        h.commit {
            CATransaction.setDisableActions(true)
            layer.position.x = 50
        }
        return layer
    }

    /// Adds the animations in one transaction whose completion block logs `done@time`.
    private func add(
        _ animations: [(key: String, animation: CAAnimation)], to layer: CALayer,
        _ h: EngineHarness, log: EventLog, token: Token? = nil
    ) {
        let clock = h.clock
        h.commit {
            CATransaction.setCompletionBlock {
                withExtendedLifetime(token) { log.append("done@\(clock.now)") }
            }
            for (key, animation) in animations { layer.add(animation, forKey: key) }
        }
    }

    /// Enters the background at 100.5, lets 5 s pass there, and returns, letting the clock
    /// take a turn after each call.
    private func trip(_ h: EngineHarness, log: EventLog) {
        h.advance(by: 0.5)
        h.clock.enterBackground()
        log.append("background")
        h.advance(by: 0)
        h.advance(by: 5)
        log.append("foreground")
        h.clock.enterForeground()
        h.advance(by: 0)
    }

    // MARK: What the layers keep

    @Test(arguments: orders)
    func enteringTheBackgroundRemovesTheAnimationAndTheLayerShowsItsModelValue(variance: OQC.Variance) {
        let h = EngineHarness(variance: variance)
        let layer = layerAt50(h)
        let log = EventLog()
        add([("ramp", ramp("ramp", log: log, clock: h.clock))], to: layer, h, log: log)
        h.advance(by: 0.5)
        #expect(layer.presentation()?.position.x == 5)
        #expect(!h.clock.isInBackground)
        h.clock.enterBackground()
        #expect(h.clock.isInBackground)
        #expect(layer.animationKeys() == nil)
        #expect(layer.presentation()?.position.x == 50)
        h.advance(by: 5)
        h.clock.enterForeground()
        #expect(!h.clock.isInBackground)
        #expect(layer.presentation()?.position.x == 50)
    }

    @Test(arguments: orders)
    func anAnimationKeptOnCompletionStaysAndShowsItsValueAtTheNewTime(variance: OQC.Variance) {
        let h = EngineHarness(variance: variance)
        let layer = layerAt50(h)
        let log = EventLog()
        add([("kept", ramp("kept", duration: 2, removedOnCompletion: false, log: log, clock: h.clock))],
            to: layer, h, log: log)
        h.advance(by: 0.5)
        h.clock.enterBackground()
        h.advance(by: 1)
        h.clock.enterForeground()
        // Media time ran on in the background: 1.5 s into the 2 s ramp.
        #expect(layer.animationKeys() == ["kept"])
        #expect(layer.presentation()?.position.x == 7.5)
        #expect(log.all.isEmpty)
        h.advance(by: 0.5)
        #expect(log.all == ["kept(true)@102.0", "done@102.0"])
        #expect(layer.presentation()?.position.x == 10)   // it fills forwards
    }

    @Test(arguments: orders)
    func anAnimationAddedInTheBackgroundStaysAndRunsOn(variance: OQC.Variance) {
        let h = EngineHarness(variance: variance)
        let layer = layerAt50(h)
        let log = EventLog()
        h.clock.enterBackground()
        add([("ramp", ramp("ramp", log: log, clock: h.clock))], to: layer, h, log: log)
        h.advance(by: 0.5)
        h.clock.enterForeground()
        h.advance(by: 0)
        #expect(layer.animationKeys() == ["ramp"])
        #expect(layer.presentation()?.position.x == 5)
        h.advance(by: 0.5)
        #expect(log.all == ["ramp(true)@101.0", "done@101.0"])
    }

    @Test func everyLayerTreeOnTheClockAndNoOtherLosesItsAnimations() {
        let h = EngineHarness(variance: [])
        let other = EngineHarness(variance: [])
        let parent = h.makeLayer()
        let child = other.makeLayer()   // made on the other clock; runs on its root's
        h.commit { parent.addSublayer(child) }
        let elsewhere = other.makeLayer()
        let log = EventLog()
        h.commit {
            parent.add(ramp("parent", log: log, clock: h.clock), forKey: "parent")
            child.add(ramp("child", log: log, clock: h.clock), forKey: "child")
        }
        other.commit { elsewhere.add(ramp("elsewhere", log: log, clock: other.clock), forKey: "elsewhere") }
        h.advance(by: 0.5)
        h.clock.enterBackground()
        h.advance(by: 0)
        #expect(parent.animationKeys() == nil)
        #expect(child.animationKeys() == nil)
        #expect(elsewhere.animationKeys() == ["elsewhere"])
        #expect(!other.clock.isInBackground)
        #expect(log.all == ["parent(false)@100.5", "child(false)@100.5"])
        other.advance(by: 1)
        #expect(log.all.last == "elsewhere(true)@101.0")
    }

    @Test func enteringTwiceOrReturningWithoutLeavingChangesNothing() {
        let h = EngineHarness(variance: [])
        let layer = layerAt50(h)
        let log = EventLog()
        h.clock.enterForeground()
        #expect(!h.clock.isInBackground)
        h.clock.enterBackground()
        add([("ramp", ramp("ramp", log: log, clock: h.clock))], to: layer, h, log: log)
        h.clock.enterBackground()
        #expect(h.clock.isInBackground)
        #expect(layer.animationKeys() == ["ramp"])
        h.clock.enterForeground()
        h.clock.enterForeground()
        h.advance(by: 1)
        #expect(log.all == ["ramp(true)@101.0", "done@101.0"])
    }

    // MARK: When the removed animations report their end

    @Test func byDefaultTheRemovedAnimationStopsOnTheClocksNextTurnAfterEnteringTheBackground() {
        let h = EngineHarness(variance: [])
        let layer = layerAt50(h)
        let log = EventLog()
        add([("ramp", ramp("ramp", log: log, clock: h.clock))], to: layer, h, log: log)
        trip(h, log: log)
        #expect(log.all == ["background", "ramp(false)@100.5", "done@100.5", "foreground"])
    }

    @Test func callbacksAtReturnHoldTheStopAndTheCompletionUntilTheForeground() {
        let h = EngineHarness(variance: .backgroundCallbacksAtReturn)
        let layer = layerAt50(h)
        let log = EventLog()
        weak var released: Token?
        do {
            let token = Token()
            released = token
            add([("ramp", ramp("ramp", log: log, clock: h.clock))], to: layer, h, log: log, token: token)
        }
        trip(h, log: log)
        #expect(log.all == ["background", "foreground", "ramp(false)@105.5", "done@105.5"])
        #expect(released == nil)
        #expect(h.clock.pendingCount == 0)
    }

    @Test func callbacksAtReturnKeepTheUsualCalloutOrder() {
        let h = EngineHarness(variance: [.backgroundCallbacksAtReturn, .completionFirst])
        let layer = layerAt50(h)
        let log = EventLog()
        add([("ramp", ramp("ramp", log: log, clock: h.clock))], to: layer, h, log: log)
        trip(h, log: log)
        #expect(log.all == ["background", "foreground", "done@105.5", "ramp(false)@105.5"])
    }

    @Test func noCallbacksReleasesTheDelegateAndTheBlockUncalled() {
        let h = EngineHarness(variance: .backgroundNoCallbacks)
        let layer = layerAt50(h)
        let log = EventLog()
        weak var delegate: StopLogger?
        weak var released: Token?
        do {
            let token = Token()
            released = token
            let animation = ramp("ramp", log: log, clock: h.clock)
            delegate = animation.delegate as? StopLogger
            add([("ramp", animation)], to: layer, h, log: log, token: token)
        }
        #expect(delegate != nil)
        trip(h, log: log)
        h.clock.run()
        #expect(log.all == ["background", "foreground"])
        #expect(delegate == nil)
        #expect(released == nil)
        #expect(h.clock.pendingCount == 0)
    }

    @Test func noCallbacksWinsOverCallbacksAtReturn() {
        let h = EngineHarness(variance: [.backgroundCallbacksAtReturn, .backgroundNoCallbacks])
        let layer = layerAt50(h)
        let log = EventLog()
        add([("ramp", ramp("ramp", log: log, clock: h.clock))], to: layer, h, log: log)
        trip(h, log: log)
        #expect(log.all == ["background", "foreground"])
    }

    @Test func whatAClockFreedInTheBackgroundHeldIsFreedAtTheNextCall() {
        weak var delegate: Silent?
        do {
            let h = EngineHarness(variance: .backgroundCallbacksAtReturn)
            let layer = h.makeLayer()
            let animation = ramp("ramp", log: EventLog(), clock: h.clock)
            let silent = Silent()   // a delegate that, unlike StopLogger, does not hold the clock
            animation.delegate = silent
            delegate = silent
            h.commit { layer.add(animation, forKey: "ramp") }
            h.clock.enterBackground()
            h.commit { }   // commits the removal: the pending transaction held the layer, and its clock
        }
        #expect(delegate != nil)   // held for a return that will not come
        OQC.ManualClock().enterForeground()
        #expect(delegate == nil)
    }

    // MARK: A transaction with a removed and a kept animation

    /// A transaction of two ramps: `removed` (1 s, removed on completion) and `kept` (2 s,
    /// kept), then the trip; the kept one ends at 102, in the background.
    private func mixedTransactionTrip(_ variance: OQC.Variance, token: Token) -> (EventLog, CALayer) {
        let h = EngineHarness(variance: variance)
        let layer = layerAt50(h)
        let log = EventLog()
        add([
            ("removed", ramp("removed", log: log, clock: h.clock)),
            ("kept", ramp("kept", duration: 2, removedOnCompletion: false, log: log, clock: h.clock)),
        ], to: layer, h, log: log, token: token)
        trip(h, log: log)
        return (log, layer)
    }

    @Test func byDefaultTheBlockRunsWhenTheKeptAnimationEnds() {
        let (log, layer) = mixedTransactionTrip([], token: Token())
        #expect(log.all == ["background", "removed(false)@100.5", "kept(true)@102.0", "done@102.0", "foreground"])
        #expect(layer.animationKeys() == ["kept"])
    }

    @Test func callbacksAtReturnRunTheBlockWhenTheRemovedAnimationReportsAtReturn() {
        let (log, layer) = mixedTransactionTrip(.backgroundCallbacksAtReturn, token: Token())
        #expect(log.all == ["background", "kept(true)@102.0", "foreground", "removed(false)@105.5", "done@105.5"])
        #expect(layer.animationKeys() == ["kept"])
    }

    @Test func noCallbacksNeverRunsTheBlockAndReleasesItWhenTheKeptAnimationEnds() {
        weak var released: Token?
        let trip: (log: EventLog, layer: CALayer)
        do {
            let token = Token()
            released = token
            trip = mixedTransactionTrip(.backgroundNoCallbacks, token: token)
        }
        #expect(trip.log.all == ["background", "kept(true)@102.0", "foreground"])
        #expect(trip.layer.animationKeys() == ["kept"])
        #expect(released == nil)
    }

    // MARK: The doc comments' examples (Engine/OQC+Background.swift:28, :47, :61)

    @Test func docExampleEnteringTheBackground() {
        let log = EventLog()
        let clock = OQC.ManualClock(variance: [])
        let layer = OQC.withClock(clock) { CALayer() }
        layer.add(ramp("fade", log: log, clock: clock), forKey: "fade")
        clock.advance(by: 0.5)
        clock.enterBackground()              // "fade" is gone; the layer shows its model
        #expect(layer.animationKeys() == nil)
        #expect(layer.presentation()?.position.x == 0)
        #expect(log.all.isEmpty)
        clock.advance(by: 0)                 // animationDidStop(_:finished: false)
        #expect(log.all == ["fade(false)@0.5"])
        clock.enterForeground()
        #expect(!clock.isInBackground)
    }

    @Test func docExampleEnteringTheForeground() {
        let log = EventLog()
        let clock = OQC.ManualClock(variance: .backgroundCallbacksAtReturn)
        let layer = OQC.withClock(clock) { CALayer() }
        layer.add(ramp("fade", log: log, clock: clock), forKey: "fade")
        clock.advance(by: 0)
        clock.enterBackground()               // the removed animations' ends are held
        clock.advance(by: 30)
        clock.enterForeground()
        #expect(log.all.isEmpty)
        clock.advance(by: 0)                  // animationDidStop(_:finished: false) now
        #expect(log.all == ["fade(false)@30.0"])
    }

    @Test func docExampleIsInBackground() {
        let clock = OQC.ManualClock()
        clock.enterBackground()
        #expect(clock.isInBackground)
    }

    // MARK: The state machine

    @Test func theVarianceSelectsWhatBecomesOfTheCallouts() {
        typealias Callouts = BackgroundStateMachine<Int>.Callouts
        #expect(Callouts([]) == .deliver)
        #expect(Callouts([.completionFirst, .detachRemoves]) == .deliver)
        #expect(Callouts(.backgroundCallbacksAtReturn) == .holdUntilForeground)
        #expect(Callouts(.backgroundNoCallbacks) == .drop)
        #expect(Callouts([.backgroundCallbacksAtReturn, .backgroundNoCallbacks]) == .drop)
    }

    @Test func theStateMachineRemovesOnceAndDeliversHeldEndsAtReturn() {
        var machine = BackgroundStateMachine<Int>()
        var removals = 0
        guard case .hold = machine.enterBackground(callouts: .holdUntilForeground, removeAnimations: {
            removals += 1
            return [1, 2]
        }) else { Issue.record("entering the background holds"); return }
        guard case .none = machine.enterBackground(callouts: .deliver, removeAnimations: {
            removals += 1
            return [3]
        }) else { Issue.record("a second entry does nothing"); return }
        #expect(removals == 1)
        #expect(machine.isInBackground)
        guard case .deliver(let held) = machine.enterForeground() else { Issue.record("returning delivers"); return }
        #expect(held == [1, 2])
        #expect(!machine.isInBackground)
        guard case .none = machine.enterForeground() else { Issue.record("a second return does nothing"); return }
        guard case .deliver(let removed) = machine.enterBackground(callouts: .deliver, removeAnimations: { [4] }) else {
            Issue.record("entering delivers"); return
        }
        #expect(removed == [4])
        guard case .deliver(let none) = machine.enterForeground() else { Issue.record("returning delivers"); return }
        #expect(none.isEmpty)
        guard case .drop(let dropped) = machine.enterBackground(callouts: .drop, removeAnimations: { [5] }) else {
            Issue.record("entering drops"); return
        }
        #expect(dropped == [5])
    }
}

/// Something a completion block holds, to see it freed.
private final class Token: Sendable {}

/// A delegate that does nothing.
private final class Silent: CAAnimationDelegate, Sendable {}

/// Logs `animationDidStop(_:finished:)` as `name(finished)@time`.
private final class StopLogger: CAAnimationDelegate, @unchecked Sendable {
    // Immutable after init; `EventLog` locks itself.
    let name: String
    let log: EventLog
    let clock: OQC.ManualClock

    init(_ name: String, log: EventLog, clock: OQC.ManualClock) {
        self.name = name
        self.log = log
        self.clock = clock
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        log.append("\(name)(\(flag))@\(clock.now)")
    }
}
#endif
