#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// The eleven value functions of `CAValueFunction.h`, each with its documented number of
/// inputs: the rotations take "a single input value in radians", `scale` and `translate`
/// "three input values", the single-axis scales and translations "a single input value".
/// Expected matrices are written out from the rotation, scale and translation formulas
/// (row-vector convention, translation in m41–m43).
@Suite struct DocumentedValueFunctionTests {
    /// One function, the inputs its animation runs between, and the matrix halfway.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: CAValueFunctionName
        let from: [Double]
        let to: [Double]
        var testDescription: String { name.rawValue }

        /// The animation's value for `inputs`: one number, or an array of three.
        func boxed(_ inputs: [Double]) -> Any {
            inputs.count == 1 ? inputs[0] as Any : inputs.map { CGFloat($0) } as Any
        }

        /// The input halfway through a linear animation.
        var halfway: [Double] { zip(from, to).map { ($0 + $1) / 2 } }

        /// The matrix the function builds from `input`, written out.
        func expected(_ input: [Double]) -> CATransform3D {
            var t = referenceIdentity()
            let a = input[0]
            let c = CGFloat(cos(a)), s = CGFloat(sin(a))
            switch name {
            case .rotateX: (t.m22, t.m23, t.m32, t.m33) = (c, s, -s, c)
            case .rotateY: (t.m11, t.m13, t.m31, t.m33) = (c, -s, s, c)
            case .rotateZ: (t.m11, t.m12, t.m21, t.m22) = (c, s, -s, c)
            case .scale: (t.m11, t.m22, t.m33) = (CGFloat(input[0]), CGFloat(input[1]), CGFloat(input[2]))
            case .scaleX: t.m11 = CGFloat(a)
            case .scaleY: t.m22 = CGFloat(a)
            case .scaleZ: t.m33 = CGFloat(a)
            case .translate: (t.m41, t.m42, t.m43) = (CGFloat(input[0]), CGFloat(input[1]), CGFloat(input[2]))
            case .translateX: t.m41 = CGFloat(a)
            case .translateY: t.m42 = CGFloat(a)
            default: t.m43 = CGFloat(a)     // translateZ
            }
            return t
        }
    }

    static let cases: [Case] = [
        Case(name: .rotateX, from: [0], to: [Double.pi / 2]),
        Case(name: .rotateY, from: [0], to: [Double.pi / 2]),
        Case(name: .rotateZ, from: [0], to: [Double.pi / 2]),
        Case(name: .scale, from: [1, 1, 1], to: [3, 5, 7]),
        Case(name: .scaleX, from: [1], to: [3]),
        Case(name: .scaleY, from: [1], to: [3]),
        Case(name: .scaleZ, from: [1], to: [3]),
        Case(name: .translate, from: [0, 0, 0], to: [10, 20, 30]),
        Case(name: .translateX, from: [0], to: [10]),
        Case(name: .translateY, from: [0], to: [10]),
        Case(name: .translateZ, from: [0], to: [10]),
    ]

    /// A linear one-second animation of `transform` through `function` from `from` to `to`.
    func animation(_ function: CAValueFunctionName, from: Any, to: Any) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "transform")
        animation.valueFunction = CAValueFunction(name: function)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        return animation
    }

    /// Halfway through, the layer shows the function's matrix of the halfway input: the
    /// animation interpolates the inputs, and the function is "applied to interpolated
    /// values before they are set as the new presentation value" (`CAAnimation.h`).
    @Test(arguments: cases)
    func eachFunctionBuildsItsMatrixFromTheInterpolatedInputs(_ testCase: Case) throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let animation = animation(testCase.name, from: testCase.boxed(testCase.from), to: testCase.boxed(testCase.to))
        h.commit { layer.add(animation, forKey: "f") }
        h.advance(by: 0.5)
        let shown = try #require(layer.presentation()).transform
        expectComponents(matrixEntries(shown), matrixEntries(testCase.expected(testCase.halfway)), tolerance: 1e-9)
    }

    /// A one-input function given three numbers, and a three-input function given one number
    /// or two, take no input they are documented to take: the layer keeps its transform.
    @Test func aValueOfTheWrongInputCountLeavesTheTransform() throws {
        let wrong: [(CAValueFunctionName, Any)] = [
            (.rotateZ, [1, 2, 3] as [CGFloat]),
            (.translateX, [1, 2, 3] as [CGFloat]),
            (.translate, CGFloat(5)),
            (.scale, [2, 2] as [CGFloat]),
        ]
        for (name, value) in wrong {
            let h = EngineHarness()
            let layer = h.makeLayer()
            let model = referenceTranslation(1, 2, 3)
            h.commit {
                CATransaction.setDisableActions(true)
                layer.transform = model
            }
            h.commit { layer.add(animation(name, from: value, to: value), forKey: "f") }
            h.advance(by: 0.5)
            let shown = try #require(layer.presentation()).transform
            expectComponents(matrixEntries(shown), matrixEntries(model), tolerance: 0, "\(name.rawValue)")
        }
    }
}
#endif
