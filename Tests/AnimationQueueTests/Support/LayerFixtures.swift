import AnimationQueue
import Foundation

/// Layers for resolve tests, built with Apple's public API only (no engine internals).
enum LayerFixtures {
    /// A layer whose model was set by `configure` inside a committed transaction with
    /// actions disabled, so it has a presentation layer equal to its model.
    static func committed(_ configure: (CALayer) -> Void = { _ in }) -> CALayer {
        let layer = CALayer()
        inEffect {
            CATransaction.setDisableActions(true)
            configure(layer)
        }
        return layer
    }

    /// Runs `body` in a transaction that has taken effect when this returns. Test threads
    /// are reused, and a transaction begun while the thread's implicit transaction is
    /// pending (left by an earlier test's property change) is nested in it: it takes effect
    /// only when that one commits, as Apple documents, and it sees that one's settings (such
    /// as disabled actions). So a pending implicit transaction is flushed first, and the
    /// thread's is flushed again after the commit.
    static func inEffect(_ body: () -> Void) {
        CATransaction.flush()
        CATransaction.begin()
        body()
        CATransaction.commit()
        CATransaction.flush()
    }

    /// A committed, paused layer (speed 0, QA1673) showing a linear opacity animation
    /// 0 → 1 over 1 s at its halfway point, with the model opacity at 1: the presentation
    /// shows 0.5 while the model says 1.
    static func midFade() -> CALayer {
        let layer = committed { layer in
            layer.speed = 0
            layer.timeOffset = 10.5
            layer.opacity = 1
        }
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = Float(0)
        fade.toValue = Float(1)
        fade.duration = 1
        fade.beginTime = 10
        inEffect { layer.add(fade, forKey: "fade") }
        return layer
    }
}

/// Reads a boxed number of any numeric type.
func number(_ value: Any?) -> Double? {
    Double.fromCoreAnimationValue(value)
}

/// The entry for `keyPath` in resolved values.
func entry(_ values: [(keyPath: String, value: Any?)], _ keyPath: String) -> Any? {
    values.first { $0.keyPath == keyPath }?.value ?? nil
}
