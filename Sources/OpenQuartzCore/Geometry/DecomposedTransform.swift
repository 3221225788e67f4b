import Foundation

/// A `CATransform3D` split into the parts Core Animation animates independently.
///
/// Core Animation interpolates transforms by decomposing them, as CSS Transforms Level 2
/// ("Interpolation of Matrices") specifies for the web, and exposes the parts through the key
/// paths `rotation.x`, `scale.y`, `translation.z`, … (Apple, Core Animation Programming Guide,
/// "Key-Value Coding Extensions"). The model, in Core Animation's row-vector convention, is
///
///     M = S · K · R · T · P   (applied left to right to a row vector)
///
/// where `S` scales, `K` skews (lower unit-triangular: `xy`, `xz`, `yz`), `R` is the rotation
/// (a unit quaternion), `T` translates and `P` is the perspective
/// `[1 0 0 p.x; 0 1 0 p.y; 0 0 1 p.z; 0 0 0 p.w]`. The matrix is first divided by `m44`.
///
/// Unlike the CSS pseudo-code, a negative determinant flips a single axis (the one that
/// leaves the rotation closest to identity) instead of all three, and a zero scale factor is
/// representable, so `scale.x = 0` followed by `scale.x = 1` restores the original matrix.
internal struct DecomposedTransform: Equatable, Sendable {
    /// The translation `(m41, m42, m43)` of the normalized matrix.
    var translation: SIMD3<Double>
    /// The scale factors along x, y and z.
    var scale: SIMD3<Double>
    /// The shear factors `xy`, `xz` and `yz`.
    var skew: SIMD3<Double>
    /// The perspective row `(p.x, p.y, p.z, p.w)`; `(0, 0, 0, 1)` for none.
    var perspective: SIMD4<Double>
    /// The rotation as a unit quaternion `(x, y, z, w)` with `w ≥ 0`.
    var quaternion: SIMD4<Double>

    /// The decomposition of the identity transform.
    static let identity = DecomposedTransform(
        translation: .zero, scale: .one, skew: .zero,
        perspective: SIMD4(0, 0, 0, 1), quaternion: SIMD4(0, 0, 0, 1)
    )

    /// Creates a decomposition from its parts.
    init(
        translation: SIMD3<Double>, scale: SIMD3<Double>, skew: SIMD3<Double>,
        perspective: SIMD4<Double>, quaternion: SIMD4<Double>
    ) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.perspective = perspective
        self.quaternion = quaternion
    }

    /// Decomposes `transform`, or returns nil when it has no such decomposition: `m44` is 0,
    /// an entry is not finite, the perspective part is singular, or the upper 3×3 has
    /// linearly dependent non-zero rows.
    init?(_ transform: CATransform3D) {
        let raw = transform.entries.map { Double($0) }
        guard raw.allSatisfy(\.isFinite), raw[15] != 0 else { return nil }
        let m = raw.map { $0 / raw[15] }

        // Perspective: M's fourth column is A · p, where A is M with that column reset.
        let column = SIMD4(m[3], m[7], m[11], m[15])
        if column.x != 0 || column.y != 0 || column.z != 0 {
            var affine = m
            (affine[3], affine[7], affine[11], affine[15]) = (0, 0, 0, 1)
            guard let inverse = CATransform3D(entries: affine.map { CGFloat($0) }).inverse() else { return nil }
            let a = inverse.entries.map { Double($0) }
            perspective = SIMD4(
                (0..<4).map { row in (0..<4).reduce(0) { $0 + a[4 * row + $1] * column[$1] } }
            )
        } else {
            perspective = SIMD4(0, 0, 0, 1)
        }

        translation = SIMD3(m[12], m[13], m[14])
        let rows = [SIMD3(m[0], m[1], m[2]), SIMD3(m[4], m[5], m[6]), SIMD3(m[8], m[9], m[10])]
        guard let linear = LinearDecomposition(rows: rows) else { return nil }
        scale = linear.scale
        skew = linear.skew
        quaternion = TransformQuaternion.from(rotationRows: linear.rotation)
    }

    /// The matrix `S · K · R · T · P` this decomposition describes.
    var transform: CATransform3D {
        let r = TransformQuaternion.rotationRows(quaternion)
        let rows = [
            scale.x * r[0],
            scale.y * (skew.x * r[0] + r[1]),
            scale.z * (skew.y * r[0] + skew.z * r[1] + r[2]),
        ]
        var e = [Double](repeating: 0, count: 16)
        for i in 0..<3 {
            (e[4 * i], e[4 * i + 1], e[4 * i + 2]) = (rows[i].x, rows[i].y, rows[i].z)
            e[4 * i + 3] = (rows[i] * SIMD3(perspective.x, perspective.y, perspective.z)).sum()
        }
        (e[12], e[13], e[14]) = (translation.x, translation.y, translation.z)
        e[15] = (translation * SIMD3(perspective.x, perspective.y, perspective.z)).sum() + perspective.w
        return CATransform3D(entries: e.map { CGFloat($0) })
    }
}

/// The upper 3×3 of a transform as `S · K · R`: scale, skew and a proper rotation.
private struct LinearDecomposition {
    var scale: SIMD3<Double>
    var skew: SIMD3<Double>
    /// The rows of the rotation matrix, orthonormal with determinant +1.
    var rotation: [SIMD3<Double>]

    /// Gram–Schmidt on the rows (Spencer W. Thomas, "Decomposing a matrix into simple
    /// transformations", Graphics Gems II, as used by CSS Transforms Level 2).
    init?(rows u: [SIMD3<Double>]) {
        let basis = LinearDecomposition.orthonormalBasis(completing: u)
        guard let r = basis else { return nil }
        var scale = SIMD3(dot(u[0], r[0]), dot(u[1], r[1]), dot(u[2], r[2]))
        var skew = SIMD3(
            scale.y != 0 ? dot(r[0], u[1]) / scale.y : 0,
            scale.z != 0 ? dot(r[0], u[2]) / scale.z : 0,
            scale.z != 0 ? dot(r[1], u[2]) / scale.z : 0
        )
        var rotation = r
        // A reflection: negate one axis so that R is a proper rotation.
        if dot(r[0], cross(r[1], r[2])) < 0 {
            let flip: Int
            if let zero = (0..<3).first(where: { scale[$0] == 0 }) {
                flip = zero
            } else {
                flip = (0..<3).min(by: { r[$0][$0] < r[$1][$1] }) ?? 0
            }
            rotation[flip] = -rotation[flip]
            scale[flip] = scale[flip] == 0 ? 0 : -scale[flip]
            // Skews pairing the flipped axis with another change sign (D·K·D with D = diag(±1)).
            if flip == 0 || flip == 1 { skew.x = -skew.x }
            if flip == 0 || flip == 2 { skew.y = -skew.y }
            if flip == 1 || flip == 2 { skew.z = -skew.z }
        }
        self.scale = scale
        self.skew = skew
        self.rotation = rotation
        // Reject matrices this model cannot reproduce (dependent non-zero rows).
        let rebuilt = [
            scale.x * rotation[0],
            scale.y * (skew.x * rotation[0] + rotation[1]),
            scale.z * (skew.y * rotation[0] + skew.z * rotation[1] + rotation[2]),
        ]
        let size = u.map { ($0 * $0).sum() }.reduce(0, +).squareRoot()
        let error = zip(rebuilt, u).map { (($0 - $1) * ($0 - $1)).sum() }.reduce(0, +).squareRoot()
        guard error <= 1e-9 * size else { return nil }
    }

    /// An orthonormal basis whose i-th vector follows row i by Gram–Schmidt; an all-zero row
    /// is replaced by a direction completing the others (right-handed where possible).
    private static func orthonormalBasis(completing u: [SIMD3<Double>]) -> [SIMD3<Double>]? {
        var filled = u
        let axes = [SIMD3<Double>(1, 0, 0), SIMD3<Double>(0, 1, 0), SIMD3<Double>(0, 0, 1)]
        for i in 0..<3 where u[i] == .zero {
            let next = filled[(i + 1) % 3], after = filled[(i + 2) % 3]
            let normal = cross(next, after)
            if length(normal) > 1e-12 * length(next) * length(after), length(normal) > 0 {
                filled[i] = normal
                continue
            }
            // Fewer than two usable directions: pick the coordinate axis least aligned with them.
            let known = [next, after].filter { $0 != .zero }.map { $0 / length($0) }
            let candidates = ([axes[i]] + axes).map { axis in
                known.reduce(axis) { $0 - dot($0, $1) * $1 }
            }
            filled[i] = candidates.max(by: { length($0) < length($1) }) ?? axes[i]
        }
        var r = [SIMD3<Double>]()
        for i in 0..<3 {
            var v = filled[i]
            for previous in r { v -= dot(v, previous) * previous }
            let size = length(v)
            guard size > 1e-12 * length(filled[i]) else { return nil }
            r.append(v / size)
        }
        return r
    }
}

/// The dot product of two 3-vectors.
private func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }

/// The cross product `a × b`.
private func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

/// The Euclidean length of a 3-vector.
private func length(_ a: SIMD3<Double>) -> Double { dot(a, a).squareRoot() }
