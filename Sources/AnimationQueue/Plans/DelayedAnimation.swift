import Foundation

/// Any animation, started a fixed delay after its operation starts.
///
/// The delay is added to the resolved animation's relative `beginTime`, so Core Animation
/// times it and the layer shows the from-value meanwhile (backwards fill).
struct DelayedAnimation: LayerAnimation {
    let base: any LayerAnimation
    let delay: TimeInterval

    init(base: any LayerAnimation, delay: TimeInterval) {
        self.base = base
        self.delay = validatedTime(delay, "delay")
    }

    var totalDuration: TimeInterval { delay + base.totalDuration }

    var reducedMotion: ReducedMotionBehavior? {
        get { base.reducedMotion }
        set { }
    }

    func resolve(for layer: CALayer) -> ResolvedAnimation {
        var resolved = base.resolve(for: layer)
        if let animation = resolved.animation {
            animation.beginTime += delay
            if animation.fillMode == .removed { animation.fillMode = .backwards }
        } else if delay > 0 {
            // Nothing to animate: the from-values show for the delay, then the final values.
            resolved.animation = Self.hold(resolved.initialValues, for: delay)
        }
        return resolved
    }

    /// Shows `values` for `delay`: one hold per key path, grouped when there are several;
    /// an invisible pause when there is nothing to show.
    private static func hold(_ values: [(keyPath: String, value: Any?)], for delay: TimeInterval) -> CAAnimation {
        let holds = values.compactMap { holdAnimation($0.keyPath, $0.value, for: delay) }
        guard holds.count > 1 else { return holds.first ?? PauseAnimation.hold(for: delay) }
        let group = CAAnimationGroup()
        group.animations = holds
        group.duration = delay
        return group
    }
}

/// An animation that changes nothing visible and lasts a given time: an additive opacity
/// offset of 0. It lets Core Animation time waits on the same clock as the steps around them.
enum PauseAnimation {
    static func hold(for duration: TimeInterval) -> CAAnimation {
        let pause = CABasicAnimation(keyPath: "opacity")
        pause.fromValue = Float(0)
        pause.toValue = Float(0)
        pause.isAdditive = true
        pause.duration = duration
        return pause
    }
}

/// The animation of a ``Wait``: a pause on the plan's timing layer.
struct WaitAnimation: LayerAnimation {
    let duration: TimeInterval
    var reducedMotion: ReducedMotionBehavior? = .shorten(to: .infinity)

    var totalDuration: TimeInterval { duration }

    func resolve(for layer: CALayer) -> ResolvedAnimation {
        ResolvedAnimation(animation: duration > 0 ? PauseAnimation.hold(for: duration) : nil,
                          finalValues: [], initialValues: [])
    }
}
