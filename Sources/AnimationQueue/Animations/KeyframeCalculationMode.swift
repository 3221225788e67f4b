import Foundation

/// How a keyframe animation computes values between its keyframes.
///
/// Core Animation's `CAAnimationCalculationMode`, as a `Sendable` enum.
///
/// ```swift
/// KeyframeAnimation(.opacity, values: [0, 1, 0.5], duration: 1, calculationMode: .paced)
/// ```
public enum KeyframeCalculationMode: Sendable, Hashable, CaseIterable {
    /// Straight-line interpolation between keyframes, at the key times (the default).
    case linear
    /// No interpolation: each value holds until the next key time. Takes one more key
    /// time than values.
    case discrete
    /// Linear interpolation at constant velocity; key times and segment timings are not used.
    case paced
    /// A smooth Catmull-Rom spline through the keyframes, at the key times.
    case cubic
    /// A smooth spline at constant velocity; key times and segment timings are not used.
    case cubicPaced

    /// The Core Animation mode.
    public var coreAnimationMode: CAAnimationCalculationMode {
        switch self {
        case .linear: return .linear
        case .discrete: return .discrete
        case .paced: return .paced
        case .cubic: return .cubic
        case .cubicPaced: return .cubicPaced
        }
    }

    /// Whether Core Animation ignores key times and segment timings in this mode.
    var isPaced: Bool { self == .paced || self == .cubicPaced }
}
