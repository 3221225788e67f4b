import AnimationQueue
import Foundation

/// A minimal `LayerAnimation` for scheduler tests: a linear opacity change, independent of
/// the typed animation descriptions.
struct OpacityRamp: LayerAnimation {
    var from: Float
    var to: Float
    var duration: TimeInterval
    var reducedMotion: ReducedMotionBehavior?

    init(from: Float, to: Float, duration: TimeInterval) {
        self.from = from
        self.to = to
        self.duration = duration
    }

    var totalDuration: TimeInterval { duration }

    /// Its initial values are where it starts, `from`, as the typed animations report them.
    func resolve(for layer: CALayer) -> ResolvedAnimation {
        guard duration > 0 else {
            return ResolvedAnimation(animation: nil, finalValues: [("opacity", to)], initialValues: [("opacity", from)])
        }
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        return ResolvedAnimation(animation: animation, finalValues: [("opacity", to)], initialValues: [("opacity", from)])
    }
}
