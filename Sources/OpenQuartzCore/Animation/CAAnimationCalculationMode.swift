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
