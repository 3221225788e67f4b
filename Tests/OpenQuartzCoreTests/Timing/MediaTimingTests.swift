#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// CAMediaTiming on animations: repeats, autoreverse, fill modes, begin time, speed and time
/// offset (Apple, `CAMediaTiming.h`).
///
/// The clock starts at 100 and the animation is added at 100, so its `beginTime` becomes 100
/// (the layer's local time at commit). Unless stated, the animation is `position.x` from 0 to
/// 10 over 1 s, linear, so at animation time τ within a forward pass the value is `10 · τ`.
@Suite struct MediaTimingTests: PositionRampFixture {
    // MARK: - repeatCount and repeatDuration

    @Test func integerRepeatCountRunsWholePassesThenRemoves() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let anim = ramp()
        anim.repeatCount = 2
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 100.25)
        expectClose(try x(layer), 2.5)
        h.advanceClock(to: 101.25)
        expectClose(try x(layer), 2.5, "second pass restarts from fromValue")
        h.advanceClock(to: 101.875)
        expectClose(try x(layer), 8.75)
        h.advanceClock(to: 102.0)
        expectClose(try x(layer), -1, "removed after 2 passes")
        #expect(layer.animationKeys() == nil)
    }

    @Test func fractionalRepeatCountStopsHalfwayThroughSecondPass() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        let anim = ramp()
        anim.repeatCount = 1.5
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 101.25)
        expectClose(try x(layer), 2.5)
        h.advanceClock(to: 101.4375)
        expectClose(try x(layer), 4.375)
        #expect(log.events == ["start"])
        h.advanceClock(to: 101.5)
        expectClose(try x(layer), -1)
        #expect(log.events == ["start", "stop(true)"])
        expectClose(log.time(of: "stop(true)"), 101.5)
    }

    @Test func fractionalRepeatCountWithForwardFillHoldsTheHalfwayValue() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let anim = ramp()
        anim.repeatCount = 1.5
        anim.fillMode = .forwards
        anim.isRemovedOnCompletion = false
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 103)
        expectClose(try x(layer), 5)
        #expect(layer.animationKeys() == ["a"])
    }

    @Test func infiniteRepeatCountNeverEnds() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let anim = ramp()
        anim.repeatCount = .greatestFiniteMagnitude
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 1100.75)
        expectClose(try x(layer), 7.5, tolerance: 1e-6)
        #expect(layer.animationKeys() == ["a"])
    }

    @Test func infinityRepeatCountAlsoRepeatsForever() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let anim = ramp()
        anim.repeatCount = .infinity
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 250.25)
        expectClose(try x(layer), 2.5, tolerance: 1e-6)
        #expect(layer.animationKeys() == ["a"])
    }

    @Test func repeatDurationWithAutoreverseCountsBothDirections() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let anim = ramp()
        anim.autoreverses = true
        anim.repeatDuration = 3
        anim.fillMode = .forwards
        anim.isRemovedOnCompletion = false
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 101.5)
        expectClose(try x(layer), 5, "first cycle, way back")
        h.advanceClock(to: 102.5)
        expectClose(try x(layer), 5, "second cycle, forward")
        h.advanceClock(to: 110)
        expectClose(try x(layer), 10, "ends at the second turning point")
    }

    @Test func repeatDurationEndsRepeatsPartwayThroughAPass() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        let anim = ramp()
        anim.repeatDuration = 2.5
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 102.25)
        expectClose(try x(layer), 2.5, "third pass")
        h.advanceClock(to: 102.5)
        expectClose(try x(layer), -1)
        expectClose(log.time(of: "stop(true)"), 102.5)
    }

    @Test func repeatDurationWithForwardFillHoldsValueAtCutoff() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let anim = ramp()
        anim.repeatDuration = 2.5
        anim.fillMode = .forwards
        anim.isRemovedOnCompletion = false
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 104)
        expectClose(try x(layer), 5)
    }

    @Test func repeatCountBelowOneStopsPartwayThroughFirstPass() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        let anim = ramp()
        anim.repeatCount = 0.25
        anim.fillMode = .forwards
        anim.isRemovedOnCompletion = false
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 100.125)
        expectClose(try x(layer), 1.25)
        h.advanceClock(to: 101)
        expectClose(try x(layer), 2.5)
        expectClose(log.time(of: "stop(true)"), 100.25)
    }

    @Test func repeatDurationShorterThanDurationCutsTheOnlyPass() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        let anim = ramp()
        anim.repeatDuration = 0.5
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 100.25)
        expectClose(try x(layer), 2.5)
        h.advanceClock(to: 100.75)
        expectClose(try x(layer), -1)
        expectClose(log.time(of: "stop(true)"), 100.5)
    }

    // MARK: - autoreverses

    @Test func autoreversingCycleIsForwardThenBack() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        let anim = ramp()
        anim.autoreverses = true
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 100.25)
        expectClose(try x(layer), 2.5)
        h.advanceClock(to: 101.0)
        expectClose(try x(layer), 10, "turning point")
        h.advanceClock(to: 101.25)
        expectClose(try x(layer), 7.5)
        h.advanceClock(to: 101.875)
        expectClose(try x(layer), 1.25)
        #expect(log.events == ["start"], "a cycle lasts 2 · duration")
        h.advanceClock(to: 102.0)
        expectClose(try x(layer), -1)
        expectClose(log.time(of: "stop(true)"), 102.0)
    }

    @Test func autoreverseWithRepeatCountRepeatsWholeCycles() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        let anim = ramp()
        anim.autoreverses = true
        anim.repeatCount = 2
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 102.25)
        expectClose(try x(layer), 2.5, "second cycle, forward")
        h.advanceClock(to: 103.5)
        expectClose(try x(layer), 5, "second cycle, backward")
        h.advanceClock(to: 104.0)
        expectClose(log.time(of: "stop(true)"), 104.0)
    }

    @Test func autoreverseWithForwardFillEndsAtFromValue() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let anim = ramp()
        anim.autoreverses = true
        anim.fillMode = .forwards
        anim.isRemovedOnCompletion = false
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 105)
        expectClose(try x(layer), 0)
    }

    @Test func reversingMirrorsProgressRatherThanInvertingTheCurve() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let anim = ramp()
        anim.autoreverses = true
        anim.timingFunction = CAMediaTimingFunction(name: .easeIn)
        h.commit { layer.add(anim, forKey: "a") }
        let easeIn = ReferenceTimingCurve.easeIn
        h.advanceClock(to: 100.25)
        let forward = try x(layer)
        expectClose(forward, 10 * easeIn(0.25), tolerance: 1e-6)
        h.advanceClock(to: 101.375)        // way back, p = 2 − 1.375 = 0.625
        expectClose(try x(layer), 10 * easeIn(0.625), tolerance: 1e-6)
        h.advanceClock(to: 101.75)         // 0.25 s before the end of the way back: p = 0.25
        let backward = try x(layer)
        expectClose(backward, 10 * easeIn(0.25), tolerance: 1e-6, "mirrored p, same curve")
        // An inverted curve would show 10 · (1 − easeIn(0.75)) ≈ 3.8 instead of ≈ 0.99.
        #expect(abs(Double(backward) - 10 * (1 - easeIn(0.75))) > 1)
    }

    @Test func fractionalRepeatOfAutoreversingCycleStopsOnTheWayForward() throws {
        // repeatCount 1.25 of a 2 s cycle: the active duration is 2.5 s, ending half way
        // through the second cycle's forward pass.
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        let anim = ramp()
        anim.autoreverses = true
        anim.repeatCount = 1.25
        anim.fillMode = .forwards
        anim.isRemovedOnCompletion = false
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 102.25)
        expectClose(try x(layer), 2.5)
        h.advanceClock(to: 103)
        expectClose(try x(layer), 5)
        expectClose(log.time(of: "stop(true)"), 102.5)
    }

    @Test func autoreverseHalfCycleEndsAtTheTurningPoint() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let anim = ramp()
        anim.autoreverses = true
        anim.repeatCount = 0.5
        anim.fillMode = .forwards
        anim.isRemovedOnCompletion = false
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 100.75)
        expectClose(try x(layer), 7.5)
        h.advanceClock(to: 102)
        expectClose(try x(layer), 10)
    }

    // MARK: - fillMode

    @Test func removedFillShowsModelBeforeAndAfterActiveTime() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let anim = ramp()
        anim.fillMode = .removed
        h.commit {
            anim.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 1
            layer.add(anim, forKey: "a")
        }
        h.advanceClock(to: 100.5)
        expectClose(try x(layer), -1, "before the start")
        h.advanceClock(to: 101.5)
        expectClose(try x(layer), 5)
        h.advanceClock(to: 102.5)
        expectClose(try x(layer), -1, "after the end")
    }

    @Test func backwardsFillHoldsFirstValueDuringDelay() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let anim = ramp()
        anim.fromValue = 3
        anim.fillMode = .backwards
        h.commit {
            anim.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 1
            layer.add(anim, forKey: "a")
        }
        h.advanceClock(to: 100.5)
        expectClose(try x(layer), 3)
        h.advanceClock(to: 101.5)
        expectClose(try x(layer), 3 + 0.5 * 7)
        h.advanceClock(to: 102.5)
        expectClose(try x(layer), -1, "backwards fill does not hold after the end")
    }

    @Test func forwardsFillHoldsLastValueAfterEndWhileAttached() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let anim = ramp()
        anim.fillMode = .forwards
        anim.isRemovedOnCompletion = false
        h.commit {
            anim.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 1
            layer.add(anim, forKey: "a")
        }
        h.advanceClock(to: 100.5)
        expectClose(try x(layer), -1, "forwards fill does not hold before the start")
        h.advanceClock(to: 103)
        expectClose(try x(layer), 10)
        #expect(layer.animationKeys() == ["a"])
        h.commit { layer.removeAnimation(forKey: "a") }
        expectClose(try x(layer), -1, "removing the animation ends the fill")
    }

    @Test func forwardsFillDoesNotHoldWhenRemovedOnCompletion() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let anim = ramp()
        anim.fillMode = .forwards            // isRemovedOnCompletion stays true
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 100.5)
        expectClose(try x(layer), 5)
        h.advanceClock(to: 101.5)
        expectClose(try x(layer), -1)
        #expect(layer.animationKeys() == nil)
    }

    @Test func bothFillHoldsBeforeAndAfter() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let anim = ramp()
        anim.fromValue = 2
        anim.toValue = 6
        anim.fillMode = .both
        anim.isRemovedOnCompletion = false
        h.commit {
            anim.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 1
            layer.add(anim, forKey: "a")
        }
        h.advanceClock(to: 100.5)
        expectClose(try x(layer), 2)
        h.advanceClock(to: 101.25)
        expectClose(try x(layer), 3)
        h.advanceClock(to: 110)
        expectClose(try x(layer), 6)
    }

    @Test func notRemovedOnCompletionWithRemovedFillShowsModelButStaysAttached() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        let anim = ramp()
        anim.isRemovedOnCompletion = false          // fillMode stays .removed
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 102)
        expectClose(try x(layer), -1)
        #expect(layer.animationKeys() == ["a"])
        #expect(log.events == ["start", "stop(true)"])
        expectClose(log.time(of: "stop(true)"), 101)
    }

    // MARK: - beginTime

    @Test func futureBeginTimeDelaysStartAndCompletion() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        let anim = ramp()
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        let clock = h.clock
        h.commit {
            CATransaction.setCompletionBlock { log.append("done", at: clock.now) }
            anim.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 2
            layer.add(anim, forKey: "a")
        }
        h.advanceClock(to: 101.5)
        expectClose(try x(layer), -1)
        #expect(log.events.isEmpty)
        h.advanceClock(to: 102.25)
        expectClose(try x(layer), 2.5)
        h.advanceClock(to: 104)
        #expect(log.events == ["start", "stop(true)", "done"])
        expectClose(log.time(of: "start"), 102)
        expectClose(log.time(of: "stop(true)"), 103)
        expectClose(log.time(of: "done"), 103)
    }

    @Test func beginTimeFromCACurrentMediaTimeDelaysRootLayerAnimation() throws {
        // Apple's idiom for a root layer with default timing: beginTime = CACurrentMediaTime() + delay.
        let h = EngineHarness()
        let layer = makeLayer(h)
        let anim = ramp()
        OQC.withClock(h.clock) { anim.beginTime = CACurrentMediaTime() + 0.5 }
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 100.25)
        expectClose(try x(layer), -1)
        h.advanceClock(to: 101)
        expectClose(try x(layer), 5)
    }

    @Test func animationAddedAfterItsEndCompletesAtOnceAndShowsModel() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        let anim = ramp()
        anim.beginTime = 90
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(anim, forKey: "a") }
        expectClose(try x(layer), -1)
        h.advance(by: 0)
        #expect(log.events == ["start", "stop(true)"])
        expectClose(log.time(of: "stop(true)"), 100)
        #expect(layer.animationKeys() == nil)
    }

    @Test func pastBeginTimeStartsPartwayThrough() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        let anim = ramp()
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit {
            anim.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - 0.75
            layer.add(anim, forKey: "a")
        }
        expectClose(try x(layer), 7.5)
        h.advanceClock(to: 100.125)
        expectClose(try x(layer), 8.75)
        h.advanceClock(to: 100.5)
        expectClose(log.time(of: "stop(true)"), 100.25)
    }

    // MARK: - speed and timeOffset

    @Test func doubleSpeedFinishesInHalfTheTime() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        let anim = ramp()
        anim.speed = 2
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 100.125)
        expectClose(try x(layer), 2.5)
        h.advanceClock(to: 100.375)
        expectClose(try x(layer), 7.5)
        h.advanceClock(to: 101)
        expectClose(try x(layer), -1)
        expectClose(log.time(of: "stop(true)"), 100.5)
    }

    @Test func halfSpeedTakesTwiceAsLong() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        let anim = ramp()
        anim.speed = 0.5
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 101.5)
        expectClose(try x(layer), 7.5)
        h.advanceClock(to: 103)
        expectClose(log.time(of: "stop(true)"), 102)
    }

    @Test func timeOffsetStartsPartwayAndWrapsAroundActiveDuration() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        let anim = ramp()
        anim.timeOffset = 0.25
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(anim, forKey: "a") }
        h.advance(by: 0)
        expectClose(try x(layer), 2.5, "starts 0.25 s in")
        h.advanceClock(to: 100.5)
        expectClose(try x(layer), 7.5)
        h.advanceClock(to: 100.875)
        expectClose(try x(layer), 1.25, "wrapped: (0.875 + 0.25) mod 1")
        #expect(log.events == ["start"])
        h.advanceClock(to: 101)
        expectClose(try x(layer), -1, "still ends one duration after beginTime")
        expectClose(log.time(of: "stop(true)"), 101)
    }

    @Test func timeOffsetIsAddedAfterSpeedScaling() throws {
        // local = (t − beginTime) · speed + timeOffset, wrapped into the active duration.
        let h = EngineHarness()
        let layer = makeLayer(h)
        let anim = ramp()
        anim.speed = 2
        anim.timeOffset = 0.25
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 100.125)
        expectClose(try x(layer), 10 * (0.125 * 2 + 0.25))               // 5
        h.advanceClock(to: 100.4375)
        expectClose(try x(layer), 10 * (0.4375 * 2 + 0.25 - 1))          // 1.25
        h.advanceClock(to: 100.5)
        expectClose(try x(layer), -1)
    }

    @Test func timeOffsetLongerThanActiveDurationWrapsModuloIt() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let anim = ramp()
        anim.timeOffset = 3.25
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 100.5)
        expectClose(try x(layer), 7.5)        // (0.5 + 3.25) mod 1 = 0.75
    }

    @Test func zeroSpeedAnimationStaysAtItsTimeOffset() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let anim = ramp()
        anim.speed = 0
        anim.timeOffset = 0.3
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 150)
        expectClose(try x(layer), 3)
        #expect(layer.animationKeys() == ["a"])
    }

    @Test func timeOffsetWrapsAroundRepeatedActiveDuration() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let anim = ramp()
        anim.repeatCount = 2
        anim.timeOffset = 1.5
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 100.25)
        expectClose(try x(layer), 7.5, "active time 1.75: second pass at 0.75")
        h.advanceClock(to: 100.75)
        expectClose(try x(layer), 2.5, "active time (2.25 mod 2) = 0.25")
        h.advanceClock(to: 101.75)
        expectClose(try x(layer), 2.5, "active time (3.25 mod 2) = 1.25")
    }
}
#endif
