import Foundation

/// An animation with media timing, and the chainable modifiers that set it.
///
/// `BasicAnimation`, `KeyframeAnimation`, `SpringAnimation` and `AnimationGroup` conform.
/// Each modifier returns a changed copy:
///
/// ```swift
/// let blink = BasicAnimation(.opacity, from: 1, to: 0, duration: 0.15)
///     .autoreversing()
///     .repeating(3)
///     .delayed(by: 1)
/// ```
public protocol TimedAnimation {
    /// The delay, speed, repetition and autoreverse of the animation.
    var mediaTiming: MediaTiming { get set }
}

extension TimedAnimation {
    /// Returns a copy that starts `delay` seconds after its operation starts, showing its
    /// from-value meanwhile.
    public func delayed(by delay: TimeInterval) -> Self {
        var copy = self
        copy.mediaTiming.delay = delay
        return copy
    }

    /// Returns a copy that plays `count` times (fractions allowed; `.infinity` repeats forever).
    public func repeating(_ count: Float) -> Self {
        var copy = self
        copy.mediaTiming.repeatDuration = 0
        copy.mediaTiming.repeatCount = count
        return copy
    }

    /// Returns a copy that repeats for `duration` seconds of its own time.
    public func repeating(for duration: TimeInterval) -> Self {
        var copy = self
        copy.mediaTiming.repeatCount = 0
        copy.mediaTiming.repeatDuration = duration
        return copy
    }

    /// Returns a copy that repeats until it is cancelled; its operation never finishes by itself.
    public func repeatingForever() -> Self {
        repeating(.infinity)
    }

    /// Returns a copy whose cycles play forwards, then backwards.
    ///
    /// Autoreversing a whole number of times ends where it started, so the model then
    /// keeps the from-value.
    public func autoreversing(_ autoreverses: Bool = true) -> Self {
        var copy = self
        copy.mediaTiming.autoreverses = autoreverses
        return copy
    }

    /// Returns a copy that stays on the layer once it ends, showing its last frame
    /// (see ``MediaTiming/fillsForwards``): the explicit opt-in to fill-forwards.
    ///
    /// ```swift
    /// let marker = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3).fillingForwards()
    /// ```
    public func fillingForwards(_ fills: Bool = true) -> Self {
        var copy = self
        copy.mediaTiming.fillsForwards = fills
        return copy
    }

    /// Returns a copy that asks Core Animation to draw it at the frame rates of `range` (see
    /// ``MediaTiming/preferredFrameRateRange``). A range that is not finite, is negative or
    /// is out of order (`minimum ≤ preferred ≤ maximum`) stops the program with a message.
    ///
    /// ```swift
    /// let swipe = BasicAnimation(.positionX, to: 320, duration: 0.25)
    ///     .preferringFrameRateRange(CAFrameRateRange(minimum: 80, maximum: 120, preferred: 120))
    /// ```
    public func preferringFrameRateRange(_ range: CAFrameRateRange) -> Self {
        var copy = self
        copy.mediaTiming.preferredFrameRateRange = range
        return copy
    }

    /// Returns a copy that plays at `speed` times its normal rate (durations shrink by `speed`).
    public func speed(_ speed: Float) -> Self {
        var copy = self
        copy.mediaTiming.speed = speed
        return copy
    }
}

extension LayerAnimation {
    /// Returns a copy that behaves as `behavior` says when motion is reduced (nil: the run decides).
    ///
    /// ```swift
    /// let shake = KeyframeAnimation(.positionX, values: [0, 10, -10, 0], duration: 0.3, isAdditive: true)
    ///     .reducingMotion(.jumpToFinal)
    /// ```
    public func reducingMotion(_ behavior: ReducedMotionBehavior?) -> Self {
        var copy = self
        copy.reducedMotion = behavior
        return copy
    }
}
