#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where QuartzCore
// is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Retargeting a step of a run on its timeline (scrubbed or reversed) edits the plan the
/// timeline shows: the step turns at the current plan time, plays as written before it, turns
/// from its value at its velocity after it, and the steps after it start from the new target.
/// Every step still finishes once, at its planned end.
///
/// The plan: "slide" moves `position.x` from 0 to 100 over 1 s, then "next" from where slide
/// leaves it to 150 over 1 s, both linear.
@Suite(.hangGuard)
@MainActor
struct TimelineRetargetTests {
    let fixture = QueueFixture()

    func scrubbedRun(at time: TimeInterval) async -> (AnimationRun, CALayer) {
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(layer, BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear)).named("slide")
            Step(layer, BasicAnimation(.positionX, to: 150, duration: 1, timing: .linear)).named("next")
        }, motion: .full)
        run.pause()
        await fixture.clock.settle()
        run.seek(to: time)
        await fixture.clock.settle()
        return (run, layer)
    }

    func shown(_ layer: CALayer) -> Double { MotionSample.shown(layer) }

    /// Shows `layer` at plan time `time` of the paused `run`.
    func seek(_ run: AnimationRun, to time: TimeInterval, _ layer: CALayer) async -> Double {
        run.seek(to: time)
        await fixture.clock.settle()
        return shown(layer)
    }

    @Test func aScrubbedStepTurnsAtThePlanTimeOfTheRetargetKeepingValueAndVelocity() async throws {
        let (run, layer) = await scrubbedRun(at: 0.5)
        #expect(abs(shown(layer) - 50) < 1e-9)
        let slide = try #require(run.operation(ofStep: "slide"))
        slide.retarget(.positionX, to: 200)
        await fixture.clock.settle()
        #expect(abs(shown(layer) - 50) < 1e-9, "what the layer shows does not change at the call")
        #expect(layer.position.x == 200, "slide has begun: the model holds its new final value")

        // Before the turn, the step as written; across it, linear at 100 per second.
        #expect(abs(await seek(run, to: 0.25, layer) - 25) < 1e-9)
        let before = await seek(run, to: 0.499, layer)
        let at = await seek(run, to: 0.5, layer)
        let after = await seek(run, to: 0.501, layer)
        #expect(abs(at - 50) < 1e-9)
        let velocityBefore = (at - before) / 0.001
        let velocityAfter = (after - at) / 0.001
        #expect(abs(velocityBefore - 100) < 1e-6)
        #expect(abs(velocityAfter - velocityBefore) <= 0.01 * abs(velocityBefore) + 1e-6)

        // "next" starts from the new target: halfway from 200 to 150 (125 as planned).
        #expect(abs(await seek(run, to: 1.5, layer) - 175) < 1e-9)
        #expect(await seek(run, to: 2, layer) == 150)
        #expect(await run.outcome == .finished)
        #expect(slide.outcome == .finished)
        #expect(run.operation(ofStep: "next")?.outcome == .finished)
        #expect(layer.position.x == 150)
        #expect(layer.animationKeys() ?? [] == [])
    }

    @Test func aStepPlanTimeHasNotReachedTurnsAsItBegins() async throws {
        let (run, layer) = await scrubbedRun(at: 0.5)
        let next = try #require(run.operation(ofStep: "next"))
        next.retarget(.positionX, to: 300)
        await fixture.clock.settle()
        #expect(abs(shown(layer) - 50) < 1e-9)
        #expect(layer.position.x == 100, "next has not begun: the model holds slide's value")
        // next begins at 100 moving at 50 per second, as written (the turn adds no velocity).
        #expect(abs(await seek(run, to: 1, layer) - 100) < 1e-9)
        let early = await seek(run, to: 1.001, layer)
        #expect(abs((early - 100) / 0.001 - 50) <= 0.5 + 1e-6)
        #expect(layer.position.x == 300)
        // Seeking back before next shows the plan as written, and the model from before it.
        #expect(abs(await seek(run, to: 0.75, layer) - 75) < 1e-9)
        #expect(layer.position.x == 100)
        #expect(await seek(run, to: 2, layer) == 300)
        #expect(await run.outcome == .finished)
        #expect(next.outcome == .finished)
        #expect(layer.animationKeys() ?? [] == [])
    }

    /// A drag over a scrubbed run retargets one step again and again: each turn leaves what
    /// the plan showed around it (to 1e-4 over 1 ms), and the last target is where the step
    /// ends and the next step starts.
    @Test func aStepTurnedAgainAndAgainKeepsEachTurnSmooth() async throws {
        let (run, layer) = await scrubbedRun(at: 0.2)
        let slide = try #require(run.operation(ofStep: "slide"))
        slide.retarget(.positionX, to: 150)
        await fixture.clock.settle()
        for (time, target) in [(0.4, 60.0), (0.6, 120.0)] {
            var planned: [Double] = []
            for offset in [-0.001, 0, 0.001] { planned.append(await seek(run, to: time + offset, layer)) }
            _ = await seek(run, to: time, layer)
            slide.retarget(.positionX, to: CGFloat(target))
            await fixture.clock.settle()
            for (offset, expected) in zip([-0.001, 0, 0.001], planned) {
                let turned = await seek(run, to: time + offset, layer)
                #expect(abs(turned - expected) < 1e-4, "turn at \(time), \(offset): \(turned) against \(expected)")
            }
        }
        // "next" starts from 120: halfway to 150 at 1.5.
        #expect(abs(await seek(run, to: 1.5, layer) - 135) < 1e-9)
        #expect(await seek(run, to: 2, layer) == 150)
        #expect(await run.outcome == .finished)
        #expect(layer.animationKeys() ?? [] == [])
    }

    /// A spring and a group's key path turn the same way: at the turn the layer moves as the
    /// plan did, to within the third order of the time from it (1e-4 over 1 ms), and the run
    /// ends on the new targets.
    @Test func aSpringAndAGroupsKeyPathTurnWithoutAKink() async throws {
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Parallel {
                Step(layer, SpringAnimation(.positionX, from: 0, to: 100, stiffness: 200, damping: 12)).named("spring")
                Step(layer, AnimationGroup([
                    BasicAnimation(.positionY, from: 0, to: 80, duration: 1, timing: .easeInEaseOut),
                    BasicAnimation(.opacity, from: 0, to: 1, duration: 1, timing: .linear),
                ])).named("group")
            }
        }, motion: .full)
        run.pause()
        await fixture.clock.settle()
        func sample(_ time: TimeInterval) async -> [Double] {
            run.seek(to: time)
            await fixture.clock.settle()
            return [MotionSample.shown(layer, "position.x"), MotionSample.shown(layer, "position.y")]
        }
        let times = [0.299, 0.3, 0.301]
        var planned: [[Double]] = []
        for time in times { planned.append(await sample(time)) }
        _ = await sample(0.3)
        run.operation(ofStep: "spring")?.retarget(.positionX, to: 50)
        run.operation(ofStep: "group")?.retarget(.positionY, to: 200)
        await fixture.clock.settle()
        for (time, expected) in zip(times, planned) {
            let turned = await sample(time)
            for (a, b) in zip(turned, expected) { #expect(abs(a - b) < 1e-4, "at \(time): \(turned) against \(expected)") }
        }
        // Later on, the turns show: the spring heads to 50, the group's y past 80.
        let later = await sample(0.9)
        #expect(later[0] < 80 && later[1] > 100, "\(later)")
        let duration = try #require(run.duration)
        _ = await sample(duration)
        #expect(await run.outcome == .finished)
        #expect(layer.position.x == 50 && layer.position.y == 200 && layer.opacity == 1)
        #expect(layer.animationKeys() ?? [] == [])
    }

    /// A reversed run plays back toward its start: what it shows at the retarget is unchanged,
    /// and played back past the turn it shows the step as written.
    @Test func aStepOfAReversedRunTurnsWhereItIsAndPlaysBackAsWritten() async throws {
        let (run, layer) = await scrubbedRun(at: 0.5)
        run.isReversed = true
        run.resume()
        await fixture.clock.settle()
        let slide = try #require(run.operation(ofStep: "slide"))
        slide.retarget(.positionX, to: 200)
        #expect(abs(shown(layer) - 50) < 1e-9)
        await fixture.clock.advance(by: 0.25)
        #expect(abs(shown(layer) - 25) < 1e-9)
        await fixture.clock.advance(by: 0.5)
        #expect(await run.outcome == .finished)
        #expect(run.endPosition == .start)
        #expect(slide.outcome == .cancelled, "played back to its start, a step that had not finished is cancelled")
        #expect(layer.position.x == 0, "the model from before the run")
        #expect(layer.animationKeys() ?? [] == [])
    }
}

#endif
