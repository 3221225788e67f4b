#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// Checks `SpringSolver` against RK4 integration of the spring ODE and closed-form settling.
@Suite struct SpringSolverTests {
    /// Physical parameters (m, k, c, v0) for one spring.
    struct Spring: CustomStringConvertible, Sendable {
        let m: Double, k: Double, c: Double, v0: Double
        init(_ m: Double, _ k: Double, _ c: Double, _ v0: Double) { (self.m, self.k, self.c, self.v0) = (m, k, c, v0) }
        var zeta: Double { c / (2 * (k * m).squareRoot()) }
        var description: String { "m \(m) k \(k) c \(c) v0 \(v0)" }
    }

    /// RK4 step 1e-4 s, sampled every 0.05 s for 3 s.
    static func referenceSamples(_ spring: Spring, dampingOverride c: Double? = nil) -> [Double] {
        TimingReference.springSamples(
            mass: spring.m, stiffness: spring.k, damping: c ?? spring.c, initialVelocity: spring.v0,
            step: 1e-4, sampleEvery: 500, sampleCount: 61)
    }

    static func maxError(_ solver: SpringSolver, _ samples: [Double], every interval: Double = 0.05) -> Double {
        samples.indices.map { abs(solver.value(at: Double($0) * interval) - samples[$0]) }.max() ?? .nan
    }

    static let underdamped: [Spring] = [
        Spring(1, 100, 10, 0),  // CASpringAnimation's defaults, ζ = 0.5
        Spring(1, 100, 10, 5),
        Spring(2, 300, 5, -3),
        Spring(0.5, 400, 1, 0),
        Spring(1, 100, 19.9, 2),  // ζ = 0.995
        Spring(1, 100, 0, 0),  // undamped
    ]

    static let overdamped: [Spring] = [
        Spring(1, 100, 50, 0),
        Spring(1, 100, 50, 8),
        Spring(3, 50, 80, -2),
        Spring(1, 100, 20.5, 30),  // overshoots once despite ζ > 1
    ]

    @Test(arguments: underdamped)
    func underdampedMotionMatchesIntegratedODE(spring: Spring) {
        let solver = SpringSolver(mass: spring.m, stiffness: spring.k, damping: spring.c,
                                  initialVelocity: spring.v0, allowsOverdamping: false)
        let error = Self.maxError(solver, Self.referenceSamples(spring))
        #expect(error < 1e-6, "max error \(error) for \(spring)")
    }

    @Test(arguments: [Spring(1, 100, 20, 0), Spring(1, 100, 20, 4), Spring(2, 50, 20, -1)])
    func criticallyDampedMotionMatchesIntegratedODE(spring: Spring) {
        for allowsOverdamping in [false, true] {
            let solver = SpringSolver(mass: spring.m, stiffness: spring.k, damping: spring.c,
                                      initialVelocity: spring.v0, allowsOverdamping: allowsOverdamping)
            let error = Self.maxError(solver, Self.referenceSamples(spring))
            #expect(error < 1e-6, "max error \(error) for \(spring)")
        }
    }

    @Test(arguments: overdamped)
    func overdampedMotionMatchesIntegratedODEWhenAllowed(spring: Spring) {
        let solver = SpringSolver(mass: spring.m, stiffness: spring.k, damping: spring.c,
                                  initialVelocity: spring.v0, allowsOverdamping: true)
        let error = Self.maxError(solver, Self.referenceSamples(spring))
        #expect(error < 1e-6, "max error \(error) for \(spring)")
    }

    @Test(arguments: overdamped)
    func overdampedMotionIsCriticalWhenNotAllowed(spring: Spring) {
        let solver = SpringSolver(mass: spring.m, stiffness: spring.k, damping: spring.c,
                                  initialVelocity: spring.v0, allowsOverdamping: false)
        // Critical damping with the same ω0: c = 2√(k·m).
        let critical = Self.referenceSamples(spring, dampingOverride: 2 * (spring.k * spring.m).squareRoot())
        let error = Self.maxError(solver, critical)
        #expect(error < 1e-6, "max error \(error) for \(spring)")
        #expect(abs(solver.value(at: 0.5) - Self.referenceSamples(spring)[10]) > 1e-3)
    }

    @Test func motionStartsAtZeroWithTheInitialVelocity() {
        for spring in Self.underdamped + Self.overdamped + [Spring(1, 100, 20, 3)] {
            let solver = SpringSolver(mass: spring.m, stiffness: spring.k, damping: spring.c,
                                      initialVelocity: spring.v0, allowsOverdamping: true)
            #expect(solver.value(at: 0) == 0)
            #expect(solver.value(at: -1) == 0)
            let h = 1e-7
            #expect(abs(solver.value(at: h) / h - spring.v0) < 1e-3 * max(1, abs(spring.v0)), "\(spring)")
        }
    }

    @Test(arguments: underdamped.filter { $0.c > 0 })
    func underdampedSettlingDurationUsesTheEnvelopeFormula(spring: Spring) {
        let solver = SpringSolver(mass: spring.m, stiffness: spring.k, damping: spring.c,
                                  initialVelocity: spring.v0, allowsOverdamping: false)
        let omega0 = (spring.k / spring.m).squareRoot()
        let decay = spring.c / (2 * spring.m)  // ζω0
        let omegaD = omega0 * (1 - spring.zeta * spring.zeta).squareRoot()
        let expected = log((1 + abs((decay - spring.v0) / omegaD)) / 0.001) / decay
        #expect(abs(solver.settlingDuration - expected) < 1e-12 * expected)
    }

    @Test func defaultSpringSettlesInAboutOnePointFourSevenSeconds() {
        // m 1, k 100, c 10: ζ = 0.5, ω0 = 10, B = 5/√75, so ln((1 + 1/√3)·1000)/5.
        let solver = SpringSolver(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0, allowsOverdamping: false)
        #expect(abs(solver.settlingDuration - 1.472_700_334_678) < 1e-9)
    }

    @Test func undampedSpringNeverSettles() {
        let solver = SpringSolver(mass: 1, stiffness: 100, damping: 0, initialVelocity: 0, allowsOverdamping: false)
        #expect(solver.settlingDuration == .infinity)
    }

    @Test(arguments: [Spring(1, 100, 20, 0), Spring(1, 100, 20, 4), Spring(2, 50, 20, -1)]
        + overdamped.map { $0 })
    func criticalAndOverdampedSettlingMatchesAnIndependentGridScan(spring: Spring) throws {
        for allowsOverdamping in [false, true] {
            let solver = SpringSolver(mass: spring.m, stiffness: spring.k, damping: spring.c,
                                      initialVelocity: spring.v0, allowsOverdamping: allowsOverdamping)
            let damping = allowsOverdamping ? spring.c : min(spring.c, 2 * (spring.k * spring.m).squareRoot())
            // RK4 step 1e-4 s sampled every 0.1 s for 30 s.
            let samples = TimingReference.springSamples(
                mass: spring.m, stiffness: spring.k, damping: damping, initialVelocity: spring.v0,
                step: 1e-4, sampleEvery: 1000, sampleCount: 301)
            let index = try #require(TimingReference.firstSettledIndex(samples))
            #expect(abs(solver.settlingDuration - Double(index) * 0.1) < 1e-9, "\(spring), \(allowsOverdamping)")
        }
    }

    @Test func perceptualParametersForNoBounce() {
        let p = SpringSolver.physicalParameters(perceptualDuration: 0.5, bounce: 0)
        #expect(p.mass == 1)
        #expect(abs(p.stiffness - 157.913_670_417_429_7) < 1e-9)  // (4π)²
        #expect(abs(p.damping - 25.132_741_228_718_35) < 1e-9)  // 8π: ζ = 1
    }

    @Test(arguments: [(0.3, 0.7), (-0.3, 1 / 0.7), (0.9, 0.1), (-0.5, 2), (1, 0)] as [(Double, Double)])
    func perceptualBounceSetsTheDampingRatio(bounce: Double, expectedZeta: Double) {
        for duration in [0.25, 0.5, 1.2] {
            let p = SpringSolver.physicalParameters(perceptualDuration: duration, bounce: bounce)
            let omega = 2 * Double.pi / duration
            #expect(p.mass == 1)
            #expect(abs(p.stiffness - omega * omega) < 1e-9 * omega * omega)
            let zeta = p.damping / (2 * (p.stiffness * p.mass).squareRoot())
            #expect(abs(zeta - expectedZeta) < 1e-12, "b \(bounce) d \(duration)")
        }
    }

    @Test func perceptualSpringWithBounceOvershootsOnce() {
        let p = SpringSolver.physicalParameters(perceptualDuration: 0.5, bounce: 0.3)
        #expect(abs(p.damping - 0.7 * 8 * Double.pi) < 1e-9)
        let solver = SpringSolver(mass: p.mass, stiffness: p.stiffness, damping: p.damping,
                                  initialVelocity: 0, allowsOverdamping: true)
        let peak = (1...100).map { solver.value(at: Double($0) * 0.01) }.max()!
        // Peak overshoot of an under-damped step response: e^(−πζ/√(1−ζ²)).
        #expect(abs(peak - (1 + exp(-Double.pi * 0.7 / (1 - 0.49).squareRoot()))) < 1e-3)
    }

    @Test func invalidParametersFallBackToDefaults() {
        let solver = SpringSolver(mass: 0, stiffness: -5, damping: -1, initialVelocity: .nan, allowsOverdamping: false)
        #expect(solver.mass == 1)
        #expect(solver.stiffness == 100)
        #expect(solver.damping == 10)
        #expect(solver.initialVelocity == 0)
        let reference = Self.referenceSamples(Spring(1, 100, 10, 0))
        #expect(Self.maxError(solver, reference) < 1e-6)
    }

    @Test func infiniteDampingNeverMovesWhenOverdampingIsAllowed() {
        let p = SpringSolver.physicalParameters(perceptualDuration: 0.5, bounce: -1)
        #expect(p.damping == .infinity)
        let solver = SpringSolver(mass: p.mass, stiffness: p.stiffness, damping: p.damping,
                                  initialVelocity: 0, allowsOverdamping: true)
        #expect(solver.value(at: 1) == 0)
        #expect(solver.settlingDuration == .infinity)
    }
}
#endif
