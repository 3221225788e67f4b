import Foundation

/// A typed description of an animation of one layer.
///
/// `BasicAnimation`, `KeyframeAnimation`, `SpringAnimation` and `AnimationGroup` conform.
/// A description is a `Sendable` value: build it anywhere, run it on any queue. It becomes
/// Core Animation objects only when its operation starts, on the main thread, against the
/// layer's state at that moment.
public protocol LayerAnimation: Sendable {
    /// Resolves the description against `layer`'s current state (called on the main thread).
    ///
    /// The model-first contract, which ``AnimationOperation`` follows:
    /// 1. Call `resolve(for:)` once, when the operation starts, on the main thread.
    /// 2. Inside `CATransaction.begin()` / `setDisableActions(true)`, write every entry of
    ///    ``ResolvedAnimation/finalValues``, in order, with `layer.setValue(_:forKeyPath:)`.
    /// 3. If ``ResolvedAnimation/animation`` is nil, commit: there is nothing to wait for.
    /// 4. Otherwise call ``ResolvedAnimation/anchorDelay(on:at:)`` (which turns the relative
    ///    delay in `beginTime` into the layer's time), then `layer.add(_:forKey:)`, then commit.
    ///
    /// The resolved animation has explicit from- and to-values (the from-value is what the
    /// layer showed before step 2), `isRemovedOnCompletion == true` and
    /// `fillMode == .backwards`, so after it ends the layer shows the model value and has no
    /// animation attached.
    func resolve(for layer: CALayer) -> ResolvedAnimation

    /// The time from the operation's start to the animation's end, in seconds: delay plus
    /// active duration (repeats, autoreverse and speed included).
    var totalDuration: TimeInterval { get }

    /// How this animation behaves when motion is reduced; nil defers to the run's policy.
    var reducedMotion: ReducedMotionBehavior? { get set }
}

/// A description resolved against a layer: what to write to the model and what to add.
///
/// Not `Sendable`: it holds Core Animation objects and lives on the main thread.
public struct ResolvedAnimation {
    /// The Core Animation object to add, or nil when nothing needs animating (a zero
    /// duration), in which case the final values are simply committed.
    ///
    /// **Delay.** Its `beginTime` is *relative*: the delay in seconds of the layer's time
    /// (0 when there is none), not yet a time on the layer's clock. Before adding it, call
    /// ``anchorDelay(on:at:)``, which sets `beginTime` to
    /// `layer.convertTime(CACurrentMediaTime(), from: nil) + delay` when the delay is
    /// positive, and leaves 0 alone (Core Animation then starts it at the commit). Its
    /// `fillMode` is `.backwards`, so the from-value shows during the delay. In a group,
    /// only the group's own `beginTime` is anchored; the children's stay relative to the
    /// group, as Core Animation expects.
    ///
    /// A zero-duration animation with a delay resolves to a hold: a basic animation from the
    /// current value to the same value, lasting the delay, with `beginTime` 0, after which
    /// the model's final value shows.
    public var animation: CAAnimation?
    /// The model values after the animation, by key path, in the order to write them.
    ///
    /// - A basic or spring animation: its to-value; its from-value when it autoreverses a
    ///   whole number of times (or ends in a reverse half). A fractional repeat count that
    ///   ends mid-pass also gets the to-value, so the layer jumps there when it ends.
    /// - A keyframe animation: its last value (the first when it autoreverses back).
    /// - An additive animation: the model value unchanged. Additive values are offsets on
    ///   top of the model, so the model is written back as it is.
    /// - A group: its children's final values in order (a later child wins).
    ///
    /// A key path whose model value is nil (for example a nil `backgroundColor`) has no
    /// entry in ``initialValues``.
    public var finalValues: [(keyPath: String, value: Any)]
    /// The model values before the animation, by key path, used to revert on cancellation.
    public var initialValues: [(keyPath: String, value: Any)]

    /// Creates a resolved animation.
    public init(animation: CAAnimation?, finalValues: [(keyPath: String, value: Any)],
                initialValues: [(keyPath: String, value: Any)]) {
        self.animation = animation
        self.finalValues = finalValues
        self.initialValues = initialValues
    }

    /// The delay before the animation starts, in seconds: the relative `beginTime` of
    /// ``animation`` before ``anchorDelay(on:at:)`` (0 without an animation).
    public var delay: TimeInterval {
        guard let animation, !isAnchored else { return 0 }
        return animation.beginTime
    }

    /// Whether ``anchorDelay(on:at:)`` has already converted the delay.
    private var isAnchored: Bool {
        animation?.value(forKey: ResolvedAnimation.anchoredKey) != nil
    }

    private static let anchoredKey = "AnimationQueue.anchoredDelay"

    /// Converts the animation's relative `beginTime` (its delay) into `layer`'s time: call
    /// it right before `layer.add(_:forKey:)`.
    ///
    /// ```swift
    /// resolved.anchorDelay(on: layer)
    /// layer.add(resolved.animation!, forKey: key)
    /// ```
    ///
    /// A delay of 0 stays 0, so Core Animation starts the animation when the transaction
    /// commits. Calling it a second time does nothing.
    ///
    /// - Parameters:
    ///   - layer: The layer the animation is added to.
    ///   - hostTime: The current media time (`CACurrentMediaTime()` by default).
    public func anchorDelay(on layer: CALayer, at hostTime: CFTimeInterval = CACurrentMediaTime()) {
        guard let animation, !isAnchored else { return }
        let delay = animation.beginTime
        animation.setValue(delay, forKey: ResolvedAnimation.anchoredKey)
        guard delay > 0 else { return }
        animation.beginTime = layer.convertTime(hostTime, from: nil) + delay
    }

    /// Every key path the animation changes.
    public var keyPaths: [String] {
        var seen = Set<String>()
        return (finalValues.map(\.keyPath) + initialValues.map(\.keyPath)).filter { seen.insert($0).inserted }
    }
}

/// What an animation does when motion is reduced.
public enum ReducedMotionBehavior: Sendable, Hashable {
    /// Skip the motion: commit the final values at once.
    case jumpToFinal
    /// Replace the motion by a short opacity cross-fade to the final state.
    case crossFade(duration: TimeInterval)
    /// Keep the motion but shorten it to at most `duration` seconds.
    case shorten(to: TimeInterval)
}
