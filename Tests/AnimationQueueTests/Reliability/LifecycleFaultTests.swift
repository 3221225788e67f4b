#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// What operations do when the world changes under them: the app is backgrounded, a layer
/// leaves the tree, or the queue's owner lets it go. The outcomes are documented in the
/// Cancellation guide and the README.
@Suite(.hangGuard) struct LifecycleFaultTests {
    // MARK: Backgrounding

    /// The engine-side equivalent of Core Animation removing animations when the app enters
    /// the background: every animation on every layer removed at once.
    @Test func removingEveryAnimationAtOnceInterruptsEachRunningOperationOnce() async {
        let fixture = QueueFixture()
        let card = fixture.layer(opacity: 1)
        let badge = fixture.layer(opacity: 1)
        let fade = ProbedAnimationOperation("fade", layer: card, animation: OpacityRamp(from: 1, to: 0.5, duration: 1), log: fixture.log)
        let slide = ProbedAnimationOperation("slide", layer: badge,
                                             animation: BasicAnimation(.positionX, from: 0, to: 100, duration: 2), log: fixture.log)
        let next = ProbedAnimationOperation("next", layer: card, animation: OpacityRamp(from: 0.5, to: 0.25, duration: 1), log: fixture.log)
        next.addDependency(fade)
        fixture.queue.addOperations([fade, slide, next])

        await fixture.clock.advance(by: 0.5)
        for layer in [card, badge] { layer.removeAllAnimations() }
        await fixture.clock.advance(by: 0)
        // Removed, not cancelled: interrupted, once; the model already holds the final values.
        await expectFinishedOnce(fade, .interrupted, clock: fixture.clock)
        await expectFinishedOnce(slide, .interrupted, clock: fixture.clock)
        #expect(fixture.log.time(of: "fade finished") == 0.5 && fixture.log.time(of: "slide finished") == 0.5)
        #expect(badge.position.x == 100 && badge.presentation()?.position.x == 100)
        #expect(badge.animationKeys() == nil)
        // An interrupted dependency does not cancel its dependents: `next` starts at once,
        // from the final value `fade` left in the model, and writes its own.
        #expect(fixture.log.time(of: "next started") == 0.5)
        #expect(!next.isCancelled)
        #expect(shownOpacity(card) == 0.5 && card.opacity == 0.25)
        await fixture.clock.advance(by: 1)
        await expectFinishedOnce(next, .finished, clock: fixture.clock)
        #expect(card.opacity == 0.25 && card.animationKeys() == nil)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    /// What AnimationQueue does on UIKit's didEnterBackground / willEnterForeground: running
    /// operations finish `.interrupted` showing their final values, and nothing else starts
    /// until the app is back.
    @Test func enteringTheBackgroundInterruptsRunningWorkAndHoldsTheRestUntilForeground() async {
        let fixture = QueueFixture()
        fixture.queue.backgroundPolicy = .interrupt
        let card = fixture.layer(opacity: 1)
        let fade = ProbedAnimationOperation("fade", layer: card, animation: OpacityRamp(from: 1, to: 0.5, duration: 1), log: fixture.log)
        let next = ProbedAnimationOperation("next", layer: card, animation: OpacityRamp(from: 0.5, to: 0.25, duration: 1), log: fixture.log)
        next.addDependency(fade)
        fixture.queue.addOperations([fade, next])

        await fixture.clock.advance(by: 0.5)
        fixture.queue.applicationDidEnterBackground()
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(fade, .interrupted, clock: fixture.clock)
        #expect(card.opacity == 0.5 && shownOpacity(card) == 0.5 && card.animationKeys() == nil)
        #expect(!fixture.queue.isSuspended, "the owner's setting is unchanged")

        await fixture.clock.advance(by: 5)
        #expect(!next.everExecuted, "held back while in the background")
        #expect(next.outcome == nil && !next.isCancelled)

        fixture.queue.applicationWillEnterForeground()
        #expect(await settle(fixture.clock) { next.everStarted })
        #expect(fixture.log.time(of: "next started") == 5.5)
        await fixture.clock.advance(by: 1)
        await expectFinishedOnce(next, .finished, clock: fixture.clock)
        #expect(card.opacity == 0.25)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    /// A queue its owner suspended stays suspended after the app returns.
    @Test func returningToTheForegroundKeepsTheOwnersSuspension() async {
        let fixture = QueueFixture()
        let card = fixture.layer(opacity: 1)
        fixture.queue.applicationDidEnterBackground()
        fixture.queue.isSuspended = true
        fixture.queue.applicationWillEnterForeground()
        let fade = ProbedAnimationOperation("fade", layer: card, animation: OpacityRamp(from: 1, to: 0.5, duration: 1), log: fixture.log)
        fixture.queue.addOperation(fade)
        await fixture.clock.advance(by: 1)
        #expect(!fade.everExecuted && fixture.queue.isSuspended)
        fixture.queue.isSuspended = false
        #expect(await settle(fixture.clock) { fade.everStarted })
        await fixture.clock.advance(by: 1)
        await expectFinishedOnce(fade, .finished, clock: fixture.clock)
    }

    /// A gapless plan commits its next step ahead; entering the background discards that too,
    /// so the step plays when the app is back instead of unseen in the background.
    @Test func enteringTheBackgroundDuringAGaplessPlanPlaysTheRestAfterForeground() async {
        let fixture = QueueFixture()
        fixture.queue.backgroundPolicy = .interrupt
        let card = fixture.layer(opacity: 1)
        let run = fixture.queue.run(AnimationPlan(scheduling: .gapless) {
            Step(card, BasicAnimation(.opacity, to: 0.5, duration: 1)).named("first")
            Step(card, BasicAnimation(.opacity, to: 0, duration: 1, timing: .linear)).named("second")
        }, motion: .full)
        await fixture.clock.advance(by: 0.5)
        #expect(card.animationKeys()?.count == 2, "the second step is committed ahead")
        fixture.queue.applicationDidEnterBackground()
        await fixture.clock.advance(by: 3)
        #expect(card.opacity == 0.5, "the first step's final value; the second has not started")
        #expect(card.animationKeys() == nil)
        fixture.queue.applicationWillEnterForeground()
        await fixture.clock.advance(by: 0.5)
        #expect(isClose(shownOpacity(card), 0.25, 1e-6))
        await fixture.clock.advance(by: 0.5)
        #expect(await run.outcome == .interrupted)
        #expect(card.opacity == 0 && card.animationKeys() == nil)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    // MARK: A layer leaves the tree

    @Test func layerRemovedFromItsSuperlayerKeepsAnimatingAndFinishesUnlessDetachingRemovesAnimations() async {
        let fixture = QueueFixture()
        let root = fixture.layer()
        let card = fixture.layer(opacity: 1)
        root.addSublayer(card)
        let fade = ProbedAnimationOperation("fade", layer: card,
                                            animation: BasicAnimation(.opacity, from: 1, to: 0, duration: 1, timing: .linear), log: fixture.log)
        fixture.queue.addOperation(fade)
        await fixture.clock.advance(by: 0.25)
        card.removeFromSuperlayer()
        #expect(card.superlayer == nil)
        await fixture.clock.advance(by: 0.25)
        if fixture.clock.engineClock.variance.contains(.detachRemoves) {
            // As when a view's layer leaves its window on iOS: its animations are removed.
            #expect(shownOpacity(card) == 0, "the model's final value shows")
            await expectFinishedOnce(fade, .interrupted, clock: fixture.clock)
        } else {
            #expect(isClose(shownOpacity(card), 0.5, 1e-6), "its animation stays attached and on time")
            await fixture.clock.advance(by: 0.5)
            await expectFinishedOnce(fade, .finished, clock: fixture.clock)
        }
        #expect(card.opacity == 0 && card.animationKeys() == nil)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test func layerRemovedFromTheTreeAndReleasedInterruptsTheOperation() async {
        let fixture = QueueFixture()
        let root = fixture.layer()
        weak var weakCard: CALayer?
        let fade: ProbedAnimationOperation = {
            let card = fixture.layer(opacity: 1)
            root.addSublayer(card)
            weakCard = card
            return ProbedAnimationOperation("fade", layer: card, animation: OpacityRamp(from: 1, to: 0, duration: 1), log: fixture.log)
        }()
        fixture.queue.addOperation(fade)
        await fixture.clock.advance(by: 0.25)
        weakCard?.removeFromSuperlayer()
        await fixture.clock.advance(by: 0)
        #expect(weakCard == nil, "only the tree held the layer")
        await expectFinishedOnce(fade, .interrupted, clock: fixture.clock)
        #expect(fixture.log.time(of: "fade finished") == 0.25)
        // The root runs its implied animation of the sublayers' change, for 0.25 s.
        #expect(root.animationKeys() == ["sublayers"])
        await fixture.clock.advance(by: 0.25)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    // MARK: The queue is released

    @Test func queueReleasedWithWorkPendingRunsItAllThenIsFreed() async {
        let clock = AnimationTestClock()
        let log = ProbeLog(clock: clock)
        let card = probeLayer(on: clock, opacity: 1)
        weak var weakQueue: AnimationQueue?
        let fade = ProbedAnimationOperation("fade", layer: card, animation: OpacityRamp(from: 1, to: 0.5, duration: 1), log: log)
        let next = ProbedAnimationOperation("next", layer: card, animation: OpacityRamp(from: 0.5, to: 0, duration: 1), log: log)
        next.addDependency(fade)
        do {
            let queue = AnimationQueue(name: #function)
            queue.addOperations([fade, next])
            weakQueue = queue
        }
        #expect(weakQueue != nil, "unfinished work keeps its queue alive")
        await clock.advance(by: 2)
        await expectFinishedOnce(fade, .finished, clock: clock)
        await expectFinishedOnce(next, .finished, clock: clock)
        #expect(card.opacity == 0)
        // The operations are still referenced here; the queue must not be.
        #expect(await settle(clock) { weakQueue == nil }, "a finished operation must not keep its queue alive")
        #expect(clock.pendingWork.isEmpty)
    }
}
#endif
