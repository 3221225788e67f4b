#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Gapless plans: steps committed ahead with a `beginTime` at their dependencies' end.
/// Expected values are hand-computed from linear animations:
/// value = from + (to − from) · (elapsed / duration). The clock starts at 50.
@Suite(.hangGuard)
struct GaplessChainTests {
    let fixture = QueueFixture(now: 50, queueName: "gapless-\(UUID())")

    func ramp(from: Float = 0, to: Float = 1, _ duration: TimeInterval) -> BasicAnimation<Float> {
        BasicAnimation(.opacity, from: from, to: to, duration: duration, timing: .linear)
    }

    func times(_ run: AnimationRun, _ step: String) -> (start: Double?, end: Double?) {
        let events = run.recordedEvents.filter { $0.step == step }
        return (events.first { $0.kind == .started }.map { $0.time - 50 },
                events.first { if case .finished = $0.kind { true } else { false } }.map { $0.time - 50 })
    }

    func close(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= tolerance
    }

    @Test func nextStepIsCommittedAheadWithoutTouchingItsModel() async {
        let a = fixture.layer(opacity: 0), b = fixture.layer(opacity: 0.25)
        let run = fixture.queue.run(AnimationPlan(scheduling: .gapless) {
            Step(a, ramp(0.3)).named("first")
            Step(b, ramp(from: 0.5, to: 1, 0.3)).named("second")
        }, motion: .full)
        await fixture.clock.advance(by: 0.1)
        // Attached to begin when "first" ends, at 50.3; it shows nothing yet.
        #expect(close(attachedBeginTime(b), 50.3))
        #expect(b.opacity == 0.25)
        #expect(close(shownOpacity(b), 0.25))
        await fixture.clock.advance(by: 0.3)    // t = 0.4: 0.1 s into "second"
        #expect(close(shownOpacity(b), 0.5 + 0.5 * (0.1 / 0.3), 1e-6))
        #expect(b.opacity == 1)
        await fixture.clock.advance(by: 0.2)
        #expect(await run.outcome == .finished)
        #expect(close(times(run, "second").start, 0.3))
        #expect(close(times(run, "second").end, 0.6))
        #expect(a.animationKeys() == nil && b.animationKeys() == nil)
        #expect(a.opacity == 1 && b.opacity == 1)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test func chainOnOneKeyPlaysEachStepFromThePreviousEnd() async {
        let layer = fixture.layer(opacity: 0)
        let run = fixture.queue.run(AnimationPlan(scheduling: .gapless) {
            Step(layer, ramp(0.3))
            Step(layer, ramp(from: 1, to: 0.2, 0.3))
            Step(layer, ramp(from: 0.2, to: 0.6, 0.2))
        }, motion: .full)
        var samples: [Double] = []
        for time in [0.15, 0.45, 0.7] {
            await fixture.clock.advance(to: 50 + time)
            samples.append(shownOpacity(layer))
        }
        #expect(close(samples[0], 0.5, 1e-6))
        #expect(close(samples[1], 1 - 0.8 * 0.5, 1e-6))
        #expect(close(samples[2], 0.2 + 0.4 * 0.5, 1e-6))
        await fixture.clock.advance(by: 0.2)
        #expect(await run.outcome == .finished)
        #expect(abs(Double(layer.opacity) - 0.6) < 1e-6)
        #expect(layer.animationKeys() == nil)
    }

    /// Steps without a from-value, the common way to write a chain: each one is committed
    /// when the step before it starts, and still starts from where that step ends (its
    /// model value), not from what the layer shows at the commit.
    @Test func toOnlyChainStartsEachStepFromThePreviousEnd() async {
        let layer = fixture.layer(opacity: 0)
        let run = fixture.queue.run(AnimationPlan(scheduling: .gapless) {
            Step(layer, BasicAnimation(.opacity, to: 1, duration: 0.3, timing: .linear))
            Step(layer, BasicAnimation(.opacity, to: 0.2, duration: 0.3, timing: .linear))
            Step(layer, SpringAnimation(.opacity, to: 0.6, perceptualDuration: 0.2, bounce: 0))
        }, motion: .full)
        await fixture.clock.advance(to: 50.15)
        #expect(close(shownOpacity(layer), 0.5, 1e-6))
        await fixture.clock.advance(to: 50.3)
        #expect(close(shownOpacity(layer), 1, 1e-6))
        await fixture.clock.advance(to: 50.45)
        #expect(close(shownOpacity(layer), 1 - 0.8 * 0.5, 1e-6))
        await fixture.clock.advance(to: 50.6)   // the spring starts from 0.2, at rest
        #expect(close(shownOpacity(layer), 0.2, 1e-6))
        await fixture.clock.advance(to: 50.61)
        #expect(shownOpacity(layer) > 0.2 && shownOpacity(layer) < 0.6)
        await fixture.clock.runUntilIdle(limit: 5)
        #expect(await run.outcome == .finished)
        #expect(abs(Double(layer.opacity) - 0.6) < 1e-6)
    }

    /// A busy main thread: the main queue is occupied while virtual time crosses the
    /// boundary, so the second step's operation starts 0.2 s late.
    @Test func stepPlaysOnTimeWhenItsOperationStartsLate() async throws {
        for scheduling in [AnimationPlan.Scheduling.afterCompletion, .gapless] {
            let a = fixture.layer(opacity: 0), b = fixture.layer(opacity: 0)
            let start = fixture.clock.now
            let run = fixture.queue.run(AnimationPlan(scheduling: scheduling) {
                Step(a, ramp(0.3)).named("first")
                Step(b, ramp(0.4)).named("second")
            }, motion: .full)
            await fixture.clock.advance(by: 0.25)
            let mainThread = try #require(BusyMainThread())
            // t = 0.5: "first" ended at 0.3; what it hands to the main thread waits.
            fixture.clock.engineClock.advance(by: 0.25)
            mainThread.release()
            await fixture.clock.advance(by: 0)
            // 0.2 s into "second" if it began at 0.3; nothing shown yet if it begins now.
            let shown = shownOpacity(b)
            await fixture.clock.advance(by: 1)
            #expect(await run.outcome == .finished)
            let began = run.recordedEvents.first { $0.step == "second" && $0.kind == .started }!.time - start
            if scheduling == .gapless {
                #expect(close(shown, 0.2 / 0.4, 1e-6))
                #expect(close(began, 0.3, 1e-6))
            } else {
                #expect(close(shown, 0, 1e-6))
                #expect(close(began, 0.5, 1e-6))
            }
            #expect(b.opacity == 1 && b.animationKeys() == nil)
        }
    }

    /// Suspending the queue before the boundary removes the next step's commit ahead, so
    /// nothing new plays while it is suspended; on resuming, the step starts afresh.
    @Test func suspendingTheQueueRemovesTheStepCommittedAheadUntilItResumes() async {
        let a = fixture.layer(opacity: 0), b = fixture.layer(opacity: 0.25)
        let run = fixture.queue.run(AnimationPlan(scheduling: .gapless) {
            Step(a, ramp(0.3)).named("first")
            Step(b, ramp(0.4)).named("second")
        }, motion: .full)
        await fixture.clock.advance(by: 0.1)
        #expect(b.animationKeys()?.count == 1)
        fixture.queue.isSuspended = true
        await fixture.clock.advance(by: 0)
        #expect(b.animationKeys() == nil)
        await fixture.clock.advance(by: 0.4)           // t = 0.5: "first" ended at 0.3
        #expect(close(shownOpacity(b), 0.25))  // nothing played
        #expect(times(run, "second").start == nil)
        fixture.queue.isSuspended = false
        await fixture.clock.advance(by: 0.2)           // "second" starts on resuming, at 0.5
        #expect(close(times(run, "second").start, 0.5, 1e-6))
        #expect(close(shownOpacity(b), 0.5, 1e-6))
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(b.opacity == 1 && b.animationKeys() == nil)
    }

    /// While the queue is suspended, a step whose dependency starts is not committed ahead.
    @Test func aStepIsNotCommittedAheadWhileTheQueueIsSuspended() async throws {
        let a = fixture.layer(opacity: 0), b = fixture.layer(opacity: 0.25)
        // "first" is handed over, and its start waits for the main thread; meanwhile the
        // queue is suspended.
        let mainThread = try #require(BusyMainThread())
        let run = fixture.queue.run(AnimationPlan(scheduling: .gapless) {
            Step(a, ramp(0.3)).named("first")
            Step(b, ramp(0.4)).named("second")
        }, motion: .full)
        fixture.queue.isSuspended = true
        mainThread.release()
        await fixture.clock.advance(by: 0.1)
        #expect(close(times(run, "first").start, 0, 1e-6))
        #expect(b.animationKeys() == nil)
        await fixture.clock.advance(by: 0.4)
        #expect(times(run, "second").start == nil)
        fixture.queue.isSuspended = false
        await fixture.clock.advance(by: 1)
        #expect(close(times(run, "second").start, 0.5, 1e-6))
        #expect(await run.outcome == .finished)
    }

    /// `.system` motion is read when each step starts, also for a step committed ahead:
    /// Reduce Motion turned on meanwhile makes it jump to its final value. In a process of
    /// its own, since the setting (`ANIMATIONQUEUE_REDUCE_MOTION`) is the process's.
    @Test func aStepCommittedAheadReadsTheSystemMotionSettingWhenItStarts() async {
        await #expect(processExitsWith: .success) {
            unsetenv("ANIMATIONQUEUE_REDUCE_MOTION")
            let fixture = QueueFixture(queueName: "system motion")
            let a = fixture.layer(), b = fixture.layer()
            let run = fixture.queue.run(AnimationPlan(scheduling: .gapless) {
                Step(a, BasicAnimation(.opacity, from: 0, to: 1, duration: 1, timing: .linear))
                Step(b, BasicAnimation(.opacity, from: 0, to: 1, duration: 1, timing: .linear))
            }, motion: .system)
            await fixture.clock.advance(by: 0.5)
            precondition(b.animationKeys()?.count == 1, "the second step is committed ahead")
            setenv("ANIMATIONQUEUE_REDUCE_MOTION", "1", 1)
            await fixture.clock.advance(by: 0.5)
            precondition(run.isFinished, "the second step jumps to its final value when it starts, at 1 s")
            precondition(b.opacity == 1 && b.animationKeys() == nil)
        }
    }

    @Test func cancellingBeforeTheBoundaryRemovesTheStepCommittedAhead() async {
        let a = fixture.layer(opacity: 0), b = fixture.layer(opacity: 0.25)
        let run = fixture.queue.run(AnimationPlan(scheduling: .gapless) {
            Step(a, ramp(0.4)).named("first")
            Step(b, ramp(0.4)).named("second")
        }, motion: .full)
        await fixture.clock.advance(by: 0.1)
        #expect(b.animationKeys()?.count == 1)
        run.cancel()
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .cancelled)
        #expect(run.outcome(ofStep: "second") == .cancelled)
        #expect(b.animationKeys() == nil)
        #expect(b.opacity == 0.25)
        #expect(close(shownOpacity(b), 0.25))
        // "first" held what it showed at 0.1 s.
        #expect(close(Double(a.opacity), 0.25, 1e-6))
    }

    /// Cancelled after the ahead animation began but before its operation started (the main
    /// thread is busy): the step applies its policy like a running one.
    @Test func cancellingAStepThatBeganAheadOfItsOperationAppliesItsPolicy() async throws {
        for policy in [CancellationPolicy.holdPresentation, .revert, .complete] {
            let a = fixture.layer(opacity: 0), b = fixture.layer(opacity: 0)
            let second = Step(b, ramp(0.4)).named("second").cancellationPolicy(policy)
            let plan = AnimationPlan(scheduling: .gapless) {
                Step(a, ramp(0.2)).named("first")
                second
            }
            let run = fixture.queue.run(plan, motion: .full)
            await fixture.clock.advance(by: 0.1)
            let mainThread = try #require(BusyMainThread())
            fixture.clock.engineClock.advance(by: 0.2)    // 0.1 s into "second"
            run.cancel()
            mainThread.release()
            await fixture.clock.advance(by: 0)
            await fixture.clock.advance(by: 1)
            #expect(await run.outcome == .cancelled)
            #expect(run.outcome(ofStep: "first") == .finished)
            #expect(run.outcome(ofStep: "second") == .cancelled)
            let expected: Double = switch policy {
            case .holdPresentation: 0.25
            case .revert: 0
            case .complete: 1
            }
            #expect(close(Double(b.opacity), expected, 1e-6), "\(policy)")
            #expect(b.animationKeys() == nil)
        }
    }

    @Test func dependencyEndingEarlyStartsTheStepWhenItEnds() async {
        let a = fixture.layer(opacity: 0), b = fixture.layer(opacity: 0)
        let run = fixture.queue.run(AnimationPlan(scheduling: .gapless) {
            Step(a, ramp(0.4)).named("first")
            Step(b, ramp(0.4)).named("second")
        }, motion: .full)
        await fixture.clock.advance(by: 0.1)
        a.removeAllAnimations()
        await fixture.clock.advance(by: 0.2)    // t = 0.3: "second" started at 0.1
        #expect(close(shownOpacity(b), 0.5, 1e-6))
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .interrupted)
        #expect(run.outcome(ofStep: "first") == .interrupted)
        #expect(run.outcome(ofStep: "second") == .finished)
        #expect(close(times(run, "second").start, 0.1))
        #expect(close(times(run, "second").end, 0.5))
        #expect(b.animationKeys() == nil && b.opacity == 1)
    }

    @Test func stepCommittedAheadThatIsRemovedFinishesInterruptedWithItsFinalValue() async {
        let a = fixture.layer(opacity: 0), b = fixture.layer(opacity: 0)
        let run = fixture.queue.run(AnimationPlan(scheduling: .gapless) {
            Step(a, ramp(0.3)).named("first")
            Step(b, ramp(0.3)).named("second")
        }, motion: .full)
        await fixture.clock.advance(by: 0.1)
        b.removeAllAnimations()
        await fixture.clock.advance(by: 1)
        #expect(run.outcome(ofStep: "first") == .finished)
        #expect(run.outcome(ofStep: "second") == .interrupted)
        #expect(b.opacity == 1 && b.animationKeys() == nil)
    }

    @Test func waitsAndDelaysKeepTheirPlaceOnTheTimeline() async {
        let a = fixture.layer(opacity: 0), b = fixture.layer(opacity: 0)
        let run = fixture.queue.run(AnimationPlan(scheduling: .gapless) {
            Step(a, ramp(0.2))
            Wait(0.1)
            Step(b, ramp(0.2)).named("late").delayed(by: 0.05)
        }, motion: .full)
        await fixture.clock.advance(to: 50.34)
        #expect(close(shownOpacity(b), 0))
        await fixture.clock.advance(to: 50.45)
        #expect(close(shownOpacity(b), 0.5, 1e-6))
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(close(times(run, "late").end, 0.55))
        #expect(b.opacity == 1 && b.animationKeys() == nil)
    }

    @Test func stepAfterABlockIsNotCommittedAhead() async {
        let a = fixture.layer(opacity: 0), b = fixture.layer(opacity: 0)
        let run = fixture.queue.run(AnimationPlan(scheduling: .gapless) {
            Step(a, ramp(0.3))
            Perform("swap") {}
            Step(b, ramp(0.3)).named("after block")
        }, motion: .full)
        await fixture.clock.advance(by: 0.1)
        #expect(b.animationKeys() == nil)
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(close(times(run, "after block").start, 0.3))
    }

    @Test func parallelBranchesJoinAtTheLatestEnd() async {
        let a = fixture.layer(opacity: 0), b = fixture.layer(opacity: 0)
        let c = fixture.layer(opacity: 0)
        let run = fixture.queue.run(AnimationPlan(scheduling: .gapless) {
            Parallel {
                Step(a, ramp(0.2))
                Step(b, ramp(0.5))
            }
            Step(c, ramp(0.2)).named("join")
        }, motion: .full)
        await fixture.clock.advance(by: 0.1)
        #expect(close(attachedBeginTime(c), 50.5))
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(close(times(run, "join").start, 0.5))
        #expect(close(times(run, "join").end, 0.7))
    }

    @Test func pausingHoldsTheStepCommittedAheadToo() async {
        let a = fixture.layer(opacity: 0), b = fixture.layer(opacity: 0)
        let run = fixture.queue.run(AnimationPlan(scheduling: .gapless) {
            Step(a, ramp(0.3)).named("first")
            Step(b, ramp(0.3)).named("second")
        }, motion: .full)
        await fixture.clock.advance(by: 0.1)
        run.pause()
        await fixture.clock.advance(by: 1)
        #expect(close(shownOpacity(b), 0))
        run.resume()
        await fixture.clock.advance(by: 0.3)    // 0.1 s into "second"
        #expect(close(shownOpacity(b), 1.0 / 3, 1e-6))
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(close(times(run, "second").start, 1.3))
        #expect(close(times(run, "second").end, 1.6))
    }

    @Test func thousandGaplessStepsEndAtTheSumOfTheirDurations() async {
        let layer = fixture.layer(opacity: 0)
        let run = fixture.queue.run(AnimationPlan(scheduling: .gapless) {
            for index in 0..<1_000 {
                Step(layer, ramp(from: Float(index % 2), to: Float(1 - index % 2), 0.01))
            }
        }, motion: .full)
        await fixture.clock.advance(by: 10.5)
        #expect(await run.outcome == .finished)
        let last = run.recordedEvents.last!
        #expect(close(last.time - 50, 10, 1e-6))
        #expect(layer.opacity == 0 && layer.animationKeys() == nil)
    }
}

/// A busy main thread across a step boundary, on the real clock: the main queue is blocked
/// for 200 ms from just before the first step ends. Each step's actual begin is inferred
/// from what its layer shows later: begin = now − shown · duration (linear 0 → 1). A
/// measurement counts only if the stall really covered the boundary and a sample fell inside
/// the second step; it is repeated until it does, at most five times.
@Suite(.serialized, .hangGuard, .mainQueueExclusive)
struct GaplessStallTests {
    static let stall: TimeInterval = 0.2
    static let frame: TimeInterval = 1.0 / 60

    struct Measured {
        /// When the second step was planned to begin: the first step's start + 0.3 s.
        let planned: CFTimeInterval
        /// When its animation actually began, inferred from its presentation; nil if no
        /// sample fell inside the animation.
        let sampledBegin: CFTimeInterval?
        /// When the run reported it started.
        let reported: CFTimeInterval
        /// When the main thread's stall began.
        let stalledFrom: CFTimeInterval

        /// When its animation actually began (`planned` if it could not be sampled, which
        /// `isValid` reports).
        var began: CFTimeInterval { sampledBegin ?? planned }

        /// Whether the measurement means something: the stall covered the step boundary (it
        /// began before the planned boundary and ended after it), and a sample fell inside
        /// the second step's animation.
        var isValid: Bool {
            sampledBegin != nil
                && stalledFrom < planned - 0.005 && stalledFrom + GaplessStallTests.stall > planned + 0.005
        }
    }

    /// Measures until the measurement is valid (at most 5 tries). Under a sanitizer's
    /// slowdown the main queue may reach the stall only after the boundary, or sample only
    /// after the second step ended; such a measurement says nothing and is taken again.
    func measure(_ scheduling: AnimationPlan.Scheduling) async -> Measured {
        var measured = await measureOnce(scheduling)
        for _ in 1..<5 where !measured.isValid {
            measured = await measureOnce(scheduling)
        }
        #expect(measured.isValid, "no valid measurement in 5 tries: \(measured)")
        return measured
    }

    func measureOnce(_ scheduling: AnimationPlan.Scheduling) async -> Measured {
        let queue = AnimationQueue(name: "stall-\(scheduling)")
        let a = CALayer(), b = CALayer()
        let ramp = { BasicAnimation<Float>(.opacity, from: 0, to: 1, duration: $0, timing: .linear) }
        let run = queue.run(AnimationPlan(scheduling: scheduling) {
            Step(a, ramp(0.3)).named("first")
            Step(b, ramp(0.4)).named("second")
        }, motion: .full)
        // Blocks the main thread from 0.27 s to 0.47 s after the first step's start (fault
        // injection, not a wait), then samples what "second" shows from 0.15 s later. The
        // layer is only read there, on the main thread, while this task waits.
        nonisolated(unsafe) let sampled = b
        let (began, stalledFrom): (CFTimeInterval?, CFTimeInterval) = await withCheckedContinuation { continuation in
            Self.whenStarted(run, "first", attempts: 15_000) { start in
                guard let start else { return continuation.resume(returning: (nil, 0)) }
                DispatchQueue.main.asyncAfter(deadline: .now() + max(0, start + 0.27 - CACurrentMediaTime())) {
                    let stalledFrom = CACurrentMediaTime()
                    Thread.sleep(forTimeInterval: Self.stall)
                    Self.sampleBegin(of: sampled, after: 0.15, attempts: 2_000) { continuation.resume(returning: ($0, stalledFrom)) }
                }
            }
        }
        #expect(await run.outcome == .finished)
        let start = run.recordedEvents.first { $0.step == "first" && $0.kind == .started }?.time ?? .nan
        let reported = run.recordedEvents.first { $0.step == "second" && $0.kind == .started }?.time ?? .nan
        return Measured(planned: start + 0.3, sampledBegin: began, reported: reported, stalledFrom: stalledFrom)
    }

    /// Calls `body` on the main queue with the media time `step` started, checking every 2 ms,
    /// or with nil after `attempts` checks: a test waiting on it never hangs.
    static func whenStarted(_ run: AnimationRun, _ step: String, attempts: Int,
                            _ body: @escaping @Sendable (CFTimeInterval?) -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.002) {
            if let start = run.recordedEvents.first(where: { $0.step == step && $0.kind == .started })?.time {
                body(start)
            } else if attempts > 1 {
                whenStarted(run, step, attempts: attempts - 1, body)
            } else {
                body(nil)
            }
        }
    }

    /// Infers when `layer`'s 0.4 s linear ramp began from a sample taken `delay` seconds
    /// from now, on the main queue: begin = now − shown · 0.4. A sample is only valid while
    /// the ramp runs (0 < shown < 1). Under a sanitizer's slowdown the step may start later
    /// than the first sample, so while it has not begun the sample is taken again 5 ms later
    /// (at most `attempts` times); once it has ended nothing can be inferred. Nil then.
    static func sampleBegin(of layer: CALayer, after delay: TimeInterval, attempts: Int,
                            _ done: @escaping @Sendable (CFTimeInterval?) -> Void) {
        nonisolated(unsafe) let layer = layer
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) {
            let now = CACurrentMediaTime()
            let shown = Double(layer.presentation()?.opacity ?? 0)
            if shown > 0, shown < 1 {
                done(now - shown * 0.4)
            } else if shown <= 0, attempts > 1 {
                sampleBegin(of: layer, after: 0.005, attempts: attempts - 1, done)
            } else {
                done(nil)
            }
        }
    }

    @Test func completionChainedStepStartsLateByAboutTheStall() async {
        let measured = await measure(.afterCompletion)
        let late = measured.began - measured.planned
        print("GaplessStallTests: after completion, second step began \(String(format: "%.1f", late * 1000)) ms late")
        #expect(late > Self.stall / 2, "began \(late) s late")
        #expect(abs(measured.reported - measured.began) < Self.frame)
    }

    @Test func gaplessStepFollowsThePlanWithinAFrame() async {
        let measured = await measure(.gapless)
        let late = measured.began - measured.planned
        print("GaplessStallTests: gapless, second step began \(String(format: "%.1f", late * 1000)) ms late")
        #expect(abs(late) < Self.frame, "began \(late) s late")
        #expect(abs(measured.reported - measured.planned) < 1e-6)
    }
}
/// The main queue occupied by a block that waits until ``release()``: a busy main thread.
final class BusyMainThread: Sendable {
    private let released = DispatchSemaphore(value: 0)

    /// Occupies the main queue; nil if it did not get there within 10 s.
    init?() {
        let occupied = DispatchSemaphore(value: 0)
        let released = self.released
        DispatchQueue.main.async {
            occupied.signal()
            _ = released.wait(timeout: .now() + 30)
        }
        guard occupied.wait(timeout: .now() + 10) == .success else { return nil }
    }

    /// Lets the main queue go on.
    func release() { released.signal() }
}
#endif
