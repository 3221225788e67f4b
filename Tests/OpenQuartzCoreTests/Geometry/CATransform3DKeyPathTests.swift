#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

@Suite("CATransform3D key paths")
struct CATransform3DKeyPathTests {
    typealias Ref = GeometryReference

    private func number(_ t: CATransform3D, _ subpath: String) -> Double? {
        (t.value(forSubpath: subpath) as? CGFloat).map(Double.init)
    }

    @Test func rotationZOfATwoDimensionalRotationIsItsAngle() {
        let t = CATransform3DMakeRotation(0.5, 0, 0, 1)
        #expect(number(t, "rotation.z").map { Ref.close($0, 0.5) } == true)
        #expect(number(t, "rotation").map { Ref.close($0, 0.5) } == true)
        #expect(number(t, "rotation.x") == 0 && number(t, "rotation.y") == 0)
        #expect(number(CATransform3DMakeRotation(-2.5, 0, 0, 1), "rotation.z").map { Ref.close($0, -2.5) } == true)
    }

    @Test func rotationXAndYReadTheirOwnAxes() {
        #expect(number(CATransform3DMakeRotation(0.7, 1, 0, 0), "rotation.x").map { Ref.close($0, 0.7) } == true)
        #expect(number(CATransform3DMakeRotation(-0.4, 0, 1, 0), "rotation.y").map { Ref.close($0, -0.4) } == true)
    }

    @Test func scaleFieldsReadTheFactorsAndTheirAverage() {
        #expect(number(CATransform3DMakeScale(2, 3, 4), "scale.x") == 2)
        #expect(number(CATransform3DMakeScale(2, 3, 4), "scale.y") == 3)
        #expect(number(CATransform3DMakeScale(2, 3, 4), "scale.z") == 4)
        #expect(number(CATransform3DMakeScale(2, 3, 4), "scale") == 3)
        #expect(number(CATransform3DConcat(CATransform3DMakeScale(2, 3, 4), CATransform3DMakeRotation(0.3, 0, 0, 1)), "scale.y")
            .map { Ref.close($0, 3) } == true)
        #expect(number(CATransform3DMakeScale(-1, 1, 1), "scale.x") == -1)
    }

    @Test func translationFieldsReadTheFourthRow() {
        let t = CATransform3DRotate(CATransform3DMakeTranslation(10, -20, 30), 1, 1, 1, 0)
        #expect(number(t, "translation.x") == 10)
        #expect(number(t, "translation.y") == -20)
        #expect(number(t, "translation.z") == 30)
        #expect(t.value(forSubpath: "translation") as? CGSize == CGSize(width: 10, height: -20))
    }

    @Test func unknownSubpathsReadAndWriteNothing() {
        #expect(Ref.identity.value(forSubpath: "rotation.w") == nil)
        #expect(Ref.identity.value(forSubpath: "m11") == nil)
        #expect(Ref.identity.value(forSubpath: "") == nil)
        #expect(Ref.identity.setting(CGFloat(1), forSubpath: "skew") == nil)
    }

    @Test func valuesOfTheWrongTypeAreRejected() {
        #expect(Ref.identity.setting("1.0", forSubpath: "scale") == nil)
        #expect(Ref.identity.setting(CGPoint(x: 1, y: 2), forSubpath: "rotation.z") == nil)
        #expect(Ref.identity.setting(CGFloat(3), forSubpath: "translation") == nil)
        #expect(Ref.identity.setting(NSValue(point: CGPoint(x: 1, y: 2)), forSubpath: "translation") == nil)
    }

    @Test func settingRotationZOnTheIdentityMakesThatRotation() throws {
        let t = try #require(Ref.identity.setting(CGFloat.pi / 3, forSubpath: "rotation.z"))
        #expect(Ref.close(t, CATransform3DMakeRotation(.pi / 3, 0, 0, 1)))
        let same = try #require(Ref.identity.setting(CGFloat.pi / 3, forSubpath: "rotation"))
        #expect(Ref.close(same, t))
    }

    @Test func settingOneFieldKeepsTheOthers() throws {
        let base = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(40, 50, 0))
        let turned = try #require(base.setting(0.25, forSubpath: "rotation.z"))
        let expected = CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeRotation(0.25, 0, 0, 1)),
            CATransform3DMakeTranslation(40, 50, 0))
        #expect(Ref.close(turned, expected))
        let moved = try #require(turned.setting(-5, forSubpath: "translation.y"))
        #expect(Ref.close(moved.m42, -5) && Ref.close(moved.m41, 40))
        #expect(number(moved, "scale.x").map { Ref.close($0, 2) } == true)
        #expect(number(moved, "rotation.z").map { Ref.close($0, 0.25) } == true)
    }

    @Test func rotationFieldsComposeAsXThenYThenZ() throws {
        var t = Ref.identity
        t = try #require(t.setting(0.3, forSubpath: "rotation.x"))
        t = try #require(t.setting(-0.6, forSubpath: "rotation.y"))
        t = try #require(t.setting(1.1, forSubpath: "rotation.z"))
        let expected = CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeRotation(0.3, 1, 0, 0), CATransform3DMakeRotation(-0.6, 0, 1, 0)),
            CATransform3DMakeRotation(1.1, 0, 0, 1))
        #expect(Ref.close(t, expected))
        #expect(number(t, "rotation.x").map { Ref.close($0, 0.3) } == true)
        #expect(number(t, "rotation.y").map { Ref.close($0, -0.6) } == true)
    }

    @Test func everyNumericTypeIsAccepted() throws {
        let expected = CATransform3DMakeScale(2, 2, 2)
        let inputs: [Any] = [CGFloat(2), Double(2), Float(2), Int(2), NSNumber(value: 2), UInt8(2), NSNumber(value: 2.0)]
        for input in inputs {
            let t = try #require(Ref.identity.setting(input, forSubpath: "scale"))
            #expect(Ref.close(t, expected))
        }
    }

    @Test func translationTakesASizeBoxedOrNot() throws {
        let size = CGSize(width: 12, height: -7)
        let direct = try #require(Ref.identity.setting(size, forSubpath: "translation"))
        let boxed = try #require(Ref.identity.setting(NSValue(size: size), forSubpath: "translation"))
        #expect(Ref.close(direct, CATransform3DMakeTranslation(12, -7, 0)))
        #expect(Ref.close(boxed, direct))
    }

    @Test func scaleSetsAllThreeFactors() throws {
        let t = try #require(CATransform3DMakeScale(1, 2, 3).setting(CGFloat(0.5), forSubpath: "scale"))
        #expect(Ref.close(t, CATransform3DMakeScale(0.5, 0.5, 0.5)))
    }

    @Test func writingBackWhatWasReadChangesNothing() throws {
        var generator = GeometrySeededGenerator(seed: 99)
        let subpaths = ["rotation.x", "rotation.y", "rotation.z", "rotation", "scale.x", "scale.y", "scale.z",
                        "translation.x", "translation.y", "translation.z", "translation"]
        for _ in 0..<50 {
            var t = CATransform3DMakeScale(CGFloat(generator.uniform(0.5...2)), CGFloat(generator.uniform(0.5...2)), CGFloat(generator.uniform(0.5...2)))
            t = CATransform3DConcat(t, CATransform3DMakeRotation(CGFloat(generator.uniform(-3...3)), CGFloat(generator.uniform(-1...1)),
                                                                 CGFloat(generator.uniform(-1...1)), CGFloat(generator.uniform(-1...1))))
            t = CATransform3DConcat(t, CATransform3DMakeTranslation(CGFloat(generator.uniform(-50...50)), CGFloat(generator.uniform(-50...50)), 0))
            for subpath in subpaths {
                let value = try #require(t.value(forSubpath: subpath))
                let written = try #require(t.setting(value, forSubpath: subpath))
                #expect(Ref.close(written, t, 1e-9), "\(subpath)")
            }
        }
    }

    @Test func scalingOneAxisToZeroAndBackRestoresTheRotation() throws {
        let turned = CATransform3DMakeRotation(0.8, 0, 0, 1)
        let collapsed = try #require(turned.setting(0, forSubpath: "scale.x"))
        #expect(number(collapsed, "scale.x") == 0)
        let restored = try #require(collapsed.setting(1, forSubpath: "scale.x"))
        #expect(Ref.close(restored, turned))
        // With all three factors zero the matrix keeps no trace of the rotation.
        let vanished = try #require(turned.setting(0, forSubpath: "scale"))
        let back = try #require(vanished.setting(1, forSubpath: "scale"))
        #expect(Ref.close(back, Ref.identity))
    }

    @Test func theHomogeneousFactorIsKept() throws {
        let doubled = CATransform3D(entries: CATransform3DMakeTranslation(1, 2, 3).entries.map { $0 * 2 })
        #expect(number(doubled, "translation.x") == 1)
        let moved = try #require(doubled.setting(5, forSubpath: "translation.x"))
        #expect(moved.m44 == 2 && Ref.close(moved.m41, 10) && Ref.close(moved.m42, 4))
    }

    @Test func anUndecomposableMatrixReadsAsItsTranslation() throws {
        let dependentRows = CATransform3D(
            m11: 1, m12: 0, m13: 0, m14: 0, m21: 2, m22: 0, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: 0, m41: 6, m42: 7, m43: 8, m44: 1)
        #expect(number(dependentRows, "translation.y") == 7)
        #expect(number(dependentRows, "scale.x") == 1 && number(dependentRows, "rotation.z") == 0)
        let replaced = try #require(dependentRows.setting(2, forSubpath: "scale"))
        #expect(Ref.close(replaced, CATransform3DConcat(CATransform3DMakeScale(2, 2, 2), CATransform3DMakeTranslation(6, 7, 8))))
    }

    @Test func aQuarterTurnAboutYSurvivesGimbalLock() throws {
        let t = CATransform3DTranslate(CATransform3DMakeRotation(.pi / 2, 0, 1, 0), 3, 0, 0)
        #expect(number(t, "rotation.y").map { Ref.close($0, .pi / 2) } == true)
        let rewritten = try #require(t.setting(CGFloat.pi / 2, forSubpath: "rotation.y"))
        #expect(Ref.close(rewritten, t))
        let doubled = try #require(t.setting(CGFloat(2), forSubpath: "scale.z"))
        // (0, 0, 1) doubles to (0, 0, 2), turns to (2, 0, 0) and moves by the turned (3, 0, 0).
        #expect(Ref.close(Ref.apply(doubled, to: (0, 0, 1)), (2, 0, -3)))
    }
}
#endif
