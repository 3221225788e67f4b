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
        let clock = AnimationTestClock()
        let log = ProbeLog(clock: clock)
        let card = probeLayer(on: clock, opacity: 1)
        let badge = probeLayer(on: clock, opacity: 1)
        let queue = AnimationQueue(name: #function)
        let fade = ProbedAnimationOperation("fade", layer: card, animation: OpacityRamp(from: 1, to: 0.5, duration: 1), log: log)
        let slide = ProbedAnimationOperation("slide", layer: badge,
                                             animation: BasicAnimation(.positionX, from: 0, to: 100, duration: 2), log: log)
        let next = ProbedAnimationOperation("next", layer: card, animation: OpacityRamp(from: 0.5, to: 0.25, duration: 1), log: log)
        next.addDependency(fade)
        queue.addOperations([fade, slide, next])

        await clock.advance(by: 0.5)
        for layer in [card, badge] { layer.removeAllAnimations() }
        await clock.advance(by: 0)
        // Removed, not cancelled: interrupted, once; the model already holds the final values.
        await expectFinishedOnce(fade, .interrupted, clock: clock)
        await expectFinishedOnce(slide, .interrupted, clock: clock)
        #expect(log.time(of: "fade finished") == 0.5 && log.time(of: "slide finished") == 0.5)
        #expect(badge.position.x == 100 && badge.presentation()?.position.x == 100)
        #expect(badge.animationKeys() == nil)
        // An interrupted dependency does not cancel its dependents: `next` starts at once,
        // from the final value `fade` left in the model, and writes its own.
        #expect(log.time(of: "next started") == 0.5)
        #expect(!next.isCancelled)
        #expect(shownOpacity(card) == 0.5 && card.opacity == 0.25)
        await clock.advance(by: 1)
        await expectFinishedOnce(next, .finished, clock: clock)
        #expect(card.opacity == 0.25 && card.animationKeys() == nil)
        #expect(clock.pendingWork.isEmpty)
    }

    /// What AnimationQueue does on UIKit's didEnterBackground / willEnterForeground: running
    /// operations finish `.interrupted` showing their final values, and nothing else starts
    /// until the app is back.
    @Test func enteringTheBackgroundInterruptsRunningWorkAndHoldsTheRestUntilForeground() async {
        let clock = AnimationTestClock()
        let log = ProbeLog(clock: clock)
        let card = probeLayer(on: clock, opacity: 1)
        let queue = AnimationQueue(name: #function)
        let fade = ProbedAnimationOperation("fade", layer: card, animation: OpacityRamp(from: 1, to: 0.5, duration: 1), log: log)
        let next = ProbedAnimationOperation("next", layer: card, animation: OpacityRamp(from: 0.5, to: 0.25, duration: 1), log: log)
        next.addDependency(fade)
        queue.addOperations([fade, next])

        await clock.advance(by: 0.5)
        queue.applicationDidEnterBackground()
        await clock.advance(by: 0)
        await expectFinishedOnce(fade, .interrupted, clock: clock)
        #expect(card.opacity == 0.5 && shownOpacity(card) == 0.5 && card.animationKeys() == nil)
        #expect(!queue.isSuspended, "the owner's setting is unchanged")

        await clock.advance(by: 5)
        #expect(!next.everExecuted, "held back while in the background")
        #expect(next.outcome == nil && !next.isCancelled)

        queue.applicationWillEnterForeground()
        #expect(await settle(clock) { next.everStarted })
        #expect(log.time(of: "next started") == 5.5)
        await clock.advance(by: 1)
        await expectFinishedOnce(next, .finished, clock: clock)
        #expect(card.opacity == 0.25)
        #expect(clock.pendingWork.isEmpty)
    }

    /// A queue its owner suspended stays suspended after the app returns.
    @Test func returningToTheForegroundKeepsTheOwnersSuspension() async {
        let clock = AnimationTestClock()
        let log = ProbeLog(clock: clock)
        let card = probeLayer(on: clock, opacity: 1)
        let queue = AnimationQueue(name: #function)
        queue.applicationDidEnterBackground()
        queue.isSuspended = true
        queue.applicationWillEnterForeground()
        let fade = ProbedAnimationOperation("fade", layer: card, animation: OpacityRamp(from: 1, to: 0.5, duration: 1), log: log)
        queue.addOperation(fade)
        await clock.advance(by: 1)
        #expect(!fade.everExecuted && queue.isSuspended)
        queue.isSuspended = false
        #expect(await settle(clock) { fade.everStarted })
        await clock.advance(by: 1)
        await expectFinishedOnce(fade, .finished, clock: clock)
    }

    /// A gapless plan commits its next step ahead; entering the background discards that too,
    /// so the step plays when the app is back instead of unseen in the background.
    @Test func enteringTheBackgroundDuringAGaplessPlanPlaysTheRestAfterForeground() async {
        let clock = AnimationTestClock()
        let card = probeLayer(on: clock, opacity: 1)
        let queue = AnimationQueue(name: #function)
        let run = queue.run(AnimationPlan(scheduling: .gapless) {
            Step(card, BasicAnimation(.opacity, to: 0.5, duration: 1)).named("first")
            Step(card, BasicAnimation(.opacity, to: 0, duration: 1, timing: .linear)).named("second")
        }, motion: .full)
        await clock.advance(by: 0.5)
        #expect(card.animationKeys()?.count == 2, "the second step is committed ahead")
        queue.applicationDidEnterBackground()
        await clock.advance(by: 3)
        #expect(card.opacity == 0.5, "the first step's final value; the second has not started")
        #expect(card.animationKeys() == nil)
        queue.applicationWillEnterForeground()
        await clock.advance(by: 0.5)
        #expect(isClose(shownOpacity(card), 0.25, 1e-6))
        await clock.advance(by: 0.5)
        #expect(await run.outcome == .interrupted)
        #expect(card.opacity == 0 && card.animationKeys() == nil)
        #expect(clock.pendingWork.isEmpty)
    }

    // MARK: A layer leaves the tree

    @Test func layerRemovedFromItsSuperlayerKeepsAnimatingAndFinishesUnlessDetachingRemovesAnimations() async {
        let clock = AnimationTestClock()
        let log = ProbeLog(clock: clock)
        let root = clock.makeLayer()
        let card = probeLayer(on: clock, opacity: 1)
        root.addSublayer(card)
        let queue = AnimationQueue(name: #function)
        let fade = ProbedAnimationOperation("fade", layer: card,
                                            animation: BasicAnimation(.opacity, from: 1, to: 0, duration: 1, timing: .linear), log: log)
        queue.addOperation(fade)
        await clock.advance(by: 0.25)
        card.removeFromSuperlayer()
        #expect(card.superlayer == nil)
        await clock.advance(by: 0.25)
        if clock.engineClock.variance.contains(.detachRemoves) {
            // As when a view's layer leaves its window on iOS: its animations are removed.
            #expect(shownOpacity(card) == 0, "the model's final value shows")
            await expectFinishedOnce(fade, .interrupted, clock: clock)
        } else {
            #expect(isClose(shownOpacity(card), 0.5, 1e-6), "its animation stays attached and on time")
            await clock.advance(by: 0.5)
            await expectFinishedOnce(fade, .finished, clock: clock)
        }
        #expect(card.opacity == 0 && card.animationKeys() == nil)
        #expect(clock.pendingWork.isEmpty)
    }

    @Test func layerRemovedFromTheTreeAndReleasedInterruptsTheOperation() async {
        let clock = AnimationTestClock()
        let log = ProbeLog(clock: clock)
        let root = clock.makeLayer()
        weak var weakCard: CALayer?
        let fade: ProbedAnimationOperation = {
            let card = probeLayer(on: clock, opacity: 1)
            root.addSublayer(card)
            weakCard = card
            return ProbedAnimationOperation("fade", layer: card, animation: OpacityRamp(from: 1, to: 0, duration: 1), log: log)
        }()
        let queue = AnimationQueue(name: #function)
        queue.addOperation(fade)
        await clock.advance(by: 0.25)
        weakCard?.removeFromSuperlayer()
        await clock.advance(by: 0)
        #expect(weakCard == nil, "only the tree held the layer")
        await expectFinishedOnce(fade, .interrupted, clock: clock)
        #expect(log.time(of: "fade finished") == 0.25)
        // The root runs its implied animation of the sublayers' change, for 0.25 s.
        #expect(root.animationKeys() == ["sublayers"])
        await clock.advance(by: 0.25)
        #expect(clock.pendingWork.isEmpty)
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
