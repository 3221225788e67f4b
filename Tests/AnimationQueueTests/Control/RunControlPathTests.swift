#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where
// QuartzCore is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// A paused run meets the other paths of the Cancellation guide: cancelled with each step
/// policy, its animation removed by other code, cancelled during a wait; and a sped-up run
/// paused and resumed. Every step ends once, and the layers get their own timing back.
@Suite(.hangGuard)
struct RunControlPathTests {
    static let slide = BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear)

    /// Paused halfway (x = 50 on screen) for 3 s, then cancelled: the step's policy decides
    /// where the layer rests, the pending step never starts.
    @Test(arguments: [(CancellationPolicy.holdPresentation, CGFloat(50)), (.revert, 0), (.complete, 100)])
    func cancellingAPausedRunAppliesTheStepsPolicy(policy: CancellationPolicy, x: CGFloat) async {
        let fixture = QueueFixture(queueName: "\(#function)\(policy)")
        let layer = fixture.layer(), other = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(layer, Self.slide).cancellationPolicy(policy).named("slide")
            Step(other, Self.slide).named("next")
        }, motion: .full)
        await fixture.clock.advance(by: 0.5)
        run.pause()
        await fixture.clock.advance(by: 3)
        run.cancel()
        await fixture.clock.advance(by: 0)
        #expect(await run.outcome == .cancelled)
        #expect(isClose(Double(layer.position.x), Double(x), 1e-6))
        #expect(isClose(layer.presentation().map { Double($0.position.x) }, Double(x), 1e-6))
        #expect(layer.speed == 1 && layer.timeOffset == 0)
        #expect(other.position.x == 0)
        #expect(run.outcome(ofStep: "next") == .cancelled)
    }

    /// A removal while paused interrupts the running step at once; the next step still
    /// waits for the resume, then plays, and the run ends `.interrupted`.
    @Test func aRemovalWhilePausedInterruptsTheStepAndTheRestWaitsForTheResume() async {
        let fixture = QueueFixture()
        let layer = fixture.layer(), other = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(layer, Self.slide).named("slide")
            Step(other, Self.slide).named("next")
        }, motion: .full)
        await fixture.clock.advance(by: 0.5)
        run.pause()
        await fixture.clock.advance(by: 1)
        layer.removeAllAnimations()
        await fixture.clock.advance(by: 0)
        #expect(run.outcome(ofStep: "slide") == .interrupted)
        #expect(run.outcome(ofStep: "next") == nil)
        await fixture.clock.advance(by: 5)
        #expect(run.outcome(ofStep: "next") == nil)
        #expect(other.position.x == 0)
        run.resume()
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .interrupted)
        #expect(other.position.x == 100)
        #expect(layer.speed == 1 && layer.timeOffset == 0 && other.speed == 1 && other.timeOffset == 0)
    }

    /// Cancelled during a wait: the wait, the block after it and the last step never run;
    /// the finished first step keeps its value.
    @Test func cancellingDuringAWaitSkipsTheBlockAndTheStepsAfterIt() async {
        let fixture = QueueFixture()
        let layer = fixture.layer()
        let ran = RanFlag()
        let run = fixture.queue.run(AnimationPlan {
            Step(layer, Self.slide).named("slide")
            Wait(1)
            Perform("block") { ran.set() }
            Step(layer, BasicAnimation(.positionX, to: 0, duration: 1)).named("back")
        }, motion: .full)
        await fixture.clock.advance(by: 1.5)
        run.cancel()
        await fixture.clock.advance(by: 0)
        #expect(await run.outcome == .cancelled)
        #expect(run.outcome(ofStep: "slide") == .finished)
        #expect(run.outcome(ofStep: "back") == .cancelled)
        await fixture.clock.advance(by: 2)
        #expect(!ran.value)
        #expect(layer.position.x == 100)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    /// At 2× a 1 s step is halfway (x = 50) after 0.25 s; paused for 1 s it stays there;
    /// resumed, it ends 0.25 s later and the step back takes 0.5 s: the run ends at 2 s.
    @Test func aSpedUpRunPausedAndResumedKeepsItsSpeed() async {
        let fixture = QueueFixture()
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(layer, Self.slide)
            Step(layer, BasicAnimation(.positionX, to: 0, duration: 1, timing: .linear))
        }, motion: .full)
        run.speed = 2
        await fixture.clock.advance(by: 0.25)
        #expect(isClose(layer.presentation().map { Double($0.position.x) }, 50, 1e-6))
        run.pause()
        await fixture.clock.advance(by: 1)
        #expect(isClose(layer.presentation().map { Double($0.position.x) }, 50, 1e-6))
        run.resume()
        await fixture.clock.advance(by: 0.25)
        #expect(isClose(layer.presentation().map { Double($0.position.x) }, 100, 1e-6))
        await fixture.clock.advance(by: 0.25)
        #expect(isClose(layer.presentation().map { Double($0.position.x) }, 50, 1e-6))
        await fixture.clock.advance(by: 0.25)
        #expect(await run.outcome == .finished)
        #expect(fixture.clock.now == 2)
        #expect(layer.speed == 1 && layer.timeOffset == 0)
    }
}

#endif
