import Foundation

/// What an operation adds to its layer for a resolved animation.
///
/// Usually one animation, under the operation's own key, whose delay Core Animation times
/// from the commit. A `CATransition` (such as the cross-fade of reduced motion) is different:
/// Core Animation always stores it under the key `"transition"`, so a second one on the same
/// layer replaces it and removing the operation's key would not remove it. The operation's
/// lifetime is then timed by an animation of its own, a pause (an additive opacity offset of
/// 0) with the transition's timing under the operation's key, and the transition is only the
/// visual. It carries its owner's key, so a cancel removes it only while it is still that
/// operation's.
struct AddedAnimation {
    /// The animation under the operation's key, whose delegate and end time the operation.
    let timing: CAAnimation
    /// The visual, added under `"transition"`, if the resolved animation is a transition.
    let transition: CATransition?
    /// When the step began, in the layer's time and in media time, if `timing` begins at an
    /// absolute time (a delayed animation that never ends); nil when Core Animation gives
    /// `timing` its begin time at the commit.
    let stepBegin: (layer: CFTimeInterval, media: CFTimeInterval)?

    /// The custom key of a transition that names the operation key it belongs to.
    static let ownerKey = "AnimationQueue.owner"

    init(resolved animation: CAAnimation, delay: TimeInterval, on layer: CALayer, key: String) {
        guard let transition = animation as? CATransition else {
            (timing, stepBegin) = Self.starting(animation, delay: delay, on: layer)
            self.transition = nil
            return
        }
        // An animation that Core Animation documents to run for its duration and report its
        // stop, and that changes nothing visible (an additive opacity offset of 0).
        let timer = PauseAnimation.hold(for: transition.duration)
        timer.speed = transition.speed
        timer.repeatCount = transition.repeatCount
        timer.repeatDuration = transition.repeatDuration
        timer.autoreverses = transition.autoreverses
        timer.beginTime = transition.beginTime
        (timing, stepBegin) = Self.starting(timer, delay: delay, on: layer)
        if delay > 0 {
            // A transition cannot sit in a group: its delay is an absolute begin time, read
            // from the layer's clock before the commit.
            transition.beginTime = layer.convertTime(MediaClock.now(for: layer), from: nil) + delay
        }
        transition.setValue(key, forKey: Self.ownerKey)
        self.transition = transition
    }

    /// The operation key `transition` belongs to, if it was added by an operation.
    static func owner(of transition: CAAnimation?) -> String? {
        transition?.value(forKey: ownerKey) as? String
    }

    /// `animation` with its delay, timed by Core Animation, and when the step began if that is
    /// fixed here.
    ///
    /// A finite animation with a delay sits in a group that starts at the commit and holds it
    /// `delay` seconds in: no reading of the current time, so the delay stays exact on any
    /// clock, and Core Animation gives the group its begin time at the commit. A group around
    /// an animation that never ends would need an endless duration, which Core Animation does
    /// not document; such an animation instead begins at an absolute time, `delay` after the
    /// layer's time now, and fills backwards until then (`CAMediaTiming.h` documents both), and
    /// the step's begin is the time read.
    static func starting(_ animation: CAAnimation, delay: TimeInterval,
                         on layer: CALayer) -> (CAAnimation, stepBegin: (layer: CFTimeInterval, media: CFTimeInterval)?) {
        guard delay > 0, !ActiveDuration.of(animation).isFinite else {
            return (startingAtCommit(animation, delay: delay), nil)
        }
        let media = MediaClock.now(for: layer)
        let local = layer.convertTime(media, from: nil)
        animation.beginTime = local + delay
        animation.fillMode = animation.fillMode == .removed || animation.fillMode == .backwards ? .backwards : .both
        return (animation, (local, media))
    }

    /// An animation whose delay Core Animation times from the commit: the animation, or a
    /// group that starts at the commit and holds it `delay` seconds in.
    private static func startingAtCommit(_ animation: CAAnimation, delay: TimeInterval) -> CAAnimation {
        guard delay > 0 else {
            animation.beginTime = 0
            return animation
        }
        let group = CAAnimationGroup()
        animation.beginTime = delay
        if animation.fillMode == .removed { animation.fillMode = .backwards }
        group.animations = [animation]
        let active = ActiveDuration.of(animation)
        group.duration = delay + active
        if !animation.isRemovedOnCompletion {
            // It stays on the layer once it ends (it fills forwards): so must the group,
            // which would otherwise take it away.
            group.isRemovedOnCompletion = false
            group.fillMode = .forwards
        }
        return group
    }
}
