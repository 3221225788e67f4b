#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

@Suite(.hangGuard)
struct AnimationOperationTests {
    @Test func finishedOperationLeavesFinalModelValueAndNoAnimation() async {
        let fixture = QueueFixture()
        let layer = fixture.layer()
        let operation = AnimationOperation(layer: layer, animation: OpacityRamp(from: 0, to: 0.5, duration: 1))
        fixture.queue.addOperation(operation)
        await fixture.clock.advance(by: 0)
        #expect(operation.isExecuting)
        #expect(layer.opacity == 0.5)
        await fixture.clock.advance(by: 0.5)
        #expect(abs(Double(layer.presentation()!.opacity) - 0.25) < 1e-6)
        await fixture.clock.advance(by: 0.5)
        #expect(operation.outcome == .finished)
        #expect(operation.isFinished)
        #expect(layer.animationKeys() == nil)
        #expect(layer.presentation()!.opacity == 0.5)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test func dependentStartsAtPredecessorEnd() async {
        let fixture = QueueFixture(now: 10)
        let a = fixture.layer(), b = fixture.layer()
        let first = AnimationOperation(layer: a, animation: OpacityRamp(from: 0, to: 1, duration: 0.3))
        let second = AnimationOperation(layer: b, animation: OpacityRamp(from: 0, to: 1, duration: 0.2))
        second.addDependency(first)
        fixture.queue.addOperations([first, second])
        await fixture.clock.advance(by: 0.3)
        #expect(first.outcome == .finished)
        #expect(second.isExecuting)
        #expect(b.animation(forKey: b.animationKeys()?.first ?? "")?.beginTime == 10.3)
        await fixture.clock.advance(by: 0.1)
        #expect(abs(Double(b.presentation()!.opacity) - 0.5) < 1e-6)
        await fixture.clock.advance(by: 0.1)
        #expect(second.outcome == .finished)
    }

    /// `OperationQueue.main` works too, serially. Foundation's main queue starts
    /// the dependent asynchronously, which the test clock does not track, so virtual time
    /// stays at the first step's end until the second has started.
    @Test func chainRunsSeriallyOnOperationQueueMain() async {
        let clock = AnimationTestClock(now: 10)
        let a = clock.makeLayer(), b = clock.makeLayer()
        let first = AnimationOperation(layer: a, animation: OpacityRamp(from: 0, to: 1, duration: 0.3))
        let second = AnimationOperation(layer: b, animation: OpacityRamp(from: 0, to: 0.5, duration: 0.2))
        second.addDependency(first)
        OperationQueue.main.addOperation(first)
        OperationQueue.main.addOperation(second)
        await settle(clock) { first.isExecuting }
        #expect(first.isExecuting && !second.isExecuting)
        #expect(a.opacity == 1)                     // model first
        await clock.advance(by: 0.3)
        await settle(clock) { second.isExecuting }
        #expect(first.outcome == .finished)
        #expect(second.isExecuting)
        #expect(b.opacity == 0.5)
        await clock.advance(by: 0.2)
        await settle(clock) { second.isFinished }
        #expect(second.outcome == .finished)
        #expect(b.animationKeys() == nil && a.animationKeys() == nil)
        #expect(b.presentation()?.opacity == 0.5)
    }

    @Test func cancellingRunningOperationHoldsPresentationValue() async {
        let fixture = QueueFixture()
        let layer = fixture.layer()
        let operation = AnimationOperation(layer: layer, animation: OpacityRamp(from: 0, to: 1, duration: 1))
        fixture.queue.addOperation(operation)
        await fixture.clock.advance(by: 0.4)
        operation.cancel()
        await fixture.clock.advance(by: 0)
        #expect(operation.outcome == .cancelled)
        #expect(abs(Double(layer.opacity) - 0.4) < 1e-6)
        #expect(layer.animationKeys() == nil)
    }

    @Test func cancellingPropagatesToDependents() async {
        let fixture = QueueFixture()
        let layer = fixture.layer()
        let first = AnimationOperation(layer: layer, animation: OpacityRamp(from: 0, to: 1, duration: 1))
        let second = AnimationOperation(layer: layer, animation: OpacityRamp(from: 1, to: 0, duration: 1))
        let third = AnimationOperation(layer: layer, animation: OpacityRamp(from: 0, to: 1, duration: 1))
        second.addDependency(first)
        third.addDependency(second)
        fixture.queue.addOperations([first, second, third])
        await fixture.clock.advance(by: 0.5)
        first.cancel()
        await fixture.clock.advance(by: 0)
        #expect(first.outcome == .cancelled)
        #expect(second.outcome == .cancelled)
        #expect(third.outcome == .cancelled)
        #expect(fixture.clock.pendingWork.isEmpty)
    }
}
#endif
