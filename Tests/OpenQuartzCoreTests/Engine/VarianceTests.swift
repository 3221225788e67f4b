#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself: compiled only where QuartzCore is absent.
import Dispatch
import Foundation
import Testing
@testable import OpenQuartzCore

/// The variance modes: each is observable through Apple's API alone, on a clock that carries
/// the mode, next to the same scenario on a clock with none.
///
/// The harness clock starts at 100, so every logged time reads `100 + seconds`.
@Suite(.timeLimit(.minutes(1))) struct VarianceTests {
    /// A one-second position.x ramp from 0 to 10 whose delegate logs its stop.
    private func ramp(log: EventLog, clock: OQC.ManualClock) -> CABasicAnimation {
        let ramp = CABasicAnimation(keyPath: "position.x")
        ramp.fromValue = CGFloat(0)
        ramp.toValue = CGFloat(10)
        ramp.duration = 1
        ramp.delegate = LoggingDelegate(log: log, clock: clock)
        return ramp
    }

    /// Adds a ramp in a transaction whose completion block logs `done` and dispatches
    /// `from-block` to the main queue.
    private func addRampWithCompletion(to layer: CALayer, _ h: EngineHarness, log: EventLog) {
        let clock = h.clock
        h.commit {
            CATransaction.setCompletionBlock {
                log.append("done@\(clock.now)")
                DispatchQueue.main.async { log.append("from-block") }
            }
            layer.add(ramp(log: log, clock: clock), forKey: "ramp")
        }
    }

    // MARK: Selection

    @Test func varianceListParsesNamesIgnoringSpacesAndEmptyItems() throws {
        let variance = try OQC.Variance(parsing: " completion-first,,detach-removes ")
        #expect(variance == [.completionFirst, .detachRemoves])
        #expect(variance.names == ["completion-first", "detach-removes"])
        #expect(variance.description == "completion-first,detach-removes")
        #expect(try OQC.Variance(parsing: "") == [])
        #expect(OQC.Variance().description == "default")
    }

    @Test func everyModeParsesFromItsOwnName() throws {
        for mode in OQC.Variance.allModes {
            #expect(try OQC.Variance(parsing: mode.description) == mode)
        }
        #expect(OQC.Variance.validNames == [
            "completion-first", "delegate-late", "detach-removes",
            "nested-commits-immediately", "paused-completes",
            "background-callbacks-at-return", "background-no-callbacks",
        ])
    }

    @Test func unknownModeNameIsAnErrorNamingTheValidModes() {
        #expect(throws: OQC.VarianceError(unknownMode: "completion-last", validNames: OQC.Variance.validNames)) {
            try OQC.Variance(parsing: "completion-first,completion-last")
        }
        let message = OQC.VarianceError(unknownMode: "x", validNames: OQC.Variance.validNames).description
        for name in OQC.Variance.validNames { #expect(message.contains(name)) }
        #expect(message.contains("\"x\""))
    }

    @Test func unknownModeInTheEnvironmentStopsTheProcessNamingTheValidModes() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = OQC.Variance.fromEnvironment("completion-first,bogus")
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("OPENQUARTZCORE_VARIANCE=completion-first,bogus"))
        #expect(message.contains("\"bogus\""))
        #expect(message.contains("nested-commits-immediately"))
    }

    @Test func missingEnvironmentVariableMeansNoMode() {
        #expect(OQC.Variance.fromEnvironment(nil) == [])
        #expect(OQC.Variance.fromEnvironment("delegate-late") == .delegateLate)
    }

    @Test func clockCarriesItsVarianceAndDefaultsToTheProcessDefault() {
        #expect(OQC.ManualClock(variance: .delegateLate).variance == .delegateLate)
        #expect(OQC.ManualClock().variance == OQC.Variance.processDefault)
        #expect(OQC.RealClock.shared.variance == OQC.Variance.processDefault)
        let layer = OQC.withClock(OQC.ManualClock(variance: .detachRemoves)) { CALayer() }
        #expect(OQC.clock(of: layer).variance == .detachRemoves)
    }

    // MARK: Callback order

    @Test func byDefaultTheDelegateStopsBeforeTheCompletionBlockRuns() async {
        let log = EventLog()
        let inTheTurn = await inOneMainQueueTurn {
            let h = EngineHarness(variance: [])
            let layer = h.makeLayer()
            self.addRampWithCompletion(to: layer, h, log: log)
            h.advance(by: 1)
            return log.all
        }
        #expect(inTheTurn == ["stop(true)@101.0", "done@101.0"])
        await mainQueueTurn()
        #expect(log.all == ["stop(true)@101.0", "done@101.0", "from-block"])
    }

    @Test func completionFirstRunsTheCompletionBlockBeforeTheDelegateStops() {
        let h = EngineHarness(variance: .completionFirst)
        let layer = h.makeLayer()
        let log = EventLog()
        addRampWithCompletion(to: layer, h, log: log)
        h.advance(by: 1)
        #expect(log.all.filter { $0 != "from-block" } == ["done@101.0", "stop(true)@101.0"])
    }

    @Test func completionFirstAlsoOrdersRemovals() {
        let h = EngineHarness(variance: .completionFirst)
        let layer = h.makeLayer()
        let log = EventLog()
        addRampWithCompletion(to: layer, h, log: log)
        h.advance(by: 0.25)
        layer.removeAnimation(forKey: "ramp")
        h.advance(by: 0)
        #expect(log.all.filter { $0 != "from-block" } == ["done@100.25", "stop(false)@100.25"])
    }

    @Test func delegateLateStopsInALaterMainQueueTurnAfterTheBlocksWork() async {
        let log = EventLog()
        let inTheTurn = await inOneMainQueueTurn {
            let h = EngineHarness(variance: .delegateLate)
            let layer = h.makeLayer()
            self.addRampWithCompletion(to: layer, h, log: log)
            h.advance(by: 1)
            return log.all
        }
        #expect(inTheTurn == ["done@101.0"])
        await mainQueueTurn()
        #expect(log.all == ["done@101.0", "from-block", "stop(true)@101.0"])
    }

    // MARK: removeFromSuperlayer

    @Test func byDefaultARemovedLayerKeepsItsAnimations() {
        let h = EngineHarness(variance: [])
        let parent = h.makeLayer()
        let child = h.makeLayer()
        h.commit { parent.addSublayer(child) }
        let log = EventLog()
        h.commit { child.add(ramp(log: log, clock: h.clock), forKey: "ramp") }
        h.commit { child.removeFromSuperlayer() }
        h.advance(by: 0.5)
        #expect(child.animationKeys() == ["ramp"])
        #expect(log.all.isEmpty)
        h.advance(by: 0.5)
        #expect(log.all == ["stop(true)@101.0"])
    }

    @Test func detachRemovesEndsTheSubtreesAnimationsUnfinished() {
        let h = EngineHarness(variance: .detachRemoves)
        let parent = h.makeLayer()
        let child = h.makeLayer()
        let grandchild = h.makeLayer()
        h.commit {
            parent.addSublayer(child)
            child.addSublayer(grandchild)
        }
        let log = EventLog()
        h.commit {
            parent.add(ramp(log: log, clock: h.clock), forKey: "parent")
            child.add(ramp(log: log, clock: h.clock), forKey: "child")
            grandchild.add(ramp(log: log, clock: h.clock), forKey: "grandchild")
        }
        h.advance(by: 0.25)
        h.commit { child.removeFromSuperlayer() }
        #expect(child.animationKeys() == nil)
        #expect(grandchild.animationKeys() == nil)
        // The parent keeps its own animation, and runs the implied one of its sublayers' change.
        #expect(parent.animationKeys() == ["parent", "sublayers"])
        h.advance(by: 0)
        #expect(log.all == ["stop(false)@100.25", "stop(false)@100.25"])
        #expect(child.presentation()?.position.x == 0)   // the model value
        h.advance(by: 0.75)
        #expect(log.all == ["stop(false)@100.25", "stop(false)@100.25", "stop(true)@101.0"])
    }

    // MARK: Paused layers

    /// A paused layer (speed 0) at local time 0.5 with the ramp added there, so it runs
    /// from local 0.5 to 1.5; then its timeOffset is moved to 2, past the end.
    private func scrubPastTheEnd(_ h: EngineHarness, log: EventLog) -> CALayer {
        let layer = h.makeLayer()
        h.commit {
            layer.speed = 0
            layer.timeOffset = 0.5
        }
        h.commit { layer.add(ramp(log: log, clock: h.clock), forKey: "ramp") }
        h.advance(by: 1)
        #expect(layer.animation(forKey: "ramp")?.beginTime == 0.5)
        h.commit { layer.timeOffset = 2 }
        h.advance(by: 0)
        return layer
    }

    @Test func byDefaultScrubbingAPausedLayerPastTheEndCompletesNothing() {
        let h = EngineHarness(variance: [])
        let log = EventLog()
        let layer = scrubPastTheEnd(h, log: log)
        #expect(log.all.isEmpty)
        #expect(layer.animationKeys() == ["ramp"])
        // Resuming at local time 2 (past the end) ends it at once.
        h.commit { layer.speed = 1 }
        h.advance(by: 0)
        #expect(log.all == ["stop(true)@101.0"])
    }

    @Test func pausedCompletesEndsAnAnimationScrubbedPastItsEnd() {
        let h = EngineHarness(variance: .pausedCompletes)
        let log = EventLog()
        let layer = scrubPastTheEnd(h, log: log)
        #expect(log.all == ["stop(true)@101.0"])
        #expect(layer.animationKeys() == nil)
    }

    @Test func pausedCompletesLeavesAnAnimationFrozenBeforeItsEnd() {
        let h = EngineHarness(variance: .pausedCompletes)
        let layer = h.makeLayer()
        let log = EventLog()
        h.commit {
            layer.speed = 0
            layer.timeOffset = 0.5
        }
        h.commit { layer.add(ramp(log: log, clock: h.clock), forKey: "ramp") }
        h.commit { layer.timeOffset = 1.25 }   // 0.75 s into the 1 s ramp
        h.advance(by: 10)
        #expect(log.all.isEmpty)
        #expect(layer.presentation()?.position.x == 7.5)
    }
}

/// Logs `animationDidStop(_:finished:)` with the clock time.
private final class LoggingDelegate: CAAnimationDelegate, @unchecked Sendable {
    // Immutable after init; `EventLog` locks itself.
    let log: EventLog
    let clock: OQC.ManualClock

    init(log: EventLog, clock: OQC.ManualClock) {
        self.log = log
        self.clock = clock
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        log.append("stop(\(flag))@\(clock.now)")
    }
}
#endif
