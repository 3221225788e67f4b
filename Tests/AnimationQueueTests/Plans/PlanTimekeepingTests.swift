#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where QuartzCore
// is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// A plan's waits and blocks keep the plan's time: its waits are timed on its first layer,
/// which the app may release while the plan runs (the waits keep their length, and the run
/// keeps no layer alive), and a test clock waits for its blocks.
@Suite(.hangGuard)
struct PlanTimekeepingTests {
    let fixture = QueueFixture(now: 100, queueName: "timing-layer-\(UUID())")

    func fade(_ to: Float, _ duration: TimeInterval) -> BasicAnimation<Float> {
        BasicAnimation(.opacity, from: 1 - to, to: to, duration: duration, timing: .linear)
    }

    @Test func aWaitKeepsItsLengthWhenThePlansFirstLayerIsReleasedDuringIt() async {
        var toast: CALayer? = fixture.layer()
        weak let releasedToast = toast
        let button = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Serial {
                Step(toast!, fade(0, 0.2)).named("toast")
                Wait(0.5).named("pause")
                Step(button, fade(1, 0.3)).named("button")
                Perform("done") {}
            }
        }, motion: .full)
        await fixture.clock.advance(by: 0.4)
        toast = nil
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        let times = run.stepTimeline(since: 100)
        #expect(times["toast"]?.start == 0 && times["toast"]?.end == 0.2)
        #expect(times["pause"]?.start == 0.2 && times["pause"]?.end == 0.7)
        #expect(times["button"]?.start == 0.7 && times["button"]?.end == 1.0)
        // Timed on the released layer's clock.
        #expect(times["done"]?.start == 1.0 && times["done"]?.end == 1.0)
        #expect(releasedToast == nil, "a run that is still held keeps no layer alive once its waits are over")
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test func aWaitOfARunNobodyHoldsKeepsItsLengthWhenThePlansFirstLayerIsReleased() async {
        var toast: CALayer? = fixture.layer()
        let button = fixture.layer()
        let buttonStart = LockedValue<TimeInterval?>(nil)
        _ = fixture.queue.run(AnimationPlan {
            Serial {
                Step(toast!, fade(0, 0.2))
                Wait(0.5)
                Perform { [clock = fixture.clock] in buttonStart.value = clock.now - 100 }
                Step(button, fade(1, 0.3))
            }
        }, motion: .full)
        await fixture.clock.advance(by: 0.4)
        toast = nil
        await fixture.clock.advance(by: 1)
        #expect(buttonStart.value.map { ($0 * 1000).rounded() / 1000 } == 0.7)
        #expect(button.opacity == 1)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test func aStepOnThePlansFirstLayerIsInterruptedWhenThatLayerIsReleasedWhileTheRunIsHeld() async {
        var card: CALayer? = fixture.layer()
        weak let releasedCard = card
        let badge = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Parallel {
                Step(card!, fade(1, 1)).named("card")
                Step(badge, fade(1, 1)).named("badge")
            }
        }, motion: .full)
        await fixture.clock.advance(by: 0.5)
        card = nil
        await fixture.clock.advance(by: 1)
        #expect(releasedCard == nil)
        #expect(await run.outcome == .interrupted)
        let ends = run.recordedEvents.compactMap { event -> String? in
            guard case .finished(let outcome) = event.kind else { return nil }
            return "\(event.step) \(outcome) \(((event.time - 100) * 1000).rounded() / 1000)"
        }
        #expect(ends.sorted() == ["badge finished 1.0", "card interrupted 0.5"])
        #expect(fixture.clock.pendingWork.isEmpty)
    }
}

extension PlanTimekeepingTests {
    @Test func aTestClockWaitsForABlockThatFollowsThePlansLastAnimation() async {
        let card = fixture.layer()
        let ranAt = LockedValue<TimeInterval?>(nil)
        let run = fixture.queue.run(AnimationPlan {
            Serial {
                Step(card, fade(1, 0.2))
                Perform("after the card") { [clock = fixture.clock] in ranAt.value = clock.now - 100 }
            }
        }, motion: .full)
        await fixture.clock.advance(by: 0.2)
        // The block ran inside the advance, at the instant the card's fade ended.
        #expect(ranAt.value.map { ($0 * 1000).rounded() / 1000 } == 0.2)
        #expect(run.isFinished)
        #expect(fixture.clock.pendingWork.isEmpty)
    }
}
#endif
