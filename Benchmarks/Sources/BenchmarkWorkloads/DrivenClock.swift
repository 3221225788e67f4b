import AnimationQueue
import Dispatch
import Foundation
#if !canImport(QuartzCore)
import OpenQuartzCore

/// An `OQC.ManualClock` that a dedicated thread advances to the next deadline as soon as
/// anything is scheduled: virtual time with zero-length gaps, so a benchmark measures
/// scheduling work only, never waiting.
///
/// The manual clock does all timing; this wrapper only wakes the driver thread.
public final class DrivenClock: OQC.Clock, @unchecked Sendable {
    // Immutable after init; the manual clock and the semaphore are thread-safe.
    public let manual = OQC.ManualClock()
    private let wake = DispatchSemaphore(value: 0)

    public init() {
        let thread = Thread { [self] in drive() }
        thread.name = "DrivenClock"
        thread.start()
    }

    public var now: CFTimeInterval { manual.now }

    public func schedule(at deadline: CFTimeInterval, _ work: @escaping @Sendable () -> Void) -> any OQC.ScheduledWork {
        let token = manual.schedule(at: deadline, work)
        wake.signal()
        return token
    }

    private func drive() {
        while true {
            // The timeout only reports a wake-up that never came (work scheduled on the
            // manual clock directly); none was seen on 2026-11-22.
            if wake.wait(timeout: .now() + .milliseconds(50)) == .timedOut, manual.nextDeadline != nil {
                FileHandle.standardError.write("DrivenClock: work pending without a wake-up\n".data(using: .utf8)!)
            }
            while let next = manual.nextDeadline {
                manual.advance(to: max(next, manual.now))
            }
        }
    }

    /// A layer on this clock, committed so it has a presentation layer.
    public func makeLayer() -> CALayer {
        OQC.withClock(self) {
            let layer = CALayer()
            CATransaction.begin()
            layer.opacity = 0
            CATransaction.commit()
            return layer
        }
    }

    /// The shared clock of the scheduler benchmarks.
    public static let shared = DrivenClock()
}
#endif
