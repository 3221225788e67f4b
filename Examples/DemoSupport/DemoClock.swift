import AnimationQueue
import Dispatch
import Foundation
#if !canImport(QuartzCore)
import AnimationQueueTesting
#endif

/// The time the demo runs on: the engine's real clock, or (`--fast`) virtual time that the
/// demo advances itself, frame by frame and event by event.
final class DemoClock: @unchecked Sendable {
    // Immutable after init; both clocks are thread-safe.
    #if !canImport(QuartzCore)
    /// The virtual clock, with `--fast`.
    let virtual: AnimationTestClock?
    #endif

    /// The clock of the current demo; set once, before anything runs.
    nonisolated(unsafe) private(set) static var current = DemoClock(fast: false)

    init(fast: Bool) {
        #if !canImport(QuartzCore)
        virtual = fast ? AnimationTestClock(now: 0) : nil
        #endif
    }

    /// Installs `clock` as ``current``.
    static func install(_ clock: DemoClock) { current = clock }

    /// Whether time is virtual.
    var isVirtual: Bool {
        #if canImport(QuartzCore)
        false
        #else
        virtual != nil
        #endif
    }

    /// The current media time of the demo's layers.
    var now: TimeInterval {
        #if canImport(QuartzCore)
        CACurrentMediaTime()
        #else
        virtual?.now ?? OQC.RealClock.shared.now
        #endif
    }

    /// Runs `work` on the main queue `delay` seconds from now, on this clock.
    func schedule(after delay: TimeInterval, _ work: @escaping @Sendable () -> Void) {
        #if !canImport(QuartzCore)
        if let virtual {
            // The virtual clock runs due work on the thread that advances it; the demo's
            // advance then drains the main queue before time moves on.
            _ = virtual.engineClock.schedule(at: virtual.now + delay) { DispatchQueue.main.async(execute: work) }
            return
        }
        #endif
        DispatchQueue.main.asyncAfter(deadline: .now() + max(0, delay), execute: work)
    }
}
