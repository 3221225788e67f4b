#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Pause, resume and speed of runs, on virtual time. Expected values are hand-computed
/// from linear animations: value = from + (to − from) · (elapsed / duration).
@Suite(.hangGuard)
struct RunControlTests {
    let fixture = QueueFixture(now: 50, queueName: "control-\(UUID())")

    func ramp(_ duration: TimeInterval) -> BasicAnimation<Float> {
        BasicAnimation(.opacity, from: 0, to: 1, duration: duration, timing: .linear)
    }

    func shown(_ layer: CALayer) -> Double { Double(layer.presentation()!.opacity) }

    /// Runs `plan` and pauses the run in the same main-thread turn, before any step begins:
    /// steps begin on the main queue's next turn.
    func runPausedFromTheStart(_ plan: AnimationPlan) async -> AnimationRun {
        let box = UncheckedSendableBox((fixture.queue, plan))
        let run = LockedValue<AnimationRun?>(nil)
        await onMainQueue {
            let started = box.value.0.run(box.value.1, motion: .full)
            started.pause()
            run.value = started
        }
        return run.value!
    }

    func times(_ run: AnimationRun, _ step: String) -> (start: Double?, end: Double?) {
        let events = run.recordedEvents.filter { $0.step == step }
        return (events.first { $0.kind == .started }.map { $0.time - 50 },
                events.first { if case .finished = $0.kind { true } else { false } }.map { $0.time - 50 })
    }

    /// A run retimes only the topmost of its layers: a layer under another of them follows
    /// its ancestor's time.
    @Test func theRunRetimesTheTopmostOfItsLayersOnceEach() {
        let root = CALayer(), child = CALayer(), grandchild = CALayer(), other = CALayer(), unrelated = CALayer()
        root.addSublayer(child)
        child.addSublayer(grandchild)
        unrelated.addSublayer(other)   // `unrelated` is not among the run's layers
        let topmost = AnimationRun.topmost([grandchild, other, root, grandchild, child, other])
        #expect(topmost.map(ObjectIdentifier.init) == [other, root].map(ObjectIdentifier.init))
    }

    /// The topmost layers are found when the run is first paused: a layer moved out from
    /// under another of the run's layers after the run began (before its own step, so that
    /// no animation of it is detached) is paused on its own, and a run that is never paused
    /// or sped up leaves every layer's timing alone.
    @Test func aLayerMovedOutFromUnderAnotherBeforeThePauseIsPausedItself() async {
        let parent = fixture.layer(), child = fixture.layer(), elsewhere = fixture.layer()
        parent.addSublayer(child)
        let run = fixture.queue.run(AnimationPlan(scheduling: .afterCompletion) {
            Step(parent, ramp(0.5))
            Step(child, ramp(1))
        }, motion: .full)
        await fixture.clock.advance(by: 0.25)
        elsewhere.addSublayer(child)   // no longer under `parent`; its step has not begun
        await fixture.clock.advance(by: 0.5)   // the child's step began at 0.5
        run.pause()
        await fixture.clock.advance(by: 0)
        await fixture.clock.advance(by: 0.5)
        #expect(abs(shown(child) - 0.25) < 1e-9)
        #expect(child.speed == 0)
        #expect(elsewhere.speed == 1)
        run.resume()
        await fixture.clock.advance(by: 0.75)
        #expect(await run.outcome == .finished)
        // 0.25 s before the pause, 0.5 s paused, the remaining 0.75 s after it.
        #expect(abs((times(run, "step 2 (opacity)").end ?? 0) - 2) < 1e-9)
        #expect(child.speed == 1 && parent.speed == 1)
        #expect(child.timeOffset == 0 && parent.timeOffset == 0)
    }

    @Test func aRunThatIsNeverRetimedLeavesItsLayersTimingAlone() async {
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan { Step(layer, ramp(0.5)) }, motion: .full)
        await fixture.clock.advance(by: 0.5)
        #expect(await run.outcome == .finished)
        #expect(run.foundTimedLayers == nil)
        #expect(layer.speed == 1 && layer.timeOffset == 0 && layer.beginTime == 0)
    }

    @Test func pausingFreezesTheRunningStepAndResumingContinuesIt() async {
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan { Step(layer, ramp(1)).named("fade") }, motion: .full)
        await fixture.clock.advance(by: 0.25)
        run.pause()
        await fixture.clock.advance(by: 0)
        #expect(abs(shown(layer) - 0.25) < 1e-9)
        await fixture.clock.advance(by: 2)
        #expect(abs(shown(layer) - 0.25) < 1e-9)
        #expect(!run.isFinished)
        run.resume()
        await fixture.clock.advance(by: 0.5)
        #expect(abs(shown(layer) - 0.75) < 1e-9)
        await fixture.clock.advance(by: 0.25)
        #expect(await run.outcome == .finished)
        #expect(abs((times(run, "fade").end ?? 0) - 3.0) < 1e-9)
        #expect(layer.opacity == 1)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test func pendingStepsWaitWhileTheRunIsPaused() async {
        let a = fixture.layer(), b = fixture.layer()
        let run = await runPausedFromTheStart(AnimationPlan {
            Step(a, ramp(0.5)).named("first")
            Perform("swap") {}
            Step(b, ramp(0.5)).named("second")
        })
        await fixture.clock.advance(by: 1)
        #expect(times(run, "first").start == nil)
        #expect(a.animationKeys() == nil)
        run.resume()
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(times(run, "first").start == 1)
        #expect(times(run, "first").end == 1.5)
        #expect(times(run, "second").start == 1.5)
        #expect(times(run, "second").end == 2)
    }

    /// A step held at a paused run's gate whose layer is deallocated ends `.interrupted`
    /// then, not when the run resumes; the other step waits for the resume as before.
    @Test func aParkedStepWhoseLayerIsDeallocatedEndsWithoutWaitingForTheResume() async {
        let kept = fixture.layer()
        var dropped: CALayer? = fixture.layer()
        weak let droppedLayer = dropped
        let run = await runPausedFromTheStart(AnimationPlan {
            Parallel {
                Step(kept, ramp(0.5)).named("kept")
                Step(dropped!, ramp(0.5)).named("dropped")
            }
        })
        await fixture.clock.advance(by: 0.25)
        #expect(times(run, "dropped").start == nil && times(run, "kept").start == nil, "both wait at the gate")
        dropped = nil
        #expect(droppedLayer == nil)
        await fixture.clock.advance(by: 0.25)
        let droppedEnd = run.recordedEvents.first { $0.step == "dropped" && $0.kind == .finished(.interrupted) }
        #expect(droppedEnd.map { $0.time - 50 } == 0.25, "ended when its layer went, while the run was still paused")
        #expect(times(run, "kept").start == nil)
        run.resume()
        await fixture.clock.advance(by: 1)
        #expect(times(run, "kept").start == 0.5)
        #expect(times(run, "kept").end == 1)
        #expect(await run.outcome == .interrupted)
        #expect(run.outcome(ofStep: "kept") == .finished && run.outcome(ofStep: "dropped") == .interrupted)
    }

    @Test func pausingDuringADelayKeepsTheRestOfTheDelay() async {
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan { Step(layer, ramp(1)).named("late").delayed(by: 0.5) }, motion: .full)
        await fixture.clock.advance(by: 0.2)
        run.pause()
        await fixture.clock.advance(by: 1)
        #expect(shown(layer) == 0)
        run.resume()
        await fixture.clock.advance(by: 0.3 + 0.5)
        #expect(abs(shown(layer) - 0.5) < 1e-9)
        await fixture.clock.advance(by: 0.5)
        #expect(await run.outcome == .finished)
        #expect(abs((times(run, "late").end ?? 0) - 2.5) < 1e-9)
    }

    @Test func speedScalesRunningAndPendingSteps() async {
        let a = fixture.layer(), b = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(a, ramp(1)).named("first")
            Step(b, ramp(1)).named("second")
        }, motion: .full)
        await fixture.clock.advance(by: 0.5)
        run.speed = 2
        await fixture.clock.advance(by: 0.125)
        #expect(abs(shown(a) - 0.75) < 1e-9)
        await fixture.clock.advance(by: 0.125)
        #expect(times(run, "first").end.map { abs($0 - 0.75) < 1e-9 } == true)
        await fixture.clock.advance(by: 0.5)
        #expect(await run.outcome == .finished)
        #expect(times(run, "second").end.map { abs($0 - 1.25) < 1e-9 } == true)
        #expect(a.speed == 1 && b.speed == 1)
    }

    @Test func cancellingAPausedRunHoldsThePausedValueAndLeavesLayersLive() async {
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan { Step(layer, ramp(1)) }, motion: .full)
        await fixture.clock.advance(by: 0.4)
        run.pause()
        await fixture.clock.advance(by: 1)
        run.cancel()
        await fixture.clock.advance(by: 0)
        #expect(await run.outcome == .cancelled)
        #expect(abs(Double(layer.opacity) - 0.4) < 1e-6)
        #expect(layer.speed == 1)
        #expect(layer.animationKeys() == nil)
        expectMediaTiming(layer, "layer")
    }

    /// Pause and resume set the values of Apple's QA1673 recipe: paused at local time p,
    /// `speed` 0 and `timeOffset` p; resumed at t, `speed` 1, `timeOffset` 0 and `beginTime`
    /// t − p (`convertTime(CACurrentMediaTime(), from: nil) − pausedTime`).
    @Test func pauseAndResumeSetQA1673sValues() async {
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan { Step(layer, ramp(2)) }, motion: .full)
        await fixture.clock.advance(by: 0.3)
        run.pause()
        await fixture.clock.advance(by: 0)
        #expect(layer.speed == 0)
        #expect(abs(layer.timeOffset - 50.3) < 1e-9)
        #expect(layer.beginTime == 0)
        await fixture.clock.advance(by: 1)
        run.resume()
        await fixture.clock.advance(by: 0)
        #expect(layer.speed == 1)
        #expect(layer.timeOffset == 0)
        #expect(abs(layer.beginTime - 1) < 1e-9)      // 51.3 − 50.3
        await fixture.clock.advance(by: 0.5)                   // 0.8 s of the ramp played
        #expect(abs(shown(layer) - 0.4) < 1e-6)
    }

    /// A layer the app runs at twice the speed of its parent.
    func doubleSpeedLayer() -> CALayer {
        let layer = fixture.layer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.speed = 2
        CATransaction.commit()
        return layer
    }

    /// The layer's own speed stays: a 1 s ramp at 2× shows 0.25 after 0.125 s; paused for
    /// 1 s and resumed, it goes on at 2×: 0.5 another 0.125 s later, ending at 1.5.
    @Test func pauseAndResumeKeepALayersOwnSpeed() async {
        let layer = doubleSpeedLayer()
        let run = fixture.queue.run(AnimationPlan { Step(layer, ramp(1)).named("a") }, motion: .full)
        await fixture.clock.advance(by: 0.125)
        #expect(abs(shown(layer) - 0.25) < 1e-6)
        run.pause()
        await fixture.clock.advance(by: 1)
        run.resume()
        await fixture.clock.advance(by: 0.125)
        #expect(abs(shown(layer) - 0.5) < 1e-6)
        await fixture.clock.advance(by: 0.25)
        #expect(run.outcome(ofStep: "a") == .finished)
        #expect(isClose(times(run, "a").end, 1.5))
        #expect(layer.speed == 2, "the layer's own speed is given back")
    }

    /// A run's speed multiplies the layer's own: at run speed 2 the 2× layer plays at 4×.
    @Test func aRunsSpeedMultipliesALayersOwnSpeed() async {
        let layer = doubleSpeedLayer()
        let run = fixture.queue.run(AnimationPlan { Step(layer, ramp(1)).named("a") }, motion: .full)
        await fixture.clock.advance(by: 0.125)
        run.speed = 2
        await fixture.clock.advance(by: 0.0625)
        #expect(abs(shown(layer) - 0.5) < 1e-6)      // 0.25 + 0.0625 · 4
        #expect(layer.speed == 4)
    }

    /// Paused between its cancel and its end: once ended, it is not paused, and its layer
    /// has media time back.
    @Test func aRunPausedAsItEndsReportsNotPaused() async {
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan { Step(layer, ramp(1)) }, motion: .full)
        await fixture.clock.advance(by: 0.25)
        run.cancel()
        run.pause()
        await fixture.clock.advance(by: 0)
        #expect(run.isFinished)
        #expect(!run.isPaused)
        expectMediaTiming(layer, "after a pause as the run ended")
    }

    // MARK: Timing given back when the run ends

    /// A run that was paused, resumed or sped up gives its layers their timing back when it
    /// ends, so their local time is media time again.
    func expectMediaTiming(_ layer: CALayer, _ comment: Comment) {
        #expect(layer.speed == 1, comment)
        #expect(layer.timeOffset == 0, comment)
        #expect(layer.beginTime == 0, comment)
        #expect(layer.convertTime(fixture.clock.now, from: nil) == fixture.clock.now, comment)
    }

    @Test func aPausedAndResumedRunGivesItsLayersMediaTimeBack() async {
        let card = fixture.layer(), badge = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(card, ramp(1))
            Step(badge, ramp(0.5))
        }, motion: .full)
        await fixture.clock.advance(by: 0.25)
        run.pause()
        await fixture.clock.advance(by: 2)
        run.resume()
        await fixture.clock.advance(by: 0.75 + 0.5)
        #expect(await run.outcome == .finished)
        expectMediaTiming(card, "card")
        expectMediaTiming(badge, "badge")
    }

    @Test func aLaterAnimationWithAnAbsoluteBeginTimeStartsOnTimeAfterAPausedRun() async {
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan { Step(layer, ramp(0.5)) }, motion: .full)
        await fixture.clock.advance(by: 0.1)
        run.pause()
        await fixture.clock.advance(by: 3)
        run.resume()
        await fixture.clock.advance(by: 0.4)
        #expect(await run.outcome == .finished)
        // 53.5: begins 0.5 s from now in media time, lasts 1 s.
        let start = fixture.clock.now + 0.5
        let later = CABasicAnimation(keyPath: "opacity")
        later.fromValue = Float(0)
        later.toValue = Float(1)
        later.duration = 1
        later.beginTime = layer.convertTime(start, from: nil)
        CATransaction.begin()
        layer.add(later, forKey: "later")
        CATransaction.commit()
        await fixture.clock.advance(to: start + 0.25)
        #expect(abs(Double(layer.presentation()!.opacity) - 0.25) < 1e-6)
    }

    /// A step that fills forwards keeps showing its last frame when the run that sped it up,
    /// or paused it, gives its layer media time back.
    @Test(arguments: [true, false])
    func aFillingStepKeepsItsLastFrameWhenTheRunGivesItsLayerMediaTimeBack(speedsUp: Bool) async {
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan { Step(layer, ramp(1).fillingForwards()) }, motion: .full)
        if speedsUp {
            run.speed = 2                            // ends at 0.5
            await fixture.clock.advance(by: 0.5)
        } else {
            await fixture.clock.advance(by: 0.25)
            run.pause()
            await fixture.clock.advance(by: 0.5)
            run.resume()                             // ends at 1.5
            await fixture.clock.advance(by: 0.75)
        }
        #expect(await run.outcome == .finished)
        expectMediaTiming(layer, "layer")
        for _ in 0..<3 {
            #expect(abs(shown(layer) - 1) < 1e-6, "the last frame, at \(fixture.clock.now - 50)")
            await fixture.clock.advance(by: 0.25)
        }
        #expect(layer.animationKeys()?.count == 1, "it fills forwards: still attached")
    }

    @Test func aSpedUpRunGivesItsLayersMediaTimeBack() async {
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan { Step(layer, ramp(1)) }, motion: .full)
        await fixture.clock.advance(by: 0.5)
        run.speed = 2
        await fixture.clock.advance(by: 0.25)
        #expect(await run.outcome == .finished)
        expectMediaTiming(layer, "layer")
        #expect(layer.opacity == 1)
    }

    /// Pausing or speeding up a run that has ended changes nothing: an animation added to
    /// its layer later plays at its own pace.
    @Test func pausingOrSpeedingUpARunThatHasEndedLeavesItsLayersAlone() async {
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan { Step(layer, ramp(0.5)) }, motion: .full)
        await fixture.clock.advance(by: 0.5)
        #expect(run.isFinished)
        run.pause()
        run.speed = 2
        await fixture.clock.advance(by: 0)
        #expect(!run.isPaused && run.speed == 1)
        #expect(layer.speed == 1 && layer.timeOffset == 0 && layer.beginTime == 0)
        let later = AnimationOperation(layer: layer, animation: BasicAnimation(.opacity, from: 0, to: 1, duration: 0.5, timing: .linear))
        later.motion = .full
        fixture.queue.addOperation(later)
        await fixture.clock.advance(by: 0.25)
        #expect(abs(shown(layer) - 0.5) < 1e-6)
        await fixture.clock.advance(by: 0.25)
        #expect(later.outcome == .finished)
    }

    /// Cancelling the queue finishes a block held at a paused run's gate, and with it the run.
    /// The recording block follows another one, so it becomes ready only after the pause,
    /// which comes in the main-thread turn of the run's start, and is held at the gate.
    @Test func cancelAllFinishesABlockHeldAtAPausedRunsGate() async {
        let layer = fixture.layer()
        let ran = LockedValue(false)
        let run = await runPausedFromTheStart(AnimationPlan {
            Perform {}
            Perform { ran.value = true }
            Step(layer, ramp(0.5))
        })
        await fixture.clock.advance(by: 0.1)
        #expect(!ran.value && !run.isFinished)
        fixture.queue.cancelAll()
        await fixture.clock.advance(by: 1)
        #expect(run.isFinished)
        if run.isFinished { #expect(await run.outcome == .cancelled) }
        #expect(!ran.value, "a cancelled block never runs")
        #expect(fixture.queue.operationCount == 0)
        #expect(layer.speed == 1)
        run.resume()
        await fixture.clock.advance(by: 0)
        #expect(!ran.value)
    }

    @Test func aRunThatNeverRetimedLeavesTheLayersOwnTimingAlone() async {
        let layer = fixture.layer()
        LayerFixtures.inEffect { layer.timeOffset = 7 }
        let run = fixture.queue.run(AnimationPlan { Step(layer, ramp(0.2)) }, motion: .full)
        await fixture.clock.advance(by: 0.2)
        #expect(await run.outcome == .finished)
        #expect(layer.timeOffset == 7)
    }
}
#endif
