#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where
// QuartzCore is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// A delayed step whose animation never ends (it repeats forever) is added as the animation
/// itself, beginning at an absolute time `delay` after the step's start and filled backwards
/// until then, not in a group of endless duration, whose timing Core Animation does not
/// document.
@Suite(.hangGuard) struct NeverEndingStepTests {
    static let pulse = BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear,
                                      delay: 0.5, repeatCount: .infinity)

    @Test func aDelayedStepThatNeverEndsHoldsItsFromValueThenCyclesFromItsStart() async {
        let fixture = QueueFixture(now: 10)
        let layer = fixture.layer()
        let operation = AnimationOperation(layer: layer, animation: Self.pulse)
        operation.motion = .full
        fixture.queue.addOperation(operation)
        await fixture.clock.advance(by: 0)
        let added = layer.animationKeys()?.first.flatMap { layer.animation(forKey: $0) }
        #expect(added is CABasicAnimation)
        #expect(added?.beginTime == 10.5)
        func shown() -> Double { Double(layer.presentation()?.position.x ?? .nan) }
        await fixture.clock.advance(to: 10.25)
        #expect(shown() == 0)                             // the delay: the from-value
        await fixture.clock.advance(to: 10.75)
        #expect(abs(shown() - 25) < 1e-6)                 // a quarter into the first cycle
        await fixture.clock.advance(to: 1_000_010.75)
        #expect(abs(shown() - 25) < 1e-6)                 // a million seconds on, still cycling
        #expect(operation.isExecuting)
        operation.cancel()
        await fixture.clock.advance(by: 0)
        #expect(operation.outcome == .cancelled)
        #expect(layer.animationKeys() == nil)
    }

    /// The step's start is when it began, not when its animation begins after the delay, as
    /// for a delayed step that ends.
    @Test func theStepStartsWhenItBeginsNotAfterItsDelay() async {
        let fixture = QueueFixture(now: 10)
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(layer, Self.pulse).named("pulse")
        }, motion: .full)
        await fixture.clock.advance(by: 1)
        let started = run.recordedEvents.first { $0.kind == .started }
        #expect(started?.step == "pulse")
        #expect(started?.time == 10)
        run.cancel()
        #expect(await run.outcome == .cancelled)
    }
}
#endif
