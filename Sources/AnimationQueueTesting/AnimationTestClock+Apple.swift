import AnimationQueue
import Foundation
#if canImport(QuartzCore)

/// Virtual time for testing animation chains, plans and graphs deterministically: available
/// where AnimationQueue runs on OpenQuartzCore (Linux), not on Apple platforms.
///
/// The clock drives OpenQuartzCore's engine clock, which schedules every completion and
/// `animationDidStop(_:finished:)`; moving it settles whole cascades. On Apple platforms
/// Core Animation's render server keeps real time, no API moves it, and a paused layer's
/// animations do not complete when its time is moved past their end, so a chain cannot be
/// advanced faithfully. Instead:
/// - sample presentation values at exact times with ``PresentationSampler``;
/// - test chains, plans and graphs with short real durations and a timeout on every wait;
/// - run the virtual-time tests with `swift test` on Linux.
@available(*, unavailable, message: "AnimationTestClock drives OpenQuartzCore's clock and exists only where AnimationQueue runs on it (Linux); Core Animation's real time cannot be advanced. Sample presentation values with PresentationSampler, or run virtual-time tests on Linux.")
public final class AnimationTestClock: Sendable {
    /// Unavailable on Apple platforms; see ``AnimationTestClock``.
    @available(*, unavailable, message: "AnimationTestClock exists only where AnimationQueue runs on OpenQuartzCore (Linux).")
    public init(now: TimeInterval = 0, settleTimeout: TimeInterval = 5) {}
}
#endif
