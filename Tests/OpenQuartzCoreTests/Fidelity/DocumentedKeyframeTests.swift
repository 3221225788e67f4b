#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// Keyframe rules that Apple states and that no other suite pins down: which keyTimes each
/// mode accepts, which modes use the tangent parameters and the per-segment timing
/// functions, and what tension does.
///
/// Every animation starts at the harness's commit time (100) on a layer whose model
/// position is the origin; sample times are seconds after the commit.
@Suite struct DocumentedKeyframeTests {
    typealias R = ReferenceSolvers

    private func numbers(_ values: [Double]) -> [NSNumber] { values.map { NSNumber(value: $0) } }

    private func keyframes(_ keyPath: String, _ values: [Double], mode: CAAnimationCalculationMode,
                           duration: Double = 1) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.values = values.map { CGFloat($0) }
        animation.calculationMode = mode
        animation.duration = duration
        return animation
    }

    /// Adds `animation` to a new committed layer (with `key` set to 0 when given, so a
    /// custom key keeps the test's diagnostics apart) and samples its key path.
    private func run(_ animation: CAKeyframeAnimation, custom key: String? = nil, at times: [Double]) -> [Double?] {
        let h = EngineHarness()
        let layer = h.makeLayerInTransaction { () -> CALayer in
            let layer = CALayer()
            if let key { layer.setValue(CGFloat(0), forKey: key) }
            return layer
        }
        h.commit { layer.add(animation, forKey: "k") }
        return R.sample(h, layer, animation.keyPath!, at: times)
    }

    /// Hermite interpolation from `p1` to `p2` with tangents `m1` and `m2`, at `s` in 0…1.
    private func hermite(_ p1: Double, _ p2: Double, m1: Double, m2: Double, s: Double) -> Double {
        let (s2, s3) = (s * s, s * s * s)
        return p1 * (2 * s3 - 3 * s2 + 1) + m1 * (s3 - 2 * s2 + s) + p2 * (3 * s2 - 2 * s3) + m2 * (s3 - s2)
    }

    // MARK: keyTimes

    /// Apple, "CAKeyframeAnimation.keyTimes": "If the calculationMode is set to linear or
    /// cubic, the first value in the array must be 0.0 and the last value must be 1.0."
    /// Arrays of the right length, increasing and inside 0…1, that break this are ignored like
    /// any other invalid array: the keyframes are spaced evenly (0, 0.5, 1 for three values).
    @Test(arguments: [
        ("kfFirstNotZeroLinear", CAAnimationCalculationMode.linear, [0.2, 0.6, 1.0]),
        ("kfLastNotOneLinear", .linear, [0.0, 0.4, 0.8]),
        ("kfFirstNotZeroCubic", .cubic, [0.2, 0.6, 1.0]),
        ("kfLastNotOneCubic", .cubic, [0.0, 0.4, 0.8]),
    ])
    func keyTimesMustStartAtZeroAndEndAtOne(key: String, mode: CAAnimationCalculationMode, keyTimes: [Double]) {
        let diagnostics = DiagnosticCollector(key: key)
        let animation = keyframes(key, [0, 10, 30], mode: mode)
        animation.keyTimes = numbers(keyTimes)
        // Evenly spaced, every keyframe is reached at 0, 0.5 and 1 in either mode.
        let values = run(animation, custom: key, at: [0, 0.5, 0.999_999])
        expectClose(values, [0, 10, 30], 1e-4)
        #expect(diagnostics.kinds.contains(.ignoredInput))
    }

    /// Apple, "CAKeyframeAnimation.keyTimes": "If the calculationMode is set to discrete, the
    /// first value in the array must be 0.0 and the last value must be 1.0. The array should
    /// have one more entry than appears in the values array." Four entries for three values
    /// that end at 0.9 are ignored, and each value then holds for a third of the duration.
    @Test func discreteKeyTimesMustEndAtOne() {
        let key = "kfDiscreteLastNotOne"
        let diagnostics = DiagnosticCollector(key: key)
        let animation = keyframes(key, [1, 2, 3], mode: .discrete)
        animation.keyTimes = numbers([0, 0.1, 0.2, 0.9])
        let values = run(animation, custom: key, at: [0.15, 0.3, 0.5, 0.7, 0.95])
        expectClose(values, [1, 1, 2, 3, 3])
        #expect(diagnostics.kinds.contains(.ignoredInput))
    }

    /// Apple, "CAKeyframeAnimation.keyTimes": "Each successive value in the array must be
    /// greater than, or equal to, the previous value." Equal neighbours are valid: with
    /// keyTimes 0, 0.5, 0.5, 1 for 0, 10, 20, 30 the first half runs 0…10 and the second
    /// 20…30, and no diagnostic is reported.
    @Test func equalSuccessiveKeyTimesAreValid() {
        let key = "kfEqualKeyTimes"
        let diagnostics = DiagnosticCollector(key: key)
        let animation = keyframes(key, [0, 10, 20, 30], mode: .linear)
        animation.keyTimes = numbers([0, 0.5, 0.5, 1])
        let values = run(animation, custom: key, at: [0.25, 0.75])
        expectClose(values, [5, 25])
        #expect(diagnostics.all.isEmpty)
    }

    // MARK: Tension, continuity and bias

    /// `CAAnimation.h`: "For animations with the cubic calculation modes, these properties
    /// provide control over the interpolation scheme." The linear and paced modes do not use
    /// them: along 0, 10, 30 the values stay the straight interpolation.
    @Test(arguments: [CAAnimationCalculationMode.linear, .paced])
    func tangentParametersAreIgnoredOutsideTheCubicModes(mode: CAAnimationCalculationMode) {
        let animation = keyframes("position.x", [0, 10, 30], mode: mode)
        animation.tensionValues = numbers([1, -1, 1])
        animation.continuityValues = numbers([1, -1, 1])
        animation.biasValues = numbers([-1, 1, -1])
        // Linear: 0…10 over the first half, 10…30 over the second. Paced: 30 units per second.
        let expected = mode == .linear ? [5.0, 10, 20] : [7.5, 15, 22.5]
        let values = run(animation, at: [0.25, 0.5, 0.75])
        expectClose(values, expected)
    }

    /// `CAAnimation.h`: "The tension value controls the 'tightness' of the curve (positive
    /// values are tighter, negative values are rounder)", in a Kochanek–Bartels spline,
    /// whose tangents are the Catmull–Rom tangents scaled by 1 − tension. Through 0, 10, 30,
    /// 60 over 3 s the middle segment (1 s to 2 s) runs from 10 to 30 with Catmull–Rom
    /// tangents (30 − 0)/2 = 15 and (60 − 10)/2 = 25: tension 1 makes them 0, tension −1
    /// doubles them.
    @Test(arguments: [1.0, 0.0, -1.0])
    func tensionScalesTheTangents(tension: Double) {
        let animation = keyframes("position.x", [0, 10, 30, 60], mode: .cubic, duration: 3)
        animation.tensionValues = numbers(Array(repeating: tension, count: 4))
        let fractions = [0.25, 0.5, 0.75]
        let values = run(animation, at: fractions.map { 1 + $0 })
        let expected = fractions.map { hermite(10, 30, m1: 15 * (1 - tension), m2: 25 * (1 - tension), s: $0) }
        expectClose(values, expected)
        // By hand at the midpoint: 20 + (m1 − m2)/8, so 20, 18.75 and 17.5.
        #expect(R.close(expected[1], [20, 18.75, 17.5][[1.0, 0.0, -1.0].firstIndex(of: tension)!]))
    }

    /// `CAAnimation.h` gives the tangent parameters to both cubic modes ("the cubic
    /// calculation modes"), and `cubicPaced` moves at constant velocity. At tension 1 every
    /// tangent is 0, so each segment is the straight chord between its keyframes, and the
    /// paced motion along (0, 0) → (30, 40) → (30, 100) is the polyline at one speed: legs of
    /// 50 and 60, so at 25/110 of the duration the layer is halfway along the first leg and at
    /// 80/110 halfway along the second.
    @Test func cubicPacedModeUsesTheTension() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.values = [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 40), CGPoint(x: 30, y: 100)]
        animation.calculationMode = .cubicPaced
        animation.tensionValues = numbers([1, 1, 1])
        animation.duration = 1
        h.commit { layer.add(animation, forKey: "k") }
        // The engine inverts arc length from 64 samples per segment: within 1e-2.
        let first = R.sample(h, layer, "position.x", at: [25.0 / 110])
        expectClose(first + [R.presented(layer, "position.y")], [15, 20], 1e-2)
        let second = R.sample(h, layer, "position.x", at: [80.0 / 110 - 25.0 / 110])
        expectClose(second + [R.presented(layer, "position.y")], [30, 70], 1e-2)
    }

    // MARK: Per-segment timing functions

    /// `CAAnimation.h`: "Each function describes the pacing of one keyframe to keyframe
    /// segment", and only the paced modes ignore them. In cubic mode the function maps the
    /// time within a segment before the spline is evaluated there: through 0, 10, 5, 20
    /// (segments of a third), ease-in on every segment.
    @Test func cubicModeAppliesTheSegmentTimingFunctions() {
        let keys: [Double] = [0, 10, 5, 20]
        let animation = keyframes("position.x", keys, mode: .cubic)
        animation.timingFunctions = Array(repeating: CAMediaTimingFunction(name: .easeIn), count: 3)
        let samples = [0.1, 0.25, 0.5, 0.6, 0.9]
        let expected = samples.map { u -> Double in
            let segment = min(2, Int(u * 3))
            let local = u * 3 - Double(segment)
            return R.catmullRomThrough(keys, at: (Double(segment) + R.easeIn(local)) / 3)
        }
        let values = run(animation, at: samples)
        expectClose(values, expected, 1e-6)
    }
}
#endif
