import AnimationQueue
import Foundation
import Testing

/// The Penner easings' Bézier approximations against the exact formulas (easings.net),
/// measured with an independent bisection solver over a grid of 1,001 times.
@Suite struct PennerTimingTests {
    /// y at x on the Bézier (0,0), c1, c2, (1,1): bisection on x(t) = x, 80 halvings.
    static func bezierY(_ x: Double, _ c: (Double, Double, Double, Double)) -> Double {
        func cubic(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if cubic(mid, c.0, c.2) < x { lo = mid } else { hi = mid }
        }
        return cubic((lo + hi) / 2, c.1, c.3)
    }

    static let s = 1.70158, s2 = 1.70158 * 1.525

    /// (name, timing, exact formula, tolerance)
    static let cases: [(String, AnimationTiming, @Sendable (Double) -> Double, Double)] = [
        ("easeInSine", .easeInSine, { 1 - cos(.pi * $0 / 2) }, 0.01),
        ("easeOutSine", .easeOutSine, { sin(.pi * $0 / 2) }, 0.01),
        ("easeInOutSine", .easeInOutSine, { -(cos(.pi * $0) - 1) / 2 }, 0.01),
        ("easeInQuad", .easeInQuad, { $0 * $0 }, 0.001),
        ("easeOutQuad", .easeOutQuad, { 1 - (1 - $0) * (1 - $0) }, 0.001),
        ("easeInOutQuad", .easeInOutQuad, { $0 < 0.5 ? 2 * $0 * $0 : 1 - pow(-2 * $0 + 2, 2) / 2 }, 0.01),
        ("easeInCubic", .easeInCubic, { pow($0, 3) }, 0.001),
        ("easeOutCubic", .easeOutCubic, { 1 - pow(1 - $0, 3) }, 0.001),
        ("easeInOutCubic", .easeInOutCubic, { $0 < 0.5 ? 4 * pow($0, 3) : 1 - pow(-2 * $0 + 2, 3) / 2 }, 0.02),
        ("easeInQuart", .easeInQuart, { pow($0, 4) }, 0.01),
        ("easeOutQuart", .easeOutQuart, { 1 - pow(1 - $0, 4) }, 0.01),
        ("easeInOutQuart", .easeInOutQuart, { $0 < 0.5 ? 8 * pow($0, 4) : 1 - pow(-2 * $0 + 2, 4) / 2 }, 0.03),
        ("easeInQuint", .easeInQuint, { pow($0, 5) }, 0.01),
        ("easeOutQuint", .easeOutQuint, { 1 - pow(1 - $0, 5) }, 0.01),
        ("easeInOutQuint", .easeInOutQuint, { $0 < 0.5 ? 16 * pow($0, 5) : 1 - pow(-2 * $0 + 2, 5) / 2 }, 0.04),
        ("easeInExpo", .easeInExpo, { $0 == 0 ? 0 : pow(2, 10 * $0 - 10) }, 0.01),
        ("easeOutExpo", .easeOutExpo, { $0 == 1 ? 1 : 1 - pow(2, -10 * $0) }, 0.01),
        ("easeInOutExpo", .easeInOutExpo, { x in
            x == 0 ? 0 : x == 1 ? 1 : x < 0.5 ? pow(2, 20 * x - 10) / 2 : (2 - pow(2, -20 * x + 10)) / 2
        }, 0.06),
        ("easeInCirc", .easeInCirc, { 1 - (1 - $0 * $0).squareRoot() }, 0.01),
        ("easeOutCirc", .easeOutCirc, { (1 - pow($0 - 1, 2)).squareRoot() }, 0.01),
        ("easeInOutCirc", .easeInOutCirc, { x in
            x < 0.5 ? (1 - (1 - pow(2 * x, 2)).squareRoot()) / 2 : ((1 - pow(-2 * x + 2, 2)).squareRoot() + 1) / 2
        }, 0.03),
        ("easeInBack", .easeInBack, { (s + 1) * pow($0, 3) - s * $0 * $0 }, 0.001),
        ("easeOutBack", .easeOutBack, { 1 + (s + 1) * pow($0 - 1, 3) + s * pow($0 - 1, 2) }, 0.001),
        ("easeInOutBack", .easeInOutBack, { x in
            x < 0.5 ? pow(2 * x, 2) * ((s2 + 1) * 2 * x - s2) / 2
                : (pow(2 * x - 2, 2) * ((s2 + 1) * (2 * x - 2) + s2) + 2) / 2
        }, 0.06),
    ]

    /// The control points as Core Animation will use them (read back from the function).
    static func points(_ timing: AnimationTiming) -> (Double, Double, Double, Double) {
        var c1 = [Float](repeating: 0, count: 2), c2 = [Float](repeating: 0, count: 2)
        let function = timing.mediaTimingFunction
        function.getControlPoint(at: 1, values: &c1)
        function.getControlPoint(at: 2, values: &c2)
        return (Double(c1[0]), Double(c1[1]), Double(c2[0]), Double(c2[1]))
    }

    static func maxError(_ timing: AnimationTiming, _ exact: (Double) -> Double) -> Double {
        let c = points(timing)
        return (0...1_000).map { i -> Double in
            let x = Double(i) / 1_000
            return abs(bezierY(x, c) - exact(x))
        }.max() ?? .infinity
    }

    @Test(arguments: 0..<cases.count)
    func pennerBezierApproximatesExactFormula(_ index: Int) {
        let (name, timing, exact, tolerance) = Self.cases[index]
        let error = Self.maxError(timing, exact)
        print("Penner \(name): max |error| = \(String(format: "%.5f", error)) (tolerance \(tolerance))")
        #expect(error < tolerance, "\(name): max error \(error)")
    }

    @Test func namedCurvesUseCoreAnimationFunctions() {
        #expect(AnimationTiming.easeOut.mediaTimingFunction == CAMediaTimingFunction(name: .easeOut))
        #expect(AnimationTiming.default.mediaTimingFunction == CAMediaTimingFunction(name: .default))
        #expect(AnimationTiming.linear.controlPoints.c2 == CGPoint(x: 1, y: 1))
        #expect(AnimationTiming.easeInEaseOut.controlPoints.c1 == CGPoint(x: CGFloat(Float(0.42)), y: 0))
        let custom = AnimationTiming.cubicBezier(0.2, 0.8, 0.2, 1)
        #expect(Self.points(custom) == (Double(Float(0.2)), Double(Float(0.8)), Double(Float(0.2)), 1))
        #expect(custom == .cubicBezier(0.2, 0.8, 0.2, 1))
        #expect(custom != .easeOut)
        #expect(Set<AnimationTiming>([.easeIn, .easeIn, .easeOutBack]).count == 2)
    }
}
