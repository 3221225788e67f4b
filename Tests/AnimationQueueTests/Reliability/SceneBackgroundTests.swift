#if !canImport(QuartzCore)
@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// One scene of a multi-window app entering the background: UIKit posts only the scene's
/// notification, with the scene's windows. The animations on layers in those windows are
/// interrupted; the other scenes' animations play on. Driven through the same entry point
/// the notification observer calls, on virtual time.
@Suite(.hangGuard) struct SceneBackgroundTests {
    @Test func aSceneEnteringTheBackgroundInterruptsOnlyTheAnimationsInItsWindows() async {
        let fixture = QueueFixture()
        fixture.queue.backgroundPolicy = .interrupt
        let windowA = fixture.layer(), windowB = fixture.layer()
        let card = fixture.layer(opacity: 1), badge = fixture.layer(opacity: 1)
        let content = fixture.layer()
        windowA.addSublayer(content)
        content.addSublayer(card)
        windowB.addSublayer(badge)
        let fade = ProbedAnimationOperation("fade", layer: card, animation: OpacityRamp(from: 1, to: 0.5, duration: 1), log: fixture.log)
        let slide = ProbedAnimationOperation("slide", layer: badge,
                                             animation: BasicAnimation(.positionX, from: 0, to: 100, duration: 2, timing: .linear), log: fixture.log)
        fixture.queue.addOperations([fade, slide])
        await fixture.clock.advance(by: 0.5)

        let scene = UncheckedSendableBox([windowA])
        await MainActor.run {
            ApplicationLifecycle.sceneDidEnterBackground(windowLayers: scene.value, everySceneInBackground: false)
        }
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(fade, .interrupted, clock: fixture.clock)
        #expect(fixture.log.time(of: "fade finished") == 0.5)
        #expect(card.animationKeys() == nil && shownOpacity(card) == 0.5)
        // The other scene's step is untouched: halfway at 1 s, finished at 2 s.
        #expect(slide.outcome == nil)
        await fixture.clock.advance(to: 1)
        #expect(abs((badge.presentation()?.position.x ?? 0) - 50) < 1e-9)
        await fixture.clock.advance(to: 2)
        await expectFinishedOnce(slide, .finished, clock: fixture.clock)
        #expect(fixture.log.time(of: "slide finished") == 2)
    }
}
#endif
