#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself: compiled only where QuartzCore is absent.

@testable import OpenQuartzCore

/// Apple's Technical Q&A QA1673, "How to pause the animation of a layer tree", verbatim:
/// call each inside a transaction on the clock under test (`EngineHarness.commit`), so that
/// `CACurrentMediaTime()` reads that clock.
enum QA1673 {
    static func pause(_ layer: CALayer) {
        let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = pausedTime
    }

    static func resume(_ layer: CALayer) {
        let pausedTime = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
        layer.beginTime = timeSincePause
    }
}

#endif
