import Foundation

// Core Animation's key-path access to the fields of a transform, such as
// `layer.setValue(0.5, forKeyPath: "transform.rotation.z")`. Apple, Core Animation
// Programming Guide, "Key-Value Coding Extensions", table "CATransform3D key paths":
// - rotation.x / .y / .z: "the rotation, in radians, in the x (y, z) axis";
// - rotation: "identical to setting the rotation.z field";
// - scale.x / .y / .z: "the scale factor for the x (y, z) axis";
// - scale: "the average of all three scale factors";
// - translation.x / .y / .z: "the translation factor along the x (y, z) axis";
// - translation: "an NSValue object containing an NSSize or CGSize data type. That data type
//   indicates the amount to translate in the x and y axis."
// Apple does not document how the fields are extracted; OpenQuartzCore reads them from
// ``DecomposedTransform`` and documents its choices there and below.

extension CATransform3D {
    /// Reads a Core Animation transform sub-path value: "rotation.x", "rotation.y",
    /// "rotation.z", "rotation" (== z), "scale.x", "scale.y", "scale.z", "scale" (average of
    /// the three scale factors), "translation.x", "translation.y", "translation.z",
    /// "translation" (CGSize of x, y). Returns nil for an unknown sub-path.
    ///
    /// Numbers come back as `CGFloat`, `translation` as `CGSize`. Rotations are the Euler
    /// angles of `R = Rx · Ry · Rz` (x applied first), so `rotation.z` of a 2D transform is
    /// `atan2(m12, m11)`, in −π...π. A matrix that cannot be decomposed reads as its
    /// translation with unit scale and no rotation.
    ///
    /// ```swift
    /// CATransform3DMakeRotation(0.5, 0, 0, 1).value(forSubpath: "rotation.z") as? CGFloat  // 0.5
    /// ```
    internal func value(forSubpath subpath: String) -> Any? {
        guard let field = TransformSubpath(rawValue: subpath) else { return nil }
        let parts = decomposedForKeyPaths
        switch field {
        case .rotationX, .rotationY, .rotationZ, .rotation:
            let angles = TransformQuaternion.eulerAngles(parts.quaternion)
            return CGFloat(angles[field.axis])
        case .scaleX, .scaleY, .scaleZ:
            return CGFloat(parts.scale[field.axis])
        case .scale:
            return CGFloat(parts.scale.sum() / 3)
        case .translationX, .translationY, .translationZ:
            return CGFloat(parts.translation[field.axis])
        case .translation:
            return CGSize(width: parts.translation.x, height: parts.translation.y)
        }
    }

    /// Returns a copy with that field replaced (decompose, replace, recompose), or nil for an
    /// unknown sub-path or a value of the wrong type. Numeric values may arrive as CGFloat,
    /// Double, Float, Int or NSNumber (on Linux `Any` holding CGFloat does not bridge to
    /// Double — handle each). "scale" sets all three scale factors; "translation" takes a
    /// CGSize.
    ///
    /// Setting a rotation keeps the other two Euler angles; "rotation" sets z. A CGSize for
    /// "translation" may also arrive boxed in an `NSValue`. The result keeps this matrix's
    /// `m44` factor, so setting a field to the value it reads back returns the same matrix up
    /// to rounding.
    ///
    /// ```swift
    /// let tilted = CATransform3DIdentity.setting(CGFloat.pi / 4, forSubpath: "rotation.z")
    /// ```
    internal func setting(_ value: Any, forSubpath subpath: String) -> CATransform3D? {
        guard let field = TransformSubpath(rawValue: subpath) else { return nil }
        var parts = decomposedForKeyPaths
        switch field {
        case .translation:
            guard let size = TransformSubpath.size(from: value) else { return nil }
            parts.translation.x = Double(size.width)
            parts.translation.y = Double(size.height)
        default:
            guard let number = TransformSubpath.number(from: value) else { return nil }
            switch field {
            case .rotationX, .rotationY, .rotationZ, .rotation:
                var angles = TransformQuaternion.eulerAngles(parts.quaternion)
                angles[field.axis] = number
                parts.quaternion = TransformQuaternion.from(eulerAngles: angles)
            case .scaleX, .scaleY, .scaleZ:
                parts.scale[field.axis] = number
            case .scale:
                parts.scale = SIMD3(repeating: number)
            case .translationX, .translationY, .translationZ:
                parts.translation[field.axis] = number
            case .translation:
                return nil
            }
        }
        let result = parts.transform
        guard m44 != 1, m44 != 0, m44.isFinite else { return result }
        return CATransform3D(entries: result.entries.map { $0 * m44 })
    }

    /// The decomposition the key paths read and write; for a matrix that has none, its
    /// translation with unit scale and no rotation.
    private var decomposedForKeyPaths: DecomposedTransform {
        if let parts = DecomposedTransform(self) { return parts }
        var fallback = DecomposedTransform.identity
        if m44 != 0, m44.isFinite {
            fallback.translation = SIMD3(Double(m41 / m44), Double(m42 / m44), Double(m43 / m44))
        }
        return fallback
    }
}

/// The transform fields Core Animation exposes as key paths.
private enum TransformSubpath: String {
    case rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z"
    case rotation
    case scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z"
    case scale
    case translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z"
    case translation

    /// The axis index 0 (x), 1 (y) or 2 (z) of a per-axis field; `rotation` means z.
    var axis: Int {
        switch self {
        case .rotationX, .scaleX, .translationX: 0
        case .rotationY, .scaleY, .translationY: 1
        case .rotationZ, .rotation, .scaleZ, .translationZ: 2
        case .scale, .translation: 0
        }
    }

    /// The value as a Double, from any Swift binary integer or floating-point type or an
    /// NSNumber. On Linux these do not bridge to each other through `as?`, so each is tried.
    static func number(from value: Any) -> Double? {
        if let v = value as? any BinaryFloatingPoint { return double(v) }
        if let v = value as? any BinaryInteger { return double(v) }
        if let v = value as? NSNumber { return v.doubleValue }
        return nil
    }

    /// The value as a CGSize, unboxing an `NSValue` that holds one.
    static func size(from value: Any) -> CGSize? {
        if let size = value as? CGSize { return size }
        return (value as? NSValue)?.unboxed(CGSize.self)
    }

    private static func double<T: BinaryFloatingPoint>(_ value: T) -> Double { Double(value) }
    private static func double<T: BinaryInteger>(_ value: T) -> Double { Double(value) }
}
