import Foundation

/// The current media time as a layer's tree sees it, for timestamps in events and traces.
///
/// On Apple platforms this is `CACurrentMediaTime()`. On OpenQuartzCore a layer tree may run
/// on a test's virtual clock, and work hopping to the main queue from an `OperationQueue`
/// thread carries no trace of which clock a test installed; so the layer's own clock is
/// read. This is the scheduler's only platform-specific line.
enum MediaClock {
    static func now(for layer: CALayer?) -> CFTimeInterval {
        #if canImport(QuartzCore)
        return CACurrentMediaTime()
        #else
        guard let layer else { return CACurrentMediaTime() }
        return OQC.clock(of: layer).now
        #endif
    }

    /// A layer's media time that stays readable after the layer is deallocated: on
    /// OpenQuartzCore the layer's clock is remembered when the source is made, with the
    /// clock's ``SchedulerActivity`` if a test clock tracks it.
    struct Source: @unchecked Sendable {
        // Immutable; clocks and activities are thread-safe.
        #if !canImport(QuartzCore)
        private let clock: any OQC.Clock
        #endif
        /// Where an operation on this clock records its work in flight; nil unless a test
        /// clock tracks the clock (always nil on Apple platforms, and on the real clock).
        let activity: SchedulerActivity?

        init(_ layer: CALayer) {
            #if canImport(QuartzCore)
            activity = nil
            #else
            clock = OQC.clock(of: layer)
            activity = SchedulerActivity.activity(of: clock)
            #endif
        }

        /// The layer's media time, or the remembered clock's once the layer is gone.
        func now(for layer: CALayer?) -> CFTimeInterval {
            #if canImport(QuartzCore)
            return CACurrentMediaTime()
            #else
            return layer.map { MediaClock.now(for: $0) } ?? clock.now
            #endif
        }
    }
}
