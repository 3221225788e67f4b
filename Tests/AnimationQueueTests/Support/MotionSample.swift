#if !canImport(QuartzCore)
import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// What a layer shows around an instant where its motion is changed (a retarget, a step that
/// takes over): 2 ms and 1 ms before, at the instant before and after the change, and 1 ms
/// after. On virtual time, so the samples are exact.
struct MotionSample {
    var twoBefore: Double, before: Double, atBefore: Double, atAfter: Double, after: Double
    /// Measured over the millisecond before the change, and the one after.
    var velocityBefore: Double { (atBefore - before) / 0.001 }
    var velocityAfter: Double { (after - atAfter) / 0.001 }
    /// The velocity over the millisecond after the change had the motion gone on with the
    /// acceleration it had before: the quadratic through the three samples before.
    var velocityExpected: Double { velocityBefore + ((atBefore - before) - (before - twoBefore)) / 0.001 }

    /// The value is continuous to 1e-6, and the velocity after the change is the one the
    /// motion had (carried on at its acceleration), plus `added`, to 1 % of its size plus
    /// 1e-6. `added` is the mean velocity over the first millisecond of a motion that the
    /// change adds from rest (a step that takes over adds its own).
    func expectSmooth(adding added: Double = 0, _ comment: Comment = "",
                      sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(atAfter - atBefore) <= 1e-6, "value jumped \(atBefore) → \(atAfter) \(comment)",
                sourceLocation: sourceLocation)
        let tolerance = 0.01 * abs(velocityBefore) + 1e-6
        #expect(abs(velocityAfter - velocityExpected - added) <= tolerance,
                "velocity \(velocityBefore) → \(velocityAfter), expected \(velocityExpected) + \(added) \(comment)",
                sourceLocation: sourceLocation)
    }

    /// The progress of a cubic Bézier timing curve with control points (x1, y1) and (x2, y2)
    /// at time fraction `x`, found by bisection on the curve's parameter: a reference
    /// independent of the engine's solver.
    static func bezierProgress(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func coordinate(_ a: Double, _ b: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if coordinate(x1, x2, mid) < x { low = mid } else { high = mid }
        }
        return coordinate(y1, y2, (low + high) / 2)
    }

    /// The mean velocity over its first millisecond of a motion over `distance` in `duration`
    /// seconds under ease-in-ease-out, (0.42, 0) (0.58, 1).
    static func easeInEaseOutStart(distance: Double, duration: TimeInterval) -> Double {
        distance * bezierProgress(0.42, 0, 0.58, 1, at: 0.001 / duration) / 0.001
    }

    /// The mean velocity over its first millisecond of a critically damped spring at rest
    /// moving over `distance`, with angular frequency 2π / `perceptualDuration`:
    /// x(t) = distance · (1 − (1 + ωt) e^(−ωt)).
    static func criticallyDampedStart(distance: Double, perceptualDuration: TimeInterval) -> Double {
        let omega = 2 * Double.pi / perceptualDuration, h = 0.001
        return distance * (1 - (1 + omega * h) * exp(-omega * h)) / h
    }

    /// The presentation value at `keyPath` (a number, or a point's x).
    static func shown(_ layer: CALayer, _ keyPath: String = "position.x") -> Double {
        let presentation = layer.presentation() ?? layer
        return number(presentation.value(forKeyPath: keyPath)) ?? .nan
    }

    /// Plays `clock` to `time`, makes `change` there, and samples `layer` at `keyPath` around it
    /// (the change is made as the main thread samples at `time`, the way a gesture handler
    /// makes it).
    @MainActor
    static func around(_ time: TimeInterval, on layer: CALayer, _ keyPath: String = "position.x",
                       clock: AnimationTestClock, change: () -> Void) async -> MotionSample {
        await clock.advance(to: time - 0.002)
        let twoBefore = shown(layer, keyPath)
        await clock.advance(to: time - 0.001)
        let before = shown(layer, keyPath)
        await clock.advance(to: time)
        let atBefore = shown(layer, keyPath)
        change()
        // At the same instant, once the main thread's turn has committed: other tests on the
        // main actor may leave an implicit transaction open in this turn, which holds the
        // change's own transaction until it commits.
        await clock.settle()
        let atAfter = shown(layer, keyPath)
        await clock.advance(to: time + 0.001)
        return MotionSample(twoBefore: twoBefore, before: before, atBefore: atBefore, atAfter: atAfter,
                            after: shown(layer, keyPath))
    }
}
#endif
