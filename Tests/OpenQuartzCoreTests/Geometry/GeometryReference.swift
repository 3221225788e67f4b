#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
@testable import OpenQuartzCore

/// Independent reference computations for the geometry tests: row-vector point mapping,
/// tolerant comparisons and a seeded generator. Nothing here calls the code under test
/// except to read a matrix's entries.
enum GeometryReference {
    /// A point in 3D.
    typealias Point3 = (x: Double, y: Double, z: Double)

    /// Maps `p` through `t` as Core Animation does: the row vector `(x, y, z, 1)` times the
    /// matrix, then the homogeneous divide.
    static func apply(_ t: CATransform3D, to p: Point3) -> Point3 {
        let (x, y, z) = (CGFloat(p.x), CGFloat(p.y), CGFloat(p.z))
        let rx = x * t.m11 + y * t.m21 + z * t.m31 + t.m41
        let ry = x * t.m12 + y * t.m22 + z * t.m32 + t.m42
        let rz = x * t.m13 + y * t.m23 + z * t.m33 + t.m43
        let rw = x * t.m14 + y * t.m24 + z * t.m34 + t.m44
        return (Double(rx / rw), Double(ry / rw), Double(rz / rw))
    }

    /// Whether two numbers agree within `tolerance`.
    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool {
        abs(a - b) <= tolerance
    }

    /// Whether two numbers agree within `tolerance`.
    static func close(_ a: CGFloat, _ b: CGFloat, _ tolerance: Double = 1e-12) -> Bool {
        close(Double(a), Double(b), tolerance)
    }

    /// Whether two points agree within `tolerance` in every coordinate.
    static func close(_ a: Point3, _ b: Point3, _ tolerance: Double = 1e-12) -> Bool {
        close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance) && close(a.z, b.z, tolerance)
    }

    /// Whether two matrices agree within `tolerance` in every entry.
    static func close(_ a: CATransform3D, _ b: CATransform3D, _ tolerance: Double = 1e-12) -> Bool {
        maxDifference(a, b) <= tolerance
    }

    /// The largest absolute difference between corresponding entries.
    static func maxDifference(_ a: CATransform3D, _ b: CATransform3D) -> Double {
        let lhs = [a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24,
                   a.m31, a.m32, a.m33, a.m34, a.m41, a.m42, a.m43, a.m44]
        let rhs = [b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24,
                   b.m31, b.m32, b.m33, b.m34, b.m41, b.m42, b.m43, b.m44]
        return zip(lhs, rhs).map { Double(abs($0 - $1)) }.max() ?? 0
    }

    /// A few sample points that span 3D space, for checking a matrix by its action.
    static let samplePoints: [Point3] = [
        (0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1), (2, -3, 5), (-7, 0.5, 1.25),
    ]

    /// The identity written out entry by entry, independently of `CATransform3DIdentity`.
    static let identity = CATransform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1
    )
}

/// SplitMix64: a tiny seeded generator, so "random" inputs are the same on every run.
struct GeometrySeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A Double uniformly drawn from `range`.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }
}
#endif
