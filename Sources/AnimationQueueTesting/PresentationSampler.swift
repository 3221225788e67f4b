import AnimationQueue
import Foundation

/// Shows layers' animations at exact times, on every platform: a paused host layer whose
/// time the test chooses (Apple's recipe for pausing animations, QA1673).
///
/// Add the layers to sample with ``add(_:)``, add animations to them (directly, or by
/// starting an ``AnimationOperation`` on the main thread; only its animation is sampled, it
/// does not finish), then ``seek(to:)`` a time and read ``presentation(of:)``. An animation
/// begins at the time shown when it is added: one added right after ``add(_:)`` shows its
/// value at `t` seconds after ``seek(to:)`` `t`.
///
/// ```swift
/// @MainActor @Test func fadeShowsAQuarterAfterATenthOfASecond() {
///     let sampler = PresentationSampler()
///     let card = CALayer()
///     sampler.add(card)
///     let fade = CABasicAnimation(keyPath: "opacity")
///     fade.fromValue = 0
///     fade.toValue = 1
///     fade.duration = 0.4
///     card.add(fade, forKey: "fade")
///     sampler.seek(to: 0.1)
///     #expect(sampler.presentation(of: card)?.opacity == 0.25)
/// }
/// ```
///
/// **How it works.** The host has `speed = 0`, so its sublayers' local time stands still at
/// the host's `timeOffset`; an animation added under it begins at that local time when its
/// transaction commits; and moving `timeOffset` (then committing with
/// `CATransaction.flush()`) shows every animation below at exactly the new time. Nothing
/// waits for real time.
///
/// **Platforms.** Every platform: it uses only Core Animation's public API, so on Apple
/// platforms it samples the real QuartzCore and on Linux OpenQuartzCore. What it does not
/// do: completions and `animationDidStop(_:finished:)` of paused animations are not part
/// of sampling (Core Animation does not promise them when a paused layer's time is moved),
/// so operations and chains do not finish under it; on Linux, ``AnimationTestClock``
/// advances whole chains. The Apple behaviour probes check the facts above on a Mac.
@MainActor
public final class PresentationSampler {
    /// The paused layer the sampled layers are added to.
    public let host: CALayer
    /// The host's local time when the sampler was made: nonzero, because an animation's
    /// `beginTime` of 0 means "not yet resolved" to Core Animation.
    private static let origin: CFTimeInterval = 1

    /// The time shown, in seconds since the sampler was made.
    public var time: CFTimeInterval { host.timeOffset - Self.origin }

    /// Creates a sampler showing time 0.
    public init() {
        host = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        host.speed = 0
        host.timeOffset = Self.origin
        CATransaction.commit()
        CATransaction.flush()
    }

    /// Adds `layer` under the host, committed, so that its animations run on the sampler's
    /// time and it has a presentation layer.
    public func add(_ layer: CALayer) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        host.addSublayer(layer)
        CATransaction.commit()
        CATransaction.flush()
    }

    /// Shows the sampled layers at `time` seconds since the sampler was made.
    ///
    /// - Precondition: `time` is finite and not negative.
    public func seek(to time: CFTimeInterval) {
        precondition(time.isFinite && time >= 0,
                     "PresentationSampler.seek(to:) needs a finite time of 0 or more (seconds since the sampler was made); got \(time)")
        // Animations added since the last commit begin at the time shown so far: commit
        // them before the time changes, or they would begin at the new time.
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        host.timeOffset = Self.origin + time
        CATransaction.commit()
        CATransaction.flush()
    }

    /// Shows the sampled layers `interval` seconds later.
    public func seek(by interval: CFTimeInterval) {
        seek(to: time + interval)
    }

    /// `layer`'s presentation at the sampler's time, after committing every pending change
    /// (such as animations added since the last seek).
    public func presentation<Layer: CALayer>(of layer: Layer) -> Layer? {
        CATransaction.flush()
        return layer.presentation()
    }
}
