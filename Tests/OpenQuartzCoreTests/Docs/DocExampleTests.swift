#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@_spi(Benchmarks) @testable import OpenQuartzCore

// The fenced examples in OpenQuartzCore's doc comments: each test reproduces one
// example as literally as possible (undefined names get the obvious minimal values) and
// checks the result its comment claims. The comment above each test names the example.

/// A layer whose example's tree runs on `clock`, as `OQC.ManualClock`'s example makes it.
private func exampleLayer(on clock: OQC.ManualClock) -> CALayer {
    OQC.withClock(clock) { CALayer() }
}

/// Applies `t` to the point `(x, y, z)` as a row vector, with the perspective divide.
private func apply(_ t: CATransform3D, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
    let w = x * t.m14 + y * t.m24 + z * t.m34 + t.m44
    return ((x * t.m11 + y * t.m21 + z * t.m31 + t.m41) / w,
            (x * t.m12 + y * t.m22 + z * t.m32 + t.m42) / w,
            (x * t.m13 + y * t.m23 + z * t.m33 + t.m43) / w)
}

@Suite(.timeLimit(.minutes(1)))
struct DocExampleTests {
    // MARK: Engine/OQC+ManualClock.swift:12
    // Reproduced by ManualClockTests.changesOutsideATransactionTakeEffectBeforeTimeMoves.

    // MARK: Engine/OQC+Background.swift:28, :47 and :61
    // Reproduced by BackgroundTests.docExampleEnteringTheBackground and its two neighbours.

    // MARK: Engine/OQC.swift:11

    @Test func oqcExampleLayerTreeRunsOnTheClock() {
        let clock = OQC.ManualClock()
        let layer = OQC.withClock(clock) { CALayer() }   // the layer's tree runs on `clock`
        let child = CALayer()
        layer.addSublayer(child)
        #expect(OQC.clock(of: layer) === clock)
        #expect(OQC.clock(of: child) === clock)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = CGFloat(0)
        move.toValue = CGFloat(100)
        move.duration = 1
        child.add(move, forKey: "move")
        clock.advance(by: 0.25)
        expectClose(child.presentation()?.position.x, 25, tolerance: 1e-6)
    }

    // MARK: Engine/OQC+Benchmarking.swift:7 and :24

    @Test func benchmarkingExamplesCompileAndChecksumIsOpacityPlusPosition() {
        let y = OQC.evaluate(CAMediaTimingFunction(name: .easeInEaseOut), at: 0.25)
        #expect(y > 0 && y < 0.25)
        let clock = OQC.ManualClock()
        let layer = OQC.withClock(clock) { CALayer() }
        OQC.withClock(clock) {
            CATransaction.flush()   // so the transaction below is outermost on this shared thread
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.opacity = 0.5
            layer.position = CGPoint(x: 3, y: 4)
            CATransaction.commit()
        }
        let layers = [layer]
        let checksum = OQC.evaluatePresentationValues(of: layers)
        #expect(abs(checksum - 7.5) < 1e-9, "sum of opacity and position components")
    }

    // MARK: Animation/CAAnimation.swift:8

    @Test func caAnimationFadeFromZeroToTheModelValue() {
        let clock = OQC.ManualClock()
        let layer = exampleLayer(on: clock)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.duration = 0.3
        layer.add(fade, forKey: "fade")
        clock.advance(by: 0)
        expectClose(layer.presentation()?.opacity, 0)
        clock.advance(by: 0.15)
        // Apple: fromValue only interpolates between fromValue and the current presentation value.
        expectClose(layer.presentation()?.opacity, 0.5, tolerance: 1e-5)
        clock.advance(by: 0.15)
        expectClose(layer.presentation()?.opacity, 1)
        #expect(layer.animationKeys() == nil)
    }

    // MARK: Animation/CAKeyframeAnimation.swift:5

    @Test func keyframeShakeIsAdditiveAroundTheModel() {
        let clock = OQC.ManualClock()
        let layer = exampleLayer(on: clock)
        OQC.withClock(clock) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.position = CGPoint(x: 100, y: 0)
            CATransaction.commit()
        }
        let shake = CAKeyframeAnimation(keyPath: "position.x")
        shake.values = [0, 10, -10, 0]
        shake.isAdditive = true
        shake.duration = 0.4
        layer.add(shake, forKey: "shake")
        clock.advance(by: 0.4 / 3)
        expectClose(layer.presentation()?.position.x, 110, tolerance: 1e-6)
        clock.advance(by: 0.4 / 3)
        expectClose(layer.presentation()?.position.x, 90, tolerance: 1e-6)
        clock.advance(by: 0.4 / 3 + 0.01)
        expectClose(layer.presentation()?.position.x, 100, tolerance: 1e-6)
    }

    // MARK: Animation/CASpringAnimation.swift:9

    @Test func springPopSettlesAtOne() {
        let clock = OQC.ManualClock()
        let layer = exampleLayer(on: clock)
        let pop = CASpringAnimation(perceptualDuration: 0.4, bounce: 0.3)
        pop.keyPath = "transform.scale"
        pop.fromValue = 0.6
        pop.toValue = 1
        // Apple's conversion (documented on the initializer): stiffness (2π/d)², damping ζ·4π/d.
        expectClose(pop.mass, 1)
        expectClose(pop.stiffness, pow(2 * .pi / 0.4, 2), tolerance: 1e-6)
        expectClose(pop.damping, 0.7 * 4 * .pi / 0.4, tolerance: 1e-6)
        #expect(pop.duration == pop.settlingDuration)
        layer.add(pop, forKey: "pop")
        clock.advance(by: 0)
        expectClose(layer.presentation()?.transform.m11, 0.6, tolerance: 1e-6)
        clock.advance(by: pop.settlingDuration - 0.001)
        expectClose(layer.presentation()?.transform.m11, 1, tolerance: 0.01)
    }

    // MARK: Transaction/CATransaction.swift:9

    @Test func transactionCompletionRunsWhenBothAreDone() {
        let clock = OQC.ManualClock()
        let layer = exampleLayer(on: clock)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = Float(0)
        fade.duration = 0.3
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = CGFloat(-100)
        slide.duration = 0.5
        let log = EventLog()
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("both done@\(clock.now)") }
        layer.add(fade, forKey: "fade")
        layer.add(slide, forKey: "slide")
        CATransaction.commit()
        clock.advance(by: 0.4)
        #expect(log.all == [])
        clock.advance(by: 0.2)
        #expect(log.all == ["both done@0.5"])
    }

    // MARK: Layer/CALayer.swift:13

    final class ProgressLayer: CALayer {
        var progress: CGFloat {
            get { value(forKey: "progress") as? CGFloat ?? 0 }
            set { setValue(newValue, forKey: "progress") }
        }
        override class func needsDisplay(forKey key: String) -> Bool {
            key == "progress" || super.needsDisplay(forKey: key)
        }
    }

    @Test func progressLayerIsACustomAnimatableProperty() {
        let clock = OQC.ManualClock()
        let layer = OQC.withClock(clock) { ProgressLayer() }
        #expect(ProgressLayer.needsDisplay(forKey: "progress"))
        #expect(!ProgressLayer.needsDisplay(forKey: "opacity"))
        OQC.withClock(clock) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.progress = 0.25   // a needsDisplay(forKey:) property: the layer needs display
            #expect(layer.needsDisplay())
            CATransaction.commit()
        }
        OQC.withClock(clock) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.progress = 0.75
            CATransaction.commit()
        }
        #expect(layer.progress == 0.75)
        let fill = CABasicAnimation(keyPath: "progress")
        fill.fromValue = CGFloat(0)
        fill.toValue = CGFloat(1)
        fill.duration = 1
        OQC.withClock(clock) {
            CATransaction.begin()
            layer.add(fill, forKey: "fill")
            CATransaction.commit()
        }
        clock.advance(by: 0.5)
        let presentation = layer.presentation()
        #expect(presentation != nil)
        expectClose(presentation?.progress, 0.5, tolerance: 1e-6)
    }

    // MARK: Layer/CALayer+Geometry.swift:13

    @Test func convertFromBadgeGivesItsTopLeftCorner() {
        let clock = OQC.ManualClock()
        let root = exampleLayer(on: clock)
        root.bounds = CGRect(x: 0, y: 0, width: 320, height: 480)
        root.position = CGPoint(x: 160, y: 240)
        let badge = CALayer()
        badge.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        root.addSublayer(badge)
        let inRoot = root.convert(CGPoint(x: 0, y: 0), from: badge)   // badge's top-left corner
        expectClose(inRoot, CGPoint(x: 10, y: 20))
    }

    // MARK: Layer/CALayer+Actions.swift:63

    @Test func kCATransitionExampleCompiles() {
        let clock = OQC.ManualClock()
        let layer = exampleLayer(on: clock)
        let fade = CATransition()
        fade.duration = 0.3
        layer.add(fade, forKey: kCATransition)
        clock.advance(by: 0)
        #expect(layer.animation(forKey: "transition") != nil)
        #expect(kCATransition == "transition")
    }

    // MARK: Timing/CAMediaTimingFunction.swift:8, :29, :49, :66; CAMediaTimingFunctionName.swift:10

    @Test func timingFunctionExamples() {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        animation.timingFunction = CAMediaTimingFunction(controlPoints: 0.5, -1, 0.5, 2)
        #expect(animation.timingFunction != nil)

        let overshoot = CAMediaTimingFunction(controlPoints: 0.34, 1.56, 0.64, 1)
        let peak = stride(from: 0.0, through: 1.0, by: 0.01).map { overshoot.evaluate($0) }.max() ?? 0
        #expect(peak > 1, "an overshooting curve goes beyond 1")

        let ease = CAMediaTimingFunction(name: .easeOut)
        var c1: [Float] = [0, 0]
        ease.getControlPoint(at: 1, values: &c1)
        #expect(c1 == [0, 0])

        var point: [Float] = [0, 0]
        CAMediaTimingFunction(name: .easeIn).getControlPoint(at: 1, values: &point)
        #expect(point == [0.42, 0])   // point == [0.42, 0]

        let ease2 = CAMediaTimingFunction(name: .easeInEaseOut)
        #expect(ease2.description.isEmpty == false)
    }

    // MARK: Geometry/CGAffineTransform.swift

    @Test func affineTranslatedByHappensInScaledSpace() {   // :13
        let t = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
        #expect(CGPoint.zero.applying(t) == CGPoint(x: 20, y: 0))   // (20, 0)
    }

    @Test func affineInitAndFactoryExamples() {
        let flipY = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 100)   // :38
        #expect(CGPoint(x: 5, y: 10).applying(flipY) == CGPoint(x: 5, y: 90))
        #expect(CGPoint(x: 1, y: 1).applying(CGAffineTransform(translationX: 10, y: 0)) == CGPoint(x: 11, y: 1))   // :57
        #expect(CGSize(width: 10, height: 10).applying(CGAffineTransform(scaleX: 2, y: 3)) == CGSize(width: 20, height: 30))   // :68
        expectClose(CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2)), CGPoint(x: 0, y: 1), tolerance: 1e-12)   // :80
        #expect(CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0).tx == 20)   // :97
        #expect(CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 2).tx == 10)   // :108
        let t = CGAffineTransform(translationX: 5, y: 0).rotated(by: .pi)   // :119
        expectClose(CGPoint(x: 1, y: 0).applying(t), CGPoint(x: 4, y: 0), tolerance: 1e-12)
        let scaleThenMove = CGAffineTransform(scaleX: 2, y: 2)   // :130
            .concatenating(CGAffineTransform(translationX: 10, y: 0))
        #expect(CGPoint(x: 1, y: 1).applying(scaleThenMove) == CGPoint(x: 12, y: 2))
        let inverse = CGAffineTransform(scaleX: 2, y: 4).inverted()   // :150 scale (0.5, 0.25)
        #expect(inverse == CGAffineTransform(scaleX: 0.5, y: 0.25))
    }

    // MARK: Geometry/CGAffineTransform+Geometry.swift

    @Test func affineGeometryExamples() {
        #expect(CGPoint(x: 1, y: 2).applying(CGAffineTransform(translationX: 10, y: 0)) == CGPoint(x: 11, y: 2))   // :13
        #expect(CGSize(width: 10, height: 5).applying(CGAffineTransform(scaleX: 2, y: -1)) == CGSize(width: 20, height: -5))   // :27
        let r = CGRect(x: 0, y: 0, width: 10, height: 20).applying(CGAffineTransform(rotationAngle: .pi / 2))   // :43
        expectClose(r, CGRect(x: -20, y: 0, width: 20, height: 10), tolerance: 1e-9)
    }

    // MARK: Geometry/CATransform3D+Affine.swift

    @Test func affineConversionExamples() {
        let t = CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))   // :10
        expectClose(t, CATransform3DMakeRotation(.pi / 4, 0, 0, 1), tolerance: 1e-12)
        #expect(CATransform3DIsAffine(CATransform3DMakeRotation(1, 0, 0, 1)) == true)    // :30
        #expect(CATransform3DIsAffine(CATransform3DMakeRotation(1, 0, 1, 0)) == false)   // :31
        #expect(CATransform3DGetAffineTransform(CATransform3DMakeScale(2, 3, 1)) == CGAffineTransform(scaleX: 2, y: 3))   // :46
    }

    // MARK: Geometry/CATransform3D+Functions.swift

    @Test func transformFunctionExamples() {
        #expect(CATransform3DIsIdentity(CATransform3DIdentity) == true)               // :12
        #expect(CATransform3DIsIdentity(CATransform3DMakeScale(1, 1, 1.5)) == false)  // :13
        #expect(CATransform3DEqualToTransform(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeScale(2, 2, 1)) == true)   // :24
        let t1 = CATransform3DMakeTranslation(10, 20, 0)   // :39
        #expect(t1.m41 == 10 && t1.m42 == 20)
        let t2 = CATransform3DMakeScale(2, 3, 1)           // :53
        #expect(t2.m11 == 2 && t2.m22 == 3)
        let quarterTurn = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)   // :70 (1, 0, 0) ↦ (0, 1, 0)
        let image = apply(quarterTurn, 1, 0, 0)
        #expect(abs(image.0) < 1e-12 && abs(image.1 - 1) < 1e-12 && abs(image.2) < 1e-12)
        let t3 = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 10, 0, 0)   // :94 m41 == 20
        #expect(t3.m41 == 20)
        let t4 = CATransform3DScale(CATransform3DMakeTranslation(10, 0, 0), 2, 2, 1)   // :108 m41 stays 10
        #expect(t4.m41 == 10)
        let flip = CATransform3DRotate(CATransform3DIdentity, .pi, 0, 1, 0)   // :123 a card flip
        expectClose(flip.m11, -1, tolerance: 1e-12)
        expectClose(flip.m22, 1, tolerance: 1e-12)
        expectClose(flip.m33, -1, tolerance: 1e-12)
        let scaleThenMove = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1),   // :136
                                                CATransform3DMakeTranslation(10, 0, 0))
        let moved = apply(scaleThenMove, 1, 1, 0)
        #expect(moved.0 == 12 && moved.1 == 2)
        let t = CATransform3DMakeTranslation(10, 0, 0)   // :149
        #expect(CATransform3DInvert(t).m41 == -10)
        let singular = CATransform3DMakeScale(0, 1, 1)
        #expect(CATransform3DEqualToTransform(CATransform3DInvert(singular), singular))   // returned unchanged
    }

    // MARK: Geometry/CATransform3D.swift:10

    @Test func transform3DExampleRotatesFirstThenScales() {
        let clock = OQC.ManualClock()
        let layer = exampleLayer(on: clock)
        var t = CATransform3DMakeScale(2, 2, 1)
        t = CATransform3DRotate(t, .pi / 2, 0, 0, 1)   // rotation applied first, then the scale
        layer.transform = t
        expectClose(t, CATransform3DConcat(CATransform3DMakeRotation(.pi / 2, 0, 0, 1),
                                           CATransform3DMakeScale(2, 2, 1)), tolerance: 1e-12)
        expectClose(layer.transform, t)
    }

    // MARK: Geometry/CATransform3D+KeyPaths.swift:27 and :59

    @Test func transformSubpathExamples() {
        let z = CATransform3DMakeRotation(0.5, 0, 0, 1).value(forSubpath: "rotation.z") as? CGFloat   // 0.5
        expectClose(z, 0.5, tolerance: 1e-12)
        let tilted = CATransform3DIdentity.setting(CGFloat.pi / 4, forSubpath: "rotation.z")
        expectClose(tilted, CATransform3DMakeRotation(.pi / 4, 0, 0, 1), tolerance: 1e-12)
        expectClose(tilted?.value(forSubpath: "rotation.z") as? CGFloat, .pi / 4, tolerance: 1e-12)
    }

    // MARK: Geometry/CATransform3D+Interpolation.swift:13

    @Test func halfwayToAQuarterTurnIsAFortyFiveDegreeRotation() {
        let half = CATransform3DIdentity.interpolated(to: CATransform3DMakeRotation(.pi / 2, 0, 0, 1),
                                                      fraction: 0.5)   // a 45° rotation
        expectClose(half, CATransform3DMakeRotation(.pi / 4, 0, 0, 1), tolerance: 1e-9)
    }

    // MARK: Geometry/CGColor.swift:18, :37, :49, :61, :116

    @Test func colorExamples() {
        let clock = OQC.ManualClock()
        let layer = exampleLayer(on: clock)
        layer.backgroundColor = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1)
        layer.borderColor = CGColor.black.copy(alpha: 0.3)
        expectClose(layer.backgroundColor, rgba: [1, 0.5, 0, 1])
        expectClose(layer.borderColor, rgba: [0, 0, 0, 0.3])
        let orange = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1)
        expectClose(orange, rgba: [1, 0.5, 0, 1])
        let teal = CGColor(red: 0, green: 0.5, blue: 0.5, alpha: 1)
        expectClose(teal, rgba: [0, 0.5, 0.5, 1])
        let mid = CGColor(gray: 0.5, alpha: 1)
        expectClose(mid, rgba: [0.5, 0.5, 0.5, 1])
        let shade = CGColor.black.copy(alpha: 0.3)   // components [0, 0, 0, 0.3]
        #expect(shade?.components == [0, 0, 0, 0.3])
    }

    // MARK: Geometry/CGVector.swift:12 and :28

    @Test func vectorExamples() {
        let push = CGVector(dx: 3, dy: -4)
        #expect(push.dx == 3 && push.dy == -4)
        let v = CGVector(dx: 1.5, dy: 2)
        #expect(v.dx == 1.5 && v.dy == 2)
    }
}
#endif
