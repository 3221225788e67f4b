#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
@testable import OpenQuartzCore

/// Independent reference computations for fidelity tests.
///
/// Nothing here calls the engine's own solvers (`SpringSolver`, `KeyframeTrack`,
/// `CAMediaTimingFunction.evaluate`, ...): each expectation is computed from first
/// principles — numeric integration, textbook spline formulas, bisection.
enum ReferenceSolvers {
    // MARK: Springs

    /// Integrates m·x″ + c·x′ + k·(x − 1) = 0 with x(0) = 0, x′(0) = v0 by classic RK4 and
    /// returns x at each of `times` (seconds, ascending).
    ///
    /// - Parameter step: The integration step; 1e-4 s keeps the global error far below 1e-8
    ///   for the stiffnesses used in tests.
    static func springRK4(
        mass m: Double, stiffness k: Double, damping c: Double, initialVelocity v0: Double,
        at times: [Double], step: Double = 1e-4
    ) -> [Double] {
        func acceleration(_ x: Double, _ v: Double) -> Double { (-c * v - k * (x - 1)) / m }
        var x = 0.0, v = v0, t = 0.0
        var results: [Double] = []
        for target in times {
            while t < target {
                let h = min(step, target - t)
                let k1x = v, k1v = acceleration(x, v)
                let k2x = v + h / 2 * k1v, k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
                let k3x = v + h / 2 * k2v, k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
                let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                t += h
            }
            results.append(x)
        }
        return results
    }

    /// x(t) for one time, by RK4.
    static func springRK4(mass m: Double, stiffness k: Double, damping c: Double,
                          initialVelocity v0: Double, at time: Double) -> Double {
        springRK4(mass: m, stiffness: k, damping: c, initialVelocity: v0, at: [time])[0]
    }

    // MARK: Splines

    /// The uniform Catmull-Rom spline between `p1` and `p2` at parameter `s` (0…1), in its
    /// matrix form: ½·[2p1 + (−p0 + p2)s + (2p0 − 5p1 + 4p2 − p3)s² + (−p0 + 3p1 − 3p2 + p3)s³].
    static func catmullRom(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, _ s: Double) -> Double {
        let s2 = s * s, s3 = s2 * s
        return 0.5 * (2 * p1 + (-p0 + p2) * s + (2 * p0 - 5 * p1 + 4 * p2 - p3) * s2
            + (-p0 + 3 * p1 - 3 * p2 + p3) * s3)
    }

    /// A Catmull-Rom spline through evenly spaced keyframes, the end points duplicated, at
    /// overall progress `u` (0…1).
    static func catmullRomThrough(_ values: [Double], at u: Double) -> Double {
        let n = values.count
        guard n > 1 else { return values.first ?? 0 }
        let scaled = u * Double(n - 1)
        let i = min(n - 2, max(0, Int(scaled.rounded(.down))))
        let s = scaled - Double(i)
        let p0 = i > 0 ? values[i - 1] : values[i]
        let p3 = i + 2 < n ? values[i + 2] : values[i + 1]
        return catmullRom(p0, values[i], values[i + 1], p3, s)
    }

    // MARK: Timing curves

    /// y at x = `p` on the cubic Bézier (0,0), c1, c2, (1,1), found by 200 bisection steps
    /// on the monotone x(t) (control x coordinates in 0…1).
    static func bezierTiming(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, at p: Double) -> Double {
        func bernstein(_ t: Double, _ a: Double, _ b: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
        }
        if p <= 0 { return 0 }
        if p >= 1 { return 1 }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if bernstein(mid, c1x, c2x) < p { lo = mid } else { hi = mid }
        }
        return bernstein((lo + hi) / 2, c1y, c2y)
    }

    /// Apple's ease-in curve, control points (0.42, 0) and (1, 1), as Float-rounded doubles.
    static func easeIn(_ p: Double) -> Double {
        bezierTiming(Double(Float(0.42)), 0, 1, 1, at: p)
    }

    /// Apple's ease-out curve, control points (0, 0) and (0.58, 1), as Float-rounded doubles.
    static func easeOut(_ p: Double) -> Double {
        bezierTiming(0, 0, Double(Float(0.58)), 1, at: p)
    }

    // MARK: Reading values

    /// The presentation value at `keyPath` of `layer` now, as a Double.
    static func presented(_ layer: CALayer, _ keyPath: String) -> Double? {
        number(layer.presentation()?.value(forKeyPath: keyPath))
    }

    /// Samples `keyPath` of `layer` at each of `times` (seconds after the harness's current
    /// time, ascending), advancing the harness's clock.
    static func sample(_ h: EngineHarness, _ layer: CALayer, _ keyPath: String, at times: [Double]) -> [Double?] {
        let start = h.clock.now
        return times.map { t in
            OQC.withClock(h.clock) { h.clock.advance(to: start + t) }
            return presented(layer, keyPath)
        }
    }

    /// A boxed number of any numeric type, as a Double.
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let v as Double: return v
        case let v as CGFloat: return Double(v)
        case let v as Float: return Double(v)
        case let v as Int: return Double(v)
        case let v as NSNumber: return v.doubleValue
        default: return nil
        }
    }

    /// Whether `a` is within `tolerance` of `b`.
    static func close(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= tolerance
    }
}

extension EngineHarness {
    /// Creates a layer with `make` and commits it, both inside one explicit transaction.
    ///
    /// `makeLayer(_:)` creates the layer outside any transaction, which opens an implicit
    /// transaction that the main queue may commit concurrently with the test; the layer's
    /// first commit (and `display()`) can then land at an unpredictable point of the test.
    /// Creating it inside `begin()`/`commit()` keeps everything on the test's thread.
    func makeLayerInTransaction<L: CALayer>(_ make: () -> L) -> L {
        var made: L?
        commit { made = make() }
        return made!
    }

    /// A plain committed `CALayer`, made inside one explicit transaction.
    func makePlainLayer() -> CALayer { makeLayerInTransaction { CALayer() } }
}

/// Collects diagnostics whose key matches, while the collector is alive.
final class DiagnosticCollector: @unchecked Sendable {
    // `lock` guards `items`.
    private let lock = NSLock()
    private var items: [OQC.Diagnostic] = []
    private var token: AnyObject?

    /// Starts observing diagnostics for `key` (use a key unique to the test).
    init(key: String) {
        token = OQC.observeDiagnostics { [weak self] diagnostic in
            guard diagnostic.key == key, let self else { return }
            self.lock.withLock { self.items.append(diagnostic) }
        }
    }

    /// Everything collected so far.
    var all: [OQC.Diagnostic] { lock.withLock { items } }

    /// The kinds collected so far.
    var kinds: [OQC.Diagnostic.Kind] { all.map(\.kind) }
}
#endif
