#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Whoever learns that an operation or a run ended finds it finished: `waitForOutcome()`
/// returns, and a run ends, only once the operations report `isFinished`. And a cancelled
/// `Perform` block is released by its queue at once, even while the queue is suspended.
@Suite(.hangGuard)
struct FinishOrderTests {
    let fixture = QueueFixture(queueName: "finish-order-\(UUID())")

    /// Fifty operations, each awaited from a task of its own: each task finds its operation
    /// reporting `isFinished` and gone from its queue when the wait returns. (Resumed as the
    /// finish began, a task found it not yet reported in about 1 round in 12.)
    @Test func waitForOutcomeReturnsOnlyOnceTheOperationReportsFinished() async {
        for _ in 0..<50 {
            let layer = fixture.layer()
            let operation = AnimationOperation(layer: layer, animation: BasicAnimation(.opacity, from: 0, to: 1, duration: 0.2))
            let queue = fixture.queue
            queue.addOperation(operation)
            let waiter = Task.detached { () -> (AnimationOutcome, Bool, Int) in
                let outcome = await operation.waitForOutcome()
                return (outcome, operation.isFinished, queue.operationCount)
            }
            await fixture.clock.advance(by: 0.2)
            let (outcome, wasFinished, count) = await waiter.value
            #expect(outcome == .finished)
            #expect(wasFinished, "waitForOutcome() returned before the operation reported isFinished")
            #expect(count == 0, "waitForOutcome() returned before the queue handled the finish")
        }
    }

    @Test func waitForOutcomeOnAFinishedOperationReturnsAtOnce() async {
        let layer = fixture.layer()
        let operation = AnimationOperation(layer: layer, animation: BasicAnimation(.opacity, from: 0, to: 1, duration: 0.2))
        fixture.queue.addOperation(operation)
        await fixture.clock.advance(by: 0.2)
        #expect(operation.isFinished)
        #expect(await operation.waitForOutcome() == .finished)
    }

    @Test(arguments: 0..<10)
    func aRunEndsOnlyOnceEveryStepReportsFinished(_ round: Int) async {
        let a = fixture.layer(), b = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Parallel {
                Step(a, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.1))
                Step(b, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.1))
            }
            Perform {}
        }, motion: .full)
        await fixture.clock.advance(by: 0.1)
        #expect(await run.outcome == .finished)
        #expect(run.operations.allSatisfy { $0.isFinished })
    }

    /// The queue is suspended, so nothing starts; cancelling the run ends it at once, its
    /// first step a block: the queue releases a cancelled block as it does a cancelled
    /// animation, instead of holding it back until it resumes.
    @Test func cancellingARunOnASuspendedQueueEndsItAtOnce() async {
        let layer = fixture.layer()
        fixture.queue.isSuspended = true
        let run = fixture.queue.run(AnimationPlan {
            Perform {}
            Step(layer, BasicAnimation(.opacity, from: 0, to: 1, duration: 1))
        }, motion: .full)
        run.cancel()
        await fixture.clock.advance(by: 0)
        #expect(run.isFinished)
        if run.isFinished { #expect(await run.outcome == .cancelled) }
        #expect(fixture.queue.operationCount == 0)
        #expect(layer.animationKeys() == nil)
    }

    /// A block waiting for an animation in the queue, cancelled by itself: it finishes
    /// cancelled at once and its dependents follow, without waiting for the animation.
    @Test func aBlockCancelledWhileItsDependencyPlaysFinishesAtOnce() async {
        let layer = fixture.layer(), other = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Step(layer, BasicAnimation(.opacity, from: 0, to: 1, duration: 1)).named("first")
            Perform("block") {}
            Step(other, BasicAnimation(.opacity, from: 0, to: 1, duration: 1)).named("last")
        }, motion: .full)
        await fixture.clock.advance(by: 0.5)
        let block = run.operations.first { $0 is MainThreadOperation }
        block?.cancel()
        await fixture.clock.advance(by: 0)
        #expect(run.outcome(ofStep: "block") == .cancelled)
        #expect(run.outcome(ofStep: "last") == .cancelled)
        #expect(run.outcome(ofStep: "first") == nil)
        await fixture.clock.advance(by: 0.5)
        #expect(run.outcome(ofStep: "first") == .finished)
        #expect(await run.outcome == .cancelled)
    }
}
#endif
