import Foundation

extension CATransform3D {
    /// Interpolates by decomposing both matrices (translation, scale, skew, perspective,
    /// rotation as quaternion, slerp), the way Core Animation / CSS transforms interpolate;
    /// falls back to component-wise lerp when either matrix can't be decomposed.
    ///
    /// Translation, scale, skew and perspective interpolate linearly, the rotation along the
    /// shorter great arc (CSS Transforms Level 2, "Interpolation of Matrices"). `fraction`
    /// may lie outside 0...1, as spring and overshooting timing curves need. Exactly 0 returns
    /// `self` and exactly 1 returns `other`, bit for bit.
    ///
    /// ```swift
    /// let half = CATransform3DIdentity.interpolated(to: CATransform3DMakeRotation(.pi / 2, 0, 0, 1),
    ///                                               fraction: 0.5)   // a 45° rotation
    /// ```
    internal func interpolated(to other: CATransform3D, fraction: Double) -> CATransform3D {
        if fraction == 0 || CATransform3DEqualToTransform(self, other) { return self }
        if fraction == 1 { return other }
        guard let from = DecomposedTransform(self), let to = DecomposedTransform(other) else {
            return componentwiseInterpolated(to: other, fraction: fraction)
        }
        return from.interpolated(to: to, fraction: fraction).transform
    }

    /// Interpolates each of the sixteen entries linearly.
    internal func componentwiseInterpolated(to other: CATransform3D, fraction: Double) -> CATransform3D {
        let t = CGFloat(fraction)
        return CATransform3D(entries: zip(entries, other.entries).map { $0 + ($1 - $0) * t })
    }
}

extension DecomposedTransform {
    /// Interpolates every part linearly, except the rotation, which is slerped.
    func interpolated(to other: DecomposedTransform, fraction t: Double) -> DecomposedTransform {
        DecomposedTransform(
            translation: translation + (other.translation - translation) * t,
            scale: scale + (other.scale - scale) * t,
            skew: skew + (other.skew - skew) * t,
            perspective: perspective + (other.perspective - perspective) * t,
            quaternion: TransformQuaternion.slerp(quaternion, other.quaternion, t)
        )
    }
}
