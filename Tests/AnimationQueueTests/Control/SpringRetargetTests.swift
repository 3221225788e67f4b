#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where QuartzCore
// is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// A spring retargeted turns as a spring: no jump in value, velocity or acceleration at the
/// turn, and, once the turn has blended in, the layer moves as a spring of the step's own
/// parameters (or of the settling spring given) anchored at the new target.
@Suite(.hangGuard)
@MainActor
struct SpringRetargetTests {
    let fixture = QueueFixture()

    /// Starts `spring` on a fresh layer as an operation of the fixture's queue.
    func slide(_ spring: SpringAnimation<CGFloat>) -> (AnimationOperation, CALayer) {
        let layer = fixture.layer()
        let operation = AnimationOperation(layer: layer, animation: spring)
        operation.motion = .full
        fixture.queue.addOperation(operation)
        return (operation, layer)
    }

    /// Checks at `time` that the layer's motion obeys a spring's equation anchored at
    /// `target`: x″ = −(k/m)(x − target) − (c/m)·x′, from samples 1 ms apart (central
    /// differences), to 1 % of the two terms' sizes.
    func expectSpring(_ layer: CALayer, at time: TimeInterval, anchoredAt target: Double,
                      mass: Double = 1, stiffness: Double, damping: Double, _ comment: Comment = "",
                      sourceLocation: SourceLocation = #_sourceLocation) async {
        let h = 0.001
        await fixture.clock.advance(to: time - h)
        let before = MotionSample.shown(layer)
        await fixture.clock.advance(to: time)
        let x = MotionSample.shown(layer)
        await fixture.clock.advance(to: time + h)
        let after = MotionSample.shown(layer)
        let velocity = (after - before) / (2 * h)
        let acceleration = (after - 2 * x + before) / (h * h)
        let pull = -stiffness / mass * (x - target), drag = -damping / mass * velocity
        #expect(abs(acceleration - pull - drag) <= 0.01 * (abs(pull) + abs(drag)) + 1e-3,
                "x″ = \(acceleration), spring: \(pull + drag) \(comment)", sourceLocation: sourceLocation)
    }

    /// The end: the layer shows and holds `value`, nothing is attached, and the operation
    /// finished once.
    func expectEnded(_ operation: AnimationOperation, _ layer: CALayer, at value: Double,
                     sourceLocation: SourceLocation = #_sourceLocation) async {
        await fixture.clock.advance(by: 10)
        #expect(operation.outcome == .finished, sourceLocation: sourceLocation)
        #expect(abs(MotionSample.shown(layer) - value) < 1e-9, sourceLocation: sourceLocation)
        #expect(abs(Double(layer.position.x) - value) < 1e-9, sourceLocation: sourceLocation)
        #expect(layer.animationKeys() ?? [] == [], sourceLocation: sourceLocation)
    }

    @Test func aTurnedSpringMovesAsItsOwnSpringTowardTheNewTarget() async throws {
        let (operation, layer) = slide(SpringAnimation(.positionX, from: 0, to: 100, stiffness: 120, damping: 9))
        let turn = await MotionSample.around(0.15, on: layer, clock: fixture.clock) {
            operation.retarget(.positionX, to: -40)
        }
        turn.expectSmooth()
        // The turn blends in at twice the spring's frequency: half a second on, the layer moves
        // as the spring itself, pulled toward -40.
        await expectSpring(layer, at: 0.65, anchoredAt: -40, stiffness: 120, damping: 9)
        await expectSpring(layer, at: 1.2, anchoredAt: -40, stiffness: 120, damping: 9)
        #expect(!operation.isFinished)
        await expectEnded(operation, layer, at: -40)
    }

    /// A drag sends the spring a new target every 70 ms: every turn is smooth, and the spring
    /// ends on the last one.
    @Test func aSpringTurnedOnEveryChangeOfADragStaysSmooth() async throws {
        let (operation, layer) = slide(SpringAnimation(.positionX, from: 0, to: 100, perceptualDuration: 0.5, bounce: 0.2))
        let targets: [CGFloat] = [150, 80, 200, 120, 121, 119]
        for (index, target) in targets.enumerated() {
            let turn = await MotionSample.around(0.1 + 0.07 * Double(index), on: layer, clock: fixture.clock) {
                operation.retarget(.positionX, to: target)
            }
            turn.expectSmooth("turn \(index) to \(target)")
        }
        // Perceptual duration 0.5 s and bounce 0.2: ω = 4π, ζ = 0.8, mass 1.
        let omega = 4 * Double.pi
        await expectSpring(layer, at: 1.2, anchoredAt: 119, stiffness: omega * omega, damping: 2 * 0.8 * omega)
        await expectEnded(operation, layer, at: 119)
    }

    /// The settling spring given replaces the step's own for the rest of the motion.
    @Test func aSpringTurnsWithTheSettlingSpringItIsGiven() async throws {
        let (operation, layer) = slide(SpringAnimation(.positionX, from: 0, to: 100, stiffness: 100, damping: 10))
        let turn = await MotionSample.around(0.2, on: layer, clock: fixture.clock) {
            operation.retarget(.positionX, to: 30, settling: RetargetSpring(perceptualDuration: 0.4, bounce: 0.1))
        }
        turn.expectSmooth()
        // Perceptual duration 0.4 s and bounce 0.1: ω = 5π, ζ = 0.9, mass 1.
        let omega = 5 * Double.pi
        await expectSpring(layer, at: 0.6, anchoredAt: 30, stiffness: omega * omega, damping: 2 * 0.9 * omega)
        await expectEnded(operation, layer, at: 30)
    }

    /// Critically damped, and damped past critical with and without over-damping allowed
    /// (without, Core Animation moves it as a critically damped spring).
    @Test(arguments: [(20.0, false), (40.0, false), (40.0, true)])
    func aSpringDampedAtOrPastCriticalTurnsSmoothly(damping: Double, allowsOverdamping: Bool) async throws {
        let (operation, layer) = slide(SpringAnimation(.positionX, from: 0, to: 100, stiffness: 100, damping: damping,
                                                       allowsOverdamping: allowsOverdamping))
        let turn = await MotionSample.around(0.2, on: layer, clock: fixture.clock) {
            operation.retarget(.positionX, to: 250)
        }
        turn.expectSmooth()
        let effective = allowsOverdamping ? damping : min(damping, 20)
        await expectSpring(layer, at: 0.8, anchoredAt: 250, stiffness: 100, damping: effective)
        await expectEnded(operation, layer, at: 250)
    }

    /// A newer step that begins on the turned spring's key path takes it over smoothly.
    @Test func aTurnedSpringIsTakenOverSmoothly() async throws {
        let (operation, layer) = slide(SpringAnimation(.positionX, from: 0, to: 100, stiffness: 100, damping: 10))
        await fixture.clock.advance(to: 0.1)
        operation.retarget(.positionX, to: 160)
        let newer = AnimationOperation(layer: layer, animation: BasicAnimation(.positionX, to: 300, duration: 1,
                                                                               timing: .easeInEaseOut))
        newer.motion = .full
        let takeover = await MotionSample.around(0.3, on: layer, clock: fixture.clock) {
            fixture.queue.addOperation(newer)
        }
        // The newer step eases from the turned target, 160, toward 300.
        takeover.expectSmooth(adding: MotionSample.easeInEaseOutStart(distance: 140, duration: 1))
        #expect(operation.outcome == .interrupted && operation.takeover?.blendedKeyPaths == ["position.x"])
        await expectEnded(newer, layer, at: 300)
    }

    /// A spring in its delay has not begun to move: it turns at once, from what the layer
    /// shows, at rest, and ends on the new target.
    @Test func aSpringInItsDelayTurnsAtOnce() async throws {
        let (operation, layer) = slide(SpringAnimation(.positionX, from: 0, to: 100, stiffness: 100, damping: 10,
                                                       delay: 0.5))
        let turn = await MotionSample.around(0.2, on: layer, clock: fixture.clock) {
            operation.retarget(.positionX, to: 60)
        }
        #expect(abs(turn.atBefore) < 1e-9, "the delay shows the spring's from-value")
        #expect(abs(turn.atAfter - turn.atBefore) <= 1e-6, "no jump")
        // From rest, with no acceleration either: 40 points to go, and over the first
        // millisecond it moves by less than a thousandth of a point.
        #expect(abs(turn.after - turn.atAfter) < 1e-3)
        await expectEnded(operation, layer, at: 60)
    }

    /// A turned spring paused by a trip to the background comes back where it was, as fast as
    /// it was, accelerating as it was.
    @Test func aTurnedSpringComesBackFromTheBackgroundWhereItWas() async throws {
        let (operation, layer) = slide(SpringAnimation(.positionX, from: 0, to: 100, stiffness: 100, damping: 10))
        fixture.queue.backgroundPolicy = .pause
        await fixture.clock.advance(to: 0.1)
        operation.retarget(.positionX, to: 200)
        var samples: [Double] = []
        for time in [0.298, 0.299, 0.3] {
            await fixture.clock.advance(to: time)
            samples.append(MotionSample.shown(layer))
        }
        await fixture.trip(returningAt: 5)
        let atReturn = MotionSample.shown(layer)
        await fixture.clock.advance(to: 5.001)
        MotionSample(twoBefore: samples[0], before: samples[1], atBefore: samples[2], atAfter: atReturn,
                     after: MotionSample.shown(layer)).expectSmooth("across the trip")
        await expectEnded(operation, layer, at: 200)
    }
}
#endif
