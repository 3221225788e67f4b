import Foundation

/// Reference computations for the timing tests, written independently of the code under test.
///
/// The Bézier reference uses the Bernstein form and plain bisection, while the engine uses
/// power-form coefficients and Newton steps. The spring reference integrates the ODE with
/// classical Runge–Kutta, while the engine uses closed forms.
enum TimingReference {
    /// A cubic Bézier timing curve through (0, 0), c1, c2, (1, 1), evaluated by brute force.
    struct Bezier: CustomStringConvertible, Sendable {
        let c1x: Double, c1y: Double, c2x: Double, c2y: Double

        init(_ c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
            // The engine stores Float control points, so the reference uses the same values.
            (self.c1x, self.c1y) = (Double(c1x), Double(c1y))
            (self.c2x, self.c2y) = (Double(c2x), Double(c2y))
        }

        var description: String { "(\(c1x), \(c1y), \(c2x), \(c2y))" }

        /// The Bernstein form of one coordinate: 3(1−t)²t·p1 + 3(1−t)t²·p2 + t³.
        static func bernstein(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let s = 1 - t
            return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
        }

        func x(_ t: Double) -> Double { Self.bernstein(t, c1x, c2x) }
        func y(_ t: Double) -> Double { Self.bernstein(t, c1y, c2y) }

        /// y at input x in [0, 1], by bisection on t until the bracket cannot shrink.
        func value(atX target: Double) -> Double {
            y(parameter { x($0) < target })
        }

        /// Every y the curve takes at parameters whose x(t) is within `slack` of the target.
        ///
        /// Where dy/dx is moderate this range is a single value to ~1e-15. Where the curve
        /// has a vertical tangent inside (0, 1), a rounding error of 1e-16 in x moves y by
        /// ~1e-6, so no double-precision solver can be held to a single value there; a correct
        /// answer is then anything in this range.
        func valueRange(atX target: Double, slack: Double = 1e-15) -> ClosedRange<Double> {
            let first = y(parameter { x($0) < target - slack })
            let last = y(parameter { x($0) <= target + slack })
            return min(first, last)...max(first, last)
        }

        /// Bisects [0, 1] for the boundary where `isBefore` turns false, to full precision.
        private func parameter(isBefore: (Double) -> Bool) -> Double {
            var lower = 0.0
            var upper = 1.0
            for _ in 0..<200 {
                let middle = (lower + upper) / 2
                if middle == lower || middle == upper { break }
                if isBefore(middle) { lower = middle } else { upper = middle }
            }
            return (lower + upper) / 2
        }

        /// The derivative of one Bernstein coordinate with respect to t.
        static func bernsteinDerivative(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let s = 1 - t
            return 3 * s * s * p1 + 6 * s * t * (p2 - p1) + 3 * t * t * (1 - p2)
        }

        /// The tangent slope dy/dx at an end: the limit of y′(t)/x′(t) as t reaches the end.
        func endSlope(atStart: Bool) -> Double {
            let t = atStart ? 1e-9 : 1 - 1e-9
            return Self.bernsteinDerivative(t, c1y, c2y) / Self.bernsteinDerivative(t, c1x, c2x)
        }
    }

    /// Integrates m·u″ + c·u′ + k·u = 0 for the displacement u = 1 − x from the target, with
    /// u(0) = 1 and u′(0) = −v0, and returns x = 1 − u sampled every `sampleEvery` steps.
    static func springSamples(
        mass m: Double, stiffness k: Double, damping c: Double, initialVelocity v0: Double,
        step h: Double, sampleEvery: Int, sampleCount: Int
    ) -> [Double] {
        func acceleration(_ u: Double, _ v: Double) -> Double { -(c * v + k * u) / m }
        var u = 1.0
        var v = -v0
        var samples = [1 - u]
        samples.reserveCapacity(sampleCount)
        while samples.count < sampleCount {
            for _ in 0..<sampleEvery {
                let k1u = v, k1v = acceleration(u, v)
                let k2u = v + h / 2 * k1v, k2v = acceleration(u + h / 2 * k1u, v + h / 2 * k1v)
                let k3u = v + h / 2 * k2v, k3v = acceleration(u + h / 2 * k2u, v + h / 2 * k2v)
                let k4u = v + h * k3v, k4v = acceleration(u + h * k3u, v + h * k3v)
                u += h / 6 * (k1u + 2 * k2u + 2 * k3u + k4u)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            }
            samples.append(1 - u)
        }
        return samples
    }

    /// The first index i of `samples` (taken every 0.1 s) such that |1 − x| < 0.001 at i and
    /// at every index up to and including i + 11, i.e. for more than 1 s; nil if none.
    static func firstSettledIndex(_ samples: [Double]) -> Int? {
        let settled = samples.map { abs(1 - $0) < 0.001 }
        guard settled.count > 11 else { return nil }
        return (0..<(settled.count - 11)).first { i in settled[i...(i + 11)].allSatisfy { $0 } }
    }
}
