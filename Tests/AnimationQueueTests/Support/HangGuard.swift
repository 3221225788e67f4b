import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of the scheduler's suites: a guard against hangs, not a speed bound.
    ///
    /// Five minutes, because under Thread Sanitizer (`swift test --sanitize=thread`, which CI
    /// runs) on a shared 2-core machine, with every suite running in parallel, a test that
    /// takes a second on its own took up to 200 s (1,000 gapless steps). A hang still fails
    /// the test instead of stalling the run.
    static var hangGuard: Self { .timeLimit(.minutes(5)) }
}
