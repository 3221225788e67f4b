@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Cancelling the head of a chain must cancel every dependent before any of them can
/// finish and release the next: an operation is handed to the `OperationQueue` the moment
/// it is cancelled, and may finish on a worker thread at once.
@Suite(.hangGuard) struct CancellationPropagationTests {
    /// B's `cancel()` holds its caller until C's `start()` ran (or 5 s passed), which
    /// widens the window between B being cancelled and the cancellation reaching C to
    /// "long enough for B to finish and C to start". C must start already cancelled.
    /// (Address Sanitizer's slowdown once made the same race show in
    /// `cancellingTheHeadOfAChainCancelsEveryDependentWithoutStartingIt`.)
    @Test func dependentsAreCancelledBeforeTheirDependencyCanFinish() async {
        let clock = AnimationTestClock()
        let log = ProbeLog(clock: clock)
        let cStarted = DispatchSemaphore(value: 0)
        let queue = AnimationQueue(name: #function)
        let layers = (0..<3).map { _ in probeLayer(on: clock, opacity: 0) }   // operations hold layers weakly
        let a = ProbedAnimationOperation("A", layer: layers[0], animation: OpacityRamp(from: 0, to: 1, duration: 1), log: log)
        let b = CancelHoldingOperation(layer: layers[1], animation: OpacityRamp(from: 0, to: 1, duration: 1), until: cStarted)
        let c = StartSignallingOperation(layer: layers[2], animation: OpacityRamp(from: 0, to: 1, duration: 1), signal: cStarted)
        b.addDependency(a)
        c.addDependency(b)
        queue.addOperations([a, b, c])
        await clock.advance(by: 0.5)
        a.cancel()
        await clock.advance(by: 0)
        #expect(await settle(clock) { a.isFinished && b.isFinished && c.isFinished })
        #expect(c.wasCancelledAtStart == true, "C started before the cancellation reached it")
        #expect(a.outcome == .cancelled && b.outcome == .cancelled && c.outcome == .cancelled)
        #expect(layers[2].opacity == 0 && layers[2].animationKeys() == nil)
    }
}

/// An animation operation whose `cancel()` returns only once `until` is signalled (at most
/// 5 s later), simulating a caller that is preempted right after cancelling it.
final class CancelHoldingOperation: AnimationOperation, @unchecked Sendable {
    // Immutable after init; DispatchSemaphore is thread-safe.
    private let until: DispatchSemaphore
    init(layer: CALayer, animation: some LayerAnimation, until: DispatchSemaphore) {
        self.until = until
        super.init(layer: layer, animation: animation)
    }
    override func cancel() {
        super.cancel()
        _ = until.wait(timeout: .now() + 5)
    }
}

/// An animation operation that records whether it was cancelled when `start()` ran, then
/// signals.
final class StartSignallingOperation: AnimationOperation, @unchecked Sendable {
    // `lock` guards `cancelledAtStart`; `signal` is immutable and thread-safe.
    private let lock = NSLock()
    private var cancelledAtStart: Bool?
    private let signal: DispatchSemaphore
    init(layer: CALayer, animation: some LayerAnimation, signal: DispatchSemaphore) {
        self.signal = signal
        super.init(layer: layer, animation: animation)
    }
    override func start() {
        let cancelled = isCancelled
        lock.withLock { cancelledAtStart = cancelled }
        signal.signal()
        super.start()
    }
    /// Whether it was cancelled when it started; nil before it started.
    var wasCancelledAtStart: Bool? { lock.withLock { cancelledAtStart } }
}
