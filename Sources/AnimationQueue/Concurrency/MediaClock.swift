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
}
