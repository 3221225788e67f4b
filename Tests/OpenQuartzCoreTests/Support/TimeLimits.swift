import Testing

/// Time limits for suites that also compile on Apple platforms, where Swift Testing's
/// `.timeLimit` needs macOS 13, iOS 16 or tvOS 16 and the package supports older systems.
enum TimeLimits {
    /// A time limit of `minutes` where the system has one, else no limit.
    ///
    /// ```swift
    /// @Suite(TimeLimits.suite(minutes: 1)) struct RealTimeTests { … }
    /// ```
    static func suite(minutes: Int) -> any SuiteTrait {
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            return TimeLimitTrait.timeLimit(.minutes(minutes))
        }
        return ConditionTrait.enabled(if: true)
    }
}
