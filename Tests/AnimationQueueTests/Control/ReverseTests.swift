#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where QuartzCore
// is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// A run on its timeline plays on from where it is moved, forwards or backwards: at each
/// moment its layers match a run of the same plan that was never scrubbed, sampled at the
/// plan time the moved run has reached. Played back to its start, it ends there with the
/// values from before the run.
@Suite(.hangGuard)
struct ReverseTests {
    let fixture = QueueFixture()

    /// The unscrubbed run's values at each of `times`, played on layers of its own first.
    func referenceSamples(at times: [TimeInterval]) async -> [TimeInterval: [Double]] {
        let layers = (0..<4).map { _ in fixture.layer() }
        let start = fixture.clock.now
        _ = fixture.queue.run(ScrubTests.plan(layers, performed: ScrubTests.Counter()), motion: .full)
        var samples: [TimeInterval: [Double]] = [:]
        for time in times.sorted() {
            await fixture.clock.advance(to: start + time)
            samples[time] = ScrubTests.values(of: layers)
        }
        await fixture.clock.advance(by: 5)
        return samples
    }

    /// The plan on fresh layers, started now. The caller keeps the layers alive, as a screen
    /// does: steps hold them weakly.
    func scrubbedRun() -> (run: AnimationRun, layers: [CALayer], performed: ScrubTests.Counter) {
        let layers = (0..<4).map { _ in fixture.layer() }
        let performed = ScrubTests.Counter()
        return (fixture.queue.run(ScrubTests.plan(layers, performed: performed), motion: .full), layers, performed)
    }

    /// Each step's finish events in the trace, by step.
    func finishes(of run: AnimationRun) -> [String: [AnimationOutcome]] {
        var found: [String: [AnimationOutcome]] = [:]
        for event in run.recordedEvents {
            if case .finished(let outcome) = event.kind { found[event.step, default: []].append(outcome) }
        }
        return found
    }

    /// Moved forwards while it plays, the run plays on from there to its end.
    @Test func aPlayingRunPlaysOnFromWhereItIsMoved() async throws {
        let samples = await referenceSamples(at: [0.9, 1.1, 1.25])
        let (run, layers, performed) = scrubbedRun()
        await fixture.clock.advance(by: 0.3)
        run.seek(to: 0.9)
        await fixture.clock.settle()
        #expect(!run.isPaused)
        ScrubTests.expectClose(ScrubTests.values(of: layers), samples[0.9]!, at: 0.9)
        await fixture.clock.advance(by: 0.2)
        ScrubTests.expectClose(ScrubTests.values(of: layers), samples[1.1]!, at: 1.1)
        #expect(abs(run.fractionComplete - 1.1 / run.duration!) < 1e-9)
        await fixture.clock.advance(by: 0.15)
        ScrubTests.expectClose(ScrubTests.values(of: layers), samples[1.25]!, at: 1.25)
        await fixture.clock.advance(by: 2)
        #expect(await run.outcome == .finished)
        #expect(run.endPosition == .end)
        #expect(performed.value == 1)
        #expect(finishes(of: run).values.allSatisfy { $0 == [.finished] })
        #expect(finishes(of: run).count == run.stepNames.count)
        for layer in layers { #expect(layer.animationKeys() ?? [] == []) }
        #expect(layers.allSatisfy { $0.speed == 1 && $0.timeOffset == 0 && $0.beginTime == 0 })
    }

    /// Reversed while it plays, the run plays back at its speed, steps in reverse order, and
    /// ends at its start: the model holds the values from before the run, nothing stays
    /// attached, the first step (which had finished) stays finished, and the rest end
    /// cancelled without their block running.
    @Test func aReversedRunPlaysBackToItsStartAndEndsThere() async throws {
        let samples = await referenceSamples(at: [0.2, 0.7, 0.9])
        let (run, layers, performed) = scrubbedRun()
        await fixture.clock.advance(by: 0.9)
        run.isReversed = true
        await fixture.clock.settle()
        #expect(run.isReversed)
        ScrubTests.expectClose(ScrubTests.values(of: layers), samples[0.9]!, at: 0.9)
        await fixture.clock.advance(by: 0.2)
        ScrubTests.expectClose(ScrubTests.values(of: layers), samples[0.7]!, at: 0.7)
        await fixture.clock.advance(by: 0.5)
        ScrubTests.expectClose(ScrubTests.values(of: layers), samples[0.2]!, at: 0.2)
        #expect(!run.isFinished)
        await fixture.clock.advance(by: 0.2 + 1e-6)
        #expect(await run.outcome == .finished)
        #expect(run.endPosition == .start)
        #expect(run.fractionComplete == 0)
        #expect(performed.value == 0)
        for layer in layers {
            #expect(layer.animationKeys() ?? [] == [])
            #expect(layer.position == .zero && layer.opacity == 1)
            #expect(layer.presentation().map { $0.position == .zero && $0.opacity == 1 } == true)
            #expect(layer.speed == 1 && layer.timeOffset == 0 && layer.beginTime == 0)
        }
        // In plan order: the first slide, the second, the spring, the wait, the keyframes,
        // the block, the fade, the last slide. By plan time 0.9 the slides and the wait had
        // ended.
        let outcomes = finishes(of: run)
        #expect(run.stepNames.map { outcomes[$0] ?? [] } == [[.finished], [.finished], [.cancelled], [.finished],
                                                           [.cancelled], [.cancelled], [.cancelled], [.cancelled]])
    }

    /// Turned back and forth, the run keeps matching the unscrubbed one, and every step
    /// finishes exactly once, its block once.
    @Test func turnedBackAndForthEveryStepFinishesOnce() async throws {
        let samples = await referenceSamples(at: [0.48, 0.7, 0.8, 1.0])
        let (run, layers, performed) = scrubbedRun()
        await fixture.clock.advance(by: 1.0)
        ScrubTests.expectClose(ScrubTests.values(of: layers), samples[1.0]!, at: 1.0)
        run.isReversed = true
        await fixture.clock.advance(by: 0.52)
        ScrubTests.expectClose(ScrubTests.values(of: layers), samples[0.48]!, at: 0.48)
        run.isReversed = false
        await fixture.clock.advance(by: 0.22)
        ScrubTests.expectClose(ScrubTests.values(of: layers), samples[0.7]!, at: 0.7)
        run.pause()
        run.isReversed = true
        await fixture.clock.advance(by: 3)
        // Paused, it turns and stays where it is.
        ScrubTests.expectClose(ScrubTests.values(of: layers), samples[0.7]!, at: 0.7)
        run.isReversed = false
        run.resume()
        await fixture.clock.advance(by: 0.1)
        ScrubTests.expectClose(ScrubTests.values(of: layers), samples[0.8]!, at: 0.8)
        await fixture.clock.advance(by: 3)
        #expect(await run.outcome == .finished)
        #expect(run.endPosition == .end)
        #expect(performed.value == 1)
        #expect(finishes(of: run).values.allSatisfy { $0 == [.finished] })
        // The trace records each turn, in order.
        let turns = run.recordedEvents.compactMap { event -> Bool? in
            if case .reversed(let reversed) = event.kind { return reversed } else { return nil }
        }
        #expect(turns == [true, false, true, false])
    }

    /// `fractionComplete` reads and moves plan time over the plan's length; the trace
    /// records each seek with the plan time it reached.
    @Test func fractionCompleteIsPlanTimeOverTheDuration() async throws {
        let (run, layers, _) = scrubbedRun()
        let duration = try #require(run.duration)
        defer { withExtendedLifetime(layers) {} }
        run.pause()
        run.fractionComplete = 0.5
        await fixture.clock.settle()
        #expect(abs(run.fractionComplete - 0.5) < 1e-12)
        run.fractionComplete = 7
        await fixture.clock.settle()
        // Clamped to the end: every step has finished.
        #expect(await run.outcome == .finished)
        let seeks = run.recordedEvents.compactMap { event -> TimeInterval? in
            if case .seeked(let time) = event.kind { return time } else { return nil }
        }
        #expect(seeks.count == 2)
        #expect(abs(seeks[0] - duration / 2) < 1e-12)
        #expect(seeks[1] == duration)
    }

    /// Cancelled on its timeline, the step in motion leaves its layer as its policy says,
    /// and the run's animations come off.
    @Test(arguments: [(CancellationPolicy.holdPresentation, CGFloat(50)), (.revert, 0), (.complete, 100)])
    func cancellingAScrubbedRunAppliesThePolicyOfTheStepInMotion(policy: CancellationPolicy, x: CGFloat) async {
        let layer = fixture.layer(), other = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(layer, BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear)).cancellationPolicy(policy)
            Step(other, BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear))
        }, motion: .full)
        run.pause()
        run.seek(to: 0.5)
        await fixture.clock.settle()
        #expect(layer.presentation()?.position.x == 50)
        run.cancel()
        await fixture.clock.advance(by: 0.1)
        #expect(await run.outcome == .cancelled)
        #expect(run.endPosition == .current)
        #expect(layer.position.x == x)
        #expect(layer.presentation()?.position.x == x)
        #expect(other.position.x == 0)
        #expect(layer.animationKeys() ?? [] == [] && other.animationKeys() ?? [] == [])
        #expect(layer.speed == 1 && layer.timeOffset == 0)
    }

    /// The layers deallocated while the run is on its timeline: the animation steps end
    /// `.interrupted`, the rest (the block) `.cancelled`, each once, and the run ends.
    @Test func aRunWhoseLayersGoOnItsTimelineEnds() async throws {
        var (run, layers, performed) = scrubbedRun()
        run.pause()
        run.seek(to: 0.5)
        await fixture.clock.settle()
        layers = []
        await fixture.clock.advance(by: 0.1)
        #expect(run.isFinished)
        #expect(await run.outcome == .interrupted)
        #expect(performed.value == 0)
        #expect(finishes(of: run).values.allSatisfy { $0.count == 1 })
        #expect(finishes(of: run).count == run.stepNames.count)
        _ = layers
    }

    /// The layer that carries a playing run's time is deallocated: another of the run's
    /// layers takes over, and the run plays to its end.
    @Test func aPlayingRunGoesOnWhenTheLayerCarryingItsTimeGoes() async throws {
        var first: CALayer? = fixture.layer()
        let second = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(first!, BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear)).named("first")
            Step(second, BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear)).named("second")
        }, motion: .full)
        await fixture.clock.advance(by: 0.5)
        run.seek(to: 1.2)
        await fixture.clock.settle()
        first = nil
        await fixture.clock.advance(by: 0.5)
        #expect(abs(run.fractionComplete - 1.7 / 2) < 1e-9)
        await fixture.clock.advance(by: 0.5)
        #expect(await run.outcome == .finished)
        #expect(run.outcome(ofStep: "second") == .finished)
        #expect(second.position.x == 100 && second.animationKeys() ?? [] == [])
        _ = first
    }

    /// A finished step that fills forwards keeps its animation until the run goes on its
    /// timeline, which then shows its motion: played back to the start, nothing stays.
    @Test func aFinishedStepThatFillsForwardsIsReversedToo() async {
        let layer = fixture.layer(), other = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(layer, BasicAnimation(.positionX, from: 0, to: 100, duration: 0.5, timing: .linear).fillingForwards())
            Step(other, BasicAnimation(.positionX, from: 0, to: 100, duration: 0.5, timing: .linear))
        }, motion: .full)
        await fixture.clock.advance(by: 0.7)
        run.isReversed = true
        await fixture.clock.advance(by: 0.45)
        #expect(layer.presentation().map { abs($0.position.x - 50) < 1e-6 } == true)
        await fixture.clock.advance(by: 0.5)
        #expect(run.endPosition == .start)
        #expect(layer.position.x == 0 && layer.presentation()?.position.x == 0)
        #expect(layer.animationKeys() ?? [] == [] && other.animationKeys() ?? [] == [])
    }

    /// Two steps on one layer, the second on a key path inside the first's (`position`, then
    /// `position.x`): scrubbed back to the start the layer holds its first values; played back
    /// to its start, the values from before the run.
    @Test func aKeyPathInsideAnotherStepsKeyPathIsScrubbedBackWhole() async {
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(layer, BasicAnimation(.position, from: .zero, to: CGPoint(x: 100, y: 100), duration: 0.5, timing: .linear))
            Step(layer, BasicAnimation(.positionX, to: 200, duration: 0.5, timing: .linear))
        }, motion: .full)
        await fixture.clock.advance(by: 0.8)
        run.pause()
        run.seek(to: 0.9)
        await fixture.clock.settle()
        #expect(layer.position == CGPoint(x: 200, y: 100))
        run.seek(to: 0.25)
        await fixture.clock.settle()
        #expect(layer.position == CGPoint(x: 100, y: 100))
        #expect(layer.presentation()?.position == CGPoint(x: 50, y: 50))
        run.seek(to: 0.75)
        await fixture.clock.settle()
        #expect(layer.position == CGPoint(x: 200, y: 100))
        #expect(layer.presentation()?.position == CGPoint(x: 150, y: 100))
        run.isReversed = true
        run.resume()
        await fixture.clock.advance(by: 1)
        #expect(run.endPosition == .start)
        #expect(layer.position == .zero && layer.presentation()?.position == .zero)
    }

    /// A run whose length is unknown cannot be scrubbed: the message names the step.
    @Test func scrubbingARunOfUnknownLengthStopsNamingTheStep() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let layer = CALayer()
            let run = AnimationQueue(name: "unknown length").run(AnimationPlan {
                Step(layer, BasicAnimation(.opacity, from: 1, to: 0.5, duration: 0.2).repeatingForever()).named("pulse")
            })
            run.fractionComplete = 0.5
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("AnimationRun.fractionComplete needs a plan whose length is known"))
        #expect(message.contains("pulse"))
    }
}
#endif
#if !canImport(QuartzCore)
extension ReverseTests {
    /// A pager's moves: paused and moved to a page, reversed and resumed back to the page
    /// before, paused and moved exactly onto it, turned forwards and resumed to the end.
    @Test func aPausedRunMovedTurnedAndResumedPlaysFromWhereItWasMoved() async throws {
        let (run, layers, performed) = scrubbedRun()
        let duration = try #require(run.duration)
        defer { withExtendedLifetime(layers) {} }
        func planTime() -> Double { run.fractionComplete * duration }
        await fixture.clock.advance(by: 0.3)
        run.pause()
        run.seek(to: 0.9)
        await fixture.clock.settle()
        run.isReversed = true
        run.resume()
        await fixture.clock.advance(by: 0.6)
        #expect(abs(planTime() - 0.3) < 1e-9)
        run.pause()
        run.seek(to: 0.3)
        run.isReversed = false
        await fixture.clock.advance(by: 0.4)
        #expect(abs(planTime() - 0.3) < 1e-9)
        run.resume()
        await fixture.clock.advance(by: 0.5)
        #expect(abs(planTime() - 0.8) < 1e-9)
        await fixture.clock.advance(by: duration)
        #expect(run.isFinished)
        #expect(run.endPosition == .end)
        #expect(performed.value == 1)
    }

    /// Paused, moved past a step and a block, turned and resumed in one main-thread turn, the
    /// run finishes that step `.finished` (plan time passed its end) and runs the block once,
    /// whenever their operations reach the main thread; the step it never reached ends
    /// `.cancelled`.
    @Test @MainActor func aStepPassedAsTheRunStartsFinishesOnce() async throws {
        let first = fixture.layer(), second = fixture.layer()
        let performed = ScrubTests.Counter()
        let run = fixture.queue.run(AnimationPlan {
            Step(first, BasicAnimation(.positionX, from: 0, to: 100, duration: 0.4)).named("first")
            Perform("note") { performed.increment() }
            Step(second, BasicAnimation(.positionX, from: 0, to: 100, duration: 0.4)).named("second")
        }, motion: .full)
        run.pause()
        run.seek(to: 0.6)
        run.isReversed = true
        run.resume()
        await fixture.clock.advance(by: 2)
        #expect(await run.outcome == .finished)
        #expect(run.endPosition == .start)
        #expect(run.outcome(ofStep: "first") == .finished)
        #expect(run.outcome(ofStep: "second") == .cancelled)
        #expect(performed.value == 1)
        #expect(finishes(of: run) == ["first": [.finished], "note": [.finished], "second": [.cancelled]])
        #expect(first.position.x == 0 && second.position.x == 0)
        #expect(first.animationKeys() ?? [] == [] && second.animationKeys() ?? [] == [])
    }
}
#endif
