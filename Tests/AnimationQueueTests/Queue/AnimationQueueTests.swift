#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// `AnimationQueue`: parallelism, sequencing, control, mixed graphs, cancellation
/// propagation, and misuse.
@Suite(.hangGuard)
struct AnimationQueueTests {
    // MARK: Parallel and serial

    @Test func independentOperationsOnTwoLayersRunInParallel() async {
        let fixture = QueueFixture()
        let a = fixture.layer(opacity: 0), b = fixture.layer(opacity: 0)
        let fadeA = ProbedAnimationOperation("a", layer: a, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        let fadeB = ProbedAnimationOperation("b", layer: b, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        fixture.queue.addOperations([fadeA, fadeB])

        await fixture.clock.advance(by: 0)
        #expect(fadeA.isExecuting && fadeB.isExecuting)
        #expect(attachedBeginTime(a) == 0 && attachedBeginTime(b) == 0)
        await fixture.clock.advance(to: 0.5)
        #expect(isClose(shownOpacity(a), 0.5, 1e-6) && isClose(shownOpacity(b), 0.5, 1e-6))
        await fixture.clock.advance(to: 0.999)
        #expect(fadeA.outcome == nil && fadeB.outcome == nil)
        await fixture.clock.advance(to: 1)
        await expectFinishedOnce(fadeA, .finished, clock: fixture.clock)
        await expectFinishedOnce(fadeB, .finished, clock: fixture.clock)
        #expect(fixture.log.time(of: "a finished") == 1 && fixture.log.time(of: "b finished") == 1)
        #expect(fixture.queue.operationCount == 0)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test func chainRunsEachStepFromThePreviousStepsEnd() async {
        let fixture = QueueFixture(now: 2)
        let layers = (0..<3).map { _ in fixture.layer(opacity: 0) }
        let durations: [TimeInterval] = [0.5, 0.25, 0.125]
        let steps = (0..<3).map { index in
            ProbedAnimationOperation("step\(index)", layer: layers[index],
                                     animation: OpacityRamp(from: 0, to: 1, duration: durations[index]), log: fixture.log)
        }
        steps[1].addDependency(steps[0])
        steps[2].addDependency(steps[1])
        fixture.queue.addOperations(steps.reversed())    // the order of addition does not matter

        // Start times 2, 2.5, 2.75; end times 2.5, 2.75, 2.875.
        await fixture.clock.advance(by: 0)
        #expect(attachedBeginTime(layers[0]) == 2)
        #expect(!steps[1].everExecuted && layers[1].opacity == 0)
        await fixture.clock.advance(to: 2.5)
        #expect(steps[0].outcome == .finished)
        #expect(attachedBeginTime(layers[1]) == 2.5)
        #expect(!steps[2].everExecuted && layers[2].opacity == 0)
        await fixture.clock.advance(to: 2.625)
        #expect(isClose(shownOpacity(layers[1]), 0.5, 1e-6))
        await fixture.clock.advance(to: 2.75)
        #expect(attachedBeginTime(layers[2]) == 2.75)
        await fixture.clock.advance(to: 2.875)
        for step in steps { await expectFinishedOnce(step, .finished, clock: fixture.clock) }
        #expect(fixture.log.events.filter { $0.hasSuffix("started") || $0.hasSuffix("finished") } == [
            "step0 started", "step0 finished", "step1 started", "step1 finished",
            "step2 started", "step2 finished",
        ])
        #expect(fixture.log.time(of: "step0 started") == 2 && fixture.log.time(of: "step0 finished") == 2.5)
        #expect(fixture.log.time(of: "step1 started") == 2.5 && fixture.log.time(of: "step1 finished") == 2.75)
        #expect(fixture.log.time(of: "step2 started") == 2.75 && fixture.log.time(of: "step2 finished") == 2.875)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test func chainOnOneLayerHandsEachStepTheValueThePreviousOneLeft() async {
        let fixture = QueueFixture()
        let layer = fixture.layer(opacity: 1)
        // BasicAnimation without `from` starts from what the layer shows.
        let drop = ProbedAnimationOperation("drop", layer: layer, animation: BasicAnimation(.positionY, to: 100, duration: 0.5, timing: .linear), log: fixture.log)
        let rise = ProbedAnimationOperation("rise", layer: layer, animation: BasicAnimation(.positionY, to: 20, duration: 0.5, timing: .linear), log: fixture.log)
        rise.addDependency(drop)
        fixture.queue.addOperations([drop, rise])
        await fixture.clock.advance(to: 0.25)
        #expect(isClose(layer.presentation().map { Double($0.position.y) }, 50, 1e-6))
        await fixture.clock.advance(to: 0.75)
        #expect(isClose(layer.presentation().map { Double($0.position.y) }, 60, 1e-6))   // 100 − 80 · 0.5
        await fixture.clock.advance(to: 1)
        await expectFinishedOnce(drop, .finished, clock: fixture.clock)
        await expectFinishedOnce(rise, .finished, clock: fixture.clock)
        #expect(layer.position.y == 20 && layer.presentation()?.position.y == 20)
        #expect(layer.animationKeys() == nil)
    }

    // MARK: Suspension

    @Test func suspendedQueueHoldsBackOperationsUntilResumed() async {
        let fixture = QueueFixture()
        let layer = fixture.layer(opacity: 0)
        fixture.queue.isSuspended = true
        #expect(fixture.queue.isSuspended)
        let fade = ProbedAnimationOperation("fade", layer: layer, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        fixture.queue.addOperation(fade)
        await fixture.clock.advance(by: 1)
        #expect(!fade.everExecuted && fade.outcome == nil)
        #expect(layer.opacity == 0 && layer.animationKeys() == nil)
        #expect(fixture.queue.operationCount == 1)

        fixture.queue.isSuspended = false
        await fixture.clock.advance(by: 0)
        #expect(fade.isExecuting)
        #expect(attachedBeginTime(layer) == 1)
        await fixture.clock.advance(to: 2)
        await expectFinishedOnce(fade, .finished, clock: fixture.clock)
        #expect(fixture.log.time(of: "fade executing") == 1 && fixture.log.time(of: "fade finished") == 2)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test func suspendingMidChainLetsTheRunningStepFinishAndHoldsTheNext() async {
        let fixture = QueueFixture()
        let a = fixture.layer(opacity: 0), b = fixture.layer(opacity: 0)
        let first = ProbedAnimationOperation("first", layer: a, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        let second = ProbedAnimationOperation("second", layer: b, animation: OpacityRamp(from: 0, to: 1, duration: 0.5), log: fixture.log)
        second.addDependency(first)
        fixture.queue.addOperations([first, second])
        await fixture.clock.advance(to: 0.5)
        fixture.queue.isSuspended = true
        await fixture.clock.advance(to: 1.5)
        #expect(first.outcome == .finished)
        #expect(fixture.log.time(of: "first finished") == 1)
        #expect(!second.everExecuted && b.opacity == 0)
        fixture.queue.isSuspended = false
        await fixture.clock.advance(by: 0)
        #expect(attachedBeginTime(b) == 1.5)
        await fixture.clock.advance(to: 2)
        await expectFinishedOnce(second, .finished, clock: fixture.clock)
        #expect(fixture.log.time(of: "second finished") == 2)
    }

    // MARK: cancelAll

    @Test func cancelAllCancelsRunningAndPendingOperationsApplyingEachPolicy() async {
        let fixture = QueueFixture()
        let a = fixture.layer(opacity: 0), b = fixture.layer(opacity: 0)
        let c = fixture.layer(opacity: 0), d = fixture.layer(opacity: 0)
        let revert = ProbedAnimationOperation("revert", layer: a, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        revert.cancellationPolicy = .revert
        let complete = ProbedAnimationOperation("complete", layer: b, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        complete.cancellationPolicy = .complete
        let hold = ProbedAnimationOperation("hold", layer: c, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        let pending = ProbedAnimationOperation("pending", layer: d, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        pending.addDependency(hold)
        fixture.queue.addOperations([revert, complete, hold, pending])

        await fixture.clock.advance(by: 0.25)
        fixture.queue.cancelAll()
        await fixture.clock.advance(by: 0)
        for operation in [revert, complete, hold, pending] { await expectFinishedOnce(operation, .cancelled, clock: fixture.clock) }
        #expect(a.opacity == 0 && Float(shownOpacity(a)) == 0)
        #expect(b.opacity == 1 && Float(shownOpacity(b)) == 1)
        #expect(isClose(Double(c.opacity), 0.25, 1e-6) && Float(shownOpacity(c)) == c.opacity)
        #expect(!pending.everExecuted && d.opacity == 0)
        for layer in [a, b, c, d] { #expect(layer.animationKeys() == nil) }
        #expect(fixture.queue.operationCount == 0)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test func cancelAllOnASuspendedQueueFinishesEveryOperationCancelled() async {
        let fixture = QueueFixture()
        let layer = fixture.layer(opacity: 0)
        fixture.queue.isSuspended = true
        let first = ProbedAnimationOperation("first", layer: layer, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        let second = ProbedAnimationOperation("second", layer: layer, animation: OpacityRamp(from: 1, to: 0, duration: 1), log: fixture.log)
        second.addDependency(first)
        fixture.queue.addOperations([first, second])
        fixture.queue.cancelAll()
        fixture.queue.isSuspended = false
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(first, .cancelled, clock: fixture.clock)
        await expectFinishedOnce(second, .cancelled, clock: fixture.clock)
        #expect(!first.everExecuted && !second.everExecuted)
        #expect(layer.opacity == 0)
        #expect(fixture.queue.operationCount == 0)
    }

    /// Still suspended: `cancelAll()` finishes every operation cancelled at once, and the
    /// queue, once released, is freed (Cancellation guide: call `cancelAll()` before letting
    /// a suspended queue with pending work go).
    @Test func cancelAllOnAQueueThatStaysSuspendedFinishesEverythingAndFreesIt() async {
        let clock = AnimationTestClock()
        let log = ProbeLog(clock: clock)
        let layer = probeLayer(on: clock, opacity: 0)
        var queue: AnimationQueue? = AnimationQueue(name: #function)
        weak let released = queue
        queue?.isSuspended = true
        let first = ProbedAnimationOperation("first", layer: layer, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: log)
        let second = ProbedAnimationOperation("second", layer: layer, animation: OpacityRamp(from: 1, to: 0, duration: 1), log: log)
        let block = BlockOperation {}
        second.addDependency(first)
        block.addDependency(second)
        queue?.addOperations([first, second, block])
        await clock.advance(by: 0.5)
        queue?.cancelAll()
        #expect(queue?.isSuspended == true)
        await clock.advance(by: 0)
        await expectFinishedOnce(first, .cancelled, clock: clock)
        await expectFinishedOnce(second, .cancelled, clock: clock)
        // The queue hears of a plain operation's finish from a watcher that Foundation runs
        // after it, on another thread: wait for both with a deadline.
        await settle(clock) { block.isFinished && queue?.operationCount == 0 }
        #expect(block.isFinished && block.isCancelled)
        #expect(!first.everExecuted && !second.everExecuted && layer.opacity == 0)
        #expect(queue?.operationCount == 0)
        queue = nil
        await settle(clock) { released == nil }
        #expect(released == nil)
    }

    /// Operations that become ready while the queue is suspended start in that order when it
    /// resumes, together.
    @Test func operationsHeldBackWhileSuspendedStartInOrderWhenResumed() async {
        let fixture = QueueFixture()
        let layers = (0..<3).map { _ in fixture.layer(opacity: 0) }
        fixture.queue.isSuspended = true
        let operations = layers.enumerated().map { index, layer in
            ProbedAnimationOperation("op\(index)", layer: layer, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        }
        for operation in operations { fixture.queue.addOperation(operation) }
        await fixture.clock.advance(by: 1)
        #expect(operations.allSatisfy { !$0.everExecuted })
        fixture.queue.isSuspended = false
        await fixture.clock.advance(by: 0)
        #expect(fixture.log.events.filter { $0.hasSuffix(" executing") } == ["op0 executing", "op1 executing", "op2 executing"])
        #expect(Set(operations.map(\.startBatch)).count == 1)
        await fixture.clock.advance(by: 1)
        for operation in operations { await expectFinishedOnce(operation, .finished, clock: fixture.clock) }
    }

    // MARK: Mixed graphs

    @Test func blockOperationRunsBetweenTwoAnimationsInAMixedGraph() async {
        let fixture = QueueFixture()
        let card = fixture.layer(opacity: 0), avatar = fixture.layer(opacity: 0)
        let slideIn = ProbedAnimationOperation("slideIn", layer: card, animation: OpacityRamp(from: 0, to: 1, duration: 0.5), log: fixture.log)
        let fetch = BlockOperation { fixture.log.record("fetch ran") }
        let reveal = ProbedAnimationOperation("reveal", layer: avatar, animation: OpacityRamp(from: 0, to: 1, duration: 0.25), log: fixture.log)
        fetch.addDependency(slideIn)
        reveal.addDependency(fetch)
        fixture.queue.addOperations([slideIn, fetch, reveal])

        await fixture.clock.advance(to: 0.25)
        #expect(fixture.log.count("fetch ran") == 0 && !reveal.everExecuted)
        await fixture.clock.advance(to: 0.5)
        #expect(fixture.log.time(of: "fetch ran") == 0.5)
        #expect(attachedBeginTime(avatar) == 0.5)
        await fixture.clock.advance(to: 0.75)
        await expectFinishedOnce(reveal, .finished, clock: fixture.clock)
        #expect(fetch.isFinished && !fetch.isCancelled)
        #expect(fixture.log.events.filter { !$0.hasSuffix("completion") && !$0.hasSuffix("executing") } == [
            "slideIn started", "slideIn finished", "fetch ran", "reveal started", "reveal finished",
        ])
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test func unfinishedFetchGatesTheAnimationUntilItCompletes() async {
        let fixture = QueueFixture()
        let avatar = fixture.layer(opacity: 0)
        let fetch = SimulatedFetch()
        let reveal = ProbedAnimationOperation("reveal", layer: avatar, animation: OpacityRamp(from: 0, to: 1, duration: 0.5), log: fixture.log)
        reveal.addDependency(fetch)
        fixture.queue.addOperations([fetch, reveal])
        await fixture.clock.advance(by: 3)
        #expect(fetch.isExecuting)
        #expect(!reveal.everExecuted && avatar.opacity == 0 && avatar.animationKeys() == nil)
        fetch.finish()
        await fixture.clock.advance(by: 0)
        #expect(reveal.isExecuting)
        #expect(attachedBeginTime(avatar) == 3)
        await fixture.clock.advance(to: 3.5)
        await expectFinishedOnce(reveal, .finished, clock: fixture.clock)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    /// A cancelled plain `BlockOperation` cancels the animation it gates: the animation must
    /// never start. Repeated, because the cancellation has to reach the dependent before the
    /// queue could start it.
    @Test func cancelledBlockOperationCancelsTheAnimationItGates() async {
        for round in 0..<25 {
            let fixture = QueueFixture(queueName: "\(#function) \(round)")
            let avatar = fixture.layer(opacity: 0)
            fixture.queue.isSuspended = true
            let fetch = BlockOperation { fixture.log.record("fetch ran") }
            let reveal = ProbedAnimationOperation("reveal", layer: avatar, animation: OpacityRamp(from: 0, to: 1, duration: 0.5), log: fixture.log)
            reveal.addDependency(fetch)
            fixture.queue.addOperations([fetch, reveal])
            fetch.cancel()
            fixture.queue.isSuspended = false
            await settle(fixture.clock) { reveal.isFinished || reveal.everStarted }
            let startedAnyway = reveal.everExecuted
            // The queue learns of a plain operation's cancellation asynchronously (from an
            // operation that depends on it), after Foundation made its dependents ready; the
            // gated animation must still be cancelled before the queue could start it.
            #expect(!startedAnyway, "round \(round): the animation gated by a cancelled fetch started (animation added: \(reveal.everStarted))")
            await fixture.clock.advance(by: 1)
            #expect(fixture.log.count("fetch ran") == 0)
            #expect(reveal.outcome == .cancelled, "round \(round)")
            if startedAnyway || reveal.outcome != .cancelled { break }
            #expect(avatar.opacity == 0 && avatar.animationKeys() == nil)
        }
    }

    // MARK: Cancellation propagation

    @Test func cancellingTheHeadOfAChainCancelsEveryDependentWithoutStartingIt() async {
        let fixture = QueueFixture()
        let a = fixture.layer(opacity: 0), b = fixture.layer(opacity: 0), c = fixture.layer(opacity: 0)
        let stepA = ProbedAnimationOperation("A", layer: a, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        let stepB = ProbedAnimationOperation("B", layer: b, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        let stepC = ProbedAnimationOperation("C", layer: c, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        stepB.addDependency(stepA)
        stepC.addDependency(stepB)
        fixture.queue.addOperations([stepA, stepB, stepC])
        await fixture.clock.advance(by: 0.5)
        stepA.cancel()
        await fixture.clock.advance(by: 0)
        for step in [stepA, stepB, stepC] { await expectFinishedOnce(step, .cancelled, clock: fixture.clock) }
        #expect(!stepB.everExecuted && !stepC.everExecuted)
        #expect(b.opacity == 0 && c.opacity == 0)
        #expect(b.animationKeys() == nil && c.animationKeys() == nil)
        #expect(fixture.log.time(of: "C finished") == 0.5)
        await fixture.clock.advance(by: 3)
        #expect(!stepB.everExecuted && !stepC.everExecuted)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test func cancellationPropagatesThroughADiamondAndSparesIndependentBranches() async {
        let fixture = QueueFixture()
        let layers = (0..<6).map { _ in fixture.layer(opacity: 0) }   // operations hold layers weakly
        func step(_ label: String) -> ProbedAnimationOperation {
            let index = ["root", "left", "right", "join", "other", "otherNext"].firstIndex(of: label)!
            return ProbedAnimationOperation(label, layer: layers[index], animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        }
        let root = step("root"), left = step("left"), right = step("right"), join = step("join")
        let other = step("other"), otherNext = step("otherNext")
        left.addDependency(root)
        right.addDependency(root)
        join.addDependency(left)
        join.addDependency(right)
        otherNext.addDependency(other)
        fixture.queue.addOperations([root, left, right, join, other, otherNext])
        await fixture.clock.advance(by: 0.5)
        root.cancel()
        await fixture.clock.advance(by: 0)
        for operation in [root, left, right, join] { await expectFinishedOnce(operation, .cancelled, clock: fixture.clock) }
        #expect(other.isExecuting)
        await fixture.clock.advance(to: 2)
        await expectFinishedOnce(other, .finished, clock: fixture.clock)
        await expectFinishedOnce(otherNext, .finished, clock: fixture.clock)
        #expect(fixture.log.time(of: "otherNext started") == 1)
        #expect(layers[0...3].allSatisfy { $0.animationKeys() == nil })
        #expect(layers[1...3].allSatisfy { $0.opacity == 0 })
    }

    @Test func dependentWithProceedRunsAfterItsDependencyIsCancelled() async {
        let fixture = QueueFixture()
        let a = fixture.layer(opacity: 0), b = fixture.layer(opacity: 0), c = fixture.layer(opacity: 0)
        let stepA = ProbedAnimationOperation("A", layer: a, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        let stepB = ProbedAnimationOperation("B", layer: b, animation: OpacityRamp(from: 0, to: 1, duration: 0.5), log: fixture.log)
        let stepC = ProbedAnimationOperation("C", layer: c, animation: OpacityRamp(from: 0, to: 1, duration: 0.25), log: fixture.log)
        #expect(stepB.onCancelledDependency == .cancel)
        stepB.onCancelledDependency = .proceed
        stepB.addDependency(stepA)
        stepC.addDependency(stepB)
        fixture.queue.addOperations([stepA, stepB, stepC])
        await fixture.clock.advance(by: 0.25)
        stepA.cancel()
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(stepA, .cancelled, clock: fixture.clock)
        #expect(attachedBeginTime(b) == 0.25)
        await fixture.clock.advance(to: 1)
        await expectFinishedOnce(stepB, .finished, clock: fixture.clock)
        await expectFinishedOnce(stepC, .finished, clock: fixture.clock)
        #expect(fixture.log.time(of: "B finished") == 0.75 && fixture.log.time(of: "C finished") == 1)
        #expect(b.opacity == 1 && c.opacity == 1)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    /// Where a test asks for `.proceed`.
    enum ProceedSetting: Sendable, CaseIterable {
        /// The operation's own setting, made after the operation was added: the queue reads it
        /// when a dependency is cancelled, not when the operation was added, so the owner may
        /// still configure it.
        case operationsOwnSettingAfterAdding
        /// The batch-level setting given to `addOperation`, which overrides the operation's
        /// own (its default, `.cancel`).
        case batchLevel
    }

    @Test(arguments: ProceedSetting.allCases)
    func aDependentToldToProceedStartsWhenItsDependencyIsCancelled(setting: ProceedSetting) async {
        let fixture = QueueFixture()
        let a = fixture.layer(opacity: 0), b = fixture.layer(opacity: 0)
        let stepA = ProbedAnimationOperation("A", layer: a, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        let stepB = ProbedAnimationOperation("B", layer: b, animation: OpacityRamp(from: 0, to: 1, duration: 0.5), log: fixture.log)
        stepB.addDependency(stepA)
        switch setting {
        case .operationsOwnSettingAfterAdding:
            fixture.queue.addOperations([stepA, stepB])
            stepB.onCancelledDependency = .proceed
        case .batchLevel:
            fixture.queue.addOperation(stepA)
            fixture.queue.addOperation(stepB, onCancelledDependency: .proceed)
        }
        await fixture.clock.advance(by: 0.5)
        stepA.cancel()
        await fixture.clock.advance(to: 1)
        await expectFinishedOnce(stepA, .cancelled, clock: fixture.clock)
        await expectFinishedOnce(stepB, .finished, clock: fixture.clock)
        #expect(fixture.log.time(of: "B executing") == 0.5)
    }

    @Test func dependentAddedAfterItsDependencyWasCancelledIsCancelled() async {
        let fixture = QueueFixture()
        let a = fixture.layer(opacity: 0), b = fixture.layer(opacity: 0)
        let stepA = ProbedAnimationOperation("A", layer: a, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        let stepB = ProbedAnimationOperation("B", layer: b, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        stepB.addDependency(stepA)
        fixture.queue.addOperation(stepA)
        await fixture.clock.advance(by: 0.5)
        stepA.cancel()
        fixture.queue.addOperation(stepB)
        await fixture.clock.advance(by: 1)
        await expectFinishedOnce(stepA, .cancelled, clock: fixture.clock)
        await expectFinishedOnce(stepB, .cancelled, clock: fixture.clock)
        #expect(!stepB.everExecuted && b.opacity == 0)
    }

    // MARK: Cycles and double adds (names reported)

    @Test func cycleFinderReturnsTheOperationsOnTheCycleInOrder() {
        let a = BlockOperation {}, b = BlockOperation {}, c = BlockOperation {}, d = BlockOperation {}
        a.name = "slide"
        b.name = "fade"
        c.name = "pulse"
        b.addDependency(a)
        c.addDependency(b)
        a.addDependency(c)
        d.addDependency(a)
        let cycle = DependencyGraph.cycle(among: [d, a, b, c])
        #expect(cycle?.count == 4)
        #expect(cycle?.first === cycle?.last)
        let names = (cycle ?? []).dropLast().compactMap(\.name)
        #expect(Set(names) == ["slide", "fade", "pulse"])
        // Each operation on the cycle waits for the next one.
        if let cycle {
            for (waiter, awaited) in zip(cycle, cycle.dropFirst()) {
                #expect(waiter.dependencies.contains { $0 === awaited })
            }
        }
        #expect(DependencyGraph.cycle(among: [d]) != nil)              // reached through dependencies
        a.removeDependency(c)
        #expect(DependencyGraph.cycle(among: [a, b, c, d]) == nil)
    }

    @Test func violationMessagesNameOperationsByNameOrTypeAndAddress() {
        let named = BlockOperation {}
        named.name = "card slide"
        #expect(QueueViolation.displayName(named) == "'card slide'")
        let unnamed = AnimationOperation(layer: CALayer(), animation: OpacityRamp(from: 0, to: 1, duration: 1))
        let address = String(UInt(bitPattern: ObjectIdentifier(unnamed)), radix: 16)
        #expect(QueueViolation.displayName(unnamed) == "AnimationOperation(0x\(address))")
    }

    @Test func dependencyCycleIsAPreconditionFailureNamingTheOperations() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let layer = CALayer()
            let slide = AnimationOperation(layer: layer, animation: OpacityRamp(from: 0, to: 1, duration: 1))
            let fade = AnimationOperation(layer: layer, animation: OpacityRamp(from: 1, to: 0, duration: 1))
            let pulse = AnimationOperation(layer: layer, animation: OpacityRamp(from: 0, to: 1, duration: 1))
            slide.name = "slide"
            fade.name = "fade"
            pulse.name = "pulse"
            fade.addDependency(slide)
            pulse.addDependency(fade)
            slide.addDependency(pulse)
            AnimationQueue(name: "cycle queue").addOperations([slide, fade, pulse])
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("dependency cycle"))
        #expect(stderr.contains("'cycle queue'"))
        for name in ["'slide'", "'fade'", "'pulse'"] { #expect(stderr.contains(name), "\(name) missing from: \(stderr)") }
    }

    @Test func cycleThroughAnOperationAddedEarlierIsDetectedWhenTheCycleCloses() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let queue = AnimationQueue(name: "late cycle")
            queue.isSuspended = true
            let first = BlockOperation {}
            first.name = "first"
            let second = BlockOperation {}
            second.name = "second"
            queue.addOperation(first)
            second.addDependency(first)
            first.addDependency(second)       // closes the cycle after `first` was added
            queue.addOperation(second)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("dependency cycle") && stderr.contains("'first'") && stderr.contains("'second'"))
    }

    @Test func addingTheSameOperationTwiceIsAPreconditionFailure() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let queue = AnimationQueue(name: "twice")
            queue.isSuspended = true
            let fade = AnimationOperation(layer: CALayer(), animation: OpacityRamp(from: 0, to: 1, duration: 1))
            fade.name = "fade"
            queue.addOperation(fade)
            queue.addOperation(fade)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("'fade' was already added"))
    }

    @Test func startingAnOperationTwiceIsAPreconditionFailureNamingTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let fade = AnimationOperation(layer: CALayer(), animation: OpacityRamp(from: 0, to: 1, duration: 1))
            fade.name = "fade"
            fade.start()
            fade.start()
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("'fade' was started a second time. An operation runs once"))
        #expect(stderr.contains("create a new operation to animate again"))
    }

    @Test func addingTheSameOperationTwiceInOneBatchIsAPreconditionFailure() async {
        await #expect(processExitsWith: .failure) {
            let queue = AnimationQueue(name: "twice in a batch")
            queue.isSuspended = true
            let fade = BlockOperation {}
            queue.addOperations([fade, fade])
        }
    }

    @Test func addingAFinishedOperationAgainIsAPreconditionFailure() async {
        await #expect(processExitsWith: .failure) {
            let queue = AnimationQueue(name: "again")
            let snap = AnimationOperation(layer: CALayer(), animation: OpacityRamp(from: 0, to: 1, duration: 0))
            queue.addOperation(snap)
            await queue.waitUntilAllOperationsAreFinished()
            queue.addOperation(snap)
        }
    }

    /// The exit tests above must not pass vacuously: a well-formed graph exits normally.
    @Test func wellFormedGraphAddedInAChildProcessExitsNormally() async {
        await #expect(processExitsWith: .success) {
            let queue = AnimationQueue(name: "fine")
            queue.isSuspended = true
            let first = BlockOperation {}, second = BlockOperation {}
            second.addDependency(first)
            queue.addOperations([first, second])
        }
    }
}
#endif
