// Engine fidelity written only against Apple's API, so the same tests check OpenQuartzCore
// on Linux and QuartzCore itself on Apple platforms: a run on a Mac shows where the two
// differ. Time is set with Apple's documented recipe for a paused layer (Technical Q&A
// QA1673): `speed = 0`, then `timeOffset` picks the instant that `presentation()` shows.
#if canImport(QuartzCore)
import QuartzCore
#else
import OpenQuartzCore
#endif
import Foundation
import Testing

/// A standalone layer paused at local time 0, sampled by moving its `timeOffset`.
@MainActor
struct PausedLayer {
    let layer = CALayer()

    init() {
        inTransaction {
            layer.speed = 0
            layer.timeOffset = 0
        }
    }

    /// Adds `animation`; it begins at the paused layer's local time, 0.
    func add(_ animation: CAAnimation, forKey key: String) {
        inTransaction { layer.add(animation, forKey: key) }
    }

    /// What the layer shows at local time `time`.
    func presentation(at time: CFTimeInterval) -> CALayer? {
        inTransaction { layer.timeOffset = time }
        return layer.presentation()
    }

    /// Runs `body` in a transaction that has taken effect when this returns. An explicit
    /// transaction begun while the thread's implicit one is pending (left by earlier main
    /// thread work) takes effect only when that one commits, so it is flushed too.
    private func inTransaction(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
        CATransaction.flush()
    }
}

@MainActor
@Suite
struct PausedLayerSamplingTests {
    private func fade(from: Float, to: Float, duration: CFTimeInterval) -> CABasicAnimation {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = from
        fade.toValue = to
        fade.duration = duration
        return fade
    }

    private func opacity(_ paused: PausedLayer, at time: CFTimeInterval) throws -> Double {
        Double(try #require(paused.presentation(at: time)).opacity)
    }

    @Test func linearBasicAnimationInterpolatesFromTo() throws {
        let paused = PausedLayer()
        paused.add(fade(from: 0.2, to: 0.8, duration: 1), forKey: "fade")
        #expect(abs(try opacity(paused, at: 0.25) - 0.35) < 1e-6)
        #expect(abs(try opacity(paused, at: 0.75) - 0.65) < 1e-6)
    }

    @Test func easeInFollowsItsBezierCurve() throws {
        let paused = PausedLayer()
        let animation = fade(from: 0, to: 1, duration: 1)
        animation.timingFunction = CAMediaTimingFunction(name: .easeIn)
        paused.add(animation, forKey: "fade")
        let curve = TimingReference.Bezier(0.42, 0, 1, 1)          // Apple's easeIn control points
        for t in [0.25, 0.5, 0.75] {
            #expect(abs(try opacity(paused, at: t) - curve.value(atX: t)) < 1e-3, "t = \(t)")
        }
    }

    @Test func autoreversingAnimationPlaysBackOnTheSecondHalfOfItsCycle() throws {
        let paused = PausedLayer()
        let animation = fade(from: 0, to: 1, duration: 1)
        animation.autoreverses = true
        paused.add(animation, forKey: "fade")
        #expect(abs(try opacity(paused, at: 0.5) - 0.5) < 1e-6)
        #expect(abs(try opacity(paused, at: 1.25) - 0.75) < 1e-6)    // a quarter of the way back
        #expect(abs(try opacity(paused, at: 1.75) - 0.25) < 1e-6)
    }

    @Test func repeatedAnimationStartsEachPassAgain() throws {
        let paused = PausedLayer()
        let animation = fade(from: 0, to: 1, duration: 1)
        animation.repeatCount = 2
        paused.add(animation, forKey: "fade")
        #expect(abs(try opacity(paused, at: 1.25) - 0.25) < 1e-6)
        #expect(abs(try opacity(paused, at: 1.5) - 0.5) < 1e-6)
    }

    @Test func animationSpeedAndTimeOffsetScaleAndShiftItsLocalTime() throws {
        let fast = PausedLayer()
        let double = fade(from: 0, to: 1, duration: 1)
        double.speed = 2
        fast.add(double, forKey: "fade")
        #expect(abs(try opacity(fast, at: 0.25) - 0.5) < 1e-6)        // local = 0.25 · 2

        let ahead = PausedLayer()
        let shifted = fade(from: 0, to: 1, duration: 1)
        shifted.timeOffset = 0.5
        ahead.add(shifted, forKey: "fade")
        #expect(abs(try opacity(ahead, at: 0.25) - 0.75) < 1e-6)      // local = 0.25 + 0.5
    }

    @Test func beforeItsBeginTimeOnlyBackwardsFillShowsTheFromValue() throws {
        let plain = PausedLayer()
        let later = fade(from: 0.2, to: 0.8, duration: 1)
        later.beginTime = 1
        plain.add(later, forKey: "fade")
        #expect(abs(try opacity(plain, at: 0.5) - 1) < 1e-6)          // the model's opacity

        let filled = PausedLayer()
        let backwards = fade(from: 0.2, to: 0.8, duration: 1)
        backwards.beginTime = 1
        backwards.fillMode = .backwards
        filled.add(backwards, forKey: "fade")
        #expect(abs(try opacity(filled, at: 0.5) - 0.2) < 1e-6)
        #expect(abs(try opacity(filled, at: 1.5) - 0.5) < 1e-6)
    }

    @Test func discreteKeyframesHoldEachValueUntilTheNextKeyTime() throws {
        let paused = PausedLayer()
        let steps = CAKeyframeAnimation(keyPath: "opacity")
        steps.values = [Float(0.1), Float(0.5), Float(0.9)]
        steps.keyTimes = [0, 0.2, 0.7, 1]                            // one more than values
        steps.calculationMode = .discrete
        steps.duration = 1
        paused.add(steps, forKey: "steps")
        #expect(abs(try opacity(paused, at: 0.1) - 0.1) < 1e-6)
        #expect(abs(try opacity(paused, at: 0.5) - 0.5) < 1e-6)
        #expect(abs(try opacity(paused, at: 0.8) - 0.9) < 1e-6)
    }

    @Test func convertTimeMatchesApplesDocumentedExample() {
        // "CALayer.convertTime(_:from:)": timeOffset 1 and speed 0.5 convert 0.5 to 1.25.
        let layer = CALayer()
        layer.timeOffset = 1
        layer.speed = 0.5
        #expect(abs(layer.convertTime(0.5, from: nil) - 1.25) < 1e-9)
    }
}
