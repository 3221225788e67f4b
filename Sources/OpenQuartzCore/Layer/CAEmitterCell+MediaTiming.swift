import Foundation

// The cell's `CAMediaTiming` properties, stored by key as its other properties are. Declared
// in an extension, so they cannot be overridden.
extension CAEmitterCell {
    /// The begin time relative to the emitter's (0).
    public var beginTime: CFTimeInterval {
        get { Convert.double(value(forKey: Key.beginTime)) ?? 0 }
        set { setValue(newValue, forKey: Key.beginTime) }
    }

    /// The basic duration, in seconds (0).
    public var duration: CFTimeInterval {
        get { Convert.double(value(forKey: Key.duration)) ?? 0 }
        set { setValue(newValue, forKey: Key.duration) }
    }

    /// How time maps from the emitter's into the cell's (1).
    public var speed: Float {
        get { Convert.float(value(forKey: Key.speed)) ?? 1 }
        set { setValue(newValue, forKey: Key.speed) }
    }

    /// An additional offset in the cell's active local time (0).
    public var timeOffset: CFTimeInterval {
        get { Convert.double(value(forKey: Key.timeOffset)) ?? 0 }
        set { setValue(newValue, forKey: Key.timeOffset) }
    }

    /// How many times the cell's timing repeats (0).
    public var repeatCount: Float {
        get { Convert.float(value(forKey: Key.repeatCount)) ?? 0 }
        set { setValue(newValue, forKey: Key.repeatCount) }
    }

    /// How many seconds the cell's timing repeats for (0).
    public var repeatDuration: CFTimeInterval {
        get { Convert.double(value(forKey: Key.repeatDuration)) ?? 0 }
        set { setValue(newValue, forKey: Key.repeatDuration) }
    }

    /// Whether the cell's timing plays backwards after playing forwards (false).
    public var autoreverses: Bool {
        get { Convert.bool(value(forKey: Key.autoreverses)) ?? false }
        set { setValue(newValue, forKey: Key.autoreverses) }
    }

    /// What the cell shows outside its active duration (`.removed`).
    public var fillMode: CAMediaTimingFillMode {
        get { Convert.named(value(forKey: Key.fillMode)) ?? .removed }
        set { setValue(newValue, forKey: Key.fillMode) }
    }
}
