#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Every path an `AnimationOperation` can take ends in exactly one finish with the right
/// outcome (the Cancellation guide).
@Suite(.hangGuard)
struct OperationOutcomeTests {
    // MARK: Finished

    @Test func animationThatRunsToItsEndFinishesOnceAtItsEndTime() async {
        let fixture = QueueFixture(now: 5)
        let layer = fixture.layer(opacity: 1)
        let fade = ProbedAnimationOperation("fade", layer: layer, animation: OpacityRamp(from: 0, to: 0.75, duration: 1), log: fixture.log)
        fixture.queue.addOperation(fade)

        await fixture.clock.advance(by: 0)
        #expect(fade.isExecuting && !fade.isFinished)
        #expect(layer.opacity == 0.75)                      // model first
        #expect(attachedBeginTime(layer) == 5)
        await fixture.clock.advance(by: 0.5)
        #expect(isClose(shownOpacity(layer), 0.375, 1e-6))   // 0.75 · 0.5
        await fixture.clock.advance(to: 5.999)
        #expect(fade.outcome == nil)
        await fixture.clock.advance(to: 6)
        #expect(fixture.log.time(of: "fade finished") == 6)
        await expectFinishedOnce(fade, .finished, clock: fixture.clock)
        #expect(layer.opacity == 0.75)
        #expect(shownOpacity(layer) == 0.75)
        #expect(layer.animationKeys() == nil)

        await fixture.clock.advance(by: 2)
        #expect(fade.finishCount == 1 && fade.completionCount == 1)
        #expect(fixture.log.events == ["fade executing", "fade started", "fade finished", "fade completion"])
        #expect(fixture.log.time(of: "fade started") == 5)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    /// Fill-forwards is an explicit opt-in: the animation stays on the layer once it ends,
    /// showing its last frame, and the operation still finishes at the end. A cancel removes
    /// it as any other.
    @Test func anAnimationThatFillsForwardsStaysOnTheLayerAndStillFinishes() async {
        let fixture = QueueFixture()
        let layer = fixture.layer(opacity: 1), other = fixture.layer(opacity: 1)
        let fade = BasicAnimation(.opacity, from: 0, to: 0.75, duration: 1, timing: .linear).fillingForwards()
        #expect(fade.mediaTiming.fillsForwards)
        let kept = ProbedAnimationOperation("kept", layer: layer, animation: fade, log: fixture.log)
        let cancelled = ProbedAnimationOperation("cancelled", layer: other, animation: fade, log: fixture.log)
        fixture.queue.addOperations([kept, cancelled])
        await fixture.clock.advance(by: 0.5)
        cancelled.cancel()
        await fixture.clock.advance(to: 1)
        await expectFinishedOnce(kept, .finished, clock: fixture.clock)
        await expectFinishedOnce(cancelled, .cancelled, clock: fixture.clock)
        #expect(fixture.log.time(of: "kept finished") == 1)
        #expect(layer.animationKeys()?.count == 1)
        let attached = try? #require(layer.animationKeys()?.first.flatMap { layer.animation(forKey: $0) })
        #expect(attached?.fillMode == .both && attached?.isRemovedOnCompletion == false)
        await fixture.clock.advance(by: 5)
        #expect(layer.opacity == 0.75 && shownOpacity(layer) == 0.75)
        #expect(other.animationKeys() == nil)
    }

    /// With a delay (which a group that starts at the commit times), the animation still
    /// stays on the layer once it ends: the group holds it.
    @Test func aDelayedAnimationThatFillsForwardsStaysOnTheLayer() async {
        let fixture = QueueFixture()
        let layer = fixture.layer(opacity: 1)
        let fade = BasicAnimation(.opacity, from: 0, to: 0.75, duration: 1, timing: .linear).fillingForwards().delayed(by: 0.5)
        let kept = ProbedAnimationOperation("kept", layer: layer, animation: fade, log: fixture.log)
        fixture.queue.addOperation(kept)
        await fixture.clock.advance(by: 2)
        await expectFinishedOnce(kept, .finished, clock: fixture.clock)
        #expect(fixture.log.time(of: "kept finished") == 1.5)
        #expect(layer.animationKeys()?.count == 1)
        await fixture.clock.advance(by: 5)
        #expect(layer.animationKeys()?.count == 1)
        #expect(shownOpacity(layer) == 0.75)
    }

    /// A zero-duration additive animation with a delay waits out its delay, as the
    /// non-additive one does, then finishes with the model unchanged.
    @Test func aZeroDurationAdditiveAnimationWaitsOutItsDelay() async {
        let fixture = QueueFixture()
        let basicLayer = fixture.layer(), keyframeLayer = fixture.layer()
        let nudge = BasicAnimation(.positionX, from: 4, to: 10, duration: 0, isAdditive: true).delayed(by: 0.5)
        let hop = KeyframeAnimation(.positionX, values: [4, 10], duration: 0, delay: 0.5, isAdditive: true)
        #expect(nudge.totalDuration == 0.5 && hop.totalDuration == 0.5)
        let basic = ProbedAnimationOperation("basic", layer: basicLayer, animation: nudge, log: fixture.log)
        let keyframe = ProbedAnimationOperation("keyframe", layer: keyframeLayer, animation: hop, log: fixture.log)
        fixture.queue.addOperations([basic, keyframe])
        await fixture.clock.advance(by: 0.25)
        #expect(!basic.isFinished && !keyframe.isFinished)
        // Held at the from-offset during the delay.
        #expect(basicLayer.presentation()?.position.x == 4 && keyframeLayer.presentation()?.position.x == 4)
        await fixture.clock.advance(by: 0.25)
        await expectFinishedOnce(basic, .finished, clock: fixture.clock)
        await expectFinishedOnce(keyframe, .finished, clock: fixture.clock)
        #expect(fixture.log.time(of: "basic finished") == 0.5 && fixture.log.time(of: "keyframe finished") == 0.5)
        #expect(basicLayer.position.x == 0 && keyframeLayer.position.x == 0)
    }

    /// A cumulative animation's passes each add their change, and the model receives where
    /// the last one ends, so nothing jumps back when the animation is removed.
    @Test func aCumulativeAnimationLeavesTheModelWhereItsLastPassEnds() async {
        let fixture = QueueFixture()
        let basicLayer = fixture.layer(), keyframeLayer = fixture.layer(), pointLayer = fixture.layer()
        var climb = BasicAnimation(.positionX, from: 0, to: 10, duration: 1, timing: .linear, repeatCount: 3)
        climb.isCumulative = true
        var steps = KeyframeAnimation(.positionX, values: [0, 5, 10], duration: 1, repeatCount: 2)
        steps.isCumulative = true
        var drift = BasicAnimation(.position, from: CGPoint(x: 1, y: 2), to: CGPoint(x: 3, y: 5), duration: 1,
                                   timing: .linear).repeating(2.5)
        drift.isCumulative = true
        let operations = [AnimationOperation(layer: basicLayer, animation: climb),
                          AnimationOperation(layer: keyframeLayer, animation: steps),
                          AnimationOperation(layer: pointLayer, animation: drift)]
        for operation in operations { operation.motion = .full }
        fixture.queue.addOperations(operations)
        await fixture.clock.advance(by: 1.5)
        #expect(basicLayer.presentation()?.position.x == 15, "half-way through the second pass")
        await fixture.clock.advance(by: 2)
        #expect(operations.allSatisfy { $0.outcome == .finished })
        #expect(basicLayer.position.x == 30 && basicLayer.presentation()?.position.x == 30)
        #expect(keyframeLayer.position.x == 20 && keyframeLayer.presentation()?.position.x == 20)
        // Three passes begin (the third is cut short): two changes of (2, 3) are added.
        #expect(pointLayer.position == CGPoint(x: 7, y: 11))
    }

    // MARK: Cancelled before start

    @Test func operationCancelledBeforeBeingAddedFinishesCancelledWithoutTouchingTheLayer() async {
        let fixture = QueueFixture()
        let layer = fixture.layer(opacity: 0.25)
        let fade = ProbedAnimationOperation("fade", layer: layer, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        fade.cancel()
        fixture.queue.addOperation(fade)

        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(fade, .cancelled, clock: fixture.clock)
        #expect(!fade.everExecuted)
        #expect(layer.opacity == 0.25)
        #expect(shownOpacity(layer) == 0.25)
        #expect(layer.animationKeys() == nil)
        await expectStaysFinishedOnce(fade, fixture: fixture)
    }

    @Test func operationCancelledWhileItsDependencyRunsNeverStartsAndTheDependencyFinishes() async {
        let fixture = QueueFixture()
        let first = fixture.layer(opacity: 1), second = fixture.layer(opacity: 0.25)
        let lead = ProbedAnimationOperation("lead", layer: first, animation: OpacityRamp(from: 1, to: 0, duration: 1), log: fixture.log)
        let follow = ProbedAnimationOperation("follow", layer: second, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        follow.addDependency(lead)
        fixture.queue.addOperations([lead, follow])

        await fixture.clock.advance(by: 0.5)
        follow.cancel()
        await fixture.clock.advance(by: 0)
        #expect(lead.isExecuting)                            // cancelling a dependent leaves its dependency alone
        await fixture.clock.advance(to: 1)
        await expectFinishedOnce(lead, .finished, clock: fixture.clock)
        await expectFinishedOnce(follow, .cancelled, clock: fixture.clock)
        #expect(!follow.everExecuted)
        #expect(second.opacity == 0.25)
        #expect(second.animationKeys() == nil)
        #expect(first.opacity == 0)
        await expectStaysFinishedOnce(follow, fixture: fixture)
    }

    /// A dependency cancelled outside the animation's queue (a network fetch, say) cancels an
    /// animation that waits for it, unless it proceeds. The fetch is started by hand, so it
    /// has finished, cancelled, before time moves.
    @Test(arguments: [DependencyCancellation.cancel, .proceed])
    func aDependencyCancelledOutsideTheQueueCancelsTheAnimationUnlessItProceeds(_ policy: DependencyCancellation) async {
        let fixture = QueueFixture()
        let layer = fixture.layer(opacity: 0.25)
        let fetch = BlockOperation {}
        let reveal = ProbedAnimationOperation("reveal", layer: layer, animation: OpacityRamp(from: 0.25, to: 1, duration: 1), log: fixture.log)
        reveal.onCancelledDependency = policy
        reveal.addDependency(fetch)
        fetch.cancel()
        fetch.start()
        #expect(fetch.isFinished)
        fixture.queue.addOperation(reveal)
        await fixture.clock.advance(by: 1)
        await expectFinishedOnce(reveal, policy == .cancel ? .cancelled : .finished, clock: fixture.clock)
        #expect(reveal.everStarted == (policy == .proceed))
        #expect(layer.opacity == (policy == .cancel ? 0.25 : 1))
        #expect(layer.animationKeys() == nil)
    }

    /// The same across two animation queues: the dependent is cancelled when its dependency,
    /// on the other queue, is cancelled while it runs.
    @Test func aDependencyCancelledOnAnotherAnimationQueueCancelsTheDependent() async {
        let clock = AnimationTestClock()
        let log = ProbeLog(clock: clock)
        let first = probeLayer(on: clock, opacity: 1), second = probeLayer(on: clock, opacity: 0.25)
        let lead = ProbedAnimationOperation("lead", layer: first, animation: OpacityRamp(from: 1, to: 0, duration: 1), log: log)
        let follow = ProbedAnimationOperation("follow", layer: second, animation: OpacityRamp(from: 0.25, to: 1, duration: 1), log: log)
        follow.addDependency(lead)
        AnimationQueue(name: #function + ".lead").addOperation(lead)
        AnimationQueue(name: #function + ".follow").addOperation(follow)
        await clock.advance(by: 0.5)
        lead.cancel()
        await clock.advance(by: 0)
        await expectFinishedOnce(lead, .cancelled, clock: clock)
        await expectFinishedOnce(follow, .cancelled, clock: clock)
        #expect(!follow.everStarted)
        #expect(second.opacity == 0.25 && second.animationKeys() == nil)
    }

    // MARK: Cancelled while running

    @Test func operationCancelledWhileRunningFinishesCancelledOnceAndNotAgainAtItsEndTime() async {
        let fixture = QueueFixture()
        let layer = fixture.layer(opacity: 1)
        let fade = ProbedAnimationOperation("fade", layer: layer, animation: OpacityRamp(from: 1, to: 0, duration: 1), log: fixture.log)
        fixture.queue.addOperation(fade)

        await fixture.clock.advance(by: 0.25)
        fade.cancel()
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(fade, .cancelled, clock: fixture.clock)
        #expect(fixture.log.time(of: "fade finished") == 0.25)
        #expect(isClose(Double(layer.opacity), 0.75, 1e-6))  // held: 1 − 0.25
        #expect(layer.animationKeys() == nil)
        await fixture.clock.advance(by: 2)                           // past the original end time
        #expect(fade.finishCount == 1 && fade.completionCount == 1)
        #expect(isClose(shownOpacity(layer), 0.75, 1e-6))
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test func cancellingTwiceFinishesOnce() async {
        let fixture = QueueFixture()
        let layer = fixture.layer(opacity: 1)
        let fade = ProbedAnimationOperation("fade", layer: layer, animation: OpacityRamp(from: 1, to: 0, duration: 1), log: fixture.log)
        fixture.queue.addOperation(fade)
        await fixture.clock.advance(by: 0.5)
        fade.cancel()
        fade.cancel()
        await fixture.clock.advance(by: 0)
        fade.cancel()
        await fixture.clock.advance(by: 1)
        await expectFinishedOnce(fade, .cancelled, clock: fixture.clock)
        #expect(isClose(Double(layer.opacity), 0.5, 1e-6))
    }

    // MARK: Removed by other code

    @Test func animationRemovedByKeyInterruptsTheOperation() async {
        let fixture = QueueFixture()
        let layer = fixture.layer(opacity: 1)
        let fade = ProbedAnimationOperation("fade", layer: layer, animation: OpacityRamp(from: 0, to: 0.5, duration: 1), log: fixture.log)
        fixture.queue.addOperation(fade)

        await fixture.clock.advance(by: 0.25)
        let keys = layer.animationKeys() ?? []
        #expect(keys.count == 1)
        for key in keys { layer.removeAnimation(forKey: key) }
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(fade, .interrupted, clock: fixture.clock)
        #expect(fixture.log.time(of: "fade finished") == 0.25)
        // The model was written first, so it already holds the final value; nothing is left attached.
        #expect(layer.opacity == 0.5)
        #expect(shownOpacity(layer) == 0.5)
        #expect(layer.animationKeys() == nil)
        await expectStaysFinishedOnce(fade, fixture: fixture)
    }

    @Test func removeAllAnimationsInterruptsEveryOperationOnTheLayer() async {
        let fixture = QueueFixture()
        let layer = fixture.layer(opacity: 1)
        let fade = ProbedAnimationOperation("fade", layer: layer, animation: OpacityRamp(from: 0, to: 0.5, duration: 1), log: fixture.log)
        let slide = ProbedAnimationOperation("slide", layer: layer,
                                             animation: BasicAnimation(.positionX, from: 0, to: 100, duration: 2, timing: .linear), log: fixture.log)
        fixture.queue.addOperations([fade, slide])

        await fixture.clock.advance(by: 0.5)
        #expect(layer.animationKeys()?.count == 2)
        layer.removeAllAnimations()
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(fade, .interrupted, clock: fixture.clock)
        await expectFinishedOnce(slide, .interrupted, clock: fixture.clock)
        #expect(layer.opacity == 0.5 && layer.position.x == 100)
        #expect(shownOpacity(layer) == 0.5 && layer.presentation()?.position.x == 100)
        #expect(layer.animationKeys() == nil)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test func removingAnUnrelatedAnimationLeavesTheOperationRunning() async {
        let fixture = QueueFixture()
        let layer = fixture.layer(opacity: 1)
        let fade = ProbedAnimationOperation("fade", layer: layer, animation: OpacityRamp(from: 0, to: 0.5, duration: 1), log: fixture.log)
        fixture.queue.addOperation(fade)
        await fixture.clock.advance(by: 0.25)
        let other = CABasicAnimation(keyPath: "position.y")
        other.fromValue = CGFloat(0)
        other.toValue = CGFloat(10)
        other.duration = 0.25
        CATransaction.begin()
        layer.add(other, forKey: "someone else")
        CATransaction.commit()
        await fixture.clock.advance(by: 0.125)
        layer.removeAnimation(forKey: "someone else")
        await fixture.clock.advance(by: 0)
        #expect(fade.outcome == nil && fade.isExecuting)
        await fixture.clock.advance(to: 1)
        await expectFinishedOnce(fade, .finished, clock: fixture.clock)
    }

    // MARK: Layer deallocated

    @Test func layerDeallocatedWhileQueuedInterruptsTheOperationWhenItStarts() async {
        let fixture = QueueFixture()
        let gateLayer = fixture.layer(opacity: 1)
        weak var weakLayer: CALayer?
        let gate = ProbedAnimationOperation("gate", layer: gateLayer, animation: OpacityRamp(from: 1, to: 0, duration: 1), log: fixture.log)
        let doomed: ProbedAnimationOperation = {
            let layer = fixture.layer(opacity: 1)
            weakLayer = layer
            return ProbedAnimationOperation("doomed", layer: layer, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        }()
        doomed.addDependency(gate)
        fixture.queue.addOperations([gate, doomed])

        await fixture.clock.advance(by: 0.5)
        #expect(weakLayer == nil, "the operation must hold its layer weakly")
        #expect(doomed.outcome == nil)
        await fixture.clock.advance(to: 1)
        await expectFinishedOnce(gate, .finished, clock: fixture.clock)
        await expectFinishedOnce(doomed, .interrupted, clock: fixture.clock)
        // The finish time reported to hooks (and AnimationRun's events) stays on the layer's
        // virtual clock after the layer is gone (it once fell back to real time).
        #expect(fixture.log.time(of: "doomed finished") == 1)
        await expectStaysFinishedOnce(doomed, fixture: fixture)
    }

    @Test func layerDeallocatedWhileRunningInterruptsTheOperation() async {
        let fixture = QueueFixture()
        weak var weakLayer: CALayer?
        var layer: CALayer? = fixture.layer(opacity: 1)
        weakLayer = layer
        let fade = ProbedAnimationOperation("fade", layer: layer!, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        fixture.queue.addOperation(fade)
        await fixture.clock.advance(by: 0.5)
        #expect(fade.isExecuting)
        layer = nil
        await fixture.clock.advance(by: 0)
        #expect(weakLayer == nil, "nothing but the test should keep a running layer alive")
        await expectFinishedOnce(fade, .interrupted, clock: fixture.clock)
        #expect(fixture.log.time(of: "fade finished") == 0.5)
        await expectStaysFinishedOnce(fade, fixture: fixture)
    }

    // MARK: Nothing to animate

    @Test func zeroDurationAnimationFinishesAtOnceWithTheFinalValueCommitted() async {
        let fixture = QueueFixture(now: 3)
        let layer = fixture.layer(opacity: 1)
        let snap = ProbedAnimationOperation("snap", layer: layer, animation: OpacityRamp(from: 1, to: 0.25, duration: 0), log: fixture.log)
        fixture.queue.addOperation(snap)
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(snap, .finished, clock: fixture.clock)
        #expect(fixture.clock.now == 3)
        #expect(fixture.log.time(of: "snap finished") == 3)
        #expect(layer.opacity == 0.25)
        #expect(shownOpacity(layer) == 0.25)
        #expect(layer.animationKeys() == nil)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test func zeroDurationTypedAnimationCommitsItsToValue() async {
        let fixture = QueueFixture()
        let layer = fixture.layer(opacity: 1)
        let jump = ProbedAnimationOperation("jump", layer: layer,
                                            animation: BasicAnimation(.positionY, from: 10, to: 240, duration: 0), log: fixture.log)
        fixture.queue.addOperation(jump)
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(jump, .finished, clock: fixture.clock)
        #expect(layer.position.y == 240)
        #expect(layer.presentation()?.position.y == 240)
        #expect(layer.animationKeys() == nil)
    }

    @Test func chainOfZeroDurationStepsFinishesInOrderWithoutTimePassing() async {
        let fixture = QueueFixture()
        let layer = fixture.layer(opacity: 1)
        let steps = [Float(0.75), 0.5, 0.25].enumerated().map { index, value in
            ProbedAnimationOperation("step\(index)", layer: layer, animation: OpacityRamp(from: 1, to: value, duration: 0), log: fixture.log)
        }
        for (previous, next) in zip(steps, steps.dropFirst()) { next.addDependency(previous) }
        fixture.queue.addOperations(steps)
        await fixture.clock.advance(by: 0)
        for step in steps { await expectFinishedOnce(step, .finished, clock: fixture.clock) }
        #expect(fixture.log.events.filter { $0.hasSuffix("finished") } == ["step0 finished", "step1 finished", "step2 finished"])
        #expect(layer.opacity == 0.25)
        #expect(fixture.clock.now == 0)
    }

    // MARK: Races

    /// A cancel scheduled for the very instant the animation ends, ahead of the engine's own
    /// end-of-animation work, and one scheduled just behind it: each finishes exactly once,
    /// with the layer showing the final value either way.
    @Test(arguments: [true, false])
    func cancelAtTheEndTimeFinishesExactlyOnce(cancelFirst: Bool) async {
        let fixture = QueueFixture()
        let layer = fixture.layer(opacity: 1)
        let fade = ProbedAnimationOperation("fade", layer: layer, animation: OpacityRamp(from: 0, to: 0.5, duration: 1), log: fixture.log)
        // Work at the same deadline runs in insertion order.
        if cancelFirst { _ = fixture.clock.engineClock.schedule(at: 1) { fade.cancel() } }
        fixture.queue.addOperation(fade)
        await fixture.clock.advance(by: 0)
        if !cancelFirst { _ = fixture.clock.engineClock.schedule(at: 1) { fade.cancel() } }
        await fixture.clock.advance(to: 1)
        // Foundation ignores a cancel that arrives after the finish. A cancel scheduled first
        // is never ignored; one scheduled behind the end may still find the operation waiting
        // for `animationDidStop(_:finished:)` when Core Animation delivers it late.
        await expectFinishedOnce(fade, fade.outcome == .cancelled ? .cancelled : .finished,
                                 cancelled: cancelFirst ? true : fade.isCancelled, clock: fixture.clock)
        #expect(fade.outcome == .finished || fade.outcome == .cancelled)
        #expect(fixture.log.time(of: "fade finished") == 1)
        #expect(layer.opacity == 0.5)
        #expect(shownOpacity(layer) == 0.5)
        #expect(layer.animationKeys() == nil)
        await fixture.clock.advance(by: 1)
        #expect(fade.finishCount == 1)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    /// The same race with `.revert`: whichever outcome wins, the layer must agree with it —
    /// the final value after `.finished`, the from-value after `.cancelled`.
    /// The cancel's policy runs on the main queue while the engine ends the animation on the
    /// clock's thread, so the race is repeated to give every interleaving a chance.
    @Test func cancelAtTheEndTimeLeavesTheLayerConsistentWithTheOutcome() async {
        for round in 0..<30 {
            let fixture = QueueFixture(queueName: "\(#function) \(round)")
            let layer = fixture.layer(opacity: 1)
            let fade = ProbedAnimationOperation("fade", layer: layer, animation: OpacityRamp(from: 0, to: 0.5, duration: 1), log: fixture.log)
            fade.cancellationPolicy = .revert
            _ = fixture.clock.engineClock.schedule(at: 1) { fade.cancel() }
            fixture.queue.addOperation(fade)
            await fixture.clock.advance(to: 1)
            await fixture.clock.advance(by: 0.5)
            #expect(fade.finishCount == 1)
            let expected: Float = fade.outcome == .finished ? 0.5 : 0
            // Whichever outcome wins the race, the model must agree with it: a revert queued
            // before the natural end is overwritten by the final values when `.finished` wins.
            #expect(layer.opacity == expected,
                    "round \(round): outcome \(String(describing: fade.outcome)) but model \(layer.opacity)")
            #expect(Float(shownOpacity(layer)) == layer.opacity)
            #expect(layer.animationKeys() == nil)
            if layer.opacity != expected { break }
        }
    }
}

/// Two seconds of virtual time after `operation` finished, it has still finished only once
/// and the clock has nothing left to run.
private func expectStaysFinishedOnce(_ operation: ProbedAnimationOperation, fixture: QueueFixture,
                                     sourceLocation: SourceLocation = #_sourceLocation) async {
    await fixture.clock.advance(by: 2)
    #expect(operation.finishCount == 1, sourceLocation: sourceLocation)
    #expect(fixture.clock.pendingWork.isEmpty, sourceLocation: sourceLocation)
}
#endif
