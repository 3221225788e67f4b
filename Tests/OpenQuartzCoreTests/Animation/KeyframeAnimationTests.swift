#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// CAKeyframeAnimation through a layer, one calculation mode at a time.
///
/// Every animation starts at the harness's commit time and lasts 1 s unless stated, so a
/// sample time is also the animation's progress. Expected values come from the rules in
/// Apple's documentation ("CAKeyframeAnimation", `CAAnimation.h`) and from `ReferenceSolvers`.
@Suite struct KeyframeAnimationTests {
    typealias R = ReferenceSolvers

    private func cg(_ values: [Double]) -> [Any] { values.map { CGFloat($0) } }

    private func times(_ values: [Double]) -> [NSNumber] { values.map { NSNumber(value: $0) } }

    /// A committed layer with `key` set to `value` (custom keys make diagnostics unique).
    private func makeLayer(_ h: EngineHarness, custom key: String? = nil, value: Double = 0) -> CALayer {
        h.makeLayerInTransaction { () -> CALayer in
            let layer = CALayer()
            if let key { layer.setValue(CGFloat(value), forKey: key) }
            return layer
        }
    }

    private func keyframes(_ keyPath: String, _ values: [Double], mode: CAAnimationCalculationMode = .linear,
                           duration: Double = 1) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.values = cg(values)
        animation.calculationMode = mode
        animation.duration = duration
        return animation
    }

    /// Adds `animation` and samples `keyPath` at the given progress times.
    private func run(_ animation: CAKeyframeAnimation, on layer: CALayer, _ h: EngineHarness,
                     at sampleTimes: [Double]) -> [Double?] {
        h.commit { layer.add(animation, forKey: "keyframes") }
        return R.sample(h, layer, animation.keyPath!, at: sampleTimes)
    }

    // MARK: Linear

    @Test func linearModeWithoutKeyTimesSpacesKeyframesEvenly() {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let values = run(keyframes("position.x", [0, 10, 30]), on: layer, h, at: [0, 0.25, 0.5, 0.75, 0.9])
        expectClose(values, [0, 5, 10, 20, 26])
    }

    @Test func linearModeWithKeyTimesReachesEachValueAtItsKeyTime() {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let animation = keyframes("position.x", [0, 10, 30])
        animation.keyTimes = times([0, 0.2, 1])
        let values = run(animation, on: layer, h, at: [0.1, 0.2, 0.6, 0.8])
        // 0…0.2 covers 0…10; 0.2…1 covers 10…30.
        expectClose(values, [5, 10, 20, 25])
    }

    @Test func keyframeAnimationEndsAtTheModelValueOnceRemoved() {
        let h = EngineHarness()
        let layer = h.makeLayerInTransaction { () -> CALayer in
            let layer = CALayer()
            layer.position = CGPoint(x: 42, y: 0)
            return layer
        }
        let values = run(keyframes("position.x", [0, 10, 30]), on: layer, h, at: [0.5, 1.5])
        expectClose(values, [10, 42])
        #expect(layer.animationKeys() == nil)
    }

    // MARK: Discrete

    @Test func discreteModeHoldsEachValueFromItsKeyTimeToTheNext() {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let animation = keyframes("position.x", [1, 2, 3], mode: .discrete)
        animation.keyTimes = times([0, 0.5, 0.75, 1])   // n + 1 entries
        let values = run(animation, on: layer, h, at: [0, 0.25, 0.49, 0.5, 0.6, 0.75, 0.9])
        expectClose(values, [1, 1, 1, 2, 2, 3, 3])
    }

    @Test func discreteModeWithoutKeyTimesHoldsEachValueForAnEqualShare() {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let animation = keyframes("position.x", [1, 2, 3, 4], mode: .discrete)
        // Each of the 4 values holds for a quarter of the duration.
        let values = run(animation, on: layer, h, at: [0.1, 0.24, 0.26, 0.49, 0.51, 0.74, 0.76, 0.99])
        expectClose(values, [1, 1, 2, 2, 3, 3, 4, 4])
    }

    @Test func discreteModeFillingForwardsHoldsTheLastValue() {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let animation = keyframes("position.x", [1, 2, 3], mode: .discrete)
        animation.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        let values = run(animation, on: layer, h, at: [0.5, 2])
        expectClose(values, [2, 3])
    }

    @Test func singleKeyframeHoldsItsValueForTheWholeDuration() {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let values = run(keyframes("position.x", [12]), on: layer, h, at: [0, 0.3, 0.9, 1.5])
        expectClose(values, [12, 12, 12, 0])
    }

    @Test func cumulativeKeyframesBuildOnThePreviousPass() {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let animation = keyframes("position.x", [0, 10, 4])
        animation.isCumulative = true
        animation.repeatCount = 2
        // Each pass adds last − first = 4 to the one before.
        let values = run(animation, on: layer, h, at: [0.25, 0.5, 1.25, 1.5, 1.75])
        expectClose(values, [5, 10, 9, 14, 11])
    }

    // MARK: Paced

    @Test func pacedModeMovesAtConstantVelocity() {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let animation = keyframes("position.x", [0, 10, 30], mode: .paced)
        // Total distance 30 over 1 s: 30 units per second throughout.
        let values = run(animation, on: layer, h, at: [1.0 / 6, 1.0 / 3, 0.5, 2.0 / 3, 0.9])
        expectClose(values, [5, 10, 15, 20, 27], 1e-9)
    }

    /// Apple, `CAAnimationCalculationMode.paced`: "keyTimes and timingFunction are ignored";
    /// the header adds the per-segment `timingFunctions`.
    @Test(arguments: [CAAnimationCalculationMode.paced, .cubicPaced])
    func pacedModesIgnoreKeyTimesAndTimingFunctions(mode: CAAnimationCalculationMode) {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let animation = keyframes("position.x", [0, 10, 30], mode: mode)
        animation.keyTimes = times([0, 0.9, 1])
        animation.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeIn)]
        animation.timingFunction = CAMediaTimingFunction(name: .easeIn)
        let values = run(animation, on: layer, h, at: [1.0 / 6, 1.0 / 3, 0.5, 2.0 / 3])
        // Along a monotone path the distance is the value: 30 units per second.
        expectClose(values, [5, 10, 15, 20], mode == .paced ? 1e-9 : 1e-3)
    }

    @Test func pacedModeMeasuresDistanceAlongAPointPath() {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let animation = CAKeyframeAnimation(keyPath: "position")
        // Legs of length 50 and 60: the corner is reached at 50/110 of the duration.
        animation.values = [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 40), CGPoint(x: 30, y: 100)]
        animation.calculationMode = .paced
        animation.duration = 1
        h.commit { layer.add(animation, forKey: "path") }
        let xs = R.sample(h, layer, "position.x", at: [25.0 / 110])
        let ys = [R.presented(layer, "position.y")]
        expectClose(xs, [15])
        expectClose(ys, [20])
        let corner = (R.sample(h, layer, "position.x", at: [(50.0 - 25.0) / 110]), R.presented(layer, "position.y"))
        expectClose(corner.0, [30])
        expectClose([corner.1], [40])
        let later = (R.sample(h, layer, "position.x", at: [30.0 / 110]), R.presented(layer, "position.y"))
        expectClose(later.0, [30])
        expectClose([later.1], [70])
    }

    // MARK: Cubic

    @Test func cubicModePassesThroughEveryKeyframeAtItsKeyTime() {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let animation = keyframes("position.x", [0, 10, 5, 20], mode: .cubic)
        animation.keyTimes = times([0, 0.25, 0.75, 1])
        let values = run(animation, on: layer, h, at: [0, 0.25, 0.75, 0.999_999])
        expectClose(values, [0, 10, 5, 20], 1e-4)
    }

    @Test(arguments: [false, true])
    func cubicModeWithZeroTensionContinuityBiasIsACatmullRomSpline(explicitZeros: Bool) {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let keys: [Double] = [0, 10, 5, 20, 15]
        let animation = keyframes("position.x", keys, mode: .cubic)
        if explicitZeros {
            animation.tensionValues = times([0, 0, 0, 0, 0])
            animation.continuityValues = times([0, 0, 0, 0, 0])
            animation.biasValues = times([0, 0, 0, 0, 0])
        }
        let samples: [Double] = [0.05, 0.125, 0.2, 0.25, 0.3, 0.375, 0.5, 0.625, 0.7, 0.875, 0.95]
        let values = run(animation, on: layer, h, at: samples)
        expectClose(values, samples.map { R.catmullRomThrough(keys, at: $0) }, 1e-9)
        // Sanity on the reference itself: a segment midpoint, by hand, for segment 1
        // (p0 = 0, p1 = 10, p2 = 5, p3 = 20): (−p0 + 9p1 + 9p2 − p3) / 16 = 115/16.
        #expect(R.close(R.catmullRomThrough(keys, at: 0.375), 115.0 / 16))
    }

    @Test func cubicModeUsesDuplicatedEndPointsForTheEndTangents() {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let animation = keyframes("position.x", [0, 10, 40], mode: .cubic)
        // First segment: p0 = p1 = 0, p2 = 10, p3 = 40 → midpoint (9·0 + 9·10 − 0 − 40)/16 = 50/16.
        // Last segment: p0 = 0, p1 = 10, p2 = p3 = 40 → midpoint (−0 + 90 + 360 − 40)/16 = 410/16.
        let values = run(animation, on: layer, h, at: [0.25, 0.75])
        expectClose(values, [50.0 / 16, 410.0 / 16])
    }

    @Test func cubicModeInterpolatesEachComponentOfAPoint() {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let xs: [Double] = [0, 40, 10, 50], ys: [Double] = [0, -20, 30, 0]
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.values = zip(xs, ys).map { CGPoint(x: $0, y: $1) }
        animation.calculationMode = .cubic
        animation.duration = 1
        h.commit { layer.add(animation, forKey: "curve") }
        for u in [0.1, 0.5, 0.8] {
            let x = R.sample(h, layer, "position.x", at: [u - (h.clock.now - 100)])[0]
            let y = R.presented(layer, "position.y")
            #expect(R.close(x, R.catmullRomThrough(xs, at: u)), "x at \(u)")
            #expect(R.close(y, R.catmullRomThrough(ys, at: u)), "y at \(u)")
        }
    }

    // MARK: Cubic paced

    @Test func cubicPacedModePassesThroughKeyframesMonotonically() {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let animation = keyframes("position.x", [0, 10, 30], mode: .cubicPaced)
        let grid = (0..<60).map { Double($0) / 60 }
        let values = run(animation, on: layer, h, at: grid).map { $0 ?? .nan }
        #expect(R.close(values.first, 0))
        for (a, b) in zip(values, values.dropFirst()) {
            #expect(b >= a - 1e-12, "not monotone: \(a) then \(b)")
        }
        #expect(values.last! > 28 && values.last! <= 30)
        // The path is 30 long and monotone, so pacing reaches the keyframe 10 at one third
        // (grid index 20).
        #expect(R.close(values[20], 10, 1e-6), "at 1/3: \(values[20])")
    }

    @Test func cubicPacedModeMovesAtConstantVelocity() {
        // Apple, `CAAnimationCalculationMode.cubicPaced`: keyTimes and timing functions are ignored; the timing
        // gives constant velocity. Along a monotone 1-D path the distance is the value, so the
        // value must grow linearly: 30 units per second.
        let h = EngineHarness()
        let layer = makeLayer(h)
        let animation = keyframes("position.x", [0, 10, 30], mode: .cubicPaced)
        let values = run(animation, on: layer, h, at: [1.0 / 6, 0.5, 5.0 / 6])
        // The engine inverts each segment's arc length from a table of 64 samples: within 1e-3.
        expectClose(values, [5, 15, 25], 1e-3)
    }

    // MARK: Invalid keyTimes

    @Test(arguments: [
        ("kfTimesWrongCount", [0.0, 1.0]),
        ("kfTimesDecreasing", [0.0, 0.8, 0.4]),
        ("kfTimesOutOfRange", [-0.5, 0.5, 1.0]),
    ])
    func invalidKeyTimesAreIgnoredAndReported(key: String, keyTimes: [Double]) {
        let diagnostics = DiagnosticCollector(key: key)
        let h = EngineHarness()
        let layer = makeLayer(h, custom: key)
        let animation = keyframes(key, [0, 10, 30])
        animation.keyTimes = times(keyTimes)
        let values = run(animation, on: layer, h, at: [0.25, 0.5, 0.75])
        expectClose(values, [5, 10, 20])
        #expect(diagnostics.kinds.contains(.ignoredInput))
    }

    @Test func validKeyTimesAreNotReported() {
        let key = "kfTimesValid"
        let diagnostics = DiagnosticCollector(key: key)
        let h = EngineHarness()
        let layer = makeLayer(h, custom: key)
        let animation = keyframes(key, [0, 10, 30])
        animation.keyTimes = times([0, 0.5, 1])
        let values = run(animation, on: layer, h, at: [0.25])
        expectClose(values, [5])
        #expect(diagnostics.all.isEmpty)
    }

    @Test func invalidDiscreteKeyTimesWithOneEntryPerValueAreIgnoredAndReported() {
        let key = "kfDiscreteTimesCount"
        let diagnostics = DiagnosticCollector(key: key)
        let h = EngineHarness()
        let layer = makeLayer(h, custom: key)
        let animation = keyframes(key, [1, 2, 3], mode: .discrete)
        animation.keyTimes = times([0, 0.9, 1])   // discrete needs n + 1 = 4 entries
        let values = run(animation, on: layer, h, at: [0.2, 0.5, 0.8])
        expectClose(values, [1, 2, 3])
        #expect(diagnostics.kinds.contains(.ignoredInput))
    }

    // MARK: Timing functions

    @Test func segmentTimingFunctionsApplyWithinEachSegment() {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let animation = keyframes("position.x", [0, 10, 20])
        animation.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
        let values = run(animation, on: layer, h, at: [0.1, 0.25, 0.4, 0.75])
        expectClose(values, [10 * R.easeIn(0.2), 10 * R.easeIn(0.5), 10 * R.easeIn(0.8), 15], 1e-6)
    }

    @Test func animationTimingFunctionAppliesBeforeSegmentTimingFunctions() {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let animation = keyframes("position.x", [0, 10, 20])
        animation.timingFunction = CAMediaTimingFunction(name: .easeOut)
        animation.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeIn)]
        let samples = [0.1, 0.2, 0.35, 0.6, 0.9]
        let expected = samples.map { t -> Double in
            let p = R.easeOut(t)
            return p < 0.5 ? 10 * R.easeIn(2 * p) : 10 + 10 * R.easeIn(2 * p - 1)
        }
        let values = run(animation, on: layer, h, at: samples)
        expectClose(values, expected, 1e-6)
    }

    @Test func wrongCountOfTimingFunctionsIsIgnoredAndReported() {
        let key = "kfTimingFunctionsCount"
        let diagnostics = DiagnosticCollector(key: key)
        let h = EngineHarness()
        let layer = makeLayer(h, custom: key)
        let animation = keyframes(key, [0, 10, 20])
        animation.timingFunctions = [CAMediaTimingFunction(name: .easeIn)]   // 3 values need 2
        let values = run(animation, on: layer, h, at: [0.25, 0.75])
        expectClose(values, [5, 15])
        #expect(diagnostics.kinds.contains(.ignoredInput))
    }

    // MARK: Empty values and additive

    @Test func emptyValuesAnimateNothingAndAreReported() {
        let key = "kfEmptyValues"
        let diagnostics = DiagnosticCollector(key: key)
        let h = EngineHarness()
        let layer = makeLayer(h, custom: key, value: 7)
        let animation = keyframes(key, [])
        let values = run(animation, on: layer, h, at: [0, 0.5, 0.9])
        expectClose(values, [7, 7, 7])
        #expect(diagnostics.kinds.contains(.ignoredInput))
    }

    @Test func additiveKeyframeShakeAddsToTheModelValue() {
        let h = EngineHarness()
        let layer = h.makeLayerInTransaction { () -> CALayer in
            let layer = CALayer()
            layer.position = CGPoint(x: 100, y: 50)
            return layer
        }
        let shake = keyframes("position.x", [0, 10, -10, 0], duration: 3)
        shake.isAdditive = true
        h.commit { layer.add(shake, forKey: "shake") }
        let values = R.sample(h, layer, "position.x", at: [0, 0.5, 1, 1.5, 2, 2.5, 3.5])
        expectClose(values, [100, 105, 110, 100, 90, 95, 100])
        #expect(R.presented(layer, "position.y") == 50)
        #expect(layer.position.x == 100)
    }

    /// A keyframe subclass that gives `rotationMode` and `path` defaults.
    final class OrbitAnimation: CAKeyframeAnimation {
        override class func defaultValue(forKey key: String) -> Any? {
            switch key {
            case "rotationMode": CAAnimationRotationMode.rotateAuto.rawValue
            case "path": CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20), transform: nil)
            default: super.defaultValue(forKey: key)
            }
        }
    }

    /// Core Animation Programming Guide, "Default Value Support": "a class can provide a
    /// default value for a key that has no set value" by overriding `defaultValueForKey:`,
    /// declared properties included (the guide's example gives `masksToBounds` one). So
    /// `rotationMode` and `path`, declared by `CAKeyframeAnimation` (`CAAnimation.h`), read
    /// the subclass's defaults, as its other properties do.
    @Test func subclassDefaultValuesApplyToRotationModeAndPath() {
        let orbit = OrbitAnimation(keyPath: "position")
        #expect(orbit.rotationMode == .rotateAuto)
        #expect(orbit.value(forKey: "rotationMode") as? String == "auto")
        #expect(orbit.path?.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 10, height: 20))
        orbit.rotationMode = nil
        #expect(orbit.rotationMode == nil)
        #expect(CAKeyframeAnimation().rotationMode == nil)
        #expect(CAKeyframeAnimation().path == nil)
    }
}
#endif
