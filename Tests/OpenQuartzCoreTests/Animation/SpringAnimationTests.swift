#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// CASpringAnimation through a layer, against an independent RK4 integration of
/// m·x″ + c·x′ + k·(x − 1) = 0, x(0) = 0, x′(0) = v0 (Apple, "CASpringAnimation").
@Suite struct SpringAnimationTests {
    typealias R = ReferenceSolvers

    /// Sample times, in seconds after the spring starts.
    static let sampleTimes: [Double] = [0.05, 0.1, 0.2, 0.35, 0.5, 0.8, 1.2, 1.9]

    /// Runs `spring` on `position.x` from 0 to 1 and returns the presentation values at
    /// `sampleTimes`.
    private func run(_ spring: CASpringAnimation, _ h: EngineHarness) -> [Double?] {
        let layer = h.makePlainLayer()
        spring.keyPath = "position.x"
        spring.fromValue = CGFloat(0)
        spring.toValue = CGFloat(1)
        spring.duration = 2
        h.commit { layer.add(spring, forKey: "spring") }
        return R.sample(h, layer, "position.x", at: Self.sampleTimes)
    }

    private func expectMatchesReference(_ actual: [Double?], mass: Double, stiffness: Double, damping: Double,
                                        velocity: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = R.springRK4(mass: mass, stiffness: stiffness, damping: damping,
                                   initialVelocity: velocity, at: Self.sampleTimes)
        for (index, (a, e)) in zip(actual, expected).enumerated() {
            #expect(R.close(a, e, 1e-5), "t = \(Self.sampleTimes[index]): got \(String(describing: a)), expected \(e)",
                    sourceLocation: sourceLocation)
        }
    }

    // MARK: Motion

    @Test func underDampedDefaultSpringFollowsTheOscillatorEquation() {
        let h = EngineHarness()
        let spring = CASpringAnimation()
        #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 10 && spring.initialVelocity == 0)
        let values = run(spring, h)
        expectMatchesReference(values, mass: 1, stiffness: 100, damping: 10, velocity: 0)
        // ζ = 0.5: the default spring overshoots its target.
        #expect(values.compactMap { $0 }.contains { $0 > 1 })
    }

    @Test func underDampedSpringWithMassAndInitialVelocityFollowsTheOscillatorEquation() {
        let h = EngineHarness()
        let spring = CASpringAnimation()
        spring.mass = 2
        spring.stiffness = 300
        spring.damping = 12
        spring.initialVelocity = 4
        let values = run(spring, h)
        expectMatchesReference(values, mass: 2, stiffness: 300, damping: 12, velocity: 4)
    }

    @Test func criticallyDampedSpringFollowsTheOscillatorEquation() {
        let h = EngineHarness()
        let spring = CASpringAnimation()
        spring.damping = 2 * (100.0 * 1).squareRoot()   // 20: ζ = 1
        let values = run(spring, h)
        expectMatchesReference(values, mass: 1, stiffness: 100, damping: 20, velocity: 0)
        #expect(values.compactMap { $0 }.allSatisfy { $0 <= 1 })
    }

    @Test func criticallyDampedSpringWithInitialVelocityFollowsTheOscillatorEquation() {
        let h = EngineHarness()
        let spring = CASpringAnimation()
        spring.damping = 20
        spring.initialVelocity = -3
        let values = run(spring, h)
        expectMatchesReference(values, mass: 1, stiffness: 100, damping: 20, velocity: -3)
    }

    @Test func overDampedSpringWithoutOverdampingMovesAsCriticallyDamped() {
        let h = EngineHarness()
        let spring = CASpringAnimation()
        spring.damping = 50   // ζ = 2.5
        #expect(spring.allowsOverdamping == false)
        let values = run(spring, h)
        // Treated as critical: the damping that gives ζ = 1 for k = 100, m = 1.
        expectMatchesReference(values, mass: 1, stiffness: 100, damping: 20, velocity: 0)
    }

    @Test func overDampedSpringWithOverdampingFollowsTheOscillatorEquation() {
        let h = EngineHarness()
        let spring = CASpringAnimation()
        spring.damping = 50   // ζ = 2.5
        spring.initialVelocity = 2
        spring.allowsOverdamping = true
        let values = run(spring, h)
        expectMatchesReference(values, mass: 1, stiffness: 100, damping: 50, velocity: 2)
        // Slower than critical damping at the same stiffness.
        let critical = R.springRK4(mass: 1, stiffness: 100, damping: 20, initialVelocity: 2, at: 0.5)
        #expect(values[4]! < critical)
    }

    @Test func springShowsTheModelValueAfterItsDuration() {
        let h = EngineHarness()
        let layer = h.makeLayerInTransaction { () -> CALayer in
            let layer = CALayer()
            layer.position = CGPoint(x: 7, y: 0)
            return layer
        }
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = CGFloat(0)
        spring.toValue = CGFloat(1)
        spring.duration = 0.5
        h.commit { layer.add(spring, forKey: "spring") }
        let values = R.sample(h, layer, "position.x", at: [0.25, 0.6])
        #expect(R.close(values[0], R.springRK4(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0, at: 0.25), 1e-5))
        #expect(values[1] == 7)
    }

    @Test func springScalesTheNormalizedMotionToItsValueRange() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = CGFloat(40)
        spring.toValue = CGFloat(-60)
        spring.duration = 2
        h.commit { layer.add(spring, forKey: "spring") }
        let values = R.sample(h, layer, "position.x", at: [0.15, 0.4])
        let x = R.springRK4(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0, at: [0.15, 0.4])
        #expect(R.close(values[0], 40 + (-100) * x[0], 1e-3))
        #expect(R.close(values[1], 40 + (-100) * x[1], 1e-3))
    }

    // MARK: settlingDuration

    @Test(arguments: [
        (1.0, 100.0, 10.0, 0.0),
        (1.0, 100.0, 10.0, 5.0),
        (2.0, 300.0, 12.0, -4.0),
        (0.5, 50.0, 1.0, 0.0),
    ])
    func underDampedSettlingDurationMatchesTheEnvelopeFormula(mass: Double, stiffness: Double, damping: Double, velocity: Double) {
        let spring = CASpringAnimation()
        spring.mass = CGFloat(mass)
        spring.stiffness = CGFloat(stiffness)
        spring.damping = CGFloat(damping)
        spring.initialVelocity = CGFloat(velocity)
        let omega0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        let b = (zeta * omega0 - velocity) / omegaD
        let expected = log((1 + abs(b)) / 0.001) / (zeta * omega0)
        #expect(abs(spring.settlingDuration - expected) < 1e-9, "got \(spring.settlingDuration), expected \(expected)")
    }

    @Test func defaultSpringSettlingDurationIsAboutOnePointFourSeven() {
        // ω0 = 10, ζ = 0.5, ωd = 5√3, B = 1/√3: ln((1 + 1/√3)/0.001)/5.
        let expected = log((1 + 1 / 3.0.squareRoot()) / 0.001) / 5
        #expect(abs(CASpringAnimation().settlingDuration - expected) < 1e-9)
        #expect(abs(expected - 1.4727) < 1e-3)
    }

    @Test func undampedSpringNeverSettles() {
        let spring = CASpringAnimation()
        spring.damping = 0
        #expect(spring.damping == 0)
        #expect(spring.settlingDuration == .infinity)
    }

    @Test func criticallyDampedSettlingDurationIsTheFirstGridTimeThatStaysSettled() {
        let spring = CASpringAnimation()
        spring.damping = 20
        // Scan t = 0, 0.1, … with the RK4 reference: first time where |1 − x| < 0.001 and
        // stays below for more than 1 s (the 11 following grid points).
        let grid = (0..<200).map { Double($0) * 0.1 }
        let x = R.springRK4(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0, at: grid)
        let settled = x.map { abs(1 - $0) < 0.001 }
        let first = settled.indices.first { i in i + 11 < settled.count && settled[i...(i + 11)].allSatisfy { $0 } }!
        #expect(abs(spring.settlingDuration - grid[first]) < 1e-9, "got \(spring.settlingDuration), expected \(grid[first])")
    }

    @Test func settlingDurationIsDividedBySpeed() {
        let spring = CASpringAnimation()
        let base = spring.settlingDuration
        spring.speed = 2
        #expect(abs(spring.settlingDuration - base / 2) < 1e-12)
        spring.speed = -0.5
        #expect(abs(spring.settlingDuration - base * 2) < 1e-12)
        spring.speed = 0
        #expect(spring.settlingDuration == .infinity, "a spring whose time stands still never settles")
    }

    // MARK: Perceptual parameters

    @Test(arguments: [(0.5, 0.3), (0.8, 0.0), (0.4, -0.5), (1.2, 0.7)])
    func perceptualInitializerConvertsToPhysicalParameters(duration d: Double, bounce b: Double) {
        let spring = CASpringAnimation(perceptualDuration: d, bounce: CGFloat(b))
        let zeta = b >= 0 ? 1 - b : 1 / (1 + b)
        #expect(spring.mass == 1)
        #expect(abs(Double(spring.stiffness) - pow(2 * .pi / d, 2)) < 1e-9 * pow(2 * .pi / d, 2))
        #expect(abs(Double(spring.damping) - zeta * 4 * .pi / d) < 1e-9)
        #expect(spring.allowsOverdamping == true)
        #expect(abs(spring.perceptualDuration - d) < 1e-9)
        #expect(abs(Double(spring.bounce) - b) < 1e-9)
    }

    @Test func perceptualSpringMovesLikeItsPhysicalParameters() {
        let h = EngineHarness()
        let spring = CASpringAnimation(perceptualDuration: 0.6, bounce: -0.25)   // ζ = 4/3, over-damped
        let values = run(spring, h)
        let omega = 2 * Double.pi / 0.6
        expectMatchesReference(values, mass: 1, stiffness: omega * omega, damping: (4.0 / 3) * 2 * omega, velocity: 0)
    }

    // MARK: Invalid parameters

    @Test func outOfRangeDampingFallsBackToTenAndIsReported() {
        let diagnostics = DiagnosticCollector(key: "damping")
        let spring = CASpringAnimation()
        spring.damping = -7.25
        #expect(spring.damping == 10)
        #expect(diagnostics.all.contains { $0.kind == .ignoredInput && $0.message.contains("-7.25") })
    }

    @Test func zeroMassFallsBackToOneAndIsReported() {
        let diagnostics = DiagnosticCollector(key: "mass")
        let spring = CASpringAnimation()
        spring.mass = 3
        spring.mass = 0
        #expect(spring.mass == 1)
        #expect(diagnostics.all.contains { $0.kind == .ignoredInput && $0.message.contains("= 0.0") })
    }

    @Test func negativeStiffnessFallsBackToOneHundredAndIsReported() {
        let diagnostics = DiagnosticCollector(key: "stiffness")
        let spring = CASpringAnimation()
        spring.stiffness = -5.5
        #expect(spring.stiffness == 100)
        #expect(diagnostics.all.contains { $0.kind == .ignoredInput && $0.message.contains("-5.5") })
    }

    @Test func springWithFallenBackParametersMovesLikeTheDefaults() {
        let h = EngineHarness()
        let spring = CASpringAnimation()
        spring.mass = -2
        spring.stiffness = 0
        spring.damping = -1
        let values = run(spring, h)
        expectMatchesReference(values, mass: 1, stiffness: 100, damping: 10, velocity: 0)
    }

    /// Key-value coding reads every property getter, the read-only ones included.
    @Test func keyValueCodingReadsTheDerivedProperties() {
        let spring = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.25)
        #expect(spring.value(forKey: "settlingDuration") as? CFTimeInterval == spring.settlingDuration)
        #expect(spring.value(forKey: "perceptualDuration") as? TimeInterval == spring.perceptualDuration)
        #expect(spring.value(forKey: "bounce") as? CGFloat == spring.bounce)
        #expect(abs(spring.bounce - 0.25) < 1e-9 && abs(spring.perceptualDuration - 0.5) < 1e-9)
    }
}
#endif
