import Foundation

/// Rotation helpers for ``DecomposedTransform``: unit quaternions `(x, y, z, w)`, rotation
/// matrices in Core Animation's row-vector convention, spherical interpolation and the Euler
/// angles behind the `rotation.x/y/z` key paths.
///
/// The sense of rotation is `CATransform3DMakeRotation`'s: the quaternion for `angle` about
/// the unit axis `n` is `(n·sin(angle/2), cos(angle/2))`, and its row-vector matrix has
/// `m12 = sin(angle)` for a rotation about +z.
internal enum TransformQuaternion {
    /// The quaternion of a proper rotation matrix given by its rows (Shepperd's method),
    /// normalized and with `w ≥ 0`.
    static func from(rotationRows r: [SIMD3<Double>]) -> SIMD4<Double> {
        let trace = r[0].x + r[1].y + r[2].z
        var q: SIMD4<Double>
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = SIMD4((r[1].z - r[2].y) / s, (r[2].x - r[0].z) / s, (r[0].y - r[1].x) / s, s / 4)
        } else if r[0].x > r[1].y && r[0].x > r[2].z {
            let s = (1 + r[0].x - r[1].y - r[2].z).squareRoot() * 2
            q = SIMD4(s / 4, (r[0].y + r[1].x) / s, (r[0].z + r[2].x) / s, (r[1].z - r[2].y) / s)
        } else if r[1].y > r[2].z {
            let s = (1 + r[1].y - r[0].x - r[2].z).squareRoot() * 2
            q = SIMD4((r[0].y + r[1].x) / s, s / 4, (r[1].z + r[2].y) / s, (r[2].x - r[0].z) / s)
        } else {
            let s = (1 + r[2].z - r[0].x - r[1].y).squareRoot() * 2
            q = SIMD4((r[0].z + r[2].x) / s, (r[1].z + r[2].y) / s, s / 4, (r[0].y - r[1].x) / s)
        }
        q /= (q * q).sum().squareRoot()
        return q.w < 0 ? -q : q
    }

    /// The rows of the rotation matrix of the unit quaternion `q`.
    static func rotationRows(_ q: SIMD4<Double>) -> [SIMD3<Double>] {
        let (x, y, z, w) = (q.x, q.y, q.z, q.w)
        return [
            SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
            SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
            SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)),
        ]
    }

    /// Spherical linear interpolation along the shorter arc; `t` may lie outside 0...1.
    ///
    /// A matrix cannot tell a rotation by θ from one by θ − 2π, so the shorter arc is the
    /// only choice that does not depend on how the quaternion's sign was picked.
    static func slerp(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
        var b = b
        var cosine = (a * b).sum()
        if cosine < 0 {
            b = -b
            cosine = -cosine
        }
        var result: SIMD4<Double>
        if cosine > 0.9995 {
            result = a + (b - a) * t
        } else {
            let theta = acos(Swift.min(cosine, 1))
            result = (sin((1 - t) * theta) * a + sin(t * theta) * b) / sin(theta)
        }
        result /= (result * result).sum().squareRoot()
        return result.w < 0 ? -result : result
    }

    /// The Euler angles `(x, y, z)` of `q`, in radians, such that the rotation is "about x,
    /// then about y, then about z" in fixed axes: `R = Rx(x) · Ry(y) · Rz(z)` in row-vector
    /// form. For a rotation about z alone this gives `atan2(m12, m11)`.
    static func eulerAngles(_ q: SIMD4<Double>) -> SIMD3<Double> {
        let r = rotationRows(q)
        let sineY = Swift.min(Swift.max(-r[0].z, -1), 1)
        let y = asin(sineY)
        if abs(sineY) < 1 - 1e-12 {
            return SIMD3(atan2(r[1].z, r[2].z), y, atan2(r[0].y, r[0].x))
        }
        // Gimbal lock: only x − z (or x + z) is defined; put it all in z.
        return SIMD3(0, y, atan2(-r[1].x, r[1].y))
    }

    /// The quaternion of the Euler angles `e`, the inverse of ``eulerAngles(_:)``.
    static func from(eulerAngles e: SIMD3<Double>) -> SIMD4<Double> {
        let (ca, sa) = (cos(e.x), sin(e.x))
        let (cb, sb) = (cos(e.y), sin(e.y))
        let (cg, sg) = (cos(e.z), sin(e.z))
        return from(rotationRows: [
            SIMD3(cb * cg, cb * sg, -sb),
            SIMD3(sa * sb * cg - ca * sg, sa * sb * sg + ca * cg, sa * cb),
            SIMD3(ca * sb * cg + sa * sg, ca * sb * sg - sa * cg, ca * cb),
        ])
    }
}
