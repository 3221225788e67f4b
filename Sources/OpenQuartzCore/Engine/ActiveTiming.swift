import Foundation

/// The media-timing arithmetic of one animation, as a pure value.
///
/// Core Animation's model (Apple, "CAMediaTiming"; QA1673):
/// - the animation's elapsed active time is `e = (parent − beginTime) · speed`;
/// - a cycle lasts `duration`, twice that when `autoreverses`;
/// - the active duration is `repeatDuration`, else `repeatCount` cycles, else one cycle;
/// - `timeOffset` shifts the position inside the active duration, wrapping around it;
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

    init(_ timing: some CAMediaTiming) {
        beginTime = timing.beginTime
        duration = max(0, timing.duration.isFinite ? timing.duration : 0)
        speed = Double(timing.speed)
        timeOffset = timing.timeOffset
        repeatCount = Double(timing.repeatCount)
        repeatDuration = timing.repeatDuration
        autoreverses = timing.autoreverses
        fillsBackwards = timing.fillMode == .backwards || timing.fillMode == .both
        fillsForwards = timing.fillMode == .forwards || timing.fillMode == .both
    }

    /// This timing with fill directions added by an enclosing group.
    func filling(_ fill: InheritedFill) -> ActiveTiming {
        var timing = self
        timing.fillsBackwards = fillsBackwards || fill.backwards
        timing.fillsForwards = fillsForwards || fill.forwards
        return timing
    }

    enum Phase { case before, active, after }

    /// Whether `parentTime` is before, inside or after the active period.
    func phase(atParentTime parentTime: Double) -> Phase {
        let elapsed = (parentTime - beginTime) * speed
        if elapsed < 0 { return .before }
        return elapsed >= activeDuration ? .after : .active
    }

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

    /// The parent time at which the active period ends, or nil if it never does
    /// (infinite repeats, or a speed that does not move time forward).
    var activeEndInParent: Double? {
        let active = activeDuration
        guard active.isFinite, speed > 0 else { return nil }
        return beginTime + active / speed
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
        let elapsed = (parentTime - beginTime) * speed
        var time: Double
        if elapsed < 0 {
            guard fillsBackwards else { return nil }
            time = 0
        } else if elapsed >= active {
            guard fillsForwards else { return nil }
            time = active
        } else {
            time = elapsed
        }
        if timeOffset != 0, active.isFinite, active > 0 {
            let shifted = time + timeOffset
            var wrapped = shifted.truncatingRemainder(dividingBy: active)
            if wrapped < 0 { wrapped += active }
            // The final instant of a pass stays at the end rather than wrapping to its start.
            time = (wrapped == 0 && shifted != 0 && time >= active) ? active : wrapped
        }
        return position(at: time, activeDuration: active)
    }

    private func position(at time: Double, activeDuration active: Double) -> Sample {
        guard duration > 0 else {
            return Sample(progress: 1, iteration: 0, localTime: time)
        }
        let cycle = cycleDuration
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
struct InheritedFill: Equatable {
    var backwards: Bool
    var forwards: Bool
    static let none = InheritedFill(backwards: false, forwards: false)
}
