import AnimationQueue
import Foundation
import Testing

/// Spring conversion and settling, against the closed forms of the damped harmonic oscillator
/// re-derived here.
@Suite struct SpringAnimationTests {
    /// x(t) for ζ < 1, from the textbook solution with x(0) = 0, x′(0) = v0.
    static func underdamped(_ t: Double, k: Double, m: Double, c: Double, v0: Double) -> Double {
        let w0 = (k / m).squareRoot(), z = c / (2 * (k * m).squareRoot()), wd = w0 * (1 - z * z).squareRoot()
        return 1 - exp(-z * w0 * t) * (cos(wd * t) + (z * w0 - v0) / wd * sin(wd * t))
    }

    @Test func perceptualParametersConvertAsApple() {
        let pop = SpringAnimation(.transformScale, from: 0.6, to: 1, perceptualDuration: 0.4, bounce: 0.3)
        #expect(pop.mass == 1)
        #expect(abs(pop.stiffness - pow(2 * .pi / 0.4, 2)) < 1e-9)
        #expect(abs(pop.damping - 0.7 * 4 * .pi / 0.4) < 1e-9)
        #expect(abs(pop.dampingRatio - 0.7) < 1e-12)
        #expect(pop.allowsOverdamping)

        let slow = SpringAnimation(.positionX, to: 1, perceptualDuration: 0.5, bounce: -0.5)
        #expect(abs(slow.dampingRatio - 2) < 1e-12, "ζ = 1/(1 + b)")
        #expect(abs(slow.damping - 2 * 4 * .pi / 0.5) < 1e-9)
        let critical = SpringAnimation(.positionX, to: 1, perceptualDuration: 1)
        #expect(abs(critical.dampingRatio - 1) < 1e-12)
    }

    @Test func underdampedSettlingMatchesClosedFormAndEngine() {
        for (k, c, v0) in [(100.0, 10.0, 0.0), (300, 12, 0), (200, 5, 3), (246.74, 21.99, -2)] {
            let spring = SpringAnimation(.positionX, to: 1, stiffness: k, damping: c, initialVelocity: v0)
            let w0 = k.squareRoot(), z = c / (2 * k.squareRoot()), wd = w0 * (1 - z * z).squareRoot()
            let expected = log((1 + abs((z * w0 - v0) / wd)) / 0.001) / (z * w0)
            #expect(abs(spring.settlingDuration - expected) < 1e-9)
            #expect(spring.duration == spring.settlingDuration)
            // The envelope bound holds: after settling, |1 − x| < ε on a fine grid.
            var worst = 0.0
            for i in 0...2_000 {
                let t = spring.settlingDuration + Double(i) * 0.005
                worst = max(worst, abs(1 - Self.underdamped(t, k: k, m: 1, c: c, v0: v0)))
            }
            #expect(worst < 0.001)
            let engine = CASpringAnimation()
            engine.stiffness = CGFloat(k)
            engine.damping = CGFloat(c)
            engine.initialVelocity = CGFloat(v0)
            #expect(abs(engine.settlingDuration - spring.settlingDuration) < 1e-6, "agrees with the engine")
        }
    }

    @Test func criticalAndOverdampedSettlingIsFirstGridTimeThatStaysSettled() {
        // Critical: x = 1 − (1 + ω0 t) e^(−ω0 t); scan independently on the 0.1 s grid.
        let k = 100.0, w0 = 10.0
        let spring = SpringAnimation(.positionX, to: 1, stiffness: k, damping: 20)
        var expected = 0.0
        for i in 0... {
            let t = Double(i) * 0.1
            if (1 + w0 * t) * exp(-w0 * t) < 0.001 { expected = t; break }
        }
        #expect(abs(spring.settlingDuration - expected) < 1e-9)
        // Over-damped, allowed: slower than critical; agrees with the engine.
        let slow = SpringAnimation(.positionX, to: 1, perceptualDuration: 0.5, bounce: -0.5)
        let engine = CASpringAnimation()
        engine.stiffness = CGFloat(slow.stiffness)
        engine.damping = CGFloat(slow.damping)
        engine.setValue(true, forKey: "allowsOverdamping")   // Apple: a property from iOS 17 / macOS 14
        #expect(abs(engine.settlingDuration - slow.settlingDuration) < 1e-6)
        #expect(slow.settlingDuration > SpringAnimation(.positionX, to: 1, perceptualDuration: 0.5).settlingDuration)
    }

    @Test func resolvingBuildsSpringWithPhysicalParameters() throws {
        let layer = LayerFixtures.committed()
        let pop = SpringAnimation(.transformScale, from: 0.6, to: 1, perceptualDuration: 0.4, bounce: 0.3)
        let resolved = pop.resolve(for: layer)
        let spring = try #require(resolved.animation as? CASpringAnimation)
        #expect(spring.keyPath == "transform.scale")
        #expect(number(spring.fromValue) == 0.6)
        #expect(number(spring.toValue) == 1)
        #expect(abs(Double(spring.stiffness) - pop.stiffness) < 1e-6)
        #expect(abs(Double(spring.damping) - pop.damping) < 1e-6)
        #expect(spring.value(forKey: "allowsOverdamping") as? Bool == true)
        #expect(spring.duration == pop.settlingDuration)
        #expect(spring.fillMode == .backwards)
        #expect(number(entry(resolved.finalValues, "transform.scale")) == 1)
        #expect(number(entry(resolved.initialValues, "transform.scale")) == 0.6, "the from-value, for revert")
        // Linear: the spring's physics shape its motion, not a timing curve.
        #expect(spring.timingFunction == CAMediaTimingFunction(name: .linear))
    }

    @Test func explicitDurationOverridesSettling() {
        let spring = SpringAnimation(.positionX, to: 1, mass: 2, stiffness: 50, damping: 0, duration: 3)
        #expect(spring.duration == 3)
        #expect(spring.settlingDuration == .infinity, "undamped never settles")
    }
}
