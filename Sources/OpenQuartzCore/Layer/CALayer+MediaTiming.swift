import Foundation

// The layer's `CAMediaTiming` properties. Declared in an extension, so they cannot be
// overridden.
extension CALayer {
    /// The layer's begin time in its superlayer's time space (0). Changing it reschedules
    /// the completions of every animation in the subtree.
    public var beginTime: CFTimeInterval {
        get { read(\.beginTime) }
        set { write(\.beginTime, newValue, key: "beginTime") }
    }

    /// The layer's basic duration: infinite unless set, as `CALayer().duration` and
    /// `CALayer.defaultValue(forKey: "duration")` read on Apple's QuartzCore (measured;
    /// `CAMediaTiming.h` says "Defaults to 0." for the protocol, which is what every
    /// `CAAnimation` reads). A layer is not limited in time: the engine times no layer by
    /// its duration, so a value set here is stored and read back only.
    public var duration: CFTimeInterval {
        get { read(\.duration) }
        set { write(\.duration, newValue, key: "duration") }
    }

    /// The rate of the layer's time relative to its superlayer's (1); 0 pauses the subtree.
    public var speed: Float {
        get { read(\.speed) }
        set { write(\.speed, newValue, key: "speed") }
    }

    /// An offset added to the layer's local time (0).
    public var timeOffset: CFTimeInterval {
        get { read(\.timeOffset) }
        set { write(\.timeOffset, newValue, key: "timeOffset") }
    }

    /// Stored for `CAMediaTiming` conformance; layers do not repeat (0).
    public var repeatCount: Float {
        get { read(\.repeatCount) }
        set { write(\.repeatCount, newValue, key: "repeatCount") }
    }

    /// Stored for `CAMediaTiming` conformance; layers do not repeat (0).
    public var repeatDuration: CFTimeInterval {
        get { read(\.repeatDuration) }
        set { write(\.repeatDuration, newValue, key: "repeatDuration") }
    }

    /// Stored for `CAMediaTiming` conformance (false).
    public var autoreverses: Bool {
        get { read(\.autoreverses) }
        set { write(\.autoreverses, newValue, key: "autoreverses") }
    }

    /// Stored for `CAMediaTiming` conformance (`.removed`).
    public var fillMode: CAMediaTimingFillMode {
        get { read(\.fillMode) }
        set { write(\.fillMode, newValue, key: "fillMode") }
    }
}
