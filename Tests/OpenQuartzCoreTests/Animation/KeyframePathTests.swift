#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// `CAKeyframeAnimation.path`: a point property follows the path, one keyframe segment per
/// line, curve or close (`CAAnimation.h`). Animations last 1 s with linear timing, so a
/// sample time is also the progress; expected points are worked out by hand.
@Suite struct KeyframePathTests {
    /// (0, 0) → (100, 0) → (100, 300): two straight segments of lengths 100 and 300.
    private let corner: CGPath = {
        let path = CGMutablePath()
        path.addLines(between: [.zero, CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 300)])
        return path
    }()

    private func follow(_ path: CGPath, mode: CAAnimationCalculationMode = .linear, keyTimes: [Double]? = nil,
                        keyPath: String = "position") -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.path = path
        animation.calculationMode = mode
        animation.keyTimes = keyTimes?.map { NSNumber(value: $0) }
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        animation.duration = 1
        return animation
    }

    /// The layer's presentation position at each of `times`, after adding `animation`.
    private func positions(_ animation: CAAnimation, at times: [Double]) throws -> [CGPoint] {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.commit { layer.add(animation, forKey: "follow") }
        var elapsed = 0.0
        return try times.map { time in
            h.advance(by: time - elapsed)
            elapsed = time
            return try #require(layer.presentation()).position
        }
    }

    @Test func linearModeSpendsEqualTimeOnEachSegment() throws {
        let seen = try positions(follow(corner), at: [0.25, 0.5, 0.75])
        expectClose(seen[0], CGPoint(x: 50, y: 0))
        expectClose(seen[1], CGPoint(x: 100, y: 0))
        expectClose(seen[2], CGPoint(x: 100, y: 150))
    }

    @Test func keyTimesGiveOneTimePerKeyframeTheStartAndEachSegmentsEnd() throws {
        let seen = try positions(follow(corner, keyTimes: [0, 0.8, 1]), at: [0.4, 0.9])
        expectClose(seen[0], CGPoint(x: 50, y: 0))
        expectClose(seen[1], CGPoint(x: 100, y: 150))
    }

    @Test func pacedModeMovesAtOneSpeedAlongThePath() throws {
        // 400 long in all: halfway is 200 along, 100 into the second segment.
        let seen = try positions(follow(corner, mode: .paced), at: [0.125, 0.5])
        expectClose(seen[0], CGPoint(x: 50, y: 0), tolerance: 1e-9)
        expectClose(seen[1], CGPoint(x: 100, y: 100), tolerance: 1e-9)
    }

    @Test func aCurveIsFollowedAlongItsParameterInLinearMode() throws {
        let arch = CGMutablePath()
        arch.move(to: .zero)
        arch.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        // B(½) = (0 + 3·0 + 3·100 + 100)/8, (0 + 3·100 + 3·100 + 0)/8 = (50, 75).
        let seen = try positions(follow(arch), at: [0.5])
        expectClose(seen[0], CGPoint(x: 50, y: 75), tolerance: 1e-9)
    }

    @Test func pacedModeGoesRoundACircleAtOneSpeed() throws {
        // The ellipse path starts at its rightmost point and goes through increasing y first.
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        let seen = try positions(follow(circle, mode: .paced), at: [0.125, 0.25, 0.5])
        let eighth = CGPoint(x: 50 + 50 * cos(Double.pi / 4), y: 50 + 50 * sin(Double.pi / 4))
        expectClose(seen[0], eighth, tolerance: 0.1)
        expectClose(seen[1], CGPoint(x: 50, y: 100), tolerance: 0.1)
        expectClose(seen[2], CGPoint(x: 0, y: 50), tolerance: 0.1)
    }

    @Test func aMoveInsideThePathJumpsToTheNextSubpath() throws {
        let rails = CGMutablePath()
        rails.addLines(between: [.zero, CGPoint(x: 100, y: 0)])
        rails.addLines(between: [CGPoint(x: 0, y: 100), CGPoint(x: 100, y: 100)])
        let seen = try positions(follow(rails), at: [0.25, 0.5, 0.75])
        expectClose(seen[0], CGPoint(x: 50, y: 0))
        expectClose(seen[1], CGPoint(x: 0, y: 100), "the second segment starts at the move")
        expectClose(seen[2], CGPoint(x: 50, y: 100))
    }

    @Test func discreteModeJumpsBetweenTheKeyframes() throws {
        // Three keyframes need four key times: evenly 0, ⅓, ⅔, 1.
        let seen = try positions(follow(corner, mode: .discrete), at: [0.2, 0.5, 0.9])
        #expect(seen == [.zero, CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 300)])
    }

    @Test func aPathOverridesTheValues() throws {
        let animation = follow(corner)
        animation.values = [CGPoint(x: 500, y: 500), CGPoint(x: 600, y: 600)]
        let seen = try positions(animation, at: [0.25])
        expectClose(seen[0], CGPoint(x: 50, y: 0))
    }

    @Test func thePathIsCopiedOnAssignmentAndByCopy() throws {
        let path = CGMutablePath()
        path.addLines(between: [.zero, CGPoint(x: 100, y: 0)])
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        animation.rotationMode = .rotateAuto
        path.addLine(to: CGPoint(x: 100, y: 100))
        #expect(animation.path?.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 0))
        let copy = try #require(animation.copy() as? CAKeyframeAnimation)
        #expect(copy.path == animation.path)
        #expect(copy.rotationMode == .rotateAuto)
        #expect(copy.value(forKey: "rotationMode") as? String == "auto")
    }

    @Test func anEmptyPathOrAPathForAPropertyThatHoldsNoPointIsReportedAndIgnored() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let emptyReport = DiagnosticCollector(key: "anchorPoint")
        let opacityReport = DiagnosticCollector(key: "opacity")
        h.commit {
            layer.add(follow(CGMutablePath(), keyPath: "anchorPoint"), forKey: "empty")
            layer.add(follow(corner, keyPath: "opacity"), forKey: "fade")
        }
        h.advance(by: 0.5)
        let presented = try #require(layer.presentation())
        #expect(presented.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(presented.opacity == 1)
        #expect(emptyReport.kinds == [.ignoredInput])
        #expect(opacityReport.kinds == [.invalidValue])
    }
}
#endif
