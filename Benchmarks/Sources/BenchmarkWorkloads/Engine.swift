import AnimationQueue
import Foundation
#if !canImport(QuartzCore)
@_spi(Benchmarks) import OpenQuartzCore

/// The engine workloads: presentation evaluation and timing functions.
public enum EngineWorkloads {
    public enum Kind: String, CaseIterable, Sendable {
        case basic, spring, keyframe, group
    }

    /// A tree of `count` sublayers under one root on a manual clock, each running a 10 s
    /// animation of `kind`, committed and 1 s in.
    public final class Scene {
        public let clock = OQC.ManualClock()
        public let root: CALayer
        public let layers: [CALayer]

        public init(count: Int, kind: Kind) {
            let clock = self.clock
            (root, layers) = OQC.withClock(clock) {
                let root = CALayer()
                let layers = (0..<count).map { _ in CALayer() }
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                for layer in layers {
                    root.addSublayer(layer)
                    layer.add(Scene.animation(kind), forKey: kind.rawValue)
                }
                CATransaction.commit()
                return (root, layers)
            }
            clock.advance(by: 1)
        }

        static func animation(_ kind: Kind) -> CAAnimation {
            switch kind {
            case .basic:
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = Float(0)
                fade.toValue = Float(1)
                fade.duration = 10
                fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
                return fade
            case .spring:
                let spring = CASpringAnimation(keyPath: "position.y")
                spring.fromValue = CGFloat(0)
                spring.toValue = CGFloat(100)
                spring.damping = 8
                spring.duration = 10
                return spring
            case .keyframe:
                let shake = CAKeyframeAnimation(keyPath: "position.x")
                shake.values = [0, 10, -10, 10, -5, 5, -5, 0].map { CGFloat($0) }
                shake.duration = 10
                shake.isAdditive = true
                return shake
            case .group:
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = Float(0)
                fade.toValue = Float(1)
                let slide = CABasicAnimation(keyPath: "position")
                slide.fromValue = CGPoint(x: 0, y: 0)
                slide.toValue = CGPoint(x: 100, y: 50)
                slide.timingFunction = CAMediaTimingFunction(name: .easeOut)
                let group = CAAnimationGroup()
                group.animations = [fade, slide]
                group.duration = 10
                return group
            }
        }

        /// Moves to the next 120 Hz frame (not timed).
        public func nextFrame() { clock.advance(by: 1.0 / 120) }

        /// Evaluates every layer's presentation once and reads the animated value, as a
        /// renderer does: one frame's worth of engine work. (Reading the value keeps the
        /// measure honest: a frame that drops each `presentation()` unread would let an
        /// engine that evaluates lazily skip the work.)
        public func evaluateFrame() {
            var sum: CGFloat = 0
            for layer in layers {
                guard let presentation = layer.presentation() else { continue }
                sum += CGFloat(presentation.opacity) + presentation.position.x + presentation.position.y
            }
            blackHole(sum)
        }

        /// Evaluates every layer's presentation values as a render server does, without
        /// presentation layer objects, and reads the animated values.
        public func evaluateRenderFrame() {
            blackHole(OQC.evaluatePresentationValues(of: layers))
        }
    }

    /// Median seconds per frame over `frames` frames, for `presentation()` on every layer and
    /// for render-tree evaluation of every layer, measured on the same scene and frames.
    public static func secondsPerFrame(layers count: Int, kind: Kind, frames: Int) -> (presentation: Double, render: Double) {
        let scene = Scene(count: count, kind: kind)
        scene.evaluateFrame()  // warm up
        scene.evaluateRenderFrame()
        var presentation: [Double] = [], render: [Double] = []
        for _ in 0..<frames {
            scene.nextFrame()
            presentation.append(seconds { scene.evaluateFrame() })
            render.append(seconds { scene.evaluateRenderFrame() })
        }
        return (presentation.sorted()[presentation.count / 2], render.sorted()[render.count / 2])
    }

    /// Nanoseconds per evaluation of an ease-in-ease-out timing function.
    public static func timingFunctionNanoseconds(evaluations: Int) -> Double {
        let function = CAMediaTimingFunction(name: .easeInEaseOut)
        var sum = 0.0
        let elapsed = seconds {
            for index in 0..<evaluations {
                sum += OQC.evaluate(function, at: Double(index & 1023) / 1023)
            }
        }
        blackHole(sum)
        return elapsed / Double(evaluations) * 1e9
    }

    /// Nanoseconds per plain linear interpolation `a + (b − a) · t`, the baseline.
    public static func lerpNanoseconds(evaluations: Int) -> Double {
        var sum = 0.0
        let a = Double.random(in: 0...1), b = Double.random(in: 1...2)
        let elapsed = seconds {
            for index in 0..<evaluations {
                sum += lerp(a, b, Double(index & 1023) / 1023)
            }
        }
        blackHole(sum)
        return elapsed / Double(evaluations) * 1e9
    }

    @inline(never)
    static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
}
#endif
