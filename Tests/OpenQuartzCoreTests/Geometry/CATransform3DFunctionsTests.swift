#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

@Suite("CATransform3D functions")
struct CATransform3DFunctionsTests {
    typealias Ref = GeometryReference

    @Test func identityConstantIsTheUnitMatrix() {
        #expect(CATransform3DIdentity == Ref.identity)
        #expect(CATransform3DIsIdentity(Ref.identity))
    }

    @Test func identityCheckIsExact() {
        var almost = Ref.identity
        almost.m41 = 1e-300
        #expect(!CATransform3DIsIdentity(almost))
        #expect(!CATransform3DIsIdentity(CATransform3D()))
    }

    @Test func equalityComparesEveryEntryExactly() {
        let a = CATransform3DMakeScale(2, 3, 4)
        var b = a
        #expect(CATransform3DEqualToTransform(a, b))
        b.m34 = -0.002
        #expect(!CATransform3DEqualToTransform(a, b))
        #expect(a != b)
        var negativeZero = Ref.identity
        negativeZero.m12 = -0.0
        #expect(negativeZero == Ref.identity)
    }

    @Test func defaultInitializerIsAllZeros() {
        let zero = CATransform3D()
        #expect(Ref.maxDifference(zero, CATransform3D(
            m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0)) == 0)
    }

    @Test func translationLivesInTheFourthRow() {
        var expected = Ref.identity
        (expected.m41, expected.m42, expected.m43) = (10, -20, 30)
        #expect(CATransform3DMakeTranslation(10, -20, 30) == expected)
        #expect(Ref.close(Ref.apply(CATransform3DMakeTranslation(10, -20, 30), to: (1, 2, 3)), (11, -18, 33)))
    }

    @Test func scaleFillsTheDiagonal() {
        var expected = Ref.identity
        (expected.m11, expected.m22, expected.m33) = (2, 3, 4)
        #expect(CATransform3DMakeScale(2, 3, 4) == expected)
    }

    @Test func quarterTurnAboutZMapsXOntoY() {
        let t = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(Ref.close(Ref.apply(t, to: (1, 0, 0)), (0, 1, 0)))
        #expect(Ref.close(Ref.apply(t, to: (0, 1, 0)), (-1, 0, 0)))
        let angle = 0.3
        let r = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1)
        #expect(Ref.close(r.m11, CGFloat(cos(angle))) && Ref.close(r.m12, CGFloat(sin(angle))))
        #expect(Ref.close(r.m21, CGFloat(-sin(angle))) && Ref.close(r.m22, CGFloat(cos(angle))))
        #expect(r.m33 == 1 && r.m44 == 1)
    }

    @Test func rotationsFollowTheRightHandRuleOnEveryAxis() {
        let aboutX = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
        #expect(Ref.close(Ref.apply(aboutX, to: (0, 1, 0)), (0, 0, 1)))
        let aboutY = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        #expect(Ref.close(Ref.apply(aboutY, to: (0, 0, 1)), (1, 0, 0)))
    }

    @Test func oneThirdTurnAboutTheDiagonalCyclesTheAxes() {
        let t = CATransform3DMakeRotation(2 * .pi / 3, 1, 1, 1)
        #expect(Ref.close(Ref.apply(t, to: (1, 0, 0)), (0, 1, 0)))
        #expect(Ref.close(Ref.apply(t, to: (0, 1, 0)), (0, 0, 1)))
        #expect(Ref.close(Ref.apply(t, to: (0, 0, 1)), (1, 0, 0)))
    }

    @Test func rotationAxisIsNormalized() {
        let unit = CATransform3DMakeRotation(0.7, 0, 0.6, 0.8)
        let long = CATransform3DMakeRotation(0.7, 0, 6, 8)
        #expect(Ref.close(unit, long))
        #expect(Ref.close(Ref.apply(long, to: (0, 3, 4)), (0, 3, 4)))
    }

    @Test func rotationAboutAZeroAxisIsIdentity() {
        #expect(CATransform3DMakeRotation(1.2, 0, 0, 0) == Ref.identity)
    }

    /// Apple, `CATransform3D.h`: "Returns a transform that rotates by 'angle' radians about the
    /// vector '(x, y, z)'. If the vector has length zero the identity transform is returned."
    /// Only the zero vector is excepted: an axis whose squared length underflows to 0 or
    /// overflows to infinity in floating point is still an axis.
    @Test(arguments: [1e-170, 1e-300, 1e200, 1e300] as [CGFloat])
    func rotationAboutAVeryShortOrVeryLongAxisIsStillThatRotation(length: CGFloat) {
        // By hand, about +y in the row-vector convention: m11 = m33 = cos, m13 = −sin, m31 = sin.
        let angle = 0.5
        var aboutY = Ref.identity
        (aboutY.m11, aboutY.m13) = (CGFloat(cos(angle)), CGFloat(-sin(angle)))
        (aboutY.m31, aboutY.m33) = (CGFloat(sin(angle)), CGFloat(cos(angle)))
        #expect(Ref.close(CATransform3DMakeRotation(CGFloat(angle), 0, length, 0), aboutY))
        // A third of a turn about the diagonal cycles the axes: x ↦ y ↦ z ↦ x.
        let diagonal = CATransform3DMakeRotation(2 * .pi / 3, length, length, length)
        #expect(Ref.close(Ref.apply(diagonal, to: (1, 0, 0)), (0, 1, 0)))
        #expect(Ref.close(Ref.apply(diagonal, to: (0, 0, 1)), (1, 0, 0)))
    }

    @Test func translateAppliesTheTranslationFirst() {
        let scale = CATransform3DMakeScale(2, 2, 2)
        let t = CATransform3DTranslate(scale, 10, 0, 0)
        #expect(t.m41 == 20)
        for p in Ref.samplePoints {
            let expected = Ref.apply(scale, to: (p.x + 10, p.y, p.z))
            #expect(Ref.close(Ref.apply(t, to: p), expected))
        }
    }

    @Test func scaleAppliesTheScaleFirst() {
        let move = CATransform3DMakeTranslation(10, 0, 0)
        let t = CATransform3DScale(move, 2, 3, 4)
        #expect(t.m41 == 10)
        for p in Ref.samplePoints {
            #expect(Ref.close(Ref.apply(t, to: p), (2 * p.x + 10, 3 * p.y, 4 * p.z)))
        }
    }

    @Test func rotateAppliesTheRotationFirst() {
        let move = CATransform3DMakeTranslation(5, 0, 0)
        let t = CATransform3DRotate(move, .pi / 2, 0, 0, 1)
        // (1, 0, 0) turns to (0, 1, 0), then moves to (5, 1, 0).
        #expect(Ref.close(Ref.apply(t, to: (1, 0, 0)), (5, 1, 0)))
        #expect(CATransform3DRotate(move, 1, 0, 0, 0) == move)
    }

    @Test func concatAppliesTheFirstArgumentFirst() {
        let a = CATransform3DMakeRotation(0.4, 1, 2, 3)
        let b = CATransform3DTranslate(CATransform3DMakeScale(2, -1, 0.5), 3, 4, 5)
        let ab = CATransform3DConcat(a, b)
        for p in Ref.samplePoints {
            #expect(Ref.close(Ref.apply(ab, to: p), Ref.apply(b, to: Ref.apply(a, to: p))))
        }
        #expect(Ref.close(CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(10, 0, 0)).m41, 10))
    }

    @Test func invertTimesOriginalIsIdentity() {
        var generator = GeometrySeededGenerator(seed: 7)
        for _ in 0..<200 {
            var t = CATransform3DMakeRotation(
                CGFloat(generator.uniform(-4...4)), CGFloat(generator.uniform(-1...1)),
                CGFloat(generator.uniform(-1...1)), CGFloat(generator.uniform(-1...1)))
            t = CATransform3DScale(t, CGFloat(generator.uniform(0.5...2)), CGFloat(generator.uniform(0.5...2)),
                                   CGFloat(generator.uniform(-2 ... -0.5)))
            t = CATransform3DTranslate(t, CGFloat(generator.uniform(-5...5)), CGFloat(generator.uniform(-5...5)),
                                       CGFloat(generator.uniform(-5...5)))
            t.m34 = CGFloat(generator.uniform(-0.01...0))
            let inverse = CATransform3DInvert(t)
            #expect(Ref.close(CATransform3DConcat(inverse, t), Ref.identity))
            #expect(Ref.close(CATransform3DConcat(t, inverse), Ref.identity))
        }
    }

    @Test func invertOfADenseMatrixIsItsInverse() {
        let t = CATransform3D(
            m11: 4, m12: 1, m13: 0, m14: 2, m21: 1, m22: 5, m23: 1, m24: 0,
            m31: 0, m32: 1, m33: 6, m34: 1, m41: 2, m42: 0, m43: 1, m44: 7)
        #expect(Ref.close(CATransform3DConcat(t, CATransform3DInvert(t)), Ref.identity))
    }

    @Test func invertUndoesTranslation() {
        let inverse = CATransform3DInvert(CATransform3DMakeTranslation(10, -4, 2))
        #expect(Ref.close(inverse, CATransform3DMakeTranslation(-10, 4, -2)))
    }

    @Test func invertReturnsASingularMatrixUnchanged() {
        let flat = CATransform3DTranslate(CATransform3DMakeScale(1, 0, 1), 3, 4, 5)
        #expect(CATransform3DInvert(flat) == flat)
        #expect(CATransform3DInvert(CATransform3D()) == CATransform3D())
    }
}
#endif
