#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself: compiled only where QuartzCore is absent; on Apple platforms
// Core Graphics supplies CGPath.

import Foundation
import Testing
@testable import OpenQuartzCore

/// `CGPath` and `CGMutablePath` against `CGPath.h` and closed forms worked out by hand.
@Suite struct CGPathTests {
    /// The path's elements as (kind, points), read through `applyWithBlock(_:)`.
    private func elements(_ path: CGPath) -> [(CGPathElementType, [CGPoint])] {
        var result: [(CGPathElementType, [CGPoint])] = []
        path.applyWithBlock { element in
            let count = [CGPathElementType.moveToPoint: 1, .addLineToPoint: 1, .addQuadCurveToPoint: 2,
                         .addCurveToPoint: 3, .closeSubpath: 0][element.pointee.type]!
            result.append((element.pointee.type, (0..<count).map { element.pointee.points[$0] }))
        }
        return result
    }

    @Test func aRectangleIsAMoveThreeLinesAndACloseFromItsMinimumCorner() {
        let path = CGPath(rect: CGRect(x: 1, y: 2, width: 10, height: 20), transform: nil)
        let found = elements(path)
        #expect(found.map(\.0) == [.moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath])
        #expect(found.flatMap(\.1) == [CGPoint(x: 1, y: 2), CGPoint(x: 11, y: 2), CGPoint(x: 11, y: 22), CGPoint(x: 1, y: 22)])
        var rect = CGRect.zero
        #expect(path.isRect(&rect))
        #expect(rect == CGRect(x: 1, y: 2, width: 10, height: 20))
        #expect(path.currentPoint == CGPoint(x: 1, y: 2), "after the close: the subpath's start")
    }

    @Test func aTransformMovesEveryPointBeforeItIsAdded() {
        var twice = CGAffineTransform(scaleX: 2, y: 3)
        let path = CGPath(rect: CGRect(x: 1, y: 1, width: 1, height: 1), transform: &twice)
        #expect(path.boundingBox == CGRect(x: 2, y: 3, width: 2, height: 3))
        let original = CGPath(rect: CGRect(x: 1, y: 1, width: 1, height: 1), transform: nil)
        #expect(original.copy(using: &twice) == path)
    }

    @Test func anEllipseIsFourCubicsThroughItsAxisPointsStartingAtTheRight() throws {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 50), transform: nil)
        let found = elements(path)
        #expect(found.map(\.0) == [.moveToPoint] + Array(repeating: .addCurveToPoint, count: 4) + [.closeSubpath])
        #expect(found[0].1 == [CGPoint(x: 100, y: 25)])
        // The curves end on the axis points, in order of increasing y first.
        #expect(found[1...4].map { $0.1[2] } == [CGPoint(x: 50, y: 50), CGPoint(x: 0, y: 25), CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 25)])
        #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 50))
        expectClose(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 50), tolerance: 1e-9)
        // Halfway along the first quarter, the curve is on the ellipse (x/50)² + (y/25)² = 1,
        // to the cubic's known accuracy of 0.03 %.
        let curve = found[1].1
        let mid = CGPoint(x: (100 + 3 * curve[0].x + 3 * curve[1].x + curve[2].x) / 8,
                          y: (25 + 3 * curve[0].y + 3 * curve[1].y + curve[2].y) / 8)
        let radius = (pow((mid.x - 50) / 50, 2) + pow((mid.y - 25) / 25, 2)).squareRoot()
        #expect(abs(radius - 1) < 3e-4)
    }

    @Test func boundingBoxHoldsControlPointsAndBoundingBoxOfPathOnlyTheCurve() {
        let quad = CGMutablePath()
        quad.move(to: .zero)
        quad.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        #expect(quad.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 100))
        // y(t) = 2t(1 − t)·100, largest at t = ½: 50.
        expectClose(quad.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 50))

        let cubic = CGMutablePath()
        cubic.move(to: .zero)
        cubic.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        // y(t) = 3t(1 − t)·100, largest at t = ½: 75.
        expectClose(cubic.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 75))
        #expect(CGMutablePath().boundingBox.isNull)
        #expect(CGMutablePath().boundingBoxOfPath.isNull)
    }

    @Test func theCurrentPointIsTheLastEndPointOrZeroWhenEmpty() {
        let path = CGMutablePath()
        #expect(path.isEmpty)
        #expect(path.currentPoint == .zero)
        path.move(to: CGPoint(x: 5, y: 5))
        path.addLine(to: CGPoint(x: 10, y: 5))
        #expect(!path.isEmpty)
        #expect(path.currentPoint == CGPoint(x: 10, y: 5))
        path.closeSubpath()
        #expect(path.currentPoint == CGPoint(x: 5, y: 5))
        // A line after a close starts a new subpath at the closed one's start.
        path.addLine(to: CGPoint(x: 5, y: 20))
        #expect(elements(path).map(\.0) == [.moveToPoint, .addLineToPoint, .closeSubpath, .moveToPoint, .addLineToPoint])
        #expect(elements(path)[3].1 == [CGPoint(x: 5, y: 5)])
    }

    @Test func aLineWithoutACurrentPointIsReportedAndIgnored() {
        let diagnostics = DiagnosticCollector(key: "CGMutablePath.addLine(to:)")
        let path = CGMutablePath()
        path.addLine(to: CGPoint(x: 1, y: 1))
        #expect(path.isEmpty)
        #expect(diagnostics.kinds == [.ignoredInput])
        #expect(diagnostics.all.first?.message.contains("move(to:)") == true)
    }

    @Test func anArcEndsAtItsEndAngleOnTheCircle() {
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 10, y: 10), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(elements(path).first?.0 == .moveToPoint, "an arc on an empty path starts with a move")
        expectClose(path.currentPoint, CGPoint(x: 10, y: 20), tolerance: 1e-9)
        expectClose(path.boundingBoxOfPath, CGRect(x: 10, y: 10, width: 10, height: 10), tolerance: 1e-9)
    }

    @Test func clockwiseTurnsTowardsDecreasingAngles() {
        // From 0 to π/2 clockwise is three quarters of the circle, through 3π/2 (the bottom).
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        expectClose(path.currentPoint, CGPoint(x: 0, y: 10), tolerance: 1e-9)
        expectClose(path.boundingBoxOfPath, CGRect(x: -10, y: -10, width: 20, height: 20), tolerance: 1e-9)
    }

    @Test func zeroToTwoPiClockwiseDrawsNothingAndTwoPiToZeroTheWholeCircle() {
        // CGPath.h: "setting startAngle to 0, endAngle to 2π, and clockwise to true will draw
        // nothing"; "set startAngle to 2π, endAngle to 0, and clockwise to true" for a full circle.
        let nothing = CGMutablePath()
        nothing.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        #expect(!elements(nothing).contains { $0.0 == .addCurveToPoint })
        let circle = CGMutablePath()
        circle.addArc(center: .zero, radius: 10, startAngle: 2 * .pi, endAngle: 0, clockwise: true)
        expectClose(circle.boundingBoxOfPath, CGRect(x: -10, y: -10, width: 20, height: 20), tolerance: 1e-9)
    }

    @Test func anArcOfMoreThanATurnEndsAtItsEndAngle() {
        // CGPath.h: `endAngle' is "the angle to the second endpoint of the arc".
        let forwards = CGMutablePath()
        forwards.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: 3 * .pi, clockwise: false)
        expectClose(forwards.currentPoint, CGPoint(x: -10, y: 0), tolerance: 1e-9)
        let backwards = CGMutablePath()
        backwards.addArc(center: .zero, radius: 10, startAngle: 3 * .pi, endAngle: 0, clockwise: true)
        expectClose(backwards.currentPoint, CGPoint(x: 10, y: 0), tolerance: 1e-9)
        let twice = CGMutablePath()
        twice.addArc(center: .zero, radius: 10, startAngle: 4 * .pi, endAngle: 0, clockwise: true)
        expectClose(twice.boundingBoxOfPath, CGRect(x: -10, y: -10, width: 20, height: 20), tolerance: 1e-9,
                    "whole turns apart, heading from the start to the end: one full circle")
    }

    @Test func anArcAfterOtherElementsIsPrecededByALine() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(center: CGPoint(x: 20, y: 0), radius: 5, startAngle: 0, endAngle: .pi, clockwise: false)
        let found = elements(path)
        #expect(found[1].0 == .addLineToPoint)
        expectClose(found[1].1[0], CGPoint(x: 25, y: 0))
        expectClose(path.currentPoint, CGPoint(x: 15, y: 0), tolerance: 1e-9)
    }

    @Test func aTangentArcRoundsTheCornerWithTheRadiusGiven() {
        // From (0, 0) to the corner (10, 0), then up to (10, 10), radius 5: the arc runs from
        // (5, 0) to (10, 5) around (5, 5).
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 5)
        let found = elements(path)
        #expect(found[1].0 == .addLineToPoint)
        expectClose(found[1].1[0], CGPoint(x: 5, y: 0), tolerance: 1e-9)
        expectClose(path.currentPoint, CGPoint(x: 10, y: 5), tolerance: 1e-9)
        // Halfway, the arc is 5 from its centre.
        let curve = found[2].1
        let mid = CGPoint(x: (5 + 3 * curve[0].x + 3 * curve[1].x + curve[2].x) / 8,
                          y: (0 + 3 * curve[0].y + 3 * curve[1].y + curve[2].y) / 8)
        #expect(abs(hypot(mid.x - 5, mid.y - 5) - 5) < 5 * 3e-4)
    }

    @Test func containsFollowsTheFillRule() {
        let ring = CGMutablePath()
        ring.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        ring.addRect(CGRect(x: 3, y: 3, width: 4, height: 4))
        let centre = CGPoint(x: 5, y: 5)
        #expect(ring.contains(centre, using: .winding), "both rectangles turn the same way: winding 2")
        #expect(!ring.contains(centre, using: .evenOdd), "two crossings")
        #expect(ring.contains(CGPoint(x: 1, y: 1), using: .evenOdd))
        #expect(!ring.contains(CGPoint(x: 11, y: 5)))

        let disc = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        #expect(disc.contains(CGPoint(x: 5, y: 5)))
        #expect(!disc.contains(CGPoint(x: 0.5, y: 0.5)), "outside the circle, inside its box")
        // CGPath.h: "the point is transformed by `m' before determining whether the path contains it".
        let shift = CGAffineTransform(translationX: 5, y: 0)
        #expect(disc.contains(CGPoint(x: -3, y: 5), transform: shift), "(2, 5) after the shift")
        #expect(!disc.contains(CGPoint(x: 8, y: 5), transform: shift), "(13, 5) after the shift")
    }

    @Test func copiesAreEqualAndIndependent() throws {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 1, y: 1))
        let frozen = try #require(path.copy())
        let mutable = try #require(path.mutableCopy())
        #expect(frozen == path)
        #expect(mutable == path)
        mutable.addLine(to: CGPoint(x: 2, y: 0))
        #expect(mutable != path)
        #expect(elements(path).count == 2, "the original is unchanged")
        #expect(Set([frozen, path as CGPath]).count == 1, "equal paths hash alike")
    }

    @Test func isRectIsFalseForOtherShapes() {
        #expect(!CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil).isRect(nil))
        let slanted = CGMutablePath()
        slanted.addLines(between: [.zero, CGPoint(x: 4, y: 1), CGPoint(x: 4, y: 5), CGPoint(x: 0, y: 4)])
        slanted.closeSubpath()
        #expect(!slanted.isRect(nil))
    }

    @Test func cornersTooLargeForTheRectangleAreReportedAndLimited() {
        let diagnostics = DiagnosticCollector(key: "CGMutablePath.addRoundedRect(in:cornerWidth:cornerHeight:transform:)")
        let pill = CGMutablePath()
        pill.addRoundedRect(in: CGRect(x: 0, y: 0, width: 60, height: 20), cornerWidth: 10, cornerHeight: 15)
        #expect(diagnostics.kinds == [.invalidValue])
        #expect(diagnostics.all.first?.message.contains("They are limited to 10.0 × 10.0") == true)
        expectClose(pill.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 60, height: 20), tolerance: 1e-9)
    }

    @Test func aRoundedRectStaysInItsRectAndReachesEveryEdge() {
        let path = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 60, height: 20), cornerWidth: 10, cornerHeight: 10, transform: nil)
        expectClose(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 60, height: 20), tolerance: 1e-9)
        #expect(path.contains(CGPoint(x: 30, y: 10)))
        #expect(!path.contains(CGPoint(x: 0.5, y: 0.5)), "the corner is cut off")
        #expect(path.contains(CGPoint(x: 10, y: 0.5)), "past the corner the edge is straight")
    }
}
#endif
