#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
@testable import OpenQuartzCore

/// A manual clock and helpers shared by engine tests.
///
/// Each test makes its own clock, so tests running in parallel never share time.
struct EngineHarness {
    let clock = OQC.ManualClock(now: 100)

    /// Creates a layer on this harness's clock and commits it.
    func makeLayer() -> CALayer { makeLayer { CALayer() } }

    /// Creates a layer with `make` on this harness's clock and commits it.
    func makeLayer<L: CALayer>(_ make: () -> L) -> L {
        let layer = OQC.withClock(clock) { make() }
        commit { }
        return layer
    }

    /// Runs `body` in an explicit transaction on this harness's clock.
    func commit(_ body: () -> Void) {
        OQC.withClock(clock) {
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
#endif
