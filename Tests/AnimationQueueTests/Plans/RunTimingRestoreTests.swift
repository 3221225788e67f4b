#if !canImport(QuartzCore)
import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// A run that was paused, resumed or sped up gives its layers their timing back when it
/// ends, so their local time is media time again. On virtual time; expected times are
/// hand-computed from the clock's readings.
@Suite(.hangGuard)
struct RunTimingRestoreTests {
    let clock = AnimationTestClock(now: 50)
    let queue = AnimationQueue(name: "restore-\(UUID())")

    func ramp(_ duration: TimeInterval) -> BasicAnimation<Float> {
        BasicAnimation(.opacity, from: 0, to: 1, duration: duration, timing: .linear)
    }

    func expectMediaTiming(_ layer: CALayer, _ comment: Comment) {
        #expect(layer.speed == 1, comment)
        #expect(layer.timeOffset == 0, comment)
        #expect(layer.beginTime == 0, comment)
        #expect(layer.convertTime(clock.now, from: nil) == clock.now, comment)
    }

    @Test func aPausedAndResumedRunGivesItsLayersMediaTimeBack() async {
        let card = clock.makeLayer(), badge = clock.makeLayer()
        let run = queue.run(AnimationPlan {
            Step(card, ramp(1))
            Step(badge, ramp(0.5))
        }, motion: .full)
        await clock.advance(by: 0.25)
        run.pause()
        await clock.advance(by: 2)
        run.resume()
        await clock.advance(by: 0.75 + 0.5)
        #expect(await run.outcome == .finished)
        expectMediaTiming(card, "card")
        expectMediaTiming(badge, "badge")
    }

    @Test func aLaterAnimationWithAnAbsoluteBeginTimeStartsOnTimeAfterAPausedRun() async {
        let layer = clock.makeLayer()
        let run = queue.run(AnimationPlan { Step(layer, ramp(0.5)) }, motion: .full)
        await clock.advance(by: 0.1)
        run.pause()
        await clock.advance(by: 3)
        run.resume()
        await clock.advance(by: 0.4)
        #expect(await run.outcome == .finished)
        // 53.5: begins 0.5 s from now in media time, lasts 1 s.
        let start = clock.now + 0.5
        let later = CABasicAnimation(keyPath: "opacity")
        later.fromValue = Float(0)
        later.toValue = Float(1)
        later.duration = 1
        later.beginTime = layer.convertTime(start, from: nil)
        CATransaction.begin()
        layer.add(later, forKey: "later")
        CATransaction.commit()
        await clock.advance(to: start + 0.25)
        #expect(abs(Double(layer.presentation()!.opacity) - 0.25) < 1e-6)
    }

    @Test func aSpedUpRunGivesItsLayersMediaTimeBack() async {
        let layer = clock.makeLayer()
        let run = queue.run(AnimationPlan { Step(layer, ramp(1)) }, motion: .full)
        await clock.advance(by: 0.5)
        run.speed = 2
        await clock.advance(by: 0.25)
        #expect(await run.outcome == .finished)
        expectMediaTiming(layer, "layer")
        #expect(layer.opacity == 1)
    }

    @Test func aCancelledPausedRunGivesItsLayersMediaTimeBack() async {
        let layer = clock.makeLayer()
        let run = queue.run(AnimationPlan { Step(layer, ramp(1)) }, motion: .full)
        await clock.advance(by: 0.4)
        run.pause()
        await clock.advance(by: 1)
        run.cancel()
        await clock.advance(by: 0)
        #expect(await run.outcome == .cancelled)
        expectMediaTiming(layer, "layer")
        #expect(abs(Double(layer.opacity) - 0.4) < 1e-6)
    }

    @Test func aRunThatNeverRetimedLeavesTheLayersOwnTimingAlone() async {
        let layer = clock.makeLayer()
        layer.timeOffset = 7
        let run = queue.run(AnimationPlan { Step(layer, ramp(0.2)) }, motion: .full)
        await clock.advance(by: 0.2)
        #expect(await run.outcome == .finished)
        #expect(layer.timeOffset == 7)
    }
}
#endif
