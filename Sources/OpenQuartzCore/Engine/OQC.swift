import Foundation

/// The OpenQuartzCore engine's own API: everything here is *not* part of Apple's QuartzCore.
///
/// Apple-named types (`CALayer`, `CATransaction`, ...) mirror QuartzCore exactly. The few
/// things a headless engine needs beyond that live in this namespace so a reader always
/// knows which is which:
/// - clocks: ``OQC/RealClock`` (the default) and ``OQC/ManualClock`` (virtual time for tests);
/// - diagnostics: reports of input that Core Animation silently ignores;
/// - variance modes (``OQC/Variance``): the other plausible behaviours where Apple leaves an
///   order undocumented, per clock or from `OPENQUARTZCORE_VARIANCE`;
/// - the app's trip to the background, per clock: ``OQC/Clock/enterBackground()`` and
///   ``OQC/Clock/enterForeground()``.
///
/// ```swift
/// let clock = OQC.ManualClock()
/// let layer = OQC.withClock(clock) { CALayer() }   // the layer's tree runs on `clock`
/// clock.advance(by: 0.25)
/// ```
public enum OQC {}
