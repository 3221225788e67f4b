#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where
// QuartzCore is absent.

@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// An operation that takes its own animation off the layer (a cancel, the app or its scene
/// going to the background) finishes then, on the main thread, without waiting for Core
/// Animation to report the removal: Core Animation may report it late, or, for an app in
/// the background, only once the app returns. Under virtual time the engine reports a
/// removal only when the clock moves, so each test checks the outcome before moving it.
@Suite(.hangGuard) struct RemovalWithoutCallbackTests {
    @Test func cancellingARunningStepFinishesItBeforeCoreAnimationReportsTheRemoval() async {
        let fixture = QueueFixture()
        let card = fixture.layer(opacity: 0)
        let after = fixture.layer(opacity: 0)
        let fade = ProbedAnimationOperation("fade", layer: card, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        let next = ProbedAnimationOperation("next", layer: after, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        next.addDependency(fade)
        fixture.queue.addOperations([fade, next])
        await fixture.clock.advance(by: 0.25)
        let shown = UncheckedSendableBox(card)
        let seen = await MainActor.run { () -> (AnimationOutcome?, [String]?, Float) in
            fade.cancel()
            return (fade.outcome, shown.value.animationKeys(), shown.value.opacity)
        }
        // Finished in the same turn: policy written (hold: 0.25), animation gone.
        #expect(seen.0 == .cancelled)
        #expect(seen.1 == nil)
        #expect(abs(Double(seen.2) - 0.25) < 1e-6)
        #expect(fixture.log.time(of: "fade finished") == 0.25)
        // Core Animation's report of the removal comes now, and changes nothing.
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(fade, .cancelled, clock: fixture.clock)
        await expectFinishedOnce(next, .cancelled, clock: fixture.clock)
        #expect(!next.everStarted)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test(arguments: [CancellationPolicy.revert, .complete])
    func eachCancellationPolicyIsWrittenBeforeTheCancelledStepFinishes(_ policy: CancellationPolicy) async {
        let fixture = QueueFixture()
        let layer = fixture.layer()
        let slide = AnimationOperation(layer: layer, animation: BasicAnimation(.positionX, from: 0, to: 100, duration: 1))
        slide.cancellationPolicy = policy
        fixture.queue.addOperation(slide)
        await fixture.clock.advance(by: 0.5)
        let shown = UncheckedSendableBox(layer)
        let seen = await MainActor.run { () -> (AnimationOutcome?, CGFloat) in
            slide.cancel()
            return (slide.outcome, shown.value.position.x)
        }
        #expect(seen.0 == .cancelled)
        #expect(seen.1 == (policy == .revert ? 0 : 100))
        #expect(layer.animationKeys() == nil)
    }

    @Test func theAppEnteringTheBackgroundFinishesRunningStepsBeforeCoreAnimationReports() async {
        let fixture = QueueFixture()
        fixture.queue.backgroundPolicy = .interrupt
        let window = fixture.layer()
        let card = fixture.layer(opacity: 1)
        window.addSublayer(card)
        let fade = ProbedAnimationOperation("fade", layer: card, animation: OpacityRamp(from: 1, to: 0.5, duration: 1), log: fixture.log)
        fixture.queue.addOperation(fade)
        await fixture.clock.advance(by: 0.5)
        let scene = UncheckedSendableBox([window])
        let shown = UncheckedSendableBox(card)
        let seen = await MainActor.run { () -> (AnimationOutcome?, [String]?) in
            ApplicationLifecycle.sceneDidEnterBackground(windowLayers: scene.value, everySceneInBackground: false)
            return (fade.outcome, shown.value.animationKeys())
        }
        #expect(seen.0 == .interrupted)
        #expect(seen.1 == nil)
        #expect(card.opacity == 0.5)                    // the model holds the final value
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(fade, .interrupted, clock: fixture.clock)
    }
}
#endif
