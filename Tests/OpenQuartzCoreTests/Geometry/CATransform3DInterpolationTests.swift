#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

@Suite("CATransform3D interpolation")
struct CATransform3DInterpolationTests {
    typealias Ref = GeometryReference

    @Test func halfwayToAQuarterTurnIsAnEighthTurn() {
        let half = Ref.identity.interpolated(to: CATransform3DMakeRotation(.pi / 2, 0, 0, 1), fraction: 0.5)
        #expect(Ref.close(half, CATransform3DMakeRotation(.pi / 4, 0, 0, 1)))
        let s = 0.5.squareRoot()
        #expect(Ref.close(Ref.apply(half, to: (1, 0, 0)), (s, s, 0)))
    }

    @Test func everyFractionOfATurnIsThatFractionOfTheAngle() {
        let to = CATransform3DMakeRotation(2, 1, -2, 0.5)
        for fraction in [0.1, 0.25, 0.6, 0.9] {
            let expected = CATransform3DMakeRotation(CGFloat(2 * fraction), 1, -2, 0.5)
            #expect(Ref.close(Ref.identity.interpolated(to: to, fraction: fraction), expected, 1e-12))
        }
    }

    @Test func halfwayBetweenScaleOneAndThreeIsTwo() {
        let half = CATransform3DMakeScale(1, 1, 1).interpolated(to: CATransform3DMakeScale(3, 3, 3), fraction: 0.5)
        #expect(Ref.close(half, CATransform3DMakeScale(2, 2, 2)))
    }

    @Test func translationMovesLinearly() {
        let from = CATransform3DMakeTranslation(0, 10, 0), to = CATransform3DMakeTranslation(100, -10, 50)
        #expect(Ref.close(from.interpolated(to: to, fraction: 0.25), CATransform3DMakeTranslation(25, 5, 12.5)))
    }

    @Test func eachPartInterpolatesIndependently() {
        func make(_ scale: CGFloat, _ angle: CGFloat, _ x: CGFloat) -> CATransform3D {
            let rotated = CATransform3DConcat(CATransform3DMakeScale(scale, scale, 1), CATransform3DMakeRotation(angle, 0, 0, 1))
            return CATransform3DConcat(rotated, CATransform3DMakeTranslation(x, 0, 0))
        }
        let half = make(1, 0, 0).interpolated(to: make(3, .pi / 2, 100), fraction: 0.5)
        #expect(Ref.close(half, make(2, .pi / 4, 50)))
    }

    @Test func endpointsAreReturnedExactly() {
        let a = CATransform3DMakeRotation(0.3, 1, 1, 0), b = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 2), 1, 2, 3)
        #expect(a.interpolated(to: b, fraction: 0) == a)
        #expect(a.interpolated(to: b, fraction: 1) == b)
        #expect(a.interpolated(to: a, fraction: 0.37) == a)
    }

    @Test func rotationTakesTheShorterArc() {
        let threeQuarters = CATransform3DMakeRotation(3 * .pi / 2, 0, 0, 1)
        let half = Ref.identity.interpolated(to: threeQuarters, fraction: 0.5)
        #expect(Ref.close(half, CATransform3DMakeRotation(-.pi / 4, 0, 0, 1)))
    }

    @Test func aHalfFlipAboutYIsAQuarterTurnAboutY() {
        let half = Ref.identity.interpolated(to: CATransform3DMakeRotation(.pi, 0, 1, 0), fraction: 0.5)
        #expect(Ref.close(half, CATransform3DMakeRotation(.pi / 2, 0, 1, 0)))
    }

    @Test func overshootExtrapolates() {
        let over = CATransform3DMakeScale(1, 1, 1).interpolated(to: CATransform3DMakeScale(3, 3, 3), fraction: 1.5)
        #expect(Ref.close(over, CATransform3DMakeScale(4, 4, 4)))
        let under = Ref.identity.interpolated(to: CATransform3DMakeRotation(1, 0, 0, 1), fraction: -0.5)
        #expect(Ref.close(under, CATransform3DMakeRotation(-0.5, 0, 0, 1)))
    }

    @Test func perspectiveInterpolatesLinearly() {
        var to = Ref.identity
        to.m34 = -1.0 / 500
        let half = Ref.identity.interpolated(to: to, fraction: 0.5)
        var expected = Ref.identity
        expected.m34 = -1.0 / 1000
        #expect(Ref.close(half, expected))
    }

    @Test func twoDimensionalTransformsStayTwoDimensional() {
        let from = CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: 0.4).scaledBy(x: -1, y: 2))
        let to = CATransform3DMakeAffineTransform(CGAffineTransform(translationX: 30, y: 4).rotated(by: 2.5))
        for fraction in stride(from: 0.0, through: 1.0, by: 0.125) {
            #expect(CATransform3DIsAffine(from.interpolated(to: to, fraction: fraction)))
        }
    }

    @Test func anUndecomposableEndFallsBackToComponentwiseLerp() {
        var degenerate = Ref.identity
        degenerate.m44 = 0
        degenerate.m41 = 8
        let half = Ref.identity.interpolated(to: degenerate, fraction: 0.5)
        var expected = Ref.identity
        (expected.m44, expected.m41) = (0.5, 4)
        #expect(Ref.close(half, expected))
    }
}
#endif
