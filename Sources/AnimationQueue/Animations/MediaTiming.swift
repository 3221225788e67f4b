import Foundation

/// When and how often an animation plays: delay, speed, repetition and autoreverse.
///
/// These are `CAMediaTiming`'s properties, as a `Sendable` value. Every typed animation has
/// one (``TimedAnimation/mediaTiming``); the chainable modifiers of ``TimedAnimation`` set
/// it:
///
/// ```swift
/// let pulse = BasicAnimation(.transformScale, from: 1, to: 1.1, duration: 0.2)
///     .autoreversing()
///     .repeating(3)
///     .delayed(by: 0.5)
/// pulse.totalDuration   // 0.5 + 3 × 2 × 0.2 = 1.7
/// ```
///
/// Invalid values stop the program with a message: a negative, NaN or infinite delay or
/// repeat duration, a speed that is not a finite number greater than 0, or a negative or NaN
/// repeat count.
public struct MediaTiming: Sendable, Hashable {
    /// Seconds, in the layer's time, between the operation's start and the animation's
    /// start (0). During the delay the layer shows the animation's from-value.
    public var delay: TimeInterval {
        didSet { _ = validatedTime(delay, "delay") }
    }
    /// The animation's rate relative to its layer (1); 2 plays twice as fast.
    public var speed: Float {
        didSet { Self.validateSpeed(speed) }
    }
    /// How many times the animation repeats (0, which plays once); may be fractional.
    /// `.infinity` or `.greatestFiniteMagnitude` repeats forever.
    public var repeatCount: Float {
        didSet { Self.validateRepeatCount(repeatCount) }
    }
    /// How long, in seconds, the animation repeats (0: use `repeatCount` instead).
    public var repeatDuration: TimeInterval {
        didSet { _ = validatedTime(repeatDuration, "repeatDuration") }
    }
    /// Whether each cycle plays forwards and then backwards (false).
    public var autoreverses: Bool
    /// Whether the animation stays on the layer once it ends, showing its last frame
    /// (`fillMode` `.both` and `isRemovedOnCompletion` false); false, the default, removes it.
    ///
    /// The model holds the final values either way, so this is rarely needed: it is the
    /// explicit opt-in for code that wants the animation itself to remain (to read it back
    /// with `animation(forKey:)`, say). The operation still finishes at the animation's end;
    /// the layer keeps the animation, and with it the operation, until it is removed.
    public var fillsForwards: Bool
    /// The frame rates the animation asks Core Animation to draw it at (`.default`: the
    /// system chooses). On a display with ProMotion, a range up to 120 lets a short, fast
    /// animation run at 120 Hz. It changes no timing.
    public var preferredFrameRateRange: CAFrameRateRange {
        get { frameRates.range }
        set {
            Self.validate(newValue)
            frameRates = FrameRates(newValue)
        }
    }
    /// ``preferredFrameRateRange``'s rates, hashable (Core Animation's type is not).
    private var frameRates = FrameRates(.default)

    /// Creates media timing; every parameter defaults to Core Animation's default.
    ///
    /// ```swift
    /// let timing = MediaTiming(delay: 0.2, repeatCount: 2, autoreverses: true)
    /// ```
    public init(delay: TimeInterval = 0, speed: Float = 1, repeatCount: Float = 0,
                repeatDuration: TimeInterval = 0, autoreverses: Bool = false, fillsForwards: Bool = false) {
        self.delay = validatedTime(delay, "delay")
        Self.validateSpeed(speed)
        self.speed = speed
        Self.validateRepeatCount(repeatCount)
        self.repeatCount = repeatCount
        self.repeatDuration = validatedTime(repeatDuration, "repeatDuration")
        self.autoreverses = autoreverses
        self.fillsForwards = fillsForwards
    }

    // MARK: Derived durations

    /// Whether the animation repeats without end.
    public var repeatsForever: Bool {
        repeatCount.isInfinite || repeatCount == .greatestFiniteMagnitude
    }

    /// The active duration, in the layer's time, of an animation whose single pass lasts
    /// `duration`: cycles (`2 · duration` when autoreversing) times the repeat count (or the
    /// repeat duration), divided by `speed`.
    ///
    /// - Returns: `.infinity` when the animation repeats forever; 0 for a zero duration.
    public func activeDuration(forDuration duration: TimeInterval) -> TimeInterval {
        guard duration > 0 else { return 0 }
        let cycle = autoreverses ? 2 * duration : duration
        let local: TimeInterval
        if repeatDuration > 0 {
            local = repeatDuration
        } else if repeatsForever {
            return .infinity
        } else {
            local = cycle * Double(repeatCount == 0 ? 1 : repeatCount)
        }
        return local / Double(speed)
    }

    /// The delay plus the active duration: when, after its operation starts, an animation
    /// whose single pass lasts `duration` ends.
    public func totalDuration(forDuration duration: TimeInterval) -> TimeInterval {
        delay + activeDuration(forDuration: duration)
    }

    /// Whether the animation ends where it started: it autoreverses and its last cycle
    /// ends after the reverse half (a whole number of cycles, or a fraction whose last
    /// cycle passed its midpoint). Otherwise it ends at its to-value (see
    /// ``ResolvedAnimation/finalValues`` for fractional counts).
    public func endsAtStart(forDuration duration: TimeInterval) -> Bool {
        guard autoreverses, duration > 0, !repeatsForever else { return false }
        let cycles = count(of: 2 * duration)
        if Self.wholeNumber(cycles) != nil { return true }
        return cycles - cycles.rounded(.down) > 0.5
    }

    /// How many passes of a cumulative animation add their change to the last one, so that
    /// it ends at `to + passes · (to − from)`: one fewer than the passes it starts (the last
    /// may be cut short). 0 when nothing accumulates: one pass, autoreversing (each cycle
    /// ends where it began), or repeating forever.
    public func accumulatedPasses(forDuration duration: TimeInterval) -> Int {
        guard !autoreverses, duration > 0, !repeatsForever else { return 0 }
        let passes = count(of: duration)
        let started = Self.wholeNumber(passes) ?? passes.rounded(.up)
        return max(0, Int(started) - 1)
    }

    /// How many times a stretch lasting `length` plays (a pass, or an autoreversing cycle of
    /// two): `repeatDuration / length`, else the repeat count (1 for 0). Not for endless
    /// repeats.
    private func count(of length: TimeInterval) -> Double {
        repeatDuration > 0 ? repeatDuration / length : Double(repeatCount == 0 ? 1 : repeatCount)
    }

    /// `count` as a whole number, if it is one give or take a rounding error (2.1 s of 0.3 s
    /// cycles is 7.000000000000001 of them); else nil.
    private static func wholeNumber(_ count: Double) -> Double? {
        let whole = count.rounded()
        return abs(count - whole) <= 1e-9 * max(1, count) ? whole : nil
    }

    /// Copies the timing to `animation`: duration, speed, repeats, autoreverse, the delay as
    /// a relative `beginTime`, and `fillMode = .backwards` so the from-value shows during
    /// the delay (`.both`, and not removed on completion, with ``fillsForwards``).
    ///
    /// `animation` is a new object, so a setting equal to Core Animation's default (a speed
    /// of 1, no repeats, no autoreverse, no delay) is left unwritten.
    func apply(to animation: CAAnimation, duration: TimeInterval) {
        animation.duration = duration
        if speed != 1 { animation.speed = speed }
        if repeatDuration > 0 {
            animation.repeatDuration = repeatDuration
        } else if repeatsForever {
            animation.repeatCount = .greatestFiniteMagnitude
        } else if repeatCount != 0 {
            animation.repeatCount = repeatCount
        }
        if autoreverses { animation.autoreverses = true }
        if delay != 0 { animation.beginTime = delay }
        animation.fillMode = fillsForwards ? .both : .backwards
        if fillsForwards { animation.isRemovedOnCompletion = false }
        if frameRates != FrameRates(.default) { animation.preferredFrameRateRange = frameRates.range }
    }

    private struct FrameRates: Sendable, Hashable {
        var minimum: Float
        var maximum: Float
        var preferred: Float?

        init(_ range: CAFrameRateRange) {
            (minimum, maximum, preferred) = (range.minimum, range.maximum, range.preferred)
        }

        var range: CAFrameRateRange { CAFrameRateRange(minimum: minimum, maximum: maximum, preferred: preferred) }
    }

    /// Stops the program unless `range` is finite, not negative, and ordered
    /// (`minimum ≤ preferred ≤ maximum`); the default's zeros pass.
    private static func validate(_ range: CAFrameRateRange) {
        let rates = [range.minimum, range.maximum] + (range.preferred.map { [$0] } ?? [])
        let ordered = range.minimum <= range.maximum
            && range.preferred.map { range.minimum <= $0 && $0 <= range.maximum } ?? true
        guard rates.allSatisfy({ $0.isFinite && $0 >= 0 }), ordered else { APIViolationInvalidFrameRateRange(range) }
    }

    private static func validateSpeed(_ speed: Float) {
        guard speed.isFinite, speed > 0 else { APIViolationInvalidSpeed(speed) }
    }

    private static func validateRepeatCount(_ count: Float) {
        guard !count.isNaN, count >= 0 else {
            APIViolationInvalidRepeat("repeatCount must be ≥ 0 (0 plays once), got \(count). "
                + "Pass a count such as 2, or .infinity to repeat forever.")
        }
    }
}
