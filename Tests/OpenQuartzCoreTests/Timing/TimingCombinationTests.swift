#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// Combinations of media-timing properties on layers and animations, each worked out by hand
/// from `CAMediaTiming.h`'s link `t = (tp − begin) · speed + offset`, applied from the clock
/// through the layer to the animation.
///
/// The clock starts at 100. Unless stated, the animation is `position.x` from 0 to 10 over
/// 1 s, linear, so at animation time τ within a forward pass the value is `10 · τ`; the
/// model value is −1.
@Suite(.timeLimit(.minutes(1))) struct TimingCombinationTests: PositionRampFixture {
    // MARK: - Speed on the layer and on the animation

    /// A layer at speed 2 and an animation at speed 0.5 on it: the two links multiply, so the
    /// 1 s animation takes 1 s of media time. The layer's local time at the commit (100) is
    /// `100 · 2 = 200`, which becomes the animation's `beginTime`.
    @Test func layerSpeedAndAnimationSpeedMultiply() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        h.setModel { layer.speed = 2 }
        let log = StampedLog()
        let anim = ramp()
        anim.speed = 0.5
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(anim, forKey: "a") }
        #expect(layer.animation(forKey: "a")?.beginTime == 200)
        h.advanceClock(to: 100.5)      // layer 201, animation (201 − 200) · 0.5 = 0.5
        expectClose(try x(layer), 5)
        h.advanceClock(to: 100.9)      // layer 201.8, animation 0.9
        expectClose(try x(layer), 9, tolerance: 1e-9)
        h.advanceClock(to: 101.5)
        #expect(log.events == ["start", "stop(true)"])
        expectClose(log.time(of: "start"), 100)
        expectClose(log.time(of: "stop(true)"), 101)   // layer 202 = 200 + 1 / 0.5
        expectClose(try x(layer), -1)
    }

    /// A layer at speed 0.5 stretches an autoreversing animation repeated 1.5 times: its
    /// active duration is 1.5 cycles of two durations, 3 s of animation time, so 6 s of
    /// media time.
    @Test func slowLayerStretchesAFractionalAutoreversingRepeat() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        h.setModel { layer.speed = 0.5 }
        let log = StampedLog()
        let anim = ramp()
        anim.autoreverses = true
        anim.repeatCount = 1.5
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 101)        // animation 0.5: forward
        expectClose(try x(layer), 5)
        h.advanceClock(to: 103)        // animation 1.5: on the way back, 1 − 0.5
        expectClose(try x(layer), 5)
        h.advanceClock(to: 105.5)      // animation 2.75: second cycle, forward 0.75
        expectClose(try x(layer), 7.5)
        #expect(log.events == ["start"])
        h.advanceClock(to: 106)        // animation 3: the end
        #expect(log.events == ["start", "stop(true)"])
        expectClose(log.time(of: "stop(true)"), 106)
        expectClose(try x(layer), -1)
    }

    /// `speed = 0` on the animation freezes it at its `timeOffset`: it begins its active
    /// duration at its `beginTime` (so `animationDidStart` comes) and never ends.
    @Test func animationAtSpeedZeroStartsAndNeverStops() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        let anim = ramp()
        anim.speed = 0
        anim.timeOffset = 0.3
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 110)
        expectClose(try x(layer), 3)
        #expect(log.events == ["start"])
        #expect(layer.animationKeys() == ["a"])
    }

    // MARK: - timeOffset with autoreverses

    /// `timeOffset` 1.5 on an autoreversing 1 s animation starts it halfway through its way
    /// back (a cycle is two durations); the active duration is still one cycle.
    @Test func timeOffsetStartsAnAutoreversingAnimationOnItsWayBack() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        let anim = ramp()
        anim.autoreverses = true
        anim.timeOffset = 1.5
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(anim, forKey: "a") }
        expectClose(try x(layer), 5)            // t = 1.5: back, 2 − 1.5 = 0.5
        h.advanceClock(to: 100.25)              // t = 1.75: 0.25
        expectClose(try x(layer), 2.5)
        h.advanceClock(to: 100.4)               // t = 1.9: 0.1
        expectClose(try x(layer), 1, tolerance: 1e-9)
        h.advanceClock(to: 102)
        #expect(log.events == ["start", "stop(true)"])
        expectClose(log.time(of: "stop(true)"), 102)
        expectClose(try x(layer), -1)
    }

    // MARK: - Fill before a future beginTime

    /// An animation delayed by 1 s of its layer's time, on a layer at speed 2, begins 0.5 s
    /// of media time later. Until then `.backwards` holds the from-value; afterwards,
    /// without forward fill, the model shows again.
    @Test func backwardsFillHoldsUntilAFutureBeginTimeOnAFasterLayer() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        h.setModel { layer.speed = 2 }
        let log = StampedLog()
        let anim = ramp()
        anim.fillMode = .backwards
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        OQC.withClock(h.clock) {
            anim.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 1   // 201
        }
        h.commit { layer.add(anim, forKey: "a") }
        #expect(layer.animation(forKey: "a")?.beginTime == 201)
        expectClose(try x(layer), 0)
        h.advanceClock(to: 100.25)     // layer 200.5: still before
        expectClose(try x(layer), 0)
        #expect(log.events.isEmpty)
        h.advanceClock(to: 100.75)     // layer 201.5: animation 0.5
        expectClose(try x(layer), 5)
        expectClose(log.time(of: "start"), 100.5)
        h.advanceClock(to: 101)        // layer 202: the end
        expectClose(log.time(of: "stop(true)"), 101)
        expectClose(try x(layer), -1)
    }

    // MARK: - QA1673 pause and resume

    /// Pausing a layer while its animation waits for a future `beginTime` holds the
    /// backwards fill and postpones the begin by the paused interval (2.5 s).
    @Test func pauseAndResumePostponeADelayedAnimationByThePausedInterval() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        let anim = ramp()
        anim.beginTime = 101
        anim.fillMode = .backwards
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(anim, forKey: "a") }
        h.advanceClock(to: 100.5)
        h.commit { QA1673.pause(layer) }                // frozen at local 100.5
        h.advanceClock(to: 103)
        expectClose(try x(layer), 0)
        #expect(log.events.isEmpty)
        h.commit { QA1673.resume(layer) }               // beginTime 103 − 100.5 = 2.5: local = media − 2.5
        h.advanceClock(to: 103.25)     // local 100.75: still before 101
        expectClose(try x(layer), 0)
        h.advanceClock(to: 104)        // local 101.5: animation 0.5
        expectClose(try x(layer), 5)
        h.advanceClock(to: 105)
        #expect(log.events == ["start", "stop(true)"])
        expectClose(log.time(of: "start"), 103.5)
        expectClose(log.time(of: "stop(true)"), 104.5)
    }

    /// An animation added to a paused layer begins at the frozen local time; after QA1673's
    /// resume it plays from its start, since local time continues from where it froze.
    @Test func animationAddedWhilePausedPlaysFromItsStartAfterResume() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        h.advanceClock(to: 100.5)
        h.commit { QA1673.pause(layer) }                // frozen at local 100.5
        h.advanceClock(to: 101)
        let anim = ramp()
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(anim, forKey: "a") }
        #expect(layer.animation(forKey: "a")?.beginTime == 100.5)
        h.advanceClock(to: 102)
        expectClose(try x(layer), 0)
        h.commit { QA1673.resume(layer) }               // local = media − 1.5
        h.advanceClock(to: 102.25)     // local 100.75: animation 0.25
        expectClose(try x(layer), 2.5)
        h.advanceClock(to: 104)
        #expect(log.events == ["start", "stop(true)"])
        expectClose(log.time(of: "stop(true)"), 103)   // local 101.5
    }

    /// QA1673 on the root pauses and resumes an animation on a sublayer with its own
    /// `beginTime` (10) and `speed` (2): the sublayer's local time is `(root − 10) · 2`.
    @Test func pausingTheRootCarriesThroughASublayersOwnTiming() throws {
        let h = EngineHarness()
        let root = h.makeLayer()
        let child = makeLayer(h)
        h.setModel {
            root.addSublayer(child)
            child.speed = 2
            child.beginTime = 10
        }
        let log = StampedLog()
        let anim = ramp()
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { child.add(anim, forKey: "a") }
        #expect(layerBegin(child) == 180)   // (100 − 10) · 2
        h.advanceClock(to: 100.25)          // child 180.5
        h.commit { QA1673.pause(root) }
        h.advanceClock(to: 105)
        expectClose(try x(child), 5)
        h.commit { QA1673.resume(root) }                     // root = media − 4.75
        h.advanceClock(to: 105.125)         // root 100.375, child 180.75
        expectClose(try x(child), 7.5)
        h.advanceClock(to: 106)
        #expect(log.events == ["start", "stop(true)"])
        expectClose(log.time(of: "stop(true)"), 105.25)   // child 181: root 100.5
    }

    private func layerBegin(_ layer: CALayer) -> CFTimeInterval? {
        layer.animation(forKey: "a")?.beginTime
    }
    // MARK: - beginTime at commit; layer speed on implicit animations

    /// An animation added with `beginTime` 0 takes its layer's local time when the
    /// transaction commits, not when `add(_:forKey:)` runs: time that passes inside the
    /// transaction delays it.
    @Test func zeroBeginTimeIsTheLayersTimeAtCommitNotAtAdd() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        let anim = ramp()
        anim.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit {
            layer.add(anim, forKey: "a")
            h.advance(by: 0.5)         // the commit comes at 100.5
        }
        #expect(layer.animation(forKey: "a")?.beginTime == 100.5)
        h.advanceClock(to: 100.75)     // animation 0.25
        expectClose(try x(layer), 2.5)
        h.advanceClock(to: 102)
        expectClose(log.time(of: "start"), 100.5)
        expectClose(log.time(of: "stop(true)"), 101.5)
    }

    /// Apple's Core Animation Programming Guide ("Customizing the Timing of an Animation"):
    /// changing a layer's `speed` changes the duration of animations on that layer and its
    /// sublayers proportionally. Implicit animations of the transaction's 1 s duration, on a
    /// layer at speed 2 and on its sublayer, end after 0.5 s of media time.
    @Test func layerSpeedScalesImplicitAnimationsOfTheLayerAndItsSublayers() throws {
        let h = EngineHarness()
        let parent = makeLayer(h)
        let child = makeLayer(h)
        h.setModel {
            parent.addSublayer(child)
            parent.speed = 2
            parent.position.x = 0
            child.position.x = 0
        }
        h.commit {
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            parent.position.x = 100
            child.position.x = 10
        }
        #expect(parent.animationKeys() == ["position"])
        #expect(child.animationKeys() == ["position"])
        h.advanceClock(to: 100.25)     // both layers 0.5 s into their 1 s animations
        expectClose(try x(parent), 50)
        expectClose(try x(child), 5)
        h.advanceClock(to: 100.5)
        #expect(parent.animationKeys() == nil)
        #expect(child.animationKeys() == nil)
        expectClose(try x(parent), 100)
        expectClose(try x(child), 10)
    }
}
#endif
