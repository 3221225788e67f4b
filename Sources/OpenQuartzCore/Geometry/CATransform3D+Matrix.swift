import Foundation

// Internal 4×4 matrix arithmetic shared by the public `CATransform3D…` functions and the
// decomposition. Entries are indexed row-major, `entries[4 * (row - 1) + (column - 1)]` is
// `m<row><column>`, matching Core Animation's row-vector convention (`CATransform3D.h`).

extension CATransform3D {
    /// The sixteen entries in row-major order: `m11, m12, m13, m14, m21, …, m44`.
    internal var entries: [CGFloat] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// Creates a matrix from sixteen entries in row-major order.
    internal init(entries e: [CGFloat]) {
        precondition(e.count == 16, "Internal inconsistency: a 4×4 matrix needs 16 entries, got \(e.count)")
        self.init(
            m11: e[0], m12: e[1], m13: e[2], m14: e[3],
            m21: e[4], m22: e[5], m23: e[6], m24: e[7],
            m31: e[8], m32: e[9], m33: e[10], m34: e[11],
            m41: e[12], m42: e[13], m43: e[14], m44: e[15]
        )
    }

    /// The matrix product `self × other`: `self` applies first to a row vector, then `other`.
    internal func multiplied(by other: CATransform3D) -> CATransform3D {
        let a = entries, b = other.entries
        var r = [CGFloat](repeating: 0, count: 16)
        for row in 0..<4 {
            for column in 0..<4 {
                var sum: CGFloat = 0
                for k in 0..<4 { sum += a[4 * row + k] * b[4 * k + column] }
                r[4 * row + column] = sum
            }
        }
        return CATransform3D(entries: r)
    }

    /// The 2×2 minors of rows 1–2 and rows 3–4, from which the determinant and the adjugate follow.
    private var laplaceMinors: (top: [CGFloat], bottom: [CGFloat]) {
        let top = [
            m11 * m22 - m21 * m12, m11 * m23 - m21 * m13, m11 * m24 - m21 * m14,
            m12 * m23 - m22 * m13, m12 * m24 - m22 * m14, m13 * m24 - m23 * m14,
        ]
        let bottom = [
            m31 * m42 - m41 * m32, m31 * m43 - m41 * m33, m31 * m44 - m41 * m34,
            m32 * m43 - m42 * m33, m32 * m44 - m42 * m34, m33 * m44 - m43 * m34,
        ]
        return (top, bottom)
    }

    /// The determinant, by Laplace expansion along the first two rows.
    internal var determinant: CGFloat {
        let (s, c) = laplaceMinors
        return s[0] * c[5] - s[1] * c[4] + s[2] * c[3] + s[3] * c[2] - s[4] * c[1] + s[5] * c[0]
    }

    /// The inverse matrix, or nil when the matrix is singular or the inverse is not finite.
    internal func inverse() -> CATransform3D? {
        let (s, c) = laplaceMinors
        let det = s[0] * c[5] - s[1] * c[4] + s[2] * c[3] + s[3] * c[2] - s[4] * c[1] + s[5] * c[0]
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        let inverse = CATransform3D(
            m11: (m22 * c[5] - m23 * c[4] + m24 * c[3]) * k,
            m12: (-m12 * c[5] + m13 * c[4] - m14 * c[3]) * k,
            m13: (m42 * s[5] - m43 * s[4] + m44 * s[3]) * k,
            m14: (-m32 * s[5] + m33 * s[4] - m34 * s[3]) * k,
            m21: (-m21 * c[5] + m23 * c[2] - m24 * c[1]) * k,
            m22: (m11 * c[5] - m13 * c[2] + m14 * c[1]) * k,
            m23: (-m41 * s[5] + m43 * s[2] - m44 * s[1]) * k,
            m24: (m31 * s[5] - m33 * s[2] + m34 * s[1]) * k,
            m31: (m21 * c[4] - m22 * c[2] + m24 * c[0]) * k,
            m32: (-m11 * c[4] + m12 * c[2] - m14 * c[0]) * k,
            m33: (m41 * s[4] - m42 * s[2] + m44 * s[0]) * k,
            m34: (-m31 * s[4] + m32 * s[2] - m34 * s[0]) * k,
            m41: (-m21 * c[3] + m22 * c[1] - m23 * c[0]) * k,
            m42: (m11 * c[3] - m12 * c[1] + m13 * c[0]) * k,
            m43: (-m41 * s[3] + m42 * s[1] - m43 * s[0]) * k,
            m44: (m31 * s[3] - m32 * s[1] + m33 * s[0]) * k
        )
        guard inverse.entries.allSatisfy(\.isFinite) else { return nil }
        return inverse
    }
}
