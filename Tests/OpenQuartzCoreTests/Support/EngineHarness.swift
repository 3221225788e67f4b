#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Dispatch
import Foundation
@testable import OpenQuartzCore

/// A manual clock and helpers shared by engine tests.
///
/// Each test makes its own clock, so tests running in parallel never share time.
struct EngineHarness {
    let clock: OQC.ManualClock

    /// A harness whose clock starts at 100, with `variance` (by default the process's).
    init(variance: OQC.Variance = .processDefault) {
        clock = OQC.ManualClock(now: 100, variance: variance)
    }

    /// Creates a layer on this harness's clock and commits it.
    func makeLayer() -> CALayer { makeLayer { CALayer() } }

    /// Creates a layer with `make` on this harness's clock and commits it.
    func makeLayer<L: CALayer>(_ make: () -> L) -> L {
        let layer = OQC.withClock(clock) { make() }
        commit { }
        return layer
    }

    /// Runs `body` in an explicit transaction on this harness's clock that takes effect at
    /// its commit.
    ///
    /// Tests share threads, and a change made outside a transaction leaves the thread's
    /// implicit transaction pending until the main queue's next turn; an explicit
    /// transaction begun then would nest in it (Apple's rule). So this flushes that
    /// implicit transaction first.
    func commit(_ body: () -> Void) {
        OQC.withClock(clock) {
            CATransaction.flush()
            CATransaction.begin()
            body()
            CATransaction.commit()
        }
    }

    /// Advances the clock, with `CACurrentMediaTime()` reading it meanwhile.
    func advance(by interval: Double) {
        OQC.withClock(clock) { clock.advance(by: interval) }
    }
}

/// A thread-safe event log for callbacks.
final class EventLog: @unchecked Sendable {
    // `lock` guards `events`.
    private let lock = NSLock()
    private var events: [String] = []

    func append(_ event: String) { lock.withLock { events.append(event) } }
    var all: [String] { lock.withLock { events } }
}

/// A delegate that records start and stop callbacks with the clock time.
final class RecordingDelegate: CAAnimationDelegate, @unchecked Sendable {
    let log: EventLog
    let clock: OQC.ManualClock
    init(log: EventLog, clock: OQC.ManualClock) {
        self.log = log
        self.clock = clock
    }

    func animationDidStart(_ anim: CAAnimation) { log.append("start@\(clock.now)") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { log.append("stop(\(flag))@\(clock.now)") }
}

/// Runs `scenario` in one turn of the main queue and returns what it observed.
///
/// Nothing else runs on the main queue meanwhile, in particular not the end-of-turn commit of
/// an implicit transaction, so a scenario sees exactly the commits it causes. It starts as a
/// fresh run-loop turn would: what earlier main-queue blocks (of any test) left in the main
/// thread's implicit transaction is committed first.
func inOneMainQueueTurn<T: Sendable>(_ scenario: @escaping () -> T) async -> T {
    let box = UncheckedSendable(scenario)
    return await withCheckedContinuation { continuation in
        DispatchQueue.main.async {
            CATransaction.flush()
            continuation.resume(returning: box.value())
        }
    }
}

/// Returns once the main queue has run everything enqueued before this call.
func mainQueueTurn() async {
    await withCheckedContinuation { continuation in
        DispatchQueue.main.async { continuation.resume() }
    }
}
#endif
