import Foundation

/// A typed description of an animation of one layer.
///
/// `BasicAnimation`, `KeyframeAnimation`, `SpringAnimation` and `AnimationGroup` conform.
/// A description is a `Sendable` value: build it anywhere, run it on any queue. It becomes
/// Core Animation objects only when its operation starts, on the main thread, against the
/// layer's state at that moment; or, for a step of a gapless plan, when the steps it waits
/// for start, against the model values they end on (see <doc:Chains>).
public protocol LayerAnimation: Sendable {
    /// Resolves the description against `layer`'s current state (called on the main thread).
    ///
    /// The model-first contract, which ``AnimationOperation`` follows:
    /// 1. Call `resolve(for:)` once, when the operation starts (a gapless plan may call it
    ///    earlier, and again if that early commit is discarded), on the main thread.
    ///    Operations that begin together, in one main-thread turn and one transaction, are
    ///    all resolved before any of them writes its final values, so each is resolved
    ///    against the layers as they were when they began.
    /// 2. Inside `CATransaction.begin()` / `setDisableActions(true)`, write every entry of
    ///    ``ResolvedAnimation/finalValues``, in order, with `layer.setValue(_:forKeyPath:)`.
    /// 3. If ``ResolvedAnimation/animation`` is nil, commit: there is nothing to wait for.
    /// 4. Otherwise add the animation so that Core Animation times its delay from the
    ///    commit — ``AnimationOperation`` wraps a delayed animation in a group that starts at
    ///    the commit and holds it ``ResolvedAnimation/delay`` seconds in, which needs no
    ///    reading of the current time — then commit.
    ///
    /// The resolved animation has explicit from- and to-values (the from-value is what the
    /// layer showed before step 2), `isRemovedOnCompletion == true` and
    /// `fillMode == .backwards`, so after it ends the layer shows the model value and has no
    /// animation attached; unless it fills forwards (``MediaTiming/fillsForwards``): then
    /// `fillMode == .both` and it stays attached.
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
    /// (0 when there is none), not a time on the layer's clock. Its `fillMode` is
    /// `.backwards`, so the from-value shows during the delay. In a group, the children's
    /// `beginTime`s stay relative to the group, as Core Animation expects.
    ///
    /// A zero-duration animation with a delay resolves to a hold: a basic animation from the
    /// from-value (the explicit `from`, else the value the layer shows) to the same value,
    /// lasting the delay, with `beginTime` 0, after which the model's final value shows.
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
    public var finalValues: [(keyPath: String, value: Any?)]
    /// The values the animation starts from, by key path, which a `.revert` cancellation
    /// writes: its from-values (a keyframe animation's first value), or for an additive
    /// animation the model values, which it leaves as they are.
    public var initialValues: [(keyPath: String, value: Any?)]

    /// Creates a resolved animation.
    public init(animation: CAAnimation?, finalValues: [(keyPath: String, value: Any?)],
                initialValues: [(keyPath: String, value: Any?)]) {
        self.animation = animation
        self.finalValues = finalValues
        self.initialValues = initialValues
    }

    /// The delay before the animation starts, in seconds: the relative `beginTime` of
    /// ``animation`` (0 without an animation).
    public var delay: TimeInterval {
        animation?.beginTime ?? 0
    }

    /// Every key path the animation changes.
    public var keyPaths: [String] {
        var seen = Set<String>()
        return (finalValues.map(\.keyPath) + initialValues.map(\.keyPath)).filter { seen.insert($0).inserted }
    }

    /// Whether the animation changes `keyPath` (one of ``keyPaths``, without building them).
    func animates(_ keyPath: String) -> Bool {
        finalValues.contains { $0.keyPath == keyPath } || initialValues.contains { $0.keyPath == keyPath }
    }
}

/// What an animation does when motion is reduced.
public enum ReducedMotionBehavior: Sendable, Hashable {
    /// Skip the motion: commit the final values at once.
    case jumpToFinal
    /// Replace the motion by a short cross-fade to the final state.
    ///
    /// The fade is a `CATransition`, which Core Animation stores under the key
    /// `"transition"`; the operation times itself with an animation under its own key, so a
    /// cancel removes its fade (if no later transition replaced it), and two cross-fades on
    /// one layer each finish on time, the later one showing. A cross-fade step of a gapless
    /// plan starts when its dependencies finish: a transition shows the change made in its
    /// own commit, so it cannot be committed ahead. For the same reason it cannot wait out a
    /// delay (``Step/delayed(by:)``, a stagger's offset): the delay goes with the motion, and
    /// the fade begins when the step starts, as ``jumpToFinal`` commits then.
    case crossFade(duration: TimeInterval)
    /// Keep the motion but shorten it to at most `duration` seconds, its delay included (the
    /// delay and the motion shrink by one factor).
    case shorten(to: TimeInterval)

    /// Stops the program with a message if the behaviour's time cannot be used: a cross-fade
    /// lasts a finite number of seconds ≥ 0 (0 jumps to the final values), and a shortened
    /// motion lasts at most a number of seconds ≥ 0 (`.infinity` keeps it whole).
    func validate() {
        switch self {
        case .jumpToFinal:
            break
        case .crossFade(let duration):
            _ = validatedTime(duration, "ReducedMotionBehavior.crossFade(duration:)")
        case .shorten(let limit):
            guard !limit.isNaN, limit >= 0 else { APIViolationInvalidShortening(limit) }
        }
    }
}
