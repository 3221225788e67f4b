#if !canImport(QuartzCore)
@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Reduce Motion's `.crossFade` adds a `CATransition`, which Core Animation stores under the
/// key `"transition"`; the operation times its lifetime with an animation under its own key
/// and treats the transition as the visual only.
@Suite(.hangGuard)
struct CrossFadeTests {
    let fixture = QueueFixture(queueName: "cross-fade-\(UUID())")

    func fade(to opacity: Float, _ duration: TimeInterval) -> BasicAnimation<Float> {
        BasicAnimation(.opacity, to: opacity, duration: 5).reducingMotion(.crossFade(duration: duration))
    }

    /// Whether `layer` shows a transition now, as Core Animation stores it.
    func hasTransition(_ layer: CALayer) -> Bool {
        layer.animation(forKey: "transition") is CATransition
    }

    @Test func cancellingACrossFadeRemovesItsTransitionAndCancelsItsDependents() async {
        let layer = fixture.layer(), other = fixture.layer()
        let first = AnimationOperation(layer: layer, animation: fade(to: 0.5, 1))
        first.motion = .reduced
        let next = AnimationOperation(layer: other, animation: fade(to: 0.5, 1))
        next.motion = .reduced
        next.addDependency(first)
        fixture.queue.addOperations([first, next])
        await fixture.clock.advance(by: 0.5)
        #expect(hasTransition(layer))
        #expect(layer.opacity == 0.5)
        first.cancel()
        await fixture.clock.advance(by: 0)
        #expect(first.outcome == .cancelled)
        #expect(layer.animationKeys() == nil, "the transition keeps playing: \(layer.animationKeys() ?? [])")
        await fixture.clock.advance(by: 1)
        #expect(first.outcome == .cancelled)
        #expect(next.outcome == .cancelled)
        #expect(other.animationKeys() == nil)
    }

    @Test func twoCrossFadesOnOneLayerInAParallelBothPlayToTheirEnds() async {
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Parallel {
                Step(layer, fade(to: 0.5, 1)).named("long")
                Step(layer, BasicAnimation(.cornerRadius, to: 8, duration: 5).reducingMotion(.crossFade(duration: 0.5))).named("short")
            }
        }, motion: .reduced)
        await fixture.clock.advance(by: 0.75)
        #expect(run.outcome(ofStep: "short") == .finished)
        #expect(run.outcome(ofStep: "long") == nil)
        await fixture.clock.advance(by: 0.25)
        #expect(run.outcome(ofStep: "long") == .finished)
        #expect(await run.outcome == .finished)
        #expect(layer.opacity == 0.5 && layer.cornerRadius == 8)
        #expect(layer.animationKeys() == nil)
    }

    /// A step that keeps its motion (shortened), then a cross-fade, then another step: the
    /// cross-fade is not committed ahead (a transition shows the change of its own commit),
    /// so it plays a real transition; the step after it is committed ahead for its end.
    @Test func aCrossFadeStepOfAGaplessPlanPlaysARealTransitionAndItsDependentIsCommittedAhead() async {
        let layer = fixture.layer(), other = fixture.layer()
        let slide = BasicAnimation(.positionX, to: 100, duration: 1, timing: .linear).reducingMotion(.shorten(to: 1))
        let run = fixture.queue.run(AnimationPlan(scheduling: .gapless) {
            Step(layer, slide).named("first")
            Step(layer, fade(to: 0.25, 1)).named("second")
            Step(other, slide).named("third")
        }, motion: .reduced)
        await fixture.clock.advance(by: 1.5)    // "second" began at 1
        #expect(run.outcome(ofStep: "first") == .finished)
        #expect(hasTransition(layer), "a commit ahead wraps the transition in a group: \(layer.animationKeys() ?? [])")
        #expect(layer.opacity == 0.25)
        #expect(other.animationKeys()?.contains { $0.hasSuffix(".ahead") } == true)
        let second = run.recordedEvents.first { $0.step == "second" && $0.kind == .started }?.time
        #expect(isClose(second, 1))
        await fixture.clock.advance(by: 1)      // t = 2.5: "third" began at 2, on time
        #expect(abs(Double(other.presentation()!.position.x) - 50) < 1e-6)
        await fixture.clock.advance(by: 0.5)
        #expect(await run.outcome == .finished)
        #expect(layer.animationKeys() == nil && other.animationKeys() == nil)
    }

    @Test func cancellingAGaplessCrossFadeRunCancelsEveryStepAndLeavesNoTransition() async {
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan(scheduling: .gapless) {
            Step(layer, fade(to: 0.5, 1)).named("first")
            Step(layer, fade(to: 0.25, 1)).named("second")
        }, motion: .reduced)
        await fixture.clock.advance(by: 0.5)
        run.cancel()
        await fixture.clock.advance(by: 0)
        #expect(layer.animationKeys() == nil)
        #expect(await run.outcome == .cancelled)
        #expect(run.outcome(ofStep: "first") == .cancelled)
        #expect(run.outcome(ofStep: "second") == .cancelled)
        await fixture.clock.advance(by: 2)
        #expect(layer.opacity == 0.5)   // held where the cross-fade was: its model value
    }

    /// A transition shows the change made in its own commit, so a cross-fade cannot wait in
    /// Core Animation for a delay: the step's delay goes with the motion and the fade begins
    /// when the step starts, as skipping to the final values does.
    @Test func aDelayedCrossFadeStepFadesAtOnceAndEndsWithItsFade() async {
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(layer, fade(to: 0.5, 0.25)).delayed(by: 1).named("fade")
        }, motion: .reduced)
        await fixture.clock.advance(by: 0.1)
        #expect(hasTransition(layer))
        #expect(layer.opacity == 0.5)
        await fixture.clock.advance(by: 0.15)
        #expect(run.outcome(ofStep: "fade") == .finished)
        #expect(await run.outcome == .finished)
        #expect(layer.animationKeys() == nil)
    }
}
#endif
