#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where QuartzCore
// is absent.

@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// A step that begins on a key path another step is still moving on the same layer takes it
/// over: the layer keeps its value and velocity (the newer motion adds its own), the older
/// operation finishes `.interrupted` at once with a takeover that says so, and the layer ends
/// on the newer step's value with nothing attached.
@Suite(.hangGuard)
@MainActor
struct TakeoverTests {
    let fixture = QueueFixture()

    func operation(_ layer: CALayer, _ animation: some LayerAnimation, _ name: String) -> AnimationOperation {
        fixture.operation(layer, animation, named: name)
    }

    /// Adds `newer` at `time` and samples `layer` around it.
    /// Adds `newer` at `time` to the queue of `fixture` (the test's by default) and samples
    /// `layer` around it.
    func takeOver(_ layer: CALayer, at time: TimeInterval, _ keyPath: String = "position.x",
                  with newer: AnimationOperation, in fixture: QueueFixture? = nil) async -> MotionSample {
        let fixture = fixture ?? self.fixture
        return await MotionSample.around(time, on: layer, keyPath, clock: fixture.clock) { fixture.queue.addOperation(newer) }
    }

    func shown(_ layer: CALayer, _ keyPath: String = "position.x") -> Double { MotionSample.shown(layer, keyPath) }

    /// An older step sliding `layer` from 0 to 100 in 2 s, linearly, taken over at 0.5 s by a
    /// newer one toward 300 in 1 s, ease-in-ease-out, on the queue of `fixture` (the test's by
    /// default); the takeover is checked to be smooth.
    @discardableResult
    func slideTakenOverAtHalfASecond(_ layer: CALayer, in fixture: QueueFixture? = nil) async
        -> (older: AnimationOperation, newer: AnimationOperation) {
        let older = operation(layer, BasicAnimation(.positionX, from: 0, to: 100, duration: 2, timing: .linear), "older")
        (fixture ?? self.fixture).queue.addOperation(older)
        let newer = operation(layer, BasicAnimation(.positionX, to: 300, duration: 1, timing: .easeInEaseOut), "newer")
        (await takeOver(layer, at: 0.5, with: newer, in: fixture))
            .expectSmooth(adding: MotionSample.easeInEaseOutStart(distance: 200, duration: 1), "takeover")
        return (older, newer)
    }

    /// Plays on until every animation has ended; the layer is left clean.
    func expectSettled(_ layer: CALayer, at value: Double, sourceLocation: SourceLocation = #_sourceLocation) async {
        await fixture.clock.advance(by: 5)
        #expect(abs(shown(layer) - value) < 1e-9, "ends on \(value)", sourceLocation: sourceLocation)
        #expect(abs(Double(layer.position.x) - value) < 1e-9, "the model holds \(value)", sourceLocation: sourceLocation)
        #expect(layer.animationKeys() ?? [] == [], "nothing stays attached", sourceLocation: sourceLocation)
    }

    @Test(arguments: [AnimationTiming.linear, .easeInEaseOut, .easeIn])
    func aNewerStepStartingAtRestKeepsTheOlderValueAndVelocity(olderTiming: AnimationTiming) async throws {
        let layer = fixture.layer()
        let older = operation(layer, BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: olderTiming), "older")
        fixture.queue.addOperation(older)
        let newer = operation(layer, BasicAnimation(.positionX, to: 300, duration: 1, timing: .easeInEaseOut), "newer")
        let sample = await takeOver(layer, at: 0.4, with: newer)
        sample.expectSmooth(adding: MotionSample.easeInEaseOutStart(distance: 200, duration: 1), "\(olderTiming)")
        #expect(older.outcome == .interrupted)
        let takeover = try #require(older.takeover)
        #expect(takeover.keyPaths == ["position.x"] && takeover.blendedKeyPaths == ["position.x"])
        #expect(takeover.newerOperationName == "newer")
        #expect(abs(takeover.time - 0.4) < 1e-9)
        #expect(newer.takeover == nil && !newer.isFinished)
        #expect(layer.position.x == 300, "the model holds the newer target at once")
        await fixture.clock.advance(to: 1.41)
        #expect(newer.outcome == .finished)
        await expectSettled(layer, at: 300)
    }

    /// Both linear: the newer motion (100 to 300 in 1 s, from the older target) adds to the
    /// older one (0 to 100 in 1 s) as an offset from 100, so at 0.7 s the layer shows
    /// 160 + (70 − 100) = 130, and it moves at 100 + 200 = 300 per second from the takeover.
    @Test func theNewerMotionAddsToTheOlderOne() async {
        let layer = fixture.layer()
        let older = operation(layer, BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear), "older")
        fixture.queue.addOperation(older)
        let newer = operation(layer, BasicAnimation(.positionX, to: 300, duration: 1, timing: .linear), "newer")
        let sample = await takeOver(layer, at: 0.4, with: newer)
        #expect(abs(sample.atAfter - 40) < 1e-6 && abs(sample.atBefore - 40) < 1e-6)
        #expect(abs(sample.velocityBefore - 100) < 1e-6)
        #expect(abs(sample.velocityAfter - 300) < 1e-6)
        await fixture.clock.advance(to: 0.7)
        #expect(abs(shown(layer) - 130) < 1e-9)
        // The older motion has run out at 1 s: from there the newer one alone, 160 + 200 × 0.3.
        await fixture.clock.advance(to: 1.1)
        #expect(abs(shown(layer) - 240) < 1e-9)
        await expectSettled(layer, at: 300)
    }

    @Test func aSpringTakesOverASpring() async throws {
        let layer = fixture.layer()
        let older = operation(layer, SpringAnimation(.positionX, from: 0, to: 100, perceptualDuration: 0.6, bounce: 0.2), "older")
        fixture.queue.addOperation(older)
        let newer = operation(layer, SpringAnimation(.positionX, to: -80, perceptualDuration: 0.5, bounce: 0), "newer")
        let sample = await takeOver(layer, at: 0.25, with: newer)
        // The newer spring pulls from the older target, 100, toward -80.
        sample.expectSmooth(adding: MotionSample.criticallyDampedStart(distance: -180, perceptualDuration: 0.5))
        #expect(older.outcome == .interrupted && older.takeover?.blendedKeyPaths == ["position.x"])
        await expectSettled(layer, at: -80)
        #expect(newer.outcome == .finished)
    }

    /// The older step's other key paths play on as planned: its opacity still reaches 0.7 at
    /// 0.7 s and 1 at its end.
    @Test func whatTheNewerStepLeavesAlonePlaysOn() async throws {
        let layer = fixture.layer(opacity: 0)
        let older = operation(layer, AnimationGroup([
            BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear),
            BasicAnimation(.opacity, from: 0, to: 1, duration: 1, timing: .linear),
        ]), "older")
        fixture.queue.addOperation(older)
        let newer = operation(layer, BasicAnimation(.positionX, to: 300, duration: 0.5, timing: .easeInEaseOut), "newer")
        let sample = await takeOver(layer, at: 0.4, with: newer)
        sample.expectSmooth(adding: MotionSample.easeInEaseOutStart(distance: 200, duration: 0.5))
        #expect(older.takeover?.keyPaths == ["position.x"])
        await fixture.clock.advance(to: 0.7)
        #expect(abs(shown(layer, "opacity") - 0.7) < 1e-6)
        await fixture.clock.advance(to: 1.2)
        #expect(abs(shown(layer, "opacity") - 1) < 1e-9 && layer.opacity == 1)
        await expectSettled(layer, at: 300)
    }

    /// A newer step with a from-value of its own jumps there, as asked; the older one is still
    /// taken over, without a blend, and shows nothing of its motion any more.
    @Test func anExplicitFromValueJumpsAndIsNotBlended() async throws {
        let layer = fixture.layer()
        let older = operation(layer, BasicAnimation(.positionX, from: 0, to: 100, duration: 2, timing: .linear), "older")
        fixture.queue.addOperation(older)
        let newer = operation(layer, BasicAnimation(.positionX, from: 500, to: 300, duration: 0.5, timing: .linear), "newer")
        let sample = await takeOver(layer, at: 0.4, with: newer)
        #expect(abs(sample.atAfter - 500) < 1e-6)
        #expect(older.outcome == .interrupted)
        #expect(older.takeover?.keyPaths == ["position.x"] && older.takeover?.blendedKeyPaths == [])
        await fixture.clock.advance(to: 1)
        #expect(abs(shown(layer) - 300) < 1e-9, "the older motion, which would end at 2 s, shows nothing")
        await expectSettled(layer, at: 300)
    }

    /// Three steps, each taking over the one before while the first one's motion still plays on
    /// as an offset: both takeovers are smooth.
    @Test func aTakeoverOfATakeoverCarriesEveryOlderMotion() async throws {
        let layer = fixture.layer()
        let (first, second) = await slideTakenOverAtHalfASecond(layer)
        let third = operation(layer, BasicAnimation(.positionX, to: -50, duration: 1, timing: .easeInEaseOut), "third")
        (await takeOver(layer, at: 0.8, with: third))
            .expectSmooth(adding: MotionSample.easeInEaseOutStart(distance: -350, duration: 1), "third")
        #expect(first.outcome == .interrupted && second.outcome == .interrupted)
        #expect(first.takeover?.newerOperationName == "newer" && second.takeover?.newerOperationName == "third")
        await fixture.clock.advance(to: 1.81)
        #expect(third.outcome == .finished)
        await expectSettled(layer, at: -50)
    }

    /// Cancelling the newer step while the older motion plays on beneath it holds what the
    /// layer shows, offsets included: no jump, and nothing keeps moving.
    @Test func cancellingTheNewerStepHoldsWhatTheLayerShows() async throws {
        let layer = fixture.layer()
        let (_, newer) = await slideTakenOverAtHalfASecond(layer)
        await fixture.clock.advance(to: 0.7)
        let held = shown(layer)
        newer.cancel()
        await fixture.clock.settle()
        #expect(newer.outcome == .cancelled)
        #expect(abs(shown(layer) - held) < 1e-9)
        await fixture.clock.advance(to: 0.9)
        #expect(abs(shown(layer) - held) < 1e-9, "nothing of the older motion plays on")
        #expect(abs(Double(layer.position.x) - held) < 1e-9)
        #expect(layer.animationKeys() ?? [] == [])
    }

    /// The older step's dependents start at the takeover (an interrupted dependency is not a
    /// cancelled one), and its run ends `.interrupted`.
    @Test func theOlderStepsDependentsStartAtTheTakeover() async throws {
        let layer = fixture.layer(), other = fixture.layer(opacity: 0)
        let run = fixture.queue.run(AnimationPlan {
            Step(layer, BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear)).named("arrive")
            Step(other, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.2)).named("after")
        }, motion: .full)
        let arrive = try #require(run.operation(ofStep: "arrive"))
        let drag = operation(layer, BasicAnimation(.positionX, to: 20, duration: 0.3, timing: .easeInEaseOut), "drag")
        (await takeOver(layer, at: 0.5, with: drag))
            .expectSmooth(adding: MotionSample.easeInEaseOutStart(distance: -80, duration: 0.3))
        #expect(arrive.outcome == .interrupted && arrive.takeover?.newerOperationName == "drag")
        let started = try #require(run.recordedEvents.first { $0.step == "after" && $0.kind == .started })
        #expect(abs(started.time - 0.5) < 1e-9)
        await fixture.clock.advance(by: 2)
        #expect(await run.outcome == .interrupted)
        #expect(other.opacity == 1)
        await expectSettled(layer, at: 20)
    }

    /// The newer step, retargeted while the older motion still plays on beneath it, turns as
    /// smoothly as any.
    @Test func theNewerStepTurnsSmoothlyOverTheOlderMotion() async throws {
        let layer = fixture.layer()
        let (_, newer) = await slideTakenOverAtHalfASecond(layer)
        let turn = await MotionSample.around(0.8, on: layer, clock: fixture.clock) { newer.retarget(.positionX, to: 40) }
        turn.expectSmooth("turn")
        await expectSettled(layer, at: 40)
        #expect(newer.outcome == .finished)
    }

    /// A step the queue put back after a trip to the background (`.pause`) is taken over
    /// where it is: 0 to 100 linearly in 1 s, away from 0.3 s to 0.8 s, it shows 40 at 0.9 s
    /// and would end at 1.5 s. The newer step (100 to 300 in 1 s) adds to it, so at 1.2 s the
    /// layer shows 160 + (70 − 100) = 130.
    @Test func aStepPutBackAfterATripIsTakenOverWhereItIs() async throws {
        let layer = fixture.layer()
        fixture.queue.backgroundPolicy = .pause
        let older = operation(layer, BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear), "older")
        fixture.queue.addOperation(older)
        await fixture.clock.advance(to: 0.3)
        await fixture.trip(returningAt: 0.8)
        await fixture.clock.advance(to: 0.85)
        #expect(abs(shown(layer) - 35) < 1e-6, "put back where it was (\(String(describing: older.outcome)))")
        let newer = operation(layer, BasicAnimation(.positionX, to: 300, duration: 1, timing: .linear), "newer")
        let sample = await takeOver(layer, at: 0.9, with: newer)
        #expect(abs(sample.atBefore - 40) < 1e-6 && abs(sample.atAfter - 40) < 1e-6, "\(sample.atBefore) → \(sample.atAfter)")
        #expect(abs(sample.velocityAfter - 300) < 1e-6)
        #expect(older.outcome == .interrupted && older.takeover?.blendedKeyPaths == ["position.x"])
        await fixture.clock.advance(to: 1.2)
        #expect(abs(shown(layer) - 130) < 1e-9)
        await expectSettled(layer, at: 300)
        #expect(newer.outcome == .finished)
    }

    /// A takeover whose offset still plays when the app leaves (`.pause`) goes on as if
    /// nothing happened: the layer shows at 0.7 s + d after a trip from 0.7 s to 1.2 s what
    /// it shows at 0.7 s + d without the trip, the older motion's offset included, and it is
    /// still there after the newer step has ended (the older step ends at 2 s, the newer at
    /// 1.5 s; with the trip, 2.5 s and 2 s).
    @Test(arguments: [BackgroundPolicy.pause, .keepWallClockTime])
    func aTakeoverPlaysOnAfterATripAsItsPolicySays(policy: BackgroundPolicy) async throws {
        let away: TimeInterval = policy == .pause ? 0.5 : 0
        let reference = QueueFixture()
        var shownWithoutTrip: [Double] = []
        let referenceLayer = reference.layer()
        await slideTakenOverAtHalfASecond(referenceLayer, in: reference)
        for time in [0.7, 0.9, 1.4, 1.7, 1.99] {
            await reference.clock.advance(to: time)
            shownWithoutTrip.append(shown(referenceLayer))
        }
        let layer = fixture.layer()
        fixture.queue.backgroundPolicy = policy
        let (_, newer) = await slideTakenOverAtHalfASecond(layer)
        await fixture.clock.advance(to: 0.7)
        await fixture.trip(returningAt: 1.2)
        for (time, expected) in zip([0.7, 0.9, 1.4, 1.7, 1.99], shownWithoutTrip) where time + away >= 1.2 {
            await fixture.clock.advance(to: time + away)
            #expect(abs(shown(layer) - expected) < 1e-9, "at \(time + away): \(shown(layer)), without the trip \(expected)")
        }
        #expect(newer.outcome == .finished)
        await expectSettled(layer, at: 300)
    }

    /// A retarget of a step that had ended moves the layer alone with a settling spring; a
    /// step that begins meanwhile carries that motion on.
    @Test func aNewStepCarriesOnALayerMovingAlone() async throws {
        let layer = fixture.layer()
        let ended = operation(layer, BasicAnimation(.positionX, from: 0, to: 100, duration: 0.2, timing: .linear), "ended")
        fixture.queue.addOperation(ended)
        await fixture.clock.advance(to: 0.3)
        #expect(ended.outcome == .finished)
        ended.retarget(.positionX, to: 200)
        let newer = operation(layer, BasicAnimation(.positionX, to: 0, duration: 1, timing: .easeInEaseOut), "newer")
        (await takeOver(layer, at: 0.4, with: newer))
            .expectSmooth(adding: MotionSample.easeInEaseOutStart(distance: -200, duration: 1))
        await expectSettled(layer, at: 0)
        #expect(newer.outcome == .finished)
    }

    /// A gapless plan commits "slide" ahead when "fade" starts, to begin at 1 s. An unrelated
    /// step moves the same key path from 0.5 s to 1.5 s (0 → 300, linearly). "slide" begins at
    /// 1 s: it does not adopt its commit, which lies beneath that step, but begins afresh and
    /// takes it over, so the layer shows "slide" from then on, with no jump at 1.5 s.
    @Test func aGaplessStepBeginningOnAMovingKeyPathTakesItOver() async throws {
        let layer = fixture.layer(opacity: 0)
        let run = fixture.queue.run(AnimationPlan(scheduling: .gapless) {
            Step(layer, BasicAnimation(.opacity, from: 0, to: 1, duration: 1, timing: .linear)).named("fade")
            Step(layer, BasicAnimation(.positionX, to: 500, duration: 1, timing: .easeInEaseOut)).named("slide")
        }, motion: .full)
        await fixture.clock.advance(to: 0.5)
        let mover = operation(layer, BasicAnimation(.positionX, from: 0, to: 300, duration: 1, timing: .linear), "mover")
        fixture.queue.addOperation(mover)
        // At 1 s the mover shows 300 · 0.5 = 150 and moves at 300 pt/s; "slide" starts from
        // the mover's target, 300, toward 500, and the mover plays on as an offset.
        let sample = await MotionSample.around(1, on: layer, clock: fixture.clock) {}
        #expect(abs(sample.atAfter - 150) < 1e-6)
        sample.expectSmooth(adding: MotionSample.easeInEaseOutStart(distance: 200, duration: 1))
        let slide = try #require(run.operation(ofStep: "slide"))
        #expect(mover.outcome == .interrupted)
        #expect(mover.takeover?.keyPaths == ["position.x"] && mover.takeover?.newerOperationName == slide.name)
        // At 1.5 s the offset has come to 0: no jump to where "slide" is.
        await fixture.clock.advance(to: 1.4999)
        let before = shown(layer)
        await fixture.clock.advance(to: 1.5001)
        #expect(abs(shown(layer) - before) < 1, "\(before) → \(shown(layer))")
        await expectSettled(layer, at: 500)
        #expect(await run.outcome == .finished)
    }
}
#endif
