#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where
// QuartzCore is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// What an operation's outcome does to the rest of its graph: an interruption (a layer
/// deallocated or an animation removed by other code) is not a cancellation, so the chain
/// goes on; a cancellation reaches plain-`Operation` dependents too, unless they opt out.
@Suite(.hangGuard)
struct OutcomePropagationTests {
    /// Three one-second steps on three layers, `first → middle → last`; the middle step's
    /// layer is held only by the operation (weakly), so it is gone before its step starts.
    @Test func aLayerDeallocatedMidChainInterruptsItsStepAndTheChainGoesOn() async {
        let fixture = QueueFixture()
        let firstLayer = fixture.layer(), lastLayer = fixture.layer()
        let slide = BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear)
        let first = ProbedAnimationOperation("first", layer: firstLayer, animation: slide, log: fixture.log)
        weak var weakMiddleLayer: CALayer?
        let middle: ProbedAnimationOperation = {
            let layer = fixture.layer()
            weakMiddleLayer = layer
            return ProbedAnimationOperation("middle", layer: layer, animation: slide, log: fixture.log)
        }()
        let last = ProbedAnimationOperation("last", layer: lastLayer, animation: slide, log: fixture.log)
        middle.addDependency(first)
        last.addDependency(middle)
        fixture.queue.addOperations([first, middle, last])

        await fixture.clock.advance(by: 0.5)
        #expect(weakMiddleLayer == nil)
        await fixture.clock.advance(to: 1)
        await expectFinishedOnce(first, .finished, clock: fixture.clock)
        await expectFinishedOnce(middle, .interrupted, clock: fixture.clock)
        #expect(!middle.isCancelled)
        #expect(fixture.log.time(of: "last started") == 1)
        await fixture.clock.advance(to: 1.5)
        #expect(isClose(lastLayer.presentation().map { Double($0.position.x) }, 50, 1e-6))
        await fixture.clock.advance(to: 2)
        await expectFinishedOnce(last, .finished, clock: fixture.clock)
        #expect(lastLayer.position.x == 100 && lastLayer.animationKeys() == nil)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    /// The same chain as a plan: the run reports the interruption, and each step its outcome.
    @Test func aPlanWhoseMiddleLayerIsDeallocatedEndsInterruptedAfterPlayingTheRest() async {
        let fixture = QueueFixture()
        let firstLayer = fixture.layer(), lastLayer = fixture.layer()
        let slide = BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear)
        weak var weakMiddleLayer: CALayer?
        let run: AnimationRun = {
            let middleLayer = fixture.layer()
            weakMiddleLayer = middleLayer
            return fixture.queue.run(AnimationPlan {
                Step(firstLayer, slide).named("first")
                Step(middleLayer, slide).named("middle")
                Step(lastLayer, slide).named("last")
            }, motion: .full)
        }()
        await fixture.clock.advance(by: 0.5)
        #expect(weakMiddleLayer == nil)
        await fixture.clock.advance(to: 2)
        #expect(await run.outcome == .interrupted)
        #expect(run.outcome(ofStep: "first") == .finished)
        #expect(run.outcome(ofStep: "middle") == .interrupted)
        #expect(run.outcome(ofStep: "last") == .finished)
        #expect(lastLayer.position.x == 100 && lastLayer.animationKeys() == nil)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    /// An animation removed by other code ends `.interrupted`, never `.finished`, with the
    /// final value in the model (written first); its dependent is not cancelled and plays.
    @Test func anAnimationRemovedByOtherCodeIsInterruptedAndItsDependentPlays() async {
        let fixture = QueueFixture()
        let layer = fixture.layer(), other = fixture.layer()
        let slide = ProbedAnimationOperation("slide", layer: layer,
                                             animation: BasicAnimation(.positionX, from: 0, to: 100, duration: 1), log: fixture.log)
        let next = ProbedAnimationOperation("next", layer: other,
                                            animation: BasicAnimation(.opacity, from: 1, to: 0, duration: 1), log: fixture.log)
        next.addDependency(slide)
        fixture.queue.addOperations([slide, next])
        await fixture.clock.advance(by: 0.25)
        layer.removeAllAnimations()
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(slide, .interrupted, clock: fixture.clock)
        #expect(layer.position.x == 100)
        #expect(layer.presentation()?.position.x == 100)
        #expect(fixture.log.time(of: "next started") == 0.25)
        await fixture.clock.advance(to: 1.25)
        await expectFinishedOnce(next, .finished, clock: fixture.clock)
        #expect(other.opacity == 0)
    }

    /// Cancelling an animation cancels a plain `BlockOperation` that depends on it, on an
    /// ``AnimationQueue``: the block never runs. (A plain `OperationQueue` would run it.)
    @Test func cancellingAnAnimationCancelsAPlainDependentSoItNeverRuns() async {
        let fixture = QueueFixture()
        let layer = fixture.layer()
        let ran = RanFlag()
        let fade = AnimationOperation(layer: layer, animation: BasicAnimation(.opacity, from: 0, to: 1, duration: 1))
        let after = BlockOperation { ran.set() }
        after.addDependency(fade)
        fixture.queue.addOperations([fade, after])
        await fixture.clock.advance(by: 0.5)
        fade.cancel()
        await fixture.clock.advance(by: 0)
        #expect(await settle(fixture.clock) { after.isFinished })
        #expect(fade.outcome == .cancelled)
        #expect(after.isCancelled)
        #expect(!ran.value)
    }

    /// The opt-out: a plain dependent added with `.proceed` runs after its dependency is
    /// cancelled, once the cancelled animation has finished.
    @Test func aPlainDependentAddedWithProceedRunsAfterItsDependencyIsCancelled() async {
        let fixture = QueueFixture()
        let layer = fixture.layer()
        let ran = RanFlag()
        let fade = AnimationOperation(layer: layer, animation: BasicAnimation(.opacity, from: 0, to: 1, duration: 1))
        let after = BlockOperation { ran.set() }
        after.addDependency(fade)
        fixture.queue.addOperation(fade)
        fixture.queue.addOperation(after, onCancelledDependency: .proceed)
        await fixture.clock.advance(by: 0.5)
        #expect(!ran.value)
        fade.cancel()
        await fixture.clock.advance(by: 0)
        #expect(await settle(fixture.clock) { after.isFinished })
        #expect(fade.outcome == .cancelled)
        #expect(!after.isCancelled)
        #expect(ran.value)
    }

    /// On `OperationQueue.main` too, an ``AnimationOperation`` whose dependency is cancelled
    /// is cancelled, and leaves its layer alone.
    @Test func aDependentOnOperationQueueMainIsCancelledWithItsDependency() async {
        let clock = AnimationTestClock()
        let layer = clock.makeLayer()
        let slide = AnimationOperation(layer: layer, animation: BasicAnimation(.positionX, from: 0, to: 100, duration: 1))
        let drop = AnimationOperation(layer: layer, animation: BasicAnimation(.positionY, from: 0, to: 100, duration: 1))
        drop.addDependency(slide)
        OperationQueue.main.addOperation(slide)
        OperationQueue.main.addOperation(drop)
        await clock.advance(by: 0.5)
        slide.cancel()
        await clock.advance(by: 0)
        #expect(await settle(clock) { drop.isFinished })
        #expect(slide.outcome == .cancelled)
        #expect(drop.outcome == .cancelled)
        #expect(layer.position.y == 0 && layer.animationKeys() == nil)
    }

    /// A run cancelled before any step started ends `.cancelled` without touching its layer.
    /// On the main actor, so that nothing begins before the cancel: steps added on the main
    /// thread begin on its next turn.
    @MainActor @Test func aRunCancelledBeforeItsFirstStepLeavesTheLayerUntouched() async {
        let fixture = QueueFixture()
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(layer, BasicAnimation(.positionX, from: 50, to: 100, duration: 1)).named("slide")
            Step(layer, BasicAnimation(.positionX, to: 10, duration: 1)).named("back")
        }, motion: .full)
        run.cancel()
        await fixture.clock.advance(by: 0)
        #expect(await run.outcome == .cancelled)
        #expect(run.outcome(ofStep: "slide") == .cancelled && run.outcome(ofStep: "back") == .cancelled)
        #expect(layer.position.x == 0)
        #expect(layer.animationKeys() == nil)
        #expect(fixture.clock.pendingWork.isEmpty)
    }
}
#endif
