#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

@Suite("CATransform3D and CGAffineTransform conversions")
struct CATransform3DAffineTests {
    typealias Ref = GeometryReference

    @Test func affineEntriesLandInTheTwoDimensionalSlots() {
        let m = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let expected = CATransform3D(
            m11: 1, m12: 2, m13: 0, m14: 0, m21: 3, m22: 4, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: 0, m41: 5, m42: 6, m43: 0, m44: 1)
        #expect(CATransform3DMakeAffineTransform(m) == expected)
    }

    @Test func affineTransformAndItsMatrixMoveTheSamePoints() {
        let m = CGAffineTransform(rotationAngle: 0.6).scaledBy(x: 2, y: -1).translatedBy(x: 3, y: 4)
        let t = CATransform3DMakeAffineTransform(m)
        for (x, y) in [(0.0, 0.0), (1, 0), (0, 1), (-2.5, 7)] {
            let p = CGPoint(x: x, y: y).applying(m)
            let q = Ref.apply(t, to: (x, y, 0))
            #expect(Ref.close(Double(p.x), q.x) && Ref.close(Double(p.y), q.y) && q.z == 0)
        }
    }

    @Test func twoDimensionalTransformsAreAffine() {
        #expect(CATransform3DIsAffine(Ref.identity))
        #expect(CATransform3DIsAffine(CATransform3DMakeRotation(1, 0, 0, 1)))
        #expect(CATransform3DIsAffine(CATransform3DTranslate(CATransform3DMakeScale(2, 3, 1), 4, 5, 0)))
    }

    @Test func depthPerspectiveAndOutOfPlaneRotationAreNotAffine() {
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(1, 0, 1, 0)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeScale(1, 1, 2)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeTranslation(0, 0, 1)))
        var perspective = Ref.identity
        perspective.m34 = -1.0 / 500
        #expect(!CATransform3DIsAffine(perspective))
    }

    @Test func affineTransformRoundTripsThroughTheMatrix() {
        let m = CGAffineTransform(a: 0.5, b: -2, c: 3, d: 1.5, tx: -7, ty: 11)
        #expect(CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(m)) == m)
    }

    @Test func gettingTheAffinePartReadsTheTwoDimensionalEntries() {
        let t = CATransform3DTranslate(CATransform3DMakeScale(2, 3, 1), 4, 5, 0)
        #expect(CATransform3DGetAffineTransform(t) == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 8, ty: 15))
    }
}
#endif
