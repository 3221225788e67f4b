#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where
// QuartzCore is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Reduced motion on a single ``AnimationOperation``, one test per ``ReducedMotionBehavior``:
/// the final value is in the model, the operation finishes `.finished` exactly once, at the
/// time the behaviour promises, and nothing stays attached.
///
/// The fixture: a layer at x = 0 moved linearly to x = 100 over 1 s.
@Suite(.hangGuard)
struct ReducedMotionOperationTests {
    static func slide(_ behavior: ReducedMotionBehavior? = nil) -> BasicAnimation<CGFloat> {
        let slide = BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear)
        return behavior.map { slide.reducingMotion($0) } ?? slide
    }

    /// Starts `animation` on a fresh layer of `fixture` with `motion`, on its queue.
    private func start(_ animation: BasicAnimation<CGFloat>, motion: MotionPolicy,
                       in fixture: QueueFixture) -> (layer: CALayer, operation: ProbedAnimationOperation) {
        let layer = fixture.layer()
        let operation = ProbedAnimationOperation("slide", layer: layer, animation: animation, log: fixture.log)
        operation.motion = motion
        fixture.queue.addOperation(operation)
        return (layer, operation)
    }

    private func shownX(_ layer: CALayer) -> Double? { layer.presentation().map { Double($0.position.x) } }

    @Test func reducedMotionWithoutABehaviourJumpsToTheFinalValueAndFinishesAtOnce() async {
        let fixture = QueueFixture()
        let (layer, slide) = start(Self.slide(), motion: .reduced, in: fixture)
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(slide, .finished, clock: fixture.clock)
        #expect(fixture.clock.now == 0)
        #expect(layer.position.x == 100)
        #expect(shownX(layer) == 100)
        #expect(layer.animationKeys() == nil)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test func jumpToFinalUnderReducedMotionFinishesAtOnceWithTheFinalValue() async {
        let fixture = QueueFixture()
        let (layer, slide) = start(Self.slide(.jumpToFinal), motion: .reduced, in: fixture)
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(slide, .finished, clock: fixture.clock)
        #expect(layer.position.x == 100)
        #expect(shownX(layer) == 100)
        #expect(layer.animationKeys() == nil)
    }

    /// A cross-fade shows the final value at once (the model is written first) under a
    /// `CATransition`, and the operation ends when the fade ends, not when the motion would.
    @Test func crossFadeUnderReducedMotionShowsTheFinalValueAndEndsWithTheFade() async {
        let fixture = QueueFixture()
        let (layer, slide) = start(Self.slide(.crossFade(duration: 0.2)), motion: .reduced, in: fixture)
        await fixture.clock.advance(by: 0.1)
        #expect(slide.outcome == nil)
        #expect(layer.position.x == 100)
        #expect(shownX(layer) == 100)          // no motion: the position does not interpolate
        #expect(layer.animationKeys()?.contains("transition") == true)
        await fixture.clock.advance(to: 0.2)
        await expectFinishedOnce(slide, .finished, clock: fixture.clock)
        #expect(layer.animationKeys() == nil)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    /// Shortening to 0.25 s plays the same motion four times as fast: halfway (x = 50) at
    /// 0.125 s, done at 0.25 s.
    @Test func shortenUnderReducedMotionPlaysTheWholeMotionWithinTheLimit() async {
        let fixture = QueueFixture()
        let (layer, slide) = start(Self.slide(.shorten(to: 0.25)), motion: .reduced, in: fixture)
        await fixture.clock.advance(by: 0.125)
        #expect(isClose(shownX(layer), 50, 1e-6))
        #expect(layer.position.x == 100)
        #expect(slide.outcome == nil)
        await fixture.clock.advance(to: 0.25)
        await expectFinishedOnce(slide, .finished, clock: fixture.clock)
        #expect(shownX(layer) == 100)
        #expect(layer.animationKeys() == nil)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    /// A limit longer than the motion leaves it as it is.
    @Test func shortenToMoreThanTheDurationKeepsTheMotion() async {
        let fixture = QueueFixture()
        let (layer, slide) = start(Self.slide(.shorten(to: 5)), motion: .reduced, in: fixture)
        await fixture.clock.advance(by: 0.5)
        #expect(isClose(shownX(layer), 50, 1e-6))
        await fixture.clock.advance(to: 1)
        await expectFinishedOnce(slide, .finished, clock: fixture.clock)
    }

    /// With full motion the behaviour is ignored: the animation plays as described.
    @Test(arguments: [ReducedMotionBehavior.jumpToFinal, .crossFade(duration: 0.2), .shorten(to: 0.25)])
    func fullMotionPlaysTheAnimationWhateverItsReducedBehaviour(_ behavior: ReducedMotionBehavior) async {
        let fixture = QueueFixture(queueName: "\(#function) \(behavior)")
        let (layer, slide) = start(Self.slide(behavior), motion: .full, in: fixture)
        await fixture.clock.advance(by: 0.5)
        #expect(isClose(shownX(layer), 50, 1e-6))
        #expect(slide.outcome == nil)
        await fixture.clock.advance(to: 1)
        await expectFinishedOnce(slide, .finished, clock: fixture.clock)
        #expect(layer.position.x == 100)
    }

    /// Cancelling a shortened animation halfway through its shortened time holds what it
    /// shows (x = 50), as for any running animation.
    @Test func cancellingAShortenedAnimationHoldsItsPresentationValue() async {
        let fixture = QueueFixture()
        let (layer, slide) = start(Self.slide(.shorten(to: 0.25)), motion: .reduced, in: fixture)
        await fixture.clock.advance(by: 0.125)
        slide.cancel()
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(slide, .cancelled, clock: fixture.clock)
        #expect(isClose(Double(layer.position.x), 50, 1e-6))
        #expect(layer.animationKeys() == nil)
    }

    /// Order and dependencies hold under reduced motion: a chain of jumps finishes in order
    /// at one instant, and the last step of a chain still waits for a fetch that gates it.
    @Test func aReducedChainKeepsItsOrderAndItsGate() async {
        let fixture = QueueFixture()
        let layers = (0..<3).map { _ in fixture.layer() }
        let steps = layers.enumerated().map { index, layer in
            ProbedAnimationOperation("step \(index)", layer: layer, animation: Self.slide(), log: fixture.log)
        }
        let fetch = SimulatedFetch()
        for (step, previous) in zip(steps.dropFirst(), steps) { step.addDependency(previous) }
        steps[2].addDependency(fetch)
        for step in steps { step.motion = .reduced }
        fixture.queue.addOperations(steps + [fetch])
        await fixture.clock.advance(by: 0.5)
        #expect(steps[0].outcome == .finished && steps[1].outcome == .finished)
        #expect(steps[2].outcome == nil && layers[2].position.x == 0)
        fetch.finish()
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(steps[2], .finished, clock: fixture.clock)
        #expect(fixture.log.events.filter { $0.hasSuffix("finished") } == ["step 0 finished", "step 1 finished", "step 2 finished"])
        #expect(layers.map(\.position.x) == [100, 100, 100])
    }

    /// `.system` follows `ANIMATIONQUEUE_REDUCE_MOTION`, which stands in for the setting
    /// where there is none. Set in a child process, so that no other test sees it.
    @Test func systemMotionFollowsTheEnvironmentVariable() async {
        await #expect(processExitsWith: .success) {
            setenv("ANIMATIONQUEUE_REDUCE_MOTION", "1", 1)
            let fixture = QueueFixture(queueName: "system")
            let layer = fixture.layer()
            let slide = AnimationOperation(layer: layer, animation: ReducedMotionOperationTests.slide())
            fixture.queue.addOperation(slide)
            await fixture.clock.advance(by: 0)
            // Reduced: finished at once, at t = 0, with the final value.
            guard slide.motion == .system, slide.outcome == .finished, layer.position.x == 100, layer.animationKeys() == nil else { exit(1) }
        }
        await #expect(processExitsWith: .success) {
            setenv("ANIMATIONQUEUE_REDUCE_MOTION", "0", 1)
            let fixture = QueueFixture(queueName: "system")
            let layer = fixture.layer()
            let slide = AnimationOperation(layer: layer, animation: ReducedMotionOperationTests.slide())
            fixture.queue.addOperation(slide)
            await fixture.clock.advance(by: 0.5)
            // Full: still moving halfway.
            guard slide.outcome == nil, let x = layer.presentation()?.position.x, abs(x - 50) < 1e-6 else { exit(1) }
        }
    }
}
#endif
