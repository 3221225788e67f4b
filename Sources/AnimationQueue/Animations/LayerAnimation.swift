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
    /// The scheduler then writes ``ResolvedAnimation/finalValues`` to the model layer with
    /// actions disabled and adds ``ResolvedAnimation/animation``, whose from-values are the
    /// values the layer showed before.
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
    public var animation: CAAnimation?
    /// The model values after the animation, by key path, in the order to write them.
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
