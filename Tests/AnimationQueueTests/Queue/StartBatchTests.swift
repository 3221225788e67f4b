#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Operations that become ready together begin on the main thread in one turn and one
/// `CATransaction`; each keeps its own outcome, cancellation, order and timing.
@Suite(.hangGuard)
struct StartBatchTests {
    let fixture = QueueFixture(now: 3, queueName: "start-batch-\(UUID())")

    /// `count` linear opacity ramps 0 → 1 on layers of their own (operations hold their
    /// layers weakly: keep the layers), recording in the fixture's log; operation i lasts
    /// 0.1 · (i mod 5 + 1) s.
    func ramps(_ count: Int) -> (operations: [ProbedAnimationOperation], layers: [CALayer]) {
        let layers = (0..<count).map { _ in fixture.layer(opacity: 0) }
        let operations = layers.enumerated().map { index, layer in
            ProbedAnimationOperation("op\(index)", layer: layer,
                                     animation: OpacityRamp(from: 0, to: 1, duration: 0.1 * Double(index % 5 + 1)), log: fixture.log)
        }
        return (operations, layers)
    }

    @Test func operationsReadyTogetherBeginInOneBatchInTheOrderAdded() async {
        let (operations, layers) = ramps(300)
        fixture.queue.addOperations(operations)
        await fixture.clock.advance(by: 0)

        let batches = Set(operations.map(\.startBatch))
        #expect(batches.count == 1 && !batches.contains(nil), "one batch, not \(batches.count)")
        // One commit: every animation begins at the same instant.
        #expect(layers.allSatisfy { attachedBeginTime($0) == 3 })
        let starts = fixture.log.events.filter { $0.hasSuffix(" started") }
        #expect(starts == (0..<300).map { "op\($0) started" })

        // Each still ends at its own time, through its own transaction's completion.
        await fixture.clock.advance(to: 3.1)
        #expect(operations.filter { $0.isFinished }.count == 60)   // i mod 5 == 0
        await fixture.clock.advance(to: 3.5)
        for (index, operation) in operations.enumerated() {
            #expect(operation.outcome == .finished)
            #expect(fixture.log.time(of: "op\(index) finished") == 3 + 0.1 * Double(index % 5 + 1))
            #expect(layers[index].animationKeys() == nil)
        }
    }

    @Test func operationsAddedOnTheMainThreadBeginOnItsNextTurnNotInsideTheCall() async {
        let (made, layers) = ramps(20)
        let operations = UncheckedSendableBox(made)
        let seenInsideTheCall = LockedValue<(started: Int, attached: Int)>((-1, -1))
        await onMainQueue {
            fixture.queue.addOperations(operations.value)
            seenInsideTheCall.value = (operations.value.filter(\.everStarted).count,
                                       operations.value.filter { $0.animatedKeyPaths.count > 0 }.count)
        }
        #expect(seenInsideTheCall.value.started == 0 && seenInsideTheCall.value.attached == 0)
        await fixture.clock.advance(by: 0)
        #expect(operations.value.allSatisfy { $0.everStarted })
        #expect(Set(operations.value.map(\.startBatch)).count == 1)
        #expect(layers.allSatisfy { attachedBeginTime($0) == 3 })
    }

    @Test func cancellingOneOperationOfABatchAffectsOnlyThatOne() async {
        let (made, layers) = ramps(10)
        let operations = UncheckedSendableBox(made)
        // Before the batch begins: added and cancelled in one main-thread turn.
        await onMainQueue {
            fixture.queue.addOperations(operations.value)
            operations.value[3].cancel()
        }
        await fixture.clock.advance(by: 0)
        let ops = operations.value
        await expectFinishedOnce(ops[3], .cancelled, clock: fixture.clock)
        #expect(!ops[3].everStarted)
        #expect(layers[3].opacity == 0, "a step cancelled before it began leaves its layer alone")

        // While animating: op6 lasts 0.2 s; cancelled halfway it holds what it showed.
        await fixture.clock.advance(to: 3.05)
        ops[6].cancel()
        await fixture.clock.advance(to: 3.5)
        await expectFinishedOnce(ops[6], .cancelled, clock: fixture.clock)
        #expect(isClose(Double(layers[6].opacity), 0.25, 1e-6))
        for index in ops.indices where index != 3 && index != 6 {
            await expectFinishedOnce(ops[index], .finished, clock: fixture.clock)
            #expect(layers[index].opacity == 1)
        }
    }

    /// Steps with nothing to animate end the moment they begin, inside the drain; each
    /// next one begins in a batch of its own after the current one, never by recursion, so
    /// a long chain of them does not deepen the main thread's stack.
    @Test func aLongChainOfStepsThatEndAtOnceBeginsBatchAfterBatchWithoutRecursion() async {
        let layer = fixture.layer(opacity: 0)
        let count = 5_000
        let operations = (0..<count).map { index in
            let operation = AnimationOperation(layer: layer, animation: BasicAnimation(.opacity, from: 0, to: Float(index + 1) / Float(count), duration: 1))
            operation.motion = .reduced   // jumps to the final value: nothing to animate
            return operation
        }
        for (previous, next) in zip(operations, operations.dropFirst()) { next.addDependency(previous) }
        fixture.queue.addOperations(operations)
        await fixture.clock.advance(by: 0)
        #expect(operations.allSatisfy { $0.outcome == .finished })
        #expect(layer.opacity == 1)
        let batches = operations.compactMap(\.startBatch)
        #expect(batches.count == count)
        #expect(zip(batches, batches.dropFirst()).allSatisfy { $1 == $0 + 1 }, "one batch after another")
        #expect(fixture.clock.now == 3)
    }

    /// The same chain takes far longer than a frame to begin; the drain leaves the rest of it
    /// to later turns once it has run for a frame, so work queued on the main queue behind
    /// the chain's first hop runs while the chain is part-way through, not after all of it.
    @Test func aLongChainOfStepsThatEndAtOnceLeavesTheMainQueueTurnsInBetween() async {
        let layer = fixture.layer(opacity: 0)
        let count = 5_000
        let operations = (0..<count).map { index in
            let operation = AnimationOperation(layer: layer, animation: BasicAnimation(.opacity, from: 0, to: Float(index + 1) / Float(count), duration: 1))
            operation.motion = .reduced
            return operation
        }
        for (previous, next) in zip(operations, operations.dropFirst()) { next.addDependency(previous) }
        let box = UncheckedSendableBox(operations)
        let finishedWhenOtherWorkRan = LockedValue(-1)
        await onMainQueue {
            fixture.queue.addOperations(box.value)    // the chain's first hop
            DispatchQueue.main.async { finishedWhenOtherWorkRan.value = box.value.filter(\.isFinished).count }
        }
        await fixture.clock.advance(by: 0)
        #expect(operations.allSatisfy { $0.outcome == .finished })
        #expect(layer.opacity == 1)
        #expect(finishedWhenOtherWorkRan.value > 0 && finishedWhenOtherWorkRan.value < count,
                "other main-queue work ran after \(finishedWhenOtherWorkRan.value) of \(count) steps")
    }

    /// Operations that a plain `OperationQueue` starts on its worker threads while the main
    /// thread is busy begin together when it turns: one hop for all of them.
    @Test func startsThatReachABusyMainThreadBeginTogether() async {
        let started = DispatchGroup()
        let layers = (0..<50).map { _ in fixture.layer(opacity: 0) }
        let operations = layers.map { layer in
            StartCounting(layer: layer,
                          animation: OpacityRamp(from: 0, to: 1, duration: 0.2), started: started)
        }
        for _ in operations { started.enter() }
        let workers = OperationQueue()
        let allStarted = LockedValue(false)
        let box = UncheckedSendableBox(operations)
        await onMainQueue {
            // The main thread is busy until every worker has started its operation.
            workers.addOperations(box.value, waitUntilFinished: false)
            allStarted.value = started.wait(timeout: .now() + 30) == .success
        }
        #expect(allStarted.value)
        await fixture.clock.advance(by: 0)
        #expect(Set(operations.map(\.startBatch)).count == 1)
        await fixture.clock.advance(by: 0.2)
        #expect(operations.allSatisfy { $0.outcome == .finished })
        #expect(layers.allSatisfy { $0.opacity == 1 })
    }

    /// After the batch's commit, the begin time Core Animation fixed is read back only for an
    /// operation whose start someone hears (a run, a start hook), at the commit or from
    /// `animationDidStart(_:)`: reading it back for a thousand steps would cost the main
    /// thread. What needs another's begin reads the one stored on the layer's animation.
    @Test func aBeginTimeIsReadBackOnlyForAnOperationWhoseStartIsHeard() async {
        let layers = [fixture.layer(opacity: 0), fixture.layer(opacity: 0)]
        let unheard = AnimationOperation(layer: layers[0], animation: OpacityRamp(from: 0, to: 1, duration: 0.5))
        let heard = AnimationOperation(layer: layers[1], animation: OpacityRamp(from: 0, to: 1, duration: 0.5))
        let heardAt = LockedValue<CFTimeInterval?>(nil)
        heard.addHooks { $0.didStart.append { _, time in heardAt.value = time } }
        let ends = LockedValue<[CFTimeInterval?]>([])
        let box = UncheckedSendableBox((unheard, heard))
        await onMainQueue {
            // Commits what another test on the main thread may have left pending, so that each
            // start's batch commits at once; the engine's callbacks wait for the test clock.
            CATransaction.flush()
            box.value.0.start()
            box.value.1.start()
            ends.value = [box.value.0.plannedEnd, box.value.1.plannedEnd]
        }

        #expect(layers.allSatisfy { attachedBeginTime($0) == 3 })
        #expect(heardAt.value == 3)
        #expect(ends.value == [nil, 3.5])
        await fixture.clock.advance(by: 0)
        await onMainQueue { ends.value = [box.value.0.plannedEnd, box.value.1.plannedEnd] }
        #expect(ends.value == [nil, 3.5], "animationDidStart(_:) came, and nothing was read for the unheard one")
        await fixture.clock.advance(by: 0.5)
        #expect(unheard.outcome == .finished && heard.outcome == .finished)
        #expect(layers.allSatisfy { $0.opacity == 1 && $0.animationKeys() == nil })
    }

    /// A batch resolves every animation, then adds every one: each is resolved against the
    /// layers as they were when the batch began, before any step of the batch wrote its final
    /// values to the model, as they all begin together.
    @Test func aBatchResolvesEveryAnimationBeforeAnyStepWritesItsModel() async {
        let faded = fixture.layer(opacity: 0)
        let other = fixture.layer(opacity: 0)
        let seen = LockedValue<Float?>(nil)
        let fadedBox = UncheckedSendableBox(faded)
        let fade = ProbedAnimationOperation("fade", layer: faded, animation: OpacityRamp(from: 0, to: 1, duration: 0.5),
                                            log: fixture.log)
        let reader = ProbedAnimationOperation("reader", layer: other, animation: ResolveHook(duration: 0.5) { _ in
            // Resolutions run on the main thread, where the layer is read.
            seen.value = fadedBox.value.opacity
        }, log: fixture.log)
        fixture.queue.addOperations([fade, reader])
        await fixture.clock.advance(by: 0)

        #expect(fade.startBatch != nil && fade.startBatch == reader.startBatch)
        #expect(seen.value == 0, "the model before the batch, not the fade's final value")
        #expect(faded.opacity == 1, "written once the batch added the fade")
        await fixture.clock.advance(by: 0.5)
        await expectFinishedOnce(fade, .finished, clock: fixture.clock)
        await expectFinishedOnce(reader, .finished, clock: fixture.clock)
    }

    /// A layer released between a batch's phases (here by another step's resolution, the
    /// only code that runs between them) ends its step `.interrupted`, exactly once, and
    /// leaves the rest of the batch to play.
    @Test func aLayerReleasedBetweenTheBatchsPhasesEndsOnlyItsStep() async {
        let doomed = LockedValue<CALayer?>(fixture.layer(opacity: 0))
        let kept = fixture.layer(opacity: 0)
        let lost = ProbedAnimationOperation("lost", layer: doomed.value!, animation: OpacityRamp(from: 0, to: 1, duration: 0.5),
                                            log: fixture.log)
        let releaser = ProbedAnimationOperation("releaser", layer: kept, animation: ResolveHook(duration: 0.5) { _ in
            doomed.value = nil
        }, log: fixture.log)
        fixture.queue.addOperations([lost, releaser])
        await fixture.clock.advance(by: 0)

        #expect(doomed.value == nil)
        await expectFinishedOnce(lost, .interrupted, clock: fixture.clock)
        await fixture.clock.advance(by: 0.5)
        await expectFinishedOnce(releaser, .finished, clock: fixture.clock)
        #expect(kept.opacity == 1)
    }
}

/// An opacity ramp 0 → 1 that calls `hook` with its layer as it resolves.
private struct ResolveHook: LayerAnimation {
    let duration: TimeInterval
    let hook: @Sendable (CALayer) -> Void
    var reducedMotion: ReducedMotionBehavior?
    var totalDuration: TimeInterval { duration }

    init(duration: TimeInterval, hook: @escaping @Sendable (CALayer) -> Void) {
        self.duration = duration
        self.hook = hook
    }

    func resolve(for layer: CALayer) -> ResolvedAnimation {
        hook(layer)
        return OpacityRamp(from: 0, to: 1, duration: duration).resolve(for: layer)
    }
}

/// An operation that leaves `started` once its `start()` has returned.
private final class StartCounting: AnimationOperation, @unchecked Sendable {
    // Immutable after init.
    private let started: DispatchGroup

    init(layer: CALayer, animation: some LayerAnimation, started: DispatchGroup) {
        self.started = started
        super.init(layer: layer, animation: animation)
    }

    override func start() {
        super.start()
        started.leave()
    }
}
#endif
