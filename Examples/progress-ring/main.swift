// A CALayer subclass with a custom animatable property, `progress`, drawn by display().
// Core Animation interpolates `progress` like any other property; the layer redraws every
// frame while it animates and reads the value on screen from its presentation layer.
//
//   swift run progress-ring --fast --render ring.html
import AnimationQueue
import DemoSupport
import Foundation

/// A ring of ticks that light up to `progress`, 0…1.
final class ProgressRingLayer: CALayer {
    static let tickCount = 40
    static let lit = CGColor(srgbRed: 0.16, green: 0.38, blue: 0.93, alpha: 1)
    static let unlit = CGColor(srgbRed: 0.85, green: 0.87, blue: 0.91, alpha: 1)

    /// The animatable property, stored through key-value coding so that Core Animation can
    /// interpolate it (on Apple platforms `@NSManaged var progress: CGFloat` works too).
    var progress: CGFloat {
        get { CGFloat.fromCoreAnimationValue(value(forKey: "progress")) ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }

    override init() {
        super.init()
        bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        for index in 0..<Self.tickCount {
            let angle = CGFloat(index) / CGFloat(Self.tickCount) * 2 * .pi
            let tick = CALayer()
            tick.bounds = CGRect(x: 0, y: 0, width: 6, height: 18)
            tick.cornerRadius = 3
            tick.position = CGPoint(x: 100 + 86 * sin(angle), y: 100 - 86 * cos(angle))
            tick.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
            addSublayer(tick)
        }
        setNeedsDisplay()
    }

    override init(layer: Any) { super.init(layer: layer) }      // presentation copies
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func display() {
        let shown = presentation()?.progress ?? progress      // the value on screen now
        let litCount = Int((shown * CGFloat(Self.tickCount)).rounded())
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (index, tick) in (sublayers ?? []).enumerated() {
            tick.backgroundColor = index < litCount ? Self.lit : Self.unlit
        }
        CATransaction.commit()
    }
}

extension AnimationKeyPath where Value == CGFloat {
    /// The ring's custom property.
    static var progress: Self { Self("progress") }
}

let screen = Demo.screen(width: 300, height: 300)

let ring = ProgressRingLayer()
ring.name = "ring"
ring.position = CGPoint(x: 150, y: 150)
screen.addSublayer(ring)

let done = CALayer()
done.name = "done"
done.bounds = CGRect(x: 0, y: 0, width: 96, height: 96)
done.position = CGPoint(x: 150, y: 150)
done.cornerRadius = 48
done.backgroundColor = CGColor(srgbRed: 0.12, green: 0.65, blue: 0.35, alpha: 1)
done.opacity = 0
screen.addSublayer(done)

let download = AnimationPlan {
    Step(ring, BasicAnimation(.progress, from: 0, to: 0.3, duration: 0.8, timing: .easeInEaseOut))
        .named("part 1 of 3")
    Step(ring, BasicAnimation(.progress, to: 0.75, duration: 1.0, timing: .easeInEaseOut))
        .named("part 2 of 3")
    Step(ring, BasicAnimation(.progress, to: 1, duration: 0.5, timing: .easeOut))
        .named("part 3 of 3")
    Parallel {
        Step(ring, SpringAnimation(.transformScale, from: 0.9, to: 1, perceptualDuration: 0.3, bounce: 0.5))
            .named("ring pops")
        Step(done, AnimationGroup([
            BasicAnimation(.opacity, from: 0, to: 1, duration: 0.25),
            SpringAnimation(.transformScale, from: 0.2, to: 1, perceptualDuration: 0.35, bounce: 0.4),
        ]))
            .named("done appears")
    }
}

let run = AnimationQueue.main.run(download)
await Demo.play(run)
print("progress: \(ring.progress)")
