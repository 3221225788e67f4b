import Foundation

/// The active duration of a Core Animation object in its parent's time, as media timing
/// defines it: repeats of (auto-reversed) passes, divided by speed. Its delay (a relative
/// `beginTime`) comes before and is not part of it.
enum ActiveDuration {
    static func of(_ animation: CAAnimation) -> TimeInterval {
        let pass = animation.duration * (animation.autoreverses ? 2 : 1)
        let active: TimeInterval
        if animation.repeatDuration > 0 {
            active = animation.repeatDuration
        } else if animation.repeatCount > 0 {
            active = animation.repeatCount >= .greatestFiniteMagnitude ? .infinity : Double(animation.repeatCount) * pass
        } else {
            active = pass
        }
        let speed = Double(animation.speed)
        return speed > 0 ? active / speed : .infinity
    }
}
