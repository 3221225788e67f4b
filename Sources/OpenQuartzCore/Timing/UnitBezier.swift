import Foundation

/// A cubic Bézier from (0, 0) to (1, 1), solved for y as a function of x.
///
/// This is the curve behind `CAMediaTimingFunction`: x(t) and y(t) are cubics through
/// (0, 0), c1, c2 and (1, 1) (Apple's header: "the points defining the Bezier curve are
/// '[(0,0), c1, c2, (1,1)]'"). Evaluating y at a given x means solving x(t) = x for t, then
/// computing y(t). The solver is the one browsers use for CSS `cubic-bezier()`: Newton
/// steps, kept inside a bracket that bisection shrinks whenever a Newton step would leave it.
///
/// The polynomial coefficients and end slopes are computed once in `init`, so evaluation
/// does no allocation and only a handful of multiply-adds per iteration.
internal struct UnitBezier: Sendable {
    // x(t) = ((ax·t + bx)·t + cx)·t, and the same for y.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    /// The slope dy/dx of the tangent at (0, 0), used to extend the curve for x < 0.
    let startSlope: Double
    /// The slope dy/dx of the tangent at (1, 1), used to extend the curve for x > 1.
    let endSlope: Double
    /// Half the largest |x″(t)| on [0, 1], for the Newton convergence test.
    private let halfMaxCurvature: Double
    /// True when c1 and c2 both lie on the diagonal, so y(t) = x(t) and the curve is y = x.
    private let isIdentity: Bool

    /// The accepted error in t: a step shorter than this, or a Newton step whose predicted
    /// next error is below it, ends the solve. It keeps |x(t) − x| far below the 1e−7 that
    /// browsers use (Core Animation's own tolerance is about 1e−5).
    static let parameterTolerance = 1e-12
    /// Newton and bisection steps together never exceed this count, so NaN cannot hang.
    static let maximumIterations = 64

    /// Creates the curve through (0, 0), (c1x, c1y), (c2x, c2y), (1, 1).
    ///
    /// Core Animation expects x coordinates in 0…1 (as CSS `cubic-bezier()` requires), which
    /// keeps x(t) non-decreasing. Values
    /// outside are clamped into 0…1 (NaN becomes 0 for c1x and 1 for c2x) so that x(t) always
    /// stays invertible; the y coordinates are used as given and may overshoot.
    init(c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        let p1x = Self.clampUnit(c1x, ifNaN: 0)
        let p2x = Self.clampUnit(c2x, ifNaN: 1)

        cx = 3 * p1x
        bx = 3 * (p2x - p1x) - cx
        ax = 1 - cx - bx
        cy = 3 * c1y
        by = 3 * (c2y - c1y) - cy
        ay = 1 - cy - by

        // x″(t) = 6·ax·t + 2·bx is linear, so its extremes on [0, 1] are at the ends.
        halfMaxCurvature = Swift.max(abs(bx), abs(3 * ax + bx))
        isIdentity = p1x == c1y && p2x == c2y
        startSlope = Self.tangentSlope(from: (0, 0), toward: [(p1x, c1y), (p2x, c2y), (1, 1)])
        endSlope = Self.tangentSlope(from: (1, 1), toward: [(p2x, c2y), (p1x, c1y), (0, 0)])
    }

    /// Returns y for the given x; outside [0, 1] the curve continues along its end tangents.
    func value(atX x: Double) -> Double {
        // A flat tangent returns the end value itself, so that ±infinity gives 0 or 1, not NaN.
        if x <= 0 {
            return x == 0 || startSlope == 0 ? 0 : startSlope * x
        }
        if x >= 1 {
            return x == 1 || endSlope == 0 ? 1 : 1 + endSlope * (x - 1)
        }
        if isIdentity || x.isNaN {
            return x
        }
        return sampleY(solveParameter(forX: x))
    }

    /// Returns the parameter t in [0, 1] where x(t) = x, for x in (0, 1).
    ///
    /// Each Newton step t ← t − e/x′(t) shrinks the error to about (x″ / 2x′)·e², so once
    /// `halfMaxCurvature · step² < tolerance · |x′|` the new t is accepted without another
    /// evaluation. Steps that would leave the bracket [lower, upper] bisect instead, which
    /// keeps flat stretches of x(t) (x′ ≈ 0) safe.
    func solveParameter(forX x: Double) -> Double {
        let tolerance = Self.parameterTolerance
        var lower = 0.0
        var upper = 1.0
        var t = x  // x(t) ≈ t is a good first guess for most curves.
        for _ in 0..<Self.maximumIterations {
            let error = sampleX(t) - x
            if error == 0 {
                return t
            }
            // x(t) is non-decreasing, so the sign of the error says which side the root is on.
            if error < 0 {
                lower = t
            } else {
                upper = t
            }
            let slope = sampleDerivativeX(t)
            let step = error / slope
            if abs(step) < tolerance {
                return t - step
            }
            let next = t - step
            if next > lower && next < upper {
                if step * step * halfMaxCurvature < tolerance * abs(slope) {
                    return next
                }
                t = next
            } else {
                // The Newton step left the bracket (or the slope was 0 or NaN): bisect.
                t = 0.5 * (lower + upper)
                if upper - lower < tolerance {
                    return t
                }
            }
        }
        return t
    }

    /// x(t) of the parametric curve.
    @inline(__always)
    func sampleX(_ t: Double) -> Double {
        ((ax * t + bx) * t + cx) * t
    }

    /// y(t) of the parametric curve.
    @inline(__always)
    func sampleY(_ t: Double) -> Double {
        ((ay * t + by) * t + cy) * t
    }

    /// dx/dt of the parametric curve.
    @inline(__always)
    func sampleDerivativeX(_ t: Double) -> Double {
        (3 * ax * t + 2 * bx) * t + cx
    }

    /// Clamps a control point's x coordinate into [0, 1].
    private static func clampUnit(_ value: Double, ifNaN fallback: Double) -> Double {
        if value.isNaN {
            return fallback
        }
        return Swift.min(Swift.max(value, 0), 1)
    }

    /// The slope of an end tangent: the direction toward the first control point that differs
    /// from the end point. A vertical tangent (no x extent) extends flat, with slope 0.
    private static func tangentSlope(
        from end: (x: Double, y: Double),
        toward candidates: [(x: Double, y: Double)]
    ) -> Double {
        for point in candidates where point.x != end.x || point.y != end.y {
            let dx = point.x - end.x
            let dy = point.y - end.y
            return dx == 0 || !dy.isFinite ? 0 : dy / dx
        }
        return 0
    }
}
