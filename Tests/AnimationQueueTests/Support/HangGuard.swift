import Testing

#if !canImport(QuartzCore)
extension Trait where Self == TimeLimitTrait {
    /// The time limit of the scheduler's suites: a guard against hangs, not a speed bound.
    ///
    /// Five minutes, because under Thread Sanitizer (`swift test --sanitize=thread`, which CI
    /// runs) on a shared 2-core machine, with every suite running in parallel, a test that
    /// takes a second on its own took up to 200 s (1,000 gapless steps). A hang still fails
    /// the test instead of stalling the run.
    static var hangGuard: Self { .timeLimit(.minutes(5)) }
}
#endif

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
