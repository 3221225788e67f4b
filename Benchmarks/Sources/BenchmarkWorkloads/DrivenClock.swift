import AnimationQueue
import Dispatch
import Foundation
#if !canImport(QuartzCore)
import OpenQuartzCore

/// An `OQC.ManualClock` that a dedicated thread advances to the next deadline as soon as
/// anything is scheduled: virtual time with zero-length gaps, so a benchmark measures
/// scheduling work only, never waiting. Time moves on the main thread, so the engine's
/// callbacks (animation stops, transaction completions) run there, as Apple's do.
///
/// The manual clock does all timing; this wrapper only wakes the driver thread.
public final class DrivenClock: OQC.Clock, @unchecked Sendable {
    // `holdLock` guards `held`, the one mutable stored property. The others are immutable
    // after init, and the manual clock and the semaphore are thread-safe.
    private let holdLock = NSLock()
    private var held = false
    public let manual = OQC.ManualClock()
    private let wake = DispatchSemaphore(value: 0)

    public init() {
        let thread = Thread { [self] in drive() }
        thread.name = "DrivenClock"
        thread.start()
    }

    public var now: CFTimeInterval { manual.now }

    /// While held, time stands still: what is scheduled waits (a burst benchmark times the
    /// start of many animations without their ends running beside it).
    public var isHeld: Bool {
        get { holdLock.withLock { held } }
        set {
            holdLock.withLock { held = newValue }
            if !newValue { wake.signal() }
        }
    }

    public func schedule(at deadline: CFTimeInterval, _ work: @escaping @Sendable () -> Void) -> any OQC.ScheduledWork {
        let token = manual.schedule(at: deadline, work)
        wake.signal()
        return token
    }

    private func drive() {
        while true {
            // The timeout only reports a wake-up that never came (work scheduled on the
            // manual clock directly); none was seen on 2026-11-22.
            if wake.wait(timeout: .now() + .milliseconds(50)) == .timedOut, !isHeld, manual.nextDeadline != nil {
                FileHandle.standardError.write("DrivenClock: work pending without a wake-up\n".data(using: .utf8)!)
            }
            while !isHeld, let next = manual.nextDeadline {
                // On the main thread, where Core Animation delivers its callbacks on Apple
                // platforms: a step that follows another begins there without a hop, in the
                // scheduler and in the hand-written baseline alike, and the main thread's CPU
                // time counts all of it. (`DispatchQueue.main.sync` would run the block on
                // this thread.)
                let clock = manual
                let advanced = DispatchSemaphore(value: 0)
                DispatchQueue.main.async {
                    clock.advance(to: max(next, clock.now))
                    advanced.signal()
                }
                advanced.wait()
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
    /// The clock of the burst benchmarks, held while a burst starts.
    public static let burst = DrivenClock()
}
#endif
