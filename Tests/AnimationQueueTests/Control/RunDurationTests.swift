#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where QuartzCore
// is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// `AnimationRun.duration`, the plan's critical path, and `operation(ofStep:)`. Each
/// expected length is summed by hand from the plan as written.
@Suite(.hangGuard)
struct RunDurationTests {
    let fixture = QueueFixture(now: 50, queueName: "duration-\(UUID())")

    func move(_ duration: TimeInterval) -> BasicAnimation<CGFloat> {
        BasicAnimation(.positionX, from: 0, to: 100, duration: duration, timing: .linear)
    }

    /// The plan ends at its duration: a gapless run's last step ends that long after the
    /// first began.
    @Test func theDurationIsTheLongestChainThroughTheDependencies() async throws {
        let title = fixture.layer(), caption = fixture.layer(), badge = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(title, move(0.3))
            Parallel {
                Step(caption, move(0.5))
                Serial {
                    Wait(0.2)
                    Perform {}
                    Step(badge, move(0.1)).delayed(by: 0.05)
                }
            }
        })
        // 0.3, then the longer branch: 0.5 against 0.2 + 0 + (0.05 + 0.1).
        let duration = try #require(run.duration)
        #expect(duration == 0.3 + 0.5)
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        let events = run.recordedEvents
        let begin = try #require(events.filter { $0.kind == .started }.map(\.time).min())
        let end = try #require(events.filter { $0.kind == .finished(.finished) }.map(\.time).max())
        #expect(abs((end - begin) - duration) < 1e-6)
    }

    @Test func aStepAfterANamedStepElsewhereStartsWhenThatStepEnds() async {
        let a = fixture.layer(), b = fixture.layer(), c = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Parallel {
                Step(a, move(1)).named("a")
                Serial {
                    Step(b, move(0.2))
                    Step(c, move(0.3)).after("a")
                }
            }
        })
        // c begins at max(0.2, 1) and lasts 0.3.
        #expect(run.duration == 1.3)
        run.cancel()
        _ = await run.outcome
    }

    @Test func repeatsAndStaggersCount() async {
        let a = fixture.layer(), b = fixture.layer(), c = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(a, move(0.2).repeating(3))
            Parallel(stagger: 0.1) {
                Step(b, move(0.4))
                Step(c, move(0.4))
            }
        })
        // 3 × 0.2, then the staggered group: its second part starts 0.1 in and lasts 0.4.
        #expect(abs(run.duration! - (0.6 + 0.1 + 0.4)) < 1e-12)
        run.cancel()
        _ = await run.outcome
    }

    @Test func aStepThatRepeatsForeverHasNoLengthAndNeitherHasThePlan() async {
        let a = fixture.layer(), b = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(b, move(0.2))
            Step(a, move(0.2).repeatingForever())
        })
        #expect(run.duration == nil)
        run.cancel()
        _ = await run.outcome
    }

    @Test func reducedMotionCountsTheLengthItGivesEachStep() async {
        let a = fixture.layer(), b = fixture.layer(), c = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(a, move(1))                                                  // jumps: 0
            Step(b, move(1).reducingMotion(.crossFade(duration: 0.25)))      // 0.25
            Step(c, move(2).delayed(by: 1).reducingMotion(.shorten(to: 0.5)))  // min(3, 0.5)
            Wait(0.4)                                                         // a wait keeps its seconds
        }, motion: .reduced)
        #expect(run.duration == 0 + 0.25 + 0.5 + 0.4)
        run.cancel()
        _ = await run.outcome
    }

    @Test func aNamedStepsOperationIsItsAnimationOperation() async {
        let card = fixture.layer()
        let slide = move(0.3)
        let run = fixture.queue.run(AnimationPlan {
            Step(card, slide).named("card slides in")
            Wait(0.1).named("pause")
            Perform("note") {}
        })
        let operation = run.operation(ofStep: "card slides in")
        #expect(operation?.layer === card)
        #expect(operation?.animation is BasicAnimation<CGFloat>)
        #expect(run.operation(ofStep: "pause") == nil)
        #expect(run.operation(ofStep: "note") == nil)
        #expect(run.operation(ofStep: "no such step") == nil)
        await fixture.clock.advance(by: 0.4)
        #expect(await run.outcome == .finished)
        #expect(operation?.outcome == .finished)
    }
}
#endif
