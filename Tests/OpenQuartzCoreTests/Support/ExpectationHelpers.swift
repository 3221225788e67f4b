#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

// Shared tolerance helpers and independent references for fidelity tests.
//
// Nothing here calls the engine's internal helpers (ActiveTiming, AnimatableValue,
// KeyframeTrack, SpringSolver, CAMediaTimingFunction.evaluate): expectations are computed
// from closed forms, hand arithmetic, or the brute-force references below.

// MARK: - Tolerance expectations

/// Expects `actual` to be within `tolerance` of `expected`; a nil `actual` fails.
func expectClose(
    _ actual: Double?, _ expected: Double, tolerance: Double = 1e-9,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let actual else {
        Issue.record("expected \(expected), got nil. \(comment.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
        return
    }
    #expect(abs(actual - expected) <= tolerance,
            "expected \(expected) ± \(tolerance), got \(actual). \(comment.map { "\($0)" } ?? "")",
            sourceLocation: sourceLocation)
}

/// Expects sampled values to match `expected` one for one, each within `tolerance`; a nil
/// sample fails (the keyframe tests' sample lists, from `ReferenceSolvers.sample`).
func expectClose(_ actual: [Double?], _ expected: [Double], _ tolerance: Double = 1e-9,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(actual.count == expected.count, sourceLocation: sourceLocation)
    for (a, e) in zip(actual, expected) {
        #expect(ReferenceSolvers.close(a, e, tolerance), "got \(String(describing: a)), expected \(e)",
                sourceLocation: sourceLocation)
    }
}

/// Expects a `CGFloat` to be within `tolerance` of `expected`.
func expectClose(
    _ actual: CGFloat?, _ expected: Double, tolerance: Double = 1e-9,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    expectClose(actual.map { Double($0) }, expected, tolerance: tolerance, comment, sourceLocation: sourceLocation)
}

/// Expects a `Float` (opacity, shadowOpacity) to be within `tolerance` of `expected`.
/// The default tolerance allows for Float storage.
func expectClose(
    _ actual: Float?, _ expected: Double, tolerance: Double = 1e-6,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    expectClose(actual.map { Double($0) }, expected, tolerance: tolerance, comment, sourceLocation: sourceLocation)
}

/// Expects each component of a point to be within `tolerance`.
func expectClose(
    _ actual: CGPoint?, _ expected: CGPoint, tolerance: Double = 1e-9,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    expectComponents(actual.map { [$0.x, $0.y] }, [expected.x, expected.y],
                     tolerance: tolerance, comment, sourceLocation: sourceLocation)
}

/// Expects each component of a size to be within `tolerance`.
func expectClose(
    _ actual: CGSize?, _ expected: CGSize, tolerance: Double = 1e-9,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    expectComponents(actual.map { [$0.width, $0.height] }, [expected.width, expected.height],
                     tolerance: tolerance, comment, sourceLocation: sourceLocation)
}

/// Expects origin and size of a rect to be within `tolerance`.
func expectClose(
    _ actual: CGRect?, _ expected: CGRect, tolerance: Double = 1e-9,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    func parts(_ r: CGRect) -> [CGFloat] { [r.origin.x, r.origin.y, r.size.width, r.size.height] }
    expectComponents(actual.map(parts), parts(expected), tolerance: tolerance, comment, sourceLocation: sourceLocation)
}

/// Expects all sixteen entries of a transform to be within `tolerance`.
func expectClose(
    _ actual: CATransform3D?, _ expected: CATransform3D, tolerance: Double = 1e-9,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    expectComponents(actual.map(matrixEntries), matrixEntries(expected),
                     tolerance: tolerance, comment, sourceLocation: sourceLocation)
}

/// Expects the RGBA components of a color to be within `tolerance` of `rgba`.
func expectClose(
    _ actual: CGColor?, rgba expected: [CGFloat], tolerance: Double = 1e-9,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    expectComponents(actual?.components, expected, tolerance: tolerance, comment, sourceLocation: sourceLocation)
}

/// Expects two equally long component lists to agree within `tolerance`.
func expectComponents(
    _ actual: [CGFloat]?, _ expected: [CGFloat], tolerance: Double,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    let note = comment.map { "\($0)" } ?? ""
    guard let actual else {
        Issue.record("expected \(expected), got nil. \(note)", sourceLocation: sourceLocation)
        return
    }
    let agrees = actual.count == expected.count
        && zip(actual, expected).allSatisfy { abs(Double($0) - Double($1)) <= tolerance }
    #expect(agrees, "expected \(expected) ± \(tolerance), got \(actual). \(note)", sourceLocation: sourceLocation)
}

/// The sixteen entries of a transform in row-major order (m11, m12, …, m44).
func matrixEntries(_ t: CATransform3D) -> [CGFloat] {
    [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
     t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
}

// MARK: - Hand-built reference matrices (row-vector convention, translation in m41–m43)

/// A rotation by `angle` about z, written out: [[c, s], [−s, c]] in the upper-left block.
func referenceRotationZ(_ angle: Double) -> CATransform3D {
    var t = referenceIdentity()
    let c = CGFloat(cos(angle)), s = CGFloat(sin(angle))
    t.m11 = c; t.m12 = s
    t.m21 = -s; t.m22 = c
    return t
}

/// A scale, written out on the diagonal.
func referenceScale(_ sx: Double, _ sy: Double, _ sz: Double) -> CATransform3D {
    var t = referenceIdentity()
    t.m11 = CGFloat(sx); t.m22 = CGFloat(sy); t.m33 = CGFloat(sz)
    return t
}

/// A translation, written out in the bottom row.
func referenceTranslation(_ tx: Double, _ ty: Double, _ tz: Double) -> CATransform3D {
    var t = referenceIdentity()
    t.m41 = CGFloat(tx); t.m42 = CGFloat(ty); t.m43 = CGFloat(tz)
    return t
}

/// The identity matrix, written out.
func referenceIdentity() -> CATransform3D {
    CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0,
                  m21: 0, m22: 1, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0,
                  m41: 0, m42: 0, m43: 0, m44: 1)
}

// MARK: - Cubic Bézier timing reference

/// A cubic Bézier timing curve through (0,0), c1, c2, (1,1), solved by plain bisection.
///
/// Independent of the engine's `UnitBezier` (power form + Newton): Bernstein form, and
/// bisection on x(t) = p until the bracket stops shrinking.
struct ReferenceTimingCurve: Sendable {
    let c1x: Double, c1y: Double, c2x: Double, c2y: Double

    /// Control points as `Float`, as Core Animation stores them.
    init(_ c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        (self.c1x, self.c1y, self.c2x, self.c2y) = (Double(c1x), Double(c1y), Double(c2x), Double(c2y))
    }

    /// Apple's named curves, with the control points Apple documents for each name.
    static let easeIn = ReferenceTimingCurve(0.42, 0, 1, 1)
    static let easeOut = ReferenceTimingCurve(0, 0, 0.58, 1)
    static let easeInEaseOut = ReferenceTimingCurve(0.42, 0, 0.58, 1)
    static let `default` = ReferenceTimingCurve(0.25, 0.1, 0.25, 1)

    private static func coordinate(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let s = 1 - t
        return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
    }

    /// The eased progress y for input progress x in [0, 1].
    func callAsFunction(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var lower = 0.0, upper = 1.0
        for _ in 0..<200 {
            let middle = (lower + upper) / 2
            if middle == lower || middle == upper { break }
            if Self.coordinate(middle, c1x, c2x) < x { lower = middle } else { upper = middle }
        }
        return Self.coordinate((lower + upper) / 2, c1y, c2y)
    }
}

// MARK: - Time-stamped callbacks

/// A thread-safe log of events with the virtual time at which each happened.
final class StampedLog: @unchecked Sendable {
    // `lock` guards `entries`.
    private let lock = NSLock()
    private var entries: [(event: String, time: Double)] = []

    func append(_ event: String, at time: Double) { lock.withLock { entries.append((event, time)) } }

    /// The events, in order.
    var events: [String] { lock.withLock { entries.map(\.event) } }

    /// The time of the first event named `event`, if any.
    func time(of event: String) -> Double? { lock.withLock { entries.first { $0.event == event }?.time } }
}

/// A delegate that logs "start" and "stop(finished)" with the clock time.
final class StampingDelegate: CAAnimationDelegate, @unchecked Sendable {
    let log: StampedLog
    let clock: OQC.ManualClock

    init(log: StampedLog, clock: OQC.ManualClock) {
        self.log = log
        self.clock = clock
    }

    func animationDidStart(_ anim: CAAnimation) { log.append("start", at: clock.now) }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        log.append("stop(\(flag))", at: clock.now)
    }
}

// MARK: - Harness conveniences

extension EngineHarness {
    /// Advances the clock to the absolute virtual time `time` (no-op if already past it).
    func advanceClock(to time: Double) {
        OQC.withClock(clock) { clock.advance(to: time) }
    }

    /// Sets model values without implicit animations, in an explicit transaction.
    func setModel(_ body: () -> Void) {
        commit {
            CATransaction.setDisableActions(true)
            body()
        }
    }
}
#endif
