import Foundation

/// A time interval in seconds, as Core Foundation's `CFTimeInterval`.
public typealias CFTimeInterval = Double

/// Returns the current absolute media time, in seconds.
///
/// On Apple platforms this is `mach_absolute_time()` in seconds. Here it reads
/// ``OQC/currentClock``: monotonic real time by default, or a test's manual clock.
public func CACurrentMediaTime() -> CFTimeInterval {
    OQC.currentClock.now
}

/// Methods that model a hierarchical timing system, adopted by layers and animations.
///
/// A time `t` in the parent's time space maps to `(t − beginTime) · speed + timeOffset`
/// in the receiver's (Apple, "CAMediaTiming").
public protocol CAMediaTiming: AnyObject {
    /// The begin time of the receiver relative to its parent object (0 by default).
    var beginTime: CFTimeInterval { get set }
    /// The basic duration of the object, in seconds (0 by default, as `CAMediaTiming.h` gives
    /// it; a `CALayer`'s reads as infinite, see `CALayer.duration`).
    var duration: CFTimeInterval { get set }
    /// How time is mapped from the parent's time space into the receiver's (1 by default).
    var speed: Float { get set }
    /// An additional time offset in active local time (0 by default).
    var timeOffset: CFTimeInterval { get set }
    /// How many times the object repeats; may be fractional (0 by default, meaning once).
    var repeatCount: Float { get set }
    /// How many seconds the object repeats for (0 by default, meaning unused).
    var repeatDuration: CFTimeInterval { get set }
    /// Whether the object plays backwards after playing forwards (false by default).
    var autoreverses: Bool { get set }
    /// Whether the object is frozen or removed once its active duration completes
    /// (`.removed` by default).
    var fillMode: CAMediaTimingFillMode { get set }
}

/// What a timed object shows outside its active duration.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's `kCAFillMode…` constants.
    public let rawValue: String
    /// Creates a fill mode from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The receiver holds its final state once the animation completes.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// The receiver shows its initial state before the animation begins.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both `.forwards` and `.backwards`.
    public static let both = CAMediaTimingFillMode(rawValue: "both")
    /// The animation has no effect outside its active duration (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
}
