import Foundation

/// The media-timing arithmetic of one animation, as a pure value.
///
/// Core Animation's model (Apple, "CAMediaTiming"; QA1673):
/// - the animation's active local time is `t = (parent − beginTime) · speed + timeOffset`
///   (`CAMediaTiming.h`), wrapped around the active duration;
/// - a cycle lasts `duration`, twice that when `autoreverses`;
/// - the active duration is `repeatDuration`, else `repeatCount` cycles, else one cycle;
/// - the animation is active while `(parent − beginTime) · |speed|` has run less than the
///   active duration: a negative speed plays the same span backwards, from `timeOffset`;
/// - outside the active duration, `fillMode` decides whether the animation shows at all.
struct ActiveTiming: Equatable {
    var beginTime: Double
    var duration: Double
    var speed: Double
    var timeOffset: Double
    var repeatCount: Double
    var repeatDuration: Double
    var autoreverses: Bool
    var fillsBackwards: Bool
    var fillsForwards: Bool
    /// Holds the end state at the very end of the active period (see ``InheritedFill``).
    var holdsExactEnd = false

    init(_ timing: some CAMediaTiming) {
        beginTime = timing.beginTime
        // An infinite duration is kept (one pass that never ends); NaN counts as 0.
        duration = timing.duration.isNaN ? 0 : max(0, timing.duration)
        speed = Double(timing.speed)
        timeOffset = timing.timeOffset
        repeatCount = Double(timing.repeatCount)
        repeatDuration = timing.repeatDuration
        autoreverses = timing.autoreverses
        fillsBackwards = timing.fillMode == .backwards || timing.fillMode == .both
        fillsForwards = timing.fillMode == .forwards || timing.fillMode == .both
    }

    /// This timing inside an enclosing group that is in the state `fill` describes.
    func filling(_ fill: InheritedFill) -> ActiveTiming {
        var timing = self
        timing.holdsExactEnd = fill.holdsExactEnd
        return timing
    }

    enum Phase { case before, active, after }

    /// Whether `parentTime` is before, inside or after the active period.
    func phase(atParentTime parentTime: Double) -> Phase {
        let elapsed = self.elapsed(atParentTime: parentTime)
        if elapsed < 0 { return .before }
        return elapsed >= activeDuration ? .after : .active
    }

    /// How far past its end (relative to its length) a child still counts as ending with its
    /// group: the group's end in the child's time goes through a subtraction and a product.
    static let endTolerance = 1e-12

    /// One forward pass, or a forward and a backward pass when autoreversing.
    var cycleDuration: Double { autoreverses ? 2 * duration : duration }

    /// The length of the active period in the animation's own time; may be infinite.
    var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 {
            if repeatCount.isInfinite || repeatCount >= Double(Float.greatestFiniteMagnitude) { return .infinity }
            return repeatCount * cycleDuration
        }
        return cycleDuration
    }

    /// How much of its active period the animation has run at `parentTime`, in its own time
    /// (negative before it begins), whichever direction its speed plays it.
    private func elapsed(atParentTime parentTime: Double) -> Double {
        (parentTime - beginTime) * speed.magnitude
    }

    /// The parent time at which the active period ends, or nil if it never does
    /// (infinite repeats, or a speed of 0, which stops time).
    var activeEndInParent: Double? {
        let active = activeDuration
        guard active.isFinite, speed != 0 else { return nil }
        return beginTime + active / speed.magnitude
    }

    /// Where an animation stands at one instant.
    struct Sample: Equatable {
        /// Progress through the current pass, 0…1, before the timing function.
        var progress: Double
        /// The zero-based index of the current repeat.
        var iteration: Int
        /// The animation's own time, inside its active period (for groups' children).
        var localTime: Double
    }

    /// Samples the animation at `parentTime`; nil when it shows nothing at that time.
    func sample(atParentTime parentTime: Double) -> Sample? {
        let active = activeDuration
        let elapsed = self.elapsed(atParentTime: parentTime)
        var time: Double
        if elapsed < 0 {
            guard fillsBackwards else { return nil }
            time = 0
        } else if elapsed >= active {
            guard fillsForwards || (holdsExactEnd && elapsed - active <= Self.endTolerance * max(1, active)) else { return nil }
            time = active
        } else {
            time = elapsed
        }
        if speed < 0 || timeOffset != 0 {
            time = shifted(time, activeDuration: active)
        }
        return position(at: time, activeDuration: active)
    }

    /// The active local time after `run` of the active period: `timeOffset` plus `run`, or
    /// minus it at a negative speed, wrapped around the active duration (around one cycle
    /// when the animation repeats forever).
    private func shifted(_ run: Double, activeDuration active: Double) -> Double {
        let shifted = speed < 0 ? timeOffset - run : timeOffset + run
        let period = active.isFinite ? active : cycleDuration
        guard period > 0, period.isFinite else { return max(0, shifted) }
        if !active.isFinite, shifted >= 0 { return shifted }
        var wrapped = shifted.truncatingRemainder(dividingBy: period)
        if wrapped < 0 { wrapped += period }
        // The final instant of a forward pass stays at the end rather than wrapping to its
        // start; so does the first instant of a backward pass that starts at an end.
        guard wrapped == 0, shifted != 0 else { return wrapped }
        if speed > 0, run >= active { return active }
        if speed < 0, run <= 0 { return period }
        return wrapped
    }

    private func position(at time: Double, activeDuration active: Double) -> Sample {
        guard duration > 0 else {
            return Sample(progress: 1, iteration: 0, localTime: time)
        }
        let cycle = cycleDuration
        guard cycle.isFinite else {
            // One pass that never ends: its progress stays 0 (a spring reads `localTime`).
            return Sample(progress: 0, iteration: 0, localTime: time)
        }
        var iteration = (time / cycle).rounded(.down)
        var within = time - iteration * cycle
        if time > 0, within == 0, time >= active {
            // Exactly at the end of the active period: the end of the previous pass.
            iteration -= 1
            within = cycle
        }
        let progress: Double
        if autoreverses, within > duration {
            progress = (cycle - within) / duration
        } else {
            progress = within / duration
        }
        return Sample(progress: min(1, max(0, progress)), iteration: Int(max(0, iteration)), localTime: time)
    }
}

/// Fill directions that an enclosing animation group imposes on its children.
/// What an enclosing group passes to its children. They run in its time space under the
/// normal rules (Apple, `CAAnimationGroup.animations`): each shows only while active or
/// while its own `fillMode` fills. One addition: while the group fills forwards, its time
/// stands at its end, and a child whose active period ends exactly there holds its end
/// state, as the group does (a child as long as its group is the common case).
struct InheritedFill: Equatable {
    var holdsExactEnd: Bool
    static let none = InheritedFill(holdsExactEnd: false)
}
