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

    func resolve(for layer: CALayer) -> ResolvedAnimation {
        let initial = layer.opacity
        guard duration > 0 else {
            return ResolvedAnimation(animation: nil, finalValues: [("opacity", to)], initialValues: [("opacity", initial)])
        }
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        return ResolvedAnimation(animation: animation, finalValues: [("opacity", to)], initialValues: [("opacity", initial)])
    }
}
