#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// `CAPropertyAnimation.valueFunction` (Apple, `CAValueFunction.h`): the animation
/// interpolates the function's inputs, and the function turns each into the transform shown.
/// Expected matrices are written out from the rotation, scale and translation formulas.
@Suite struct ValueFunctionTests {
    /// The layer's presented transform.
    func shown(_ layer: CALayer) throws -> CATransform3D {
        try #require(layer.presentation()).transform
    }

    func linear(_ animation: CAPropertyAnimation, duration: Double = 1) {
        animation.duration = duration
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
    }

    @Test func theNamedFunctionsExistAndOthersDoNot() {
        let names: [CAValueFunctionName] = [.rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
                                            .translate, .translateX, .translateY, .translateZ]
        for name in names { #expect(CAValueFunction(name: name)?.name == name) }
        #expect(CAValueFunction(name: CAValueFunctionName(rawValue: "spin")) == nil)
        #expect(CAValueFunctionName.rotateZ.rawValue == "rotateZ")
    }

    /// 0 → 2π about z: three quarters of the way the layer has turned 3π/2, which the
    /// matrices' own interpolation (the identity to itself) could never show.
    @Test func rotateZInterpolatesTheAngleThroughAWholeTurn() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let spin = CABasicAnimation(keyPath: "transform")
        spin.valueFunction = CAValueFunction(name: .rotateZ)
        spin.fromValue = 0
        spin.toValue = 2 * Double.pi
        linear(spin)
        h.commit { layer.add(spin, forKey: "spin") }
        h.advance(by: 0.75)
        let angle = 1.5 * Double.pi
        let t = try shown(layer)
        expectClose(t.m11, cos(angle))
        expectClose(t.m12, sin(angle))     // −1
        expectClose(t.m21, -sin(angle))
        expectClose(t.m22, cos(angle))
        expectClose(t.m33, 1)
        #expect(layer.animation(forKey: "spin") is CABasicAnimation)
        #expect((layer.animation(forKey: "spin") as? CAPropertyAnimation)?.valueFunction?.name == .rotateZ)
    }

    @Test func scaleTakesThreeValues() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let grow = CABasicAnimation(keyPath: "transform")
        grow.valueFunction = CAValueFunction(name: .scale)
        grow.fromValue = [1, 1, 1] as [CGFloat]
        grow.toValue = [2, 3, 1] as [NSNumber]
        linear(grow)
        h.commit { layer.add(grow, forKey: "grow") }
        h.advance(by: 0.5)
        let t = try shown(layer)
        expectClose(t.m11, 1.5)
        expectClose(t.m22, 2)
        expectClose(t.m33, 1)
        expectClose(t.m12, 0)
    }

    /// Only a to-value: the animation starts from the function's identity, an offset of 0.
    @Test func aMissingEndpointIsTheFunctionsIdentity() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let slide = CABasicAnimation(keyPath: "transform")
        slide.valueFunction = CAValueFunction(name: .translateX)
        slide.toValue = 40
        linear(slide)
        h.commit { layer.add(slide, forKey: "slide") }
        h.advance(by: 0.25)
        let t = try shown(layer)
        expectClose(t.m41, 10)
        expectClose(t.m42, 0)
        expectClose(t.m11, 1)
    }

    /// Keyframes of the angle, 0, π and 2π, one segment per half second: at 0.75 s the
    /// angle is π + 0.5 · π.
    @Test func keyframesInterpolateTheFunctionsInputs() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let turn = CAKeyframeAnimation(keyPath: "transform")
        turn.valueFunction = CAValueFunction(name: .rotateZ)
        turn.values = [0, Double.pi, 2 * Double.pi]
        turn.duration = 1
        h.commit { layer.add(turn, forKey: "turn") }
        h.advance(by: 0.75)
        let t = try shown(layer)
        expectClose(t.m11, cos(1.5 * Double.pi))
        expectClose(t.m12, sin(1.5 * Double.pi))
    }

    /// Cumulative repeats add the inputs: a quarter turn per pass, 0.5 s into the second
    /// pass the angle is π/2 + π/4.
    @Test func cumulativeRepeatsAddTheInputs() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let step = CABasicAnimation(keyPath: "transform")
        step.valueFunction = CAValueFunction(name: .rotateZ)
        step.fromValue = 0
        step.toValue = Double.pi / 2
        step.isCumulative = true
        step.repeatCount = 3
        linear(step)
        h.commit { layer.add(step, forKey: "step") }
        h.advance(by: 1.5)
        let angle = 0.75 * Double.pi
        let t = try shown(layer)
        expectClose(t.m11, cos(angle))
        expectClose(t.m12, sin(angle))
    }

    @Test func aValueTheFunctionCannotTakeIsReportedAndIgnored() throws {
        let diagnostics = DiagnosticCollector(key: "sublayerTransform")
        let h = EngineHarness()
        let layer = h.makeLayer()
        let grow = CABasicAnimation(keyPath: "sublayerTransform")
        grow.valueFunction = CAValueFunction(name: .scale)
        grow.toValue = 2            // .scale takes three numbers
        linear(grow)
        h.commit { layer.add(grow, forKey: "grow") }
        h.advance(by: 0.5)
        #expect(CATransform3DIsIdentity(try #require(layer.presentation()).sublayerTransform))
        #expect(diagnostics.kinds.contains(.invalidValue))
        #expect(diagnostics.all.contains { $0.message.contains("takes three numbers [x, y, z]") })
    }

    @Test func aPropertyThatIsNotATransformIsReportedAndIgnored() throws {
        let diagnostics = DiagnosticCollector(key: "zPosition")
        let h = EngineHarness()
        let layer = h.makeLayer()
        let lift = CABasicAnimation(keyPath: "zPosition")
        lift.valueFunction = CAValueFunction(name: .translateZ)
        lift.toValue = 10
        linear(lift)
        h.commit { layer.add(lift, forKey: "lift") }
        h.advance(by: 0.5)
        #expect(try #require(layer.presentation()).zPosition == 0)
        #expect(diagnostics.kinds.contains(.invalidValue))
    }

    /// A basic animation subclass whose `valueFunction` defaults to a z rotation.
    final class SpinAnimation: CABasicAnimation {
        override class func defaultValue(forKey key: String) -> Any? {
            key == "valueFunction" ? CAValueFunction(name: .rotateZ) : super.defaultValue(forKey: key)
        }
    }

    /// Core Animation Programming Guide, "Default Value Support": "a class can provide a
    /// default value for a key that has no set value" by overriding `defaultValueForKey:`.
    /// `valueFunction` is a declared property of `CAPropertyAnimation` (`CAAnimation.h`), so
    /// it reads the subclass's default and applies: halfway through a linear spin from 0 to π
    /// the layer shows a rotation by π/2 about z (`rotateZ` takes "a single input value in
    /// radians", `CAValueFunction.h`).
    @Test func aSubclassDefaultValueFunctionApplies() throws {
        let spin = SpinAnimation(keyPath: "transform")
        #expect(spin.valueFunction?.name == .rotateZ)
        #expect(CABasicAnimation().valueFunction == nil)

        let h = EngineHarness()
        let layer = h.makeLayer()
        spin.fromValue = 0
        spin.toValue = CGFloat.pi
        linear(spin)
        h.commit { layer.add(spin, forKey: "spin") }
        h.advance(by: 0.5)
        let expected = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let presented = try shown(layer)
        #expect(abs(presented.m11 - expected.m11) < 1e-9 && abs(presented.m12 - expected.m12) < 1e-9)
        #expect(abs(presented.m21 - expected.m21) < 1e-9 && abs(presented.m22 - expected.m22) < 1e-9)
    }
}
#endif
