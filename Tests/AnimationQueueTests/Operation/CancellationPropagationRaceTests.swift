#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Cancelling an operation cancels its dependents transitively, and none of them may start
/// meanwhile, even when a cancelled dependency finishes on another thread at once: an
/// operation is handed to the `OperationQueue` the moment it is cancelled. (Address
/// Sanitizer's slowdown once made this race show in
/// `cancellingTheHeadOfAChainCancelsEveryDependentWithoutStartingIt`.)
@Suite(.hangGuard)
struct CancellationPropagationRaceTests {
    /// Signals when the queue calls `start()`, and remembers whether it was cancelled then.
    final class StartSignalling: AnimationOperation, @unchecked Sendable {
        // `lock` guards `cancelledAtStart`; the semaphore is thread-safe.
        private let lock = NSLock()
        private var cancelledAtStart: Bool?
        let started = DispatchSemaphore(value: 0)

        override func start() {
            lock.withLock { cancelledAtStart = isCancelled }
            started.signal()
            super.start()
        }

        var wasCancelledAtStart: Bool? { lock.withLock { cancelledAtStart } }
    }

    /// Returns from `cancel()` only once `next` was started (or after 2 s), which makes the
    /// window deterministic in which this operation, already handed over cancelled, finishes
    /// and unblocks `next` before the propagation that is cancelling it reaches `next`.
    final class SlowToCancel: AnimationOperation, @unchecked Sendable {
        let next: StartSignalling
        init(layer: CALayer, animation: some LayerAnimation, next: StartSignalling) {
            self.next = next
            super.init(layer: layer, animation: animation)
        }

        override func cancel() {
            super.cancel()
            _ = next.started.wait(timeout: .now() + 2)
        }
    }

    @Test func aDependentUnblockedByACancelledDependencyStartsCancelled() async {
        let fixture = QueueFixture()
        let first = fixture.layer(opacity: 0), second = fixture.layer(opacity: 0)
        let third = fixture.layer(opacity: 0.3)
        let head = AnimationOperation(layer: first, animation: OpacityRamp(from: 0, to: 1, duration: 1))
        let last = StartSignalling(layer: third, animation: OpacityRamp(from: 0, to: 1, duration: 1))
        let middle = SlowToCancel(layer: second, animation: OpacityRamp(from: 0, to: 1, duration: 1), next: last)
        middle.addDependency(head)
        last.addDependency(middle)
        fixture.queue.addOperations([head, middle, last])
        await fixture.clock.advance(by: 0.25)

        head.cancel()
        await fixture.clock.advance(by: 0)
        #expect(await settle(fixture.clock) { last.isFinished })

        #expect(head.outcome == .cancelled && middle.outcome == .cancelled && last.outcome == .cancelled)
        #expect(last.wasCancelledAtStart == true, "the dependent must be cancelled before it is started")
        #expect(third.opacity == 0.3, "the dependent must not touch its layer")
        #expect(third.animationKeys() == nil)
        #expect(fixture.clock.pendingWork.isEmpty)
    }
}

extension CancellationPropagationRaceTests {
    /// `cancelAll()` cancels a dependent that opted out of cancellation before its
    /// dependency, whose cancel would otherwise finish it at once and start the dependent.
    /// Twenty pairs, so the queue's unordered iteration cannot pass by luck.
    @Test func cancelAllCancelsDependentsBeforeTheirDependencies() async {
        let fixture = QueueFixture()
        // Operations hold their layers weakly: the test keeps them.
        let layers = (0..<41).map { fixture.layer(opacity: $0 == 0 ? 0 : 0.3) }
        let gate = AnimationOperation(layer: layers[0], animation: OpacityRamp(from: 0, to: 1, duration: 1))
        var dependents: [StartSignalling] = []
        var operations: [Operation] = [gate]
        for pair in 0..<20 {
            let dependent = StartSignalling(layer: layers[1 + 2 * pair], animation: OpacityRamp(from: 0, to: 1, duration: 1))
            dependent.onCancelledDependency = .proceed
            let dependency = SlowToCancel(layer: layers[2 + 2 * pair], animation: OpacityRamp(from: 0, to: 1, duration: 1),
                                          next: dependent)
            dependency.addDependency(gate)
            dependent.addDependency(dependency)
            dependents.append(dependent)
            operations += [dependency, dependent]
        }
        fixture.queue.addOperations(operations)
        await fixture.clock.advance(by: 0.25)

        fixture.queue.cancelAll()
        await fixture.clock.advance(by: 0)
        #expect(await settle(fixture.clock) { operations.allSatisfy(\.isFinished) })

        #expect(dependents.allSatisfy { $0.outcome == .cancelled })
        #expect(dependents.allSatisfy { $0.wasCancelledAtStart == true }, "a dependent started before cancelAll() reached it")
        #expect(dependents.allSatisfy { $0.layer?.opacity == 0.3 })
    }
}

extension CancellationPropagationRaceTests {
    /// An operation cancelled before it was added finishes cancelled at once, as on a plain
    /// `OperationQueue`, instead of waiting for its dependency; its dependents follow it.
    @Test func anOperationCancelledBeforeItWasAddedFinishesAtOnce() async {
        let fixture = QueueFixture()
        let layers = (0..<3).map { _ in fixture.layer(opacity: 0.3) }
        let running = AnimationOperation(layer: layers[0], animation: OpacityRamp(from: 0, to: 1, duration: 1))
        fixture.queue.addOperation(running)
        await fixture.clock.advance(by: 0.25)
        let cancelled = AnimationOperation(layer: layers[1], animation: OpacityRamp(from: 0, to: 1, duration: 1))
        let dependent = AnimationOperation(layer: layers[2], animation: OpacityRamp(from: 0, to: 1, duration: 1))
        cancelled.addDependency(running)
        dependent.addDependency(cancelled)
        cancelled.cancel()
        fixture.queue.addOperations([cancelled, dependent])
        await fixture.clock.advance(by: 0)      // settles the work in flight: the cancelled ones finish
        #expect(cancelled.isFinished && dependent.isFinished)
        #expect(cancelled.outcome == .cancelled && dependent.outcome == .cancelled)
        #expect(running.outcome == nil, "the dependency is still animating")
        #expect(layers[1].opacity == 0.3 && layers[2].opacity == 0.3)
        await fixture.clock.advance(by: 1)
        #expect(running.outcome == .finished)
    }
}
#endif
