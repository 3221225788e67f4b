#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// When gapless plans commit a step ahead, and what its cancellation policy restores once
/// it adopted that commit. Linear animations; the clock starts at 0.
@Suite(.hangGuard)
struct GaplessAdoptionTests {
    let clock = AnimationTestClock()
    let queue = AnimationQueue(name: "gapless-adoption-\(UUID())")

    func slide(to x: CGFloat, _ duration: TimeInterval) -> BasicAnimation<CGFloat> {
        BasicAnimation(.positionX, to: x, duration: duration, timing: .linear)
    }

    /// "last" waits for "p" (starts at 0.5) and "q" (starts at 1). It is committed when
    /// the later of them starts, not at 0.5 while "q" is merely committed ahead: the
    /// look-ahead is one step, whatever order simultaneous steps start in.
    @Test func aStepIsCommittedAheadOnlyOnceAllItsDependenciesStarted() async {
        let a = clock.makeLayer(), b = clock.makeLayer(), c = clock.makeLayer(), d = clock.makeLayer()
        let run = queue.run(AnimationPlan(scheduling: .gapless) {
            Parallel {
                Step(a, slide(to: 10, 1)).named("r")
                Step(b, slide(to: 10, 0.5)).named("s")
                Step(b, slide(to: 20, 1)).named("p").after("s")
                Step(c, slide(to: 10, 1)).named("q").after("r")
                Step(d, slide(to: 10, 1)).named("last").after("p", "q")
            }
        }, motion: .full)
        await clock.advance(by: 0.75)
        #expect(d.animationKeys() == nil, "committed before its dependency 'q' started")
        await clock.advance(by: 0.5)    // t = 1.25: "q" started at 1
        #expect(d.animationKeys()?.count == 1)
        await clock.advance(by: 1.25)   // t = 2.5: "last" began at 2, when "q" ended
        #expect(abs(Double(d.presentation()!.position.x) - 5) < 1e-6)
        await clock.advance(by: 0.5)
        #expect(await run.outcome == .finished)
        #expect(d.position.x == 10)
    }

    /// "first" is removed 0.5 ms before its planned end, so "second" starts that much early.
    /// It must not adopt its commit, which begins 0.5 ms later: the layer would show the
    /// model, already at the end value 200, until then. It plays a fresh animation from now,
    /// showing its from-value at once.
    @Test func aStartEarlierThanTheCommitBeginsPlaysAFreshAnimation() async {
        let layer = clock.makeLayer()
        let run = queue.run(AnimationPlan(scheduling: .gapless) {
            Step(layer, BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear)).named("first")
            Step(layer, BasicAnimation(.positionX, from: 100, to: 200, duration: 1, timing: .linear)).named("second")
        }, motion: .full)
        await clock.advance(by: 0.9995)
        let box = UncheckedSendableBox(layer)
        await onMainQueue { box.value.removeAnimation(forKey: box.value.animationKeys()!.first { !$0.hasSuffix(".ahead") }!) }
        await clock.advance(by: 0)
        #expect(run.outcome(ofStep: "first") == .interrupted)
        #expect(abs(Double(layer.presentation()!.position.x) - 100) < 1e-6)
        #expect(layer.animationKeys()?.count == 1)
        await clock.advance(by: 0.5)    // t = 1.4995: halfway through the fresh animation
        #expect(abs(Double(layer.presentation()!.position.x) - 150) < 1e-6)
        await clock.advance(by: 0.5)
        #expect(run.outcome(ofStep: "second") == .finished)
        #expect(run.recordedEvents.first { $0.step == "second" && $0.kind == .started }.map { abs($0.time - 0.9995) < 1e-9 } == true)
    }

    /// The model changes between the commit ahead (when "first" starts) and the start of
    /// "second"; cancelled with `.revert`, "second" goes back to its from-value, as any step
    /// does: without one of its own, where "first" ends, which it was committed to start from.
    @Test func revertingAnAdoptedStepGoesBackToItsFromValue() async {
        let layer = clock.makeLayer()
        let run = queue.run(AnimationPlan(scheduling: .gapless) {
            Step(layer, slide(to: 100, 1)).named("first")
            Step(layer, slide(to: 200, 1)).named("second").cancellationPolicy(.revert)
        }, motion: .full)
        await clock.advance(by: 0.5)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.position.x = 50           // the app moves the model meanwhile
        CATransaction.commit()
        await clock.advance(by: 1)      // t = 1.5: "second" started at 1
        #expect(layer.position.x == 200)
        run.cancel()
        await clock.advance(by: 0)
        #expect(await run.outcome == .cancelled)
        #expect(run.outcome(ofStep: "second") == .cancelled)
        #expect(layer.position.x == 100)
        #expect(layer.animationKeys() == nil)
    }
}

/// A step whose animation committed ahead was removed by other code, and which then starts
/// early (its dependency ended early) plays a fresh animation: that one decides its outcome.
@Suite(.hangGuard)
struct GaplessDiscardedCommitTests {
    let clock = AnimationTestClock()
    let queue = AnimationQueue(name: "gapless-discard-\(UUID())")

    /// `removeAllAnimations()` on the main queue, as app code would call it.
    func removeAllAnimations(of layer: CALayer) async {
        let box = UncheckedSendableBox(layer)
        await onMainQueue { box.value.removeAllAnimations() }
    }

    func plan(_ layer: CALayer) -> AnimationPlan {
        AnimationPlan(scheduling: .gapless) {
            Step(layer, BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear)).named("first")
            Step(layer, BasicAnimation(.positionX, from: 100, to: 200, duration: 1, timing: .linear)).named("second")
                .onCancelledDependency(.proceed).cancellationPolicy(.holdPresentation)
        }
    }

    /// removeAllAnimations() at 0.5 interrupts "first" and removes the commit of "second",
    /// which starts at once and plays 0.5 → 1.5.
    @Test func aStepStartedAfterItsCommitWasRemovedPlaysToTheEnd() async {
        let layer = clock.makeLayer()
        let run = queue.run(plan(layer), motion: .full)
        await clock.advance(by: 0.5)
        await removeAllAnimations(of: layer)
        await clock.advance(by: 0.25)
        #expect(abs(Double(layer.presentation()!.position.x) - 125) < 1e-6)
        await clock.advance(by: 1)
        #expect(run.isFinished)
        if run.isFinished { #expect(await run.outcome == .interrupted) }
        #expect(run.outcome(ofStep: "first") == .interrupted)
        #expect(run.outcome(ofStep: "second") == .finished)
        #expect(layer.position.x == 200)
    }

    /// "second" adopts a commit that removeAllAnimations() removed, and ends interrupted at
    /// once: its planned end (1.5) will not come, so "last" (after "second" and "long") is
    /// not committed ahead. It starts when "long" ends, at 2, with a fresh animation.
    @Test func aStepWhoseCommitWasRemovedCommitsNothingAhead() async {
        let a = clock.makeLayer(), b = clock.makeLayer(), c = clock.makeLayer()
        let run = queue.run(AnimationPlan(scheduling: .gapless) {
            Parallel {
                Step(a, BasicAnimation(.positionX, from: 0, to: 100, duration: 0.5, timing: .linear)).named("first")
                Step(b, BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear)).named("second").after("first")
                Step(c, BasicAnimation(.positionX, from: 0, to: 100, duration: 2, timing: .linear)).named("long")
                Step(b, BasicAnimation(.positionX, from: 100, to: 200, duration: 1, timing: .linear)).named("last")
                    .after("second", "long")
            }
        }, motion: .full)
        await clock.advance(by: 0.25)
        await removeAllAnimations(of: b)
        await clock.advance(by: 0.5)    // t = 0.75: "second" started at 0.5 and ended
        #expect(run.outcome(ofStep: "second") == .interrupted)
        #expect(b.animationKeys() == nil)
        await clock.advance(by: 1.75)   // t = 2.5: "last" started at 2
        #expect(abs(Double(b.presentation()!.position.x) - 150) < 1e-6)
        await clock.advance(by: 0.5)
        #expect(run.outcome(ofStep: "last") == .finished)
        #expect(b.position.x == 200)
    }

    /// Other code removes a running step's animation on the main thread. At once, before
    /// Core Animation delivers `animationDidStop(_:finished:)`, the step has no planned end,
    /// so a step starting meanwhile commits no dependent ahead to an end that will not come.
    @Test func aRemovedAnimationHasNoPlannedEndBeforeItsStopIsDelivered() async {
        let layer = clock.makeLayer()
        let operation = AnimationOperation(layer: layer, animation: BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear))
        operation.motion = .full
        // Its start is heard, as a gapless plan's steps are: its begin time is read back.
        operation.addHooks { $0.didStart.append { _, _ in } }
        queue.addOperation(operation)
        await clock.advance(by: 0.25)
        let box = UncheckedSendableBox((layer, operation))
        let ends = await withCheckedContinuation { (continuation: CheckedContinuation<[CFTimeInterval?], Never>) in
            DispatchQueue.main.async {
                let (layer, operation) = box.value
                let before = operation.plannedEnd
                layer.removeAnimation(forKey: layer.animationKeys()!.first!)
                continuation.resume(returning: [before, operation.plannedEnd])
            }
        }
        #expect(ends == [1.0, nil])
        await clock.advance(by: 0)
        #expect(operation.outcome == .interrupted)
        #expect(operation.plannedEnd == nil)
    }

    /// Cancelled at 1.0, halfway, "second" holds 150 and ends cancelled at once.
    @Test func aStepStartedAfterItsCommitWasRemovedCanBeCancelled() async {
        let layer = clock.makeLayer()
        let run = queue.run(plan(layer), motion: .full)
        await clock.advance(by: 0.5)
        await removeAllAnimations(of: layer)
        await clock.advance(by: 0.5)
        run.cancel()
        await clock.advance(by: 0)
        #expect(run.outcome(ofStep: "second") == .cancelled)
        #expect(abs(Double(layer.position.x) - 150) < 1e-6)
        #expect(layer.animationKeys() == nil)
        // Awaited only once finished: a cancel that is ignored must fail, not hang.
        #expect(run.isFinished)
        if run.isFinished { #expect(await run.outcome == .cancelled) }
    }

    /// "hold" waits for "fade", which is cancelled at 0.5, and for "slide", which starts
    /// then because "fade"'s cancel cancels "bridge" and "slide" proceeds without it. The
    /// cancel is made on a thread of its own. A cancel hook, which runs on that thread once
    /// the cancel has decided "fade"'s outcome and before it reaches "fade"'s animation on
    /// the main thread, sees the animation still on the layer and no planned end: a
    /// cancelled dependency has none, so "hold" is not committed ahead; it starts, fresh,
    /// when "slide" ends.
    @Test func aCancelledDependencyHasNoPlannedEndBeforeItsCancelReachesItsAnimation() async {
        let layer = clock.makeLayer()
        let fadeStep = Step(layer, BasicAnimation(.opacity, from: 0, to: 1, duration: 1)).named("fade")
        let bridge = Step(layer, BasicAnimation(.opacity, to: 0.5, duration: 1)).named("bridge").after("fade")
        let slide = Step(layer, BasicAnimation(.positionX, to: 100, duration: 0.5, timing: .linear))
            .named("slide").after("bridge").onCancelledDependency(.proceed)
        let hold = Step(layer, BasicAnimation(.cornerRadius, to: 8, duration: 0.2))
            .named("hold").after("fade", "slide").onCancelledDependency(.proceed)
        let run = queue.run(AnimationPlan(scheduling: .gapless) {
            Parallel { fadeStep; bridge; slide; hold }
        }, motion: .full)
        await clock.advance(by: 0.5)
        let steps = run.operations.compactMap { $0 as? AnimationOperation }
        let fade = steps.first { $0.name == "fade" }!
        let seenByTheHook = LockedValue<(attached: Bool, plannedEnd: CFTimeInterval?)?>(nil)
        fade.addHooks { hooks in
            hooks.didCancel.append { fade in
                seenByTheHook.value = (fade.layer?.animation(forKey: fade.animationKey) != nil, fade.plannedEnd)
            }
        }
        let box = UncheckedSendableBox(fade)
        await onThreadOfItsOwn { box.value.cancel() }
        await clock.advance(by: 0)
        #expect(seenByTheHook.value?.attached == true, "the cancel had not reached the animation yet")
        #expect(seenByTheHook.value != nil && seenByTheHook.value?.plannedEnd == nil)
        #expect(run.outcome(ofStep: "fade") == .cancelled)
        #expect(run.outcome(ofStep: "bridge") == .cancelled)
        #expect(layer.animationKeys()?.count == 1, "only 'slide' runs: \(layer.animationKeys() ?? [])")
        await clock.advance(by: 0.5)    // t = 1.0: "slide" ends, "hold" starts
        let holdStart = run.recordedEvents.first { $0.step == "hold" && $0.kind == .started }?.time
        #expect(isClose(holdStart, 1.0))
        await clock.advance(by: 0.2)
        #expect(await run.outcome == .cancelled)
        #expect(run.outcome(ofStep: "hold") == .finished)
    }
}
#endif
