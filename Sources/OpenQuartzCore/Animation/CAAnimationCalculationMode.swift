import Foundation

/// How a keyframe animation computes values between keyframes.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's `kCAAnimation…` constants.
    public let rawValue: String
    /// Creates a calculation mode from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Straight-line interpolation between keyframes (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// Each value holds until the next key time; no interpolation.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Linear interpolation at constant velocity; keyTimes and timingFunctions are ignored.
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A Catmull-Rom-style spline through the keyframes, shaped by tension, continuity and bias.
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// The cubic spline traversed at constant velocity; keyTimes and timingFunctions are ignored.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Whether a layer animated along a keyframe animation's `path` turns to follow it.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's `kCAAnimationRotate…` constants.
    public let rawValue: String
    /// Creates a rotation mode from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Turns to match the path's tangent.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// Turns to match the path's tangent plus 180°.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}
