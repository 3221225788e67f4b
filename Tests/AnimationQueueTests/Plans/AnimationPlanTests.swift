#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Plans on virtual time: each test has its own clock and queue.
@Suite(.hangGuard)
struct AnimationPlanTests {
    let fixture = QueueFixture(now: 100, queueName: "plans-\(UUID())")

    func fade(_ to: Float, _ duration: TimeInterval) -> BasicAnimation<Float> {
        BasicAnimation(.opacity, from: 1 - to, to: to, duration: duration, timing: .linear)
    }

    @Test func serialAndParallelStepsFollowThePlanTimeline() async {
        let title = fixture.layer(), caption = fixture.layer(), badge = fixture.layer(), button = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Serial {
                Step(title, fade(1, 0.3)).named("title")
                Parallel {
                    Step(caption, fade(1, 0.5)).named("caption")
                    Step(badge, fade(1, 0.2)).named("badge").delayed(by: 0.1)
                }
                Step(button, fade(1, 0.4)).named("button")
            }
        }, motion: .full)
        await fixture.clock.advance(by: 2)
        #expect(await run.outcome == .finished)
        let times = run.stepTimeline(since: 100)
        #expect(times["title"]?.start == 0 && times["title"]?.end == 0.3)
        #expect(times["caption"]?.start == 0.3 && times["caption"]?.end == 0.8)
        // The delay is inside the badge's animation: it starts at 0.3, moves from 0.4 to 0.6.
        #expect(times["badge"]?.start == 0.3 && times["badge"]?.end == 0.6)
        #expect(times["button"]?.start == 0.8 && times["button"]?.end == 1.2)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test func delayedStepShowsItsFromValueDuringTheDelay() async {
        let badge = fixture.layer()
        _ = fixture.queue.run(AnimationPlan {
            Step(badge, BasicAnimation(.opacity, from: 0, to: 1, duration: 1, timing: .linear)).delayed(by: 0.5)
        }, motion: .full)
        await fixture.clock.advance(by: 0.25)
        #expect(badge.presentation()?.opacity == 0)
        #expect(badge.opacity == 1)
        await fixture.clock.advance(by: 0.5)
        #expect(abs(Double(badge.presentation()!.opacity) - 0.25) < 1e-6)
    }

    /// A zero-duration step has nothing to play: its from-value shows for the delay, then its
    /// final value, as `.delayed(by:)` on the animation itself does.
    @Test(arguments: [false, true])
    func delayedZeroDurationStepShowsItsFromValueDuringTheDelay(delayingTheAnimation: Bool) async {
        let badge = fixture.layer()
        let jump = BasicAnimation(.opacity, from: 0.2, to: 0.9, duration: 0)
        let run = fixture.queue.run(AnimationPlan {
            if delayingTheAnimation {
                Step(badge, jump.delayed(by: 0.5))
            } else {
                Step(badge, jump).delayed(by: 0.5)
            }
        }, motion: .full)
        await fixture.clock.advance(by: 0.25)
        #expect(badge.presentation()?.opacity == 0.2)
        #expect(badge.opacity == 0.9)
        await fixture.clock.advance(by: 0.25)
        #expect(badge.presentation()?.opacity == 0.9)
        #expect(await run.outcome == .finished)
        #expect(badge.animationKeys() == nil)
    }

    @Test func waitAndPerformRunBetweenSteps() async {
        let label = fixture.layer()
        let log = Log()
        let engineClock = fixture.clock.engineClock
        let run = fixture.queue.run(AnimationPlan {
            Step(label, fade(0, 0.2)).named("out")
            Wait(0.3).named("pause")
            Perform("swap") { log.append("swap@\(engineClock.now - 100)") }
            Step(label, fade(1, 0.2)).named("in")
        }, motion: .full)
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(log.entries.count == 1)
        #expect(log.entries.first.map { abs(Double($0.dropFirst(5))! - 0.5) < 1e-9 } == true)
        #expect(run.stepTimeline(since: 100)["in"]?.start == 0.5)
        #expect(run.stepTimeline(since: 100)["in"]?.end == 0.7)
    }

    @Test func crossBranchDependencyWaitsForTheNamedStep() async {
        let a = fixture.layer(), b = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Parallel {
                Step(a, fade(1, 0.6)).named("slow")
                Serial {
                    Step(b, fade(1, 0.1)).named("quick")
                    Step(b, fade(0, 0.1)).named("after-slow").after("slow")
                }
            }
        }, motion: .full)
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(run.stepTimeline(since: 100)["after-slow"]?.start == 0.6)
    }

    @Test func cancellingARunCancelsPendingStepsAndHoldsTheRunningOne() async {
        let a = fixture.layer(), b = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(a, BasicAnimation(.opacity, from: 0, to: 1, duration: 1, timing: .linear)).named("first")
            Step(b, fade(1, 1)).named("second")
        }, motion: .full)
        await fixture.clock.advance(by: 0.25)
        run.cancel()
        await fixture.clock.advance(by: 0)
        #expect(await run.outcome == .cancelled)
        #expect(run.outcome(ofStep: "first") == .cancelled)
        #expect(run.outcome(ofStep: "second") == .cancelled)
        #expect(abs(Double(a.opacity) - 0.25) < 1e-6)
        #expect(a.animationKeys() == nil)
        #expect(run.stepTimeline(since: 100)["second"]?.start.isNaN ?? true)
    }

    @Test func cancellingTheAwaitingTaskCancelsTheRun() async {
        let a = fixture.layer()
        let run = fixture.queue.run(AnimationPlan { Step(a, fade(1, 1)) }, motion: .full)
        let waiter = Task { await run.outcome }
        await fixture.clock.advance(by: 0.5)
        waiter.cancel()
        // The removal is reported on the clock's next turn, as Core Animation reports it
        // after the run loop turns.
        while !run.isFinished, !Task.isCancelled { await fixture.clock.advance(by: 0) }
        #expect(await waiter.value == .cancelled)
    }

    @Test func eventsStreamReplaysAndEndsWithTheRun() async {
        let a = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(a, fade(1, 0.2)).named("one")
            Step(a, fade(0, 0.2)).named("two")
        }, motion: .full)
        await fixture.clock.advance(by: 1)
        var seen: [String] = []
        for await event in run.events { seen.append(event.description) }
        // Times since the run began (at 100 s on the test clock).
        #expect(seen == ["t=0.000 one started", "t=0.200 one finished", "t=0.200 two started", "t=0.400 two finished"])
        #expect(run.recordedEvents.map(\.time) == [100, 100.2, 100.2, 100.4])
    }

    /// A run that only its event stream keeps (`for await event in queue.run(plan).events`)
    /// plays on, records every event, and ends the stream.
    @Test func eventsStreamKeepsItsRunAndEndsWithIt() async throws {
        let a = fixture.layer()
        weak var weakRun: AnimationRun?
        let stream = {
            let run = fixture.queue.run(AnimationPlan { Step(a, fade(1, 0.2)).named("one") }, motion: .full)
            weakRun = run
            return run.events
        }()
        try #require(weakRun != nil, "the stream keeps its run")
        await fixture.clock.advance(by: 1)
        var seen: [String] = []
        for await event in stream { seen.append(event.description) }
        #expect(seen == ["t=0.000 one started", "t=0.200 one finished"])
        #expect(weakRun == nil, "the run is released once its stream has ended")
    }

    /// Streams subscribed from other threads while the main thread records: each replays
    /// the events so far, then gets every new one, in order, and ends with the run, however
    /// its subscription interleaves with the recording and with the run's end.
    @Test func eventsStreamsSubscribedWhileTheRunRecordsGetEveryEventInOrder() async {
        let steps = 300
        let run = fixture.queue.run(AnimationPlan {
            Serial { for index in 0..<steps { Perform("p\(index)") {} } }
        })
        let subscribers = 40
        let streams = await withTaskGroup(of: [AnimationRun.Event].self) { group in
            for index in 0..<subscribers {
                group.addTask {
                    // Spread over the run: the later subscribers replay hundreds of events,
                    // and the last ones subscribe as it ends.
                    let threshold = index * 2 * steps / subscribers
                    while run.recordedEvents.count < threshold, !run.isFinished { await Task.yield() }
                    var seen: [AnimationRun.Event] = []
                    for await event in run.events { seen.append(event) }
                    return seen
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(await run.outcome == .finished)
        let recorded = run.recordedEvents
        #expect(recorded.count == 2 * steps)
        for seen in streams where seen != recorded {
            Issue.record("a stream got \(seen.count) of \(recorded.count) events, or another order")
        }
    }

    @Test func reducedMotionKeepsOrderAndJumpsToFinalValues() async {
        let a = fixture.layer(), b = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(a, BasicAnimation(.opacity, from: 1, to: 0.5, duration: 1)).named("one")
            Step(b, BasicAnimation(.opacity, from: 1, to: 0.2, duration: 1)
                .reducingMotion(.shorten(to: 0.25))).named("two")
        }, motion: .reduced)
        await fixture.clock.advance(by: 0)
        #expect(a.opacity == 0.5)
        #expect(a.animationKeys() == nil)
        await fixture.clock.advance(by: 0.25)
        #expect(await run.outcome == .finished)
        #expect(b.opacity == 0.2)
        let times = run.stepTimeline(since: 100)
        #expect(times["one"]?.end == 0)
        #expect(times["two"]?.start == 0 && times["two"]?.end == 0.25)
    }

    /// `.shorten(to:)` bounds the whole step, delay included: a 1 s fade after a 1 s delay,
    /// shortened to 0.5 s, waits 0.25 s and fades for 0.25 s.
    @Test func shortenedMotionShortensTheDelayToo() async {
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(layer, BasicAnimation(.opacity, from: 1, to: 0, duration: 1, timing: .linear)
                .delayed(by: 1)
                .reducingMotion(.shorten(to: 0.5))).named("fade")
        }, motion: .reduced)
        await fixture.clock.advance(by: 0.25)
        #expect(abs(Double(layer.presentation()!.opacity) - 1) < 1e-6)
        await fixture.clock.advance(by: 0.125)
        #expect(abs(Double(layer.presentation()!.opacity) - 0.5) < 1e-6)
        await fixture.clock.advance(by: 0.125)
        #expect(await run.outcome == .finished)
        #expect(run.stepTimeline(since: 100)["fade"]?.end == 0.5)
    }

    @MainActor @Test func layerRunReturnsItsOutcome() async {
        let a = fixture.layer()
        let task = Task { await a.run(fade(1, 0.5), on: fixture.queue, motion: .full) }
        await fixture.clock.advance(by: 0.5)
        #expect(await task.value == .finished)
        #expect(a.opacity == 1)
    }

    /// Called from a task that is already cancelled, `run` leaves the layer as it is.
    @MainActor @Test func runFromACancelledTaskLeavesTheLayerAlone() async {
        let layer = fixture.layer()
        LayerFixtures.inEffect { layer.opacity = 0.3 }
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await layer.run(BasicAnimation(.opacity, from: 0, to: 1, duration: 0.5), on: fixture.queue, motion: .full)
        }
        await fixture.clock.advance(by: 1)
        #expect(await task.value == .cancelled)
        #expect(layer.opacity == 0.3 && layer.animationKeys() == nil)
    }

    /// An operation in no queue, which nothing may ever start: cancelling the task that
    /// awaits it ends the wait with the outcome its start would give, `.cancelled`.
    @Test func cancellingTheWaitForAnOperationInNoQueueEndsIt() async {
        let operation = AnimationOperation(layer: fixture.layer(), animation: fade(1, 0.5))
        let task = Task { await operation.waitForOutcome() }
        task.cancel()
        #expect(await task.value == .cancelled)
        #expect(operation.isCancelled && !operation.isExecuting)
        // Started later after all, it finishes with that outcome.
        operation.start()
        await fixture.clock.advance(by: 0)
        #expect(operation.outcome == .cancelled)
    }

    @Test func validationReportsEachProblem() {
        let a = CALayer()
        func code(_ plan: AnimationPlan) -> AnimationQueueError.Code? {
            do { try plan.validate(); return nil } catch { return error.code }
        }
        #expect(code(AnimationPlan {}) == .emptyPlan)
        #expect(code(AnimationPlan { Step(a, fade(1, 1)).after("missing") }) == .unknownStepName)
        #expect(code(AnimationPlan { Step(a, fade(1, 1)).named("x"); Step(a, fade(1, 1)).named("x") }) == .duplicateStepName)
        #expect(code(AnimationPlan {
            Parallel {
                Step(a, fade(1, 1)).named("p").after("q")
                Step(a, fade(1, 1)).named("q").after("p")
            }
        }) == .dependencyCycle)
        #expect(code(AnimationPlan { Step(a, fade(1, 1)) }) == nil)
    }

    /// A step that waits for itself is a cycle of one: reported, never hung on.
    @Test func aStepThatWaitsForItselfIsACycle() {
        let a = CALayer()
        do {
            try AnimationPlan { Step(a, fade(1, 1)).named("x").after("x") }.validate()
            Issue.record("validate() did not throw")
        } catch {
            #expect(error.code == .dependencyCycle)
            #expect(error.message.contains("step 'x' waits for itself (.after(\"x\"))"))
        }
    }

    @Test func cycleMessageNamesTheSteps() {
        let a = CALayer()
        do {
            try AnimationPlan {
                Parallel {
                    Step(a, fade(1, 1)).named("p").after("q")
                    Step(a, fade(1, 1)).named("q").after("p")
                }
            }.validate()
            Issue.record("expected a cycle")
        } catch {
            #expect(error.message.contains("'p'") || error.message.contains("p →"))
            #expect(error.message.contains("q"))
        }
    }
}
#endif
