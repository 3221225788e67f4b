#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where QuartzCore
// is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Steps on shape, gradient and emitter layers: their typed keys, including the properties that are
/// nil by default (a shape layer's `path` and `strokeColor`), which a step animates as it
/// does any other property, with values worked out by hand.
@Suite(.hangGuard)
struct LayerSubclassKeyTests {
    let fixture = QueueFixture(now: 100, queueName: "layer-subclass-keys-\(UUID())")

    @Test func aStepDrawsAShapeLayersStrokeAndEndsOnTheModel() async throws {
        let ring = fixture.layer { CAShapeLayer() }
        let run = fixture.queue.run(AnimationPlan {
            Step(ring, BasicAnimation(.strokeEnd, from: 0, to: 1, duration: 1, timing: .linear))
        }, motion: .full)
        await fixture.clock.advance(by: 0.25)
        let quarter = try #require(ring.presentation())
        #expect(abs(quarter.strokeEnd - 0.25) < 1e-9)
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(ring.strokeEnd == 1)
        #expect(ring.animationKeys() == nil)
    }

    @Test func aPropertyThatIsNilByDefaultIsAnimatedNotRejected() async throws {
        let ring = fixture.layer { CAShapeLayer() }
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let wide = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 10), transform: nil)
        let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        #expect(ring.path == nil && ring.strokeColor == nil)
        let run = fixture.queue.run(AnimationPlan {
            Parallel {
                Step(ring, BasicAnimation(.path, from: square, to: wide, duration: 1, timing: .linear))
                Step(ring, BasicAnimation(.strokeColor, from: red, to: blue, duration: 1, timing: .linear))
            }
        }, motion: .full)
        await fixture.clock.advance(by: 0.5)
        let halfway = try #require(ring.presentation())
        var rect = CGRect.zero
        #expect(try #require(halfway.path).isRect(&rect))
        #expect(rect == CGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(halfway.strokeColor?.components == [0.5, 0, 0.5, 1])
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(ring.path == wide)
        #expect(ring.strokeColor?.components == [0, 0, 1, 1])
    }

    @Test func aGradientsEndPointsAnimate() async throws {
        let shine = fixture.layer { CAGradientLayer() }
        let run = fixture.queue.run(AnimationPlan {
            Step(shine, BasicAnimation(.startPoint, to: CGPoint(x: 0, y: 0.5), duration: 1, timing: .linear))
        }, motion: .full)
        await fixture.clock.advance(by: 0.5)
        #expect(try #require(shine.presentation()).startPoint == CGPoint(x: 0.25, y: 0.25), "halfway from (0.5, 0)")
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(shine.startPoint == CGPoint(x: 0, y: 0.5))
    }

    @Test func aStepAlongAPathMovesAtOneSpeedAndEndsOnThePathsLastPoint() async throws {
        // (0, 0) → (100, 0) → (100, 300): 400 long, so paced, halfway is (100, 100).
        let ball = fixture.layer()
        let route = CGMutablePath()
        route.addLines(between: [.zero, CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 300)])
        let toss = KeyframeAnimation(.position, along: route, duration: 1)
        route.addLine(to: CGPoint(x: 0, y: 0))  // after the animation was made: not part of it
        let run = fixture.queue.run(AnimationPlan { Step(ball, toss) }, motion: .full)
        await fixture.clock.advance(by: 0.5)
        let halfway = try #require(ball.presentation()).position
        #expect(abs(halfway.x - 100) < 1e-6 && abs(halfway.y - 100) < 1e-6)
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(ball.position == CGPoint(x: 100, y: 300))
        #expect(toss.values == [.zero, CGPoint(x: 100, y: 300)])
        #expect(ball.animationKeys() == nil)
    }

    @Test func aStepAlongAPathResolvesToACoreAnimationPath() throws {
        let ball = fixture.layer()
        let loop = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        let orbit = KeyframeAnimation(.position, along: loop, duration: 2, calculationMode: .linear)
        let resolved = orbit.resolve(for: ball)
        let animation = try #require(resolved.animation as? CAKeyframeAnimation)
        #expect(animation.path == loop)
        #expect(animation.values == nil)
        #expect(animation.calculationMode == .linear)
        // The ellipse starts and, closed, ends at its rightmost point.
        #expect(resolved.finalValues.first?.value as? CGPoint == CGPoint(x: 100, y: 50))
        #expect(resolved.initialValues.first?.value as? CGPoint == CGPoint(x: 100, y: 50))
    }

    @Test func anEmptyPathStopsNamingTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = KeyframeAnimation(.position, along: CGMutablePath(), duration: 1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("needs a path that starts with a point, got an empty path. Start the path with move(to:)"))
    }

    @Test func aShadowPathAnimatesOnAnyLayer() async throws {
        let card = fixture.layer()
        let small = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let large = CGPath(rect: CGRect(x: -10, y: -10, width: 30, height: 30), transform: nil)
        let run = fixture.queue.run(AnimationPlan {
            Step(card, BasicAnimation(.shadowPath, from: small, to: large, duration: 1, timing: .linear))
        }, motion: .full)
        await fixture.clock.advance(by: 0.5)
        #expect(try #require(card.presentation()).shadowPath?.boundingBox == CGRect(x: -5, y: -5, width: 20, height: 20))
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(card.shadowPath == large)
    }
    @Test func anEmittersBirthRateTapersOffAndEndsOnTheModel() async throws {
        let confetti = fixture.layer { CAEmitterLayer() }
        let run = fixture.queue.run(AnimationPlan {
            Parallel {
                Step(confetti, BasicAnimation(.birthRate, to: 0, duration: 1, timing: .linear))
                Step(confetti, BasicAnimation(.emitterPosition, to: CGPoint(x: 40, y: 0), duration: 1, timing: .linear))
            }
        }, motion: .full)
        await fixture.clock.advance(by: 0.25)
        let quarter = try #require(confetti.presentation())
        #expect(abs(quarter.birthRate - 0.75) < 1e-6, "a quarter of the way from the default 1 to 0")
        #expect(abs(quarter.emitterPosition.x - 10) < 1e-9)
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(confetti.birthRate == 0 && confetti.emitterPosition == CGPoint(x: 40, y: 0))
        #expect(confetti.animationKeys() == nil)
    }

    @Test func aStepReachesAnEmitterCellByItsName() async throws {
        let emitter = fixture.layer { CAEmitterLayer() }
        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.birthRate = 40
        spark.velocity = 100
        emitter.emitterCells = [spark]
        let rate: AnimationKeyPath<Float> = .emitterCell(named: "spark", "birthRate")
        #expect(rate.rawValue == "emitterCells.spark.birthRate")
        let run = fixture.queue.run(AnimationPlan {
            Parallel {
                Step(emitter, BasicAnimation(rate, to: 0, duration: 1, timing: .linear))
                Step(emitter, BasicAnimation(.emitterCell(named: "spark", "velocity"), to: CGFloat(60), duration: 1,
                                             timing: .linear))
            }
        }, motion: .full)
        await fixture.clock.advance(by: 0.5)
        let halfway = try #require(emitter.presentation())
        #expect(halfway.value(forKeyPath: "emitterCells.spark.birthRate") as? Float == 20, "halfway from 40 to 0")
        #expect(halfway.value(forKeyPath: "emitterCells.spark.velocity") as? CGFloat == 80, "halfway from 100 to 60")
        #expect(spark.birthRate == 0 && spark.velocity == 60, "model first: the cell holds the final values")
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(emitter.animationKeys() == nil)
    }
}
#endif
