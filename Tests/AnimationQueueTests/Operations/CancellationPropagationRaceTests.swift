@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Cancelling an operation cancels its dependents transitively, and none of them may start
/// meanwhile, even when a cancelled dependency finishes on another thread at once.
@Suite(.timeLimit(.minutes(1)))
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
        let clock = AnimationTestClock()
        let first = probeLayer(on: clock, opacity: 0), second = probeLayer(on: clock, opacity: 0)
        let third = probeLayer(on: clock, opacity: 0.3)
        let queue = AnimationQueue(name: #function)
        let head = AnimationOperation(layer: first, animation: OpacityRamp(from: 0, to: 1, duration: 1))
        let last = StartSignalling(layer: third, animation: OpacityRamp(from: 0, to: 1, duration: 1))
        let middle = SlowToCancel(layer: second, animation: OpacityRamp(from: 0, to: 1, duration: 1), next: last)
        middle.addDependency(head)
        last.addDependency(middle)
        queue.addOperations([head, middle, last])
        await clock.advance(by: 0.25)

        head.cancel()
        await clock.advance(by: 0)
        #expect(await settle(clock) { last.isFinished })

        #expect(head.outcome == .cancelled && middle.outcome == .cancelled && last.outcome == .cancelled)
        #expect(last.wasCancelledAtStart == true, "the dependent must be cancelled before it is started")
        #expect(third.opacity == 0.3, "the dependent must not touch its layer")
        #expect(third.animationKeys() == nil)
        #expect(clock.pendingWork.isEmpty)
    }
}
