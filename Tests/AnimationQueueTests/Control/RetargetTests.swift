#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where QuartzCore
// is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Retargeting a step turns its motion toward a new value from where the layer is, at the
/// speed it moves: the value is continuous, the velocity measured over 1 ms on each side of
/// the turn differs by at most 1 % (plus 1e-6), the layer ends on the new value with nothing
/// attached, and the step stays one operation that finishes once, when the turned motion ends.
@Suite(.hangGuard)
@MainActor
struct RetargetTests {
    let fixture = QueueFixture()
    /// The layers of the test's runs, kept alive as a screen keeps them (steps hold layers
    /// weakly).
    let layers = LayerKeeper()

    final class LayerKeeper {
        var layers: [CALayer] = []
    }

    /// The presentation value at `keyPath` (a number, or a point's x).
    static func shown(_ layer: CALayer, _ keyPath: String = "position.x") -> Double {
        MotionSample.shown(layer, keyPath)
    }

    /// Plays to `time`, retargets with `retarget` there, and samples around it.
    func turn(_ layer: CALayer, _ keyPath: String = "position.x", at time: TimeInterval,
              _ retarget: () -> Void) async -> MotionSample {
        await MotionSample.around(time, on: layer, keyPath, clock: fixture.clock, change: retarget)
    }

    /// Runs `animation` on a fresh layer as the step "move" of a plan, with a dependent step
    /// "after" on another layer.
    func run(_ animation: some LayerAnimation) -> (AnimationRun, CALayer, CALayer) {
        let layer = fixture.layer()
        let other = fixture.layer()
        layers.layers += [layer, other]
        let run = fixture.queue.run(AnimationPlan {
            Step(layer, animation).named("move")
            Step(other, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.1)).named("after")
        }, motion: .full)
        return (run, layer, other)
    }

    /// The times a step finished, from the run's trace.
    func finishes(of step: String, in run: AnimationRun) -> [TimeInterval] {
        run.recordedEvents.compactMap { event in
            guard event.step == step, case .finished = event.kind else { return nil }
            return event.time
        }
    }

    @Test(arguments: [AnimationTiming.linear, .easeInEaseOut, .easeIn, .cubicBezier(0.2, 1.4, 0.4, 1)])
    func aBasicAnimationTurnsKeepingItsValueAndVelocity(timing: AnimationTiming) async throws {
        let (run, layer, other) = run(BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: timing))
        let step = try #require(run.operation(ofStep: "move"))
        let turn = await turn(layer, at: 0.4) { step.retarget(.positionX, to: 250) }
        turn.expectSmooth("\(timing)")
        if timing == .linear {
            // No acceleration of its own: the velocities measured on either side agree.
            #expect(abs(turn.velocityAfter - turn.velocityBefore) <= 0.01 * abs(turn.velocityBefore) + 1e-6)
        }
        #expect(layer.position.x == 250, "the model holds the new target at once")
        #expect(!step.isFinished)
        await fixture.clock.advance(to: 1.05)
        #expect(!step.isFinished, "the turned motion lasts longer than the planned 1 s")
        #expect(!run.recordedEvents.contains { $0.step == "after" }, "the dependent waits for the turned motion")
        #expect(abs(Self.shown(other, "opacity") - 1) < 1e-9, "the dependent shows nothing of its motion yet")
        await fixture.clock.advance(by: 5)
        #expect(await run.outcome == .finished)
        #expect(abs(Self.shown(layer) - 250) < 1e-9)
        #expect(layer.animationKeys() ?? [] == [])
        #expect(finishes(of: "move", in: run).count == 1)
        let moveEnd = try #require(finishes(of: "move", in: run).first)
        let afterStart = try #require(run.recordedEvents.first { $0.step == "after" && $0.kind == .started })
        #expect(afterStart.time >= moveEnd)
    }

    @Test func aPhysicalSpringTurnsKeepingItsValueAndVelocity() async throws {
        let (run, layer, _) = run(SpringAnimation(.positionX, from: 0, to: 100, stiffness: 120, damping: 9))
        let step = try #require(run.operation(ofStep: "move"))
        let turn = await turn(layer, at: 0.15) { step.retarget(.positionX, to: -40) }
        turn.expectSmooth()
        await fixture.clock.advance(by: 8)
        #expect(await run.outcome == .finished)
        #expect(abs(Self.shown(layer) + 40) < 1e-9)
        #expect(layer.animationKeys() ?? [] == [])
    }

    @Test func aPerceptualSpringTurnsKeepingItsValueAndVelocity() async throws {
        let (run, layer, _) = run(SpringAnimation(.positionX, from: 0, to: 100, perceptualDuration: 0.5, bounce: 0.3))
        let step = try #require(run.operation(ofStep: "move"))
        let turn = await turn(layer, at: 0.2) { step.retarget(.positionX, to: 180) }
        turn.expectSmooth()
        await fixture.clock.advance(by: 8)
        #expect(await run.outcome == .finished)
        #expect(abs(Self.shown(layer) - 180) < 1e-9)
    }

    @Test func keyframesTurnKeepingTheirValueAndVelocity() async throws {
        let (run, layer, _) = run(KeyframeAnimation(.positionX, values: [0, 80, 40, 120], duration: 1.2))
        let step = try #require(run.operation(ofStep: "move"))
        let turn = await turn(layer, at: 0.55) { step.retarget(.positionX, to: 10) }
        turn.expectSmooth()
        await fixture.clock.advance(by: 8)
        #expect(await run.outcome == .finished)
        #expect(abs(Self.shown(layer) - 10) < 1e-9)
        #expect(layer.animationKeys() ?? [] == [])
    }

    @Test func aPointTurnsInBothDimensions() async throws {
        let (run, layer, _) = run(BasicAnimation(.position, from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 50),
                                                 duration: 1, timing: .easeInEaseOut))
        let step = try #require(run.operation(ofStep: "move"))
        await fixture.clock.advance(to: 0.3)
        let turnX = await turn(layer, "position.x", at: 0.5) { step.retarget(.position, to: CGPoint(x: -20, y: 200)) }
        turnX.expectSmooth("x")
        await fixture.clock.advance(by: 8)
        #expect(await run.outcome == .finished)
        #expect(layer.position == CGPoint(x: -20, y: 200))
        #expect((layer.presentation() ?? layer).position == CGPoint(x: -20, y: 200))
    }

    @Test func aGroupTurnsOneKeyPathAndPlaysTheOthersAsPlanned() async throws {
        let group = AnimationGroup([
            BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .easeOut),
            BasicAnimation(.opacity, from: 0, to: 1, duration: 1, timing: .linear),
        ], duration: 1)
        let (run, layer, _) = run(group)
        let step = try #require(run.operation(ofStep: "move"))
        let turn = await turn(layer, at: 0.3) { step.retarget(.positionX, to: 40) }
        turn.expectSmooth()
        await fixture.clock.advance(to: 0.6)
        #expect(abs(Self.shown(layer, "opacity") - 0.6) < 1e-6, "the other key path plays on as planned")
        await fixture.clock.advance(by: 8)
        #expect(await run.outcome == .finished)
        #expect(abs(Self.shown(layer) - 40) < 1e-9)
        #expect(layer.opacity == 1)
    }

    @Test func aTurnedStepTurnsAgain() async throws {
        let (run, layer, _) = run(BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .easeInEaseOut))
        let step = try #require(run.operation(ofStep: "move"))
        var turns: [MotionSample] = []
        for (index, target) in [300.0, -50, 120, 121].enumerated() {
            turns.append(await turn(layer, at: 0.3 + Double(index) * 0.13) { step.retarget(.positionX, to: CGFloat(target)) })
        }
        for (index, turn) in turns.enumerated() { turn.expectSmooth("turn \(index)") }
        await fixture.clock.advance(by: 10)
        #expect(await run.outcome == .finished)
        #expect(abs(Self.shown(layer) - 121) < 1e-9)
        #expect(layer.animationKeys() ?? [] == [])
        #expect(finishes(of: "move", in: run).count == 1)
        #expect(run.recordedEvents.filter { $0.kind == .retargeted }.count == 4)
    }

    /// A step that began over an earlier one on the same key path, taking it over (the
    /// earlier motion plays on beneath it as an offset), turns as smoothly.
    @Test func aStepOverAnEarlierAnimationOfItsKeyPathTurnsSmoothly() async throws {
        let layer = fixture.layer()
        layers.layers.append(layer)
        let first = AnimationOperation(layer: layer, animation: BasicAnimation(.positionX, from: 0, to: 100, duration: 2))
        let second = AnimationOperation(layer: layer, animation: BasicAnimation(.positionX, to: 300, duration: 1,
                                                                                 timing: .easeInEaseOut))
        fixture.queue.addOperation(first)
        await fixture.clock.advance(to: 0.5)
        fixture.queue.addOperation(second)
        let turn = await turn(layer, at: 0.8) { second.retarget(.positionX, to: 50) }
        turn.expectSmooth()
        await fixture.clock.advance(by: 6)
        #expect(first.outcome == .interrupted && first.takeover?.blendedKeyPaths == ["position.x"])
        #expect(second.outcome == .finished)
        #expect(abs(Self.shown(layer) - 50) < 1e-9)
        #expect(layer.animationKeys() ?? [] == [])
    }

    /// Retargeted before it begins, a step starts as planned and turns at once toward the
    /// new value.
    @Test func aPendingStepTurnsAsItBegins() async throws {
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Wait(0.5)
            Step(layer, BasicAnimation(.positionX, from: 0, to: 100, duration: 1)).named("move")
        }, motion: .full)
        let step = try #require(run.operation(ofStep: "move"))
        step.retarget(.positionX, to: 60)
        await fixture.clock.advance(to: 0.5)
        #expect(layer.position.x == 60)
        #expect(abs(Self.shown(layer)) < 1e-9, "it starts from its from-value")
        await fixture.clock.advance(by: 8)
        #expect(await run.outcome == .finished)
        #expect(abs(Self.shown(layer) - 60) < 1e-9)
        #expect(layer.animationKeys() ?? [] == [])
    }

    /// In a paused run a retarget turns in the run's time: nothing moves until the run
    /// resumes, and then the motion goes on smoothly toward the new value.
    @Test func aStepOfAPausedRunTurnsWhenTheRunResumes() async throws {
        let (run, layer, _) = run(BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear))
        let step = try #require(run.operation(ofStep: "move"))
        await fixture.clock.advance(to: 0.4)
        run.pause()
        let held = Self.shown(layer)
        step.retarget(.positionX, to: 0)
        await fixture.clock.advance(to: 1.5)
        #expect(abs(Self.shown(layer) - held) < 1e-9, "a paused run's layer does not move")
        run.resume()
        await fixture.clock.advance(to: 1.501)
        #expect(abs((Self.shown(layer) - held) / 0.001 - 100) <= 1 + 1e-6, "it resumes at the speed it had")
        await fixture.clock.advance(by: 8)
        #expect(await run.outcome == .finished)
        #expect(abs(Self.shown(layer)) < 1e-9)
    }

    /// Retargeted after it ended, a step keeps its outcome; the layer alone moves to the new
    /// value, and nothing stays attached.
    @Test func anEndedStepKeepsItsOutcomeAndTheLayerMoves() async throws {
        let (run, layer, _) = run(BasicAnimation(.positionX, from: 0, to: 100, duration: 0.5))
        let step = try #require(run.operation(ofStep: "move"))
        await fixture.clock.advance(to: 1)
        #expect(step.outcome == .finished)
        step.retarget(.positionX, to: 30, settling: RetargetSpring(perceptualDuration: 0.3))
        #expect(layer.position.x == 30)
        #expect(abs(Self.shown(layer) - 100) < 1e-9, "it moves from where it is")
        await fixture.clock.advance(by: 0.1)
        #expect(Self.shown(layer) < 100 && Self.shown(layer) > 30)
        await fixture.clock.advance(by: 3)
        #expect(abs(Self.shown(layer) - 30) < 1e-9)
        #expect(layer.animationKeys() ?? [] == [])
        #expect(step.outcome == .finished)
        #expect(finishes(of: "move", in: run).count == 1)
    }

    /// From another thread the retarget happens on the main queue's next turn.
    @Test func aRetargetFromAnotherThreadTurnsOnTheMainThread() async throws {
        let (run, layer, _) = run(BasicAnimation(.positionX, from: 0, to: 100, duration: 1))
        let step = try #require(run.operation(ofStep: "move"))
        await fixture.clock.advance(to: 0.5)
        await Task.detached { step.retarget(.positionX, to: 500) }.value
        await fixture.clock.settle()
        #expect(layer.position.x == 500)
        await fixture.clock.advance(by: 8)
        #expect(await run.outcome == .finished)
        #expect(abs(Self.shown(layer) - 500) < 1e-9)
    }

    /// Cancelled after a turn, the step leaves the layer as its policy says, once.
    @Test(arguments: [CancellationPolicy.holdPresentation, .revert, .complete])
    func aTurnedStepCancelsWithItsPolicy(policy: CancellationPolicy) async throws {
        let layer = fixture.layer()
        let operation = AnimationOperation(layer: layer, animation: BasicAnimation(.positionX, from: 0, to: 100, duration: 1))
        operation.cancellationPolicy = policy
        fixture.queue.addOperation(operation)
        await fixture.clock.advance(to: 0.5)
        operation.retarget(.positionX, to: 400)
        await fixture.clock.advance(to: 0.7)
        let shown = Self.shown(layer)
        operation.cancel()
        await fixture.clock.settle()
        #expect(operation.outcome == .cancelled)
        #expect(layer.animationKeys() ?? [] == [])
        let expected = switch policy {
        case .holdPresentation: shown
        case .revert: 0.0
        case .complete: 400.0
        }
        #expect(abs(Self.shown(layer) - expected) < 1e-9)
    }

    /// In a gapless plan, a dependent committed ahead to its dependency's planned end is
    /// committed again to the turned motion's end.
    @Test func aGaplessDependentBeginsWhereTheTurnedMotionEnds() async throws {
        let layer = fixture.layer()
        let next = fixture.layer()
        let run = fixture.queue.run(AnimationPlan(scheduling: .gapless) {
            Step(layer, BasicAnimation(.positionX, from: 0, to: 100, duration: 1)).named("move")
            Step(next, BasicAnimation(.positionY, from: 0, to: 50, duration: 0.5)).named("after")
        }, motion: .full)
        let step = try #require(run.operation(ofStep: "move"))
        await fixture.clock.advance(to: 0.5)
        step.retarget(.positionX, to: 300)
        await fixture.clock.advance(to: 1.2)
        #expect(abs(Self.shown(next, "position.y")) < 1e-9, "the dependent has not begun at the planned end")
        await fixture.clock.advance(by: 8)
        #expect(await run.outcome == .finished)
        let moveEnd = try #require(finishes(of: "move", in: run).first)
        let afterStart = try #require(run.recordedEvents.first { $0.step == "after" && $0.kind == .started })
        #expect(abs(afterStart.time - moveEnd) < 1e-6)
        #expect(next.position.y == 50)
    }

    @Test func theTraceRecordsTheTurn() async throws {
        let (run, layer, _) = run(BasicAnimation(.positionX, from: 0, to: 100, duration: 1))
        let step = try #require(run.operation(ofStep: "move"))
        await fixture.clock.advance(to: 0.25)
        step.retarget(.positionX, to: 10)
        let event = try #require(run.recordedEvents.first { $0.kind == .retargeted })
        #expect(event.step == "move")
        #expect(event.keyPaths == ["position.x"])
        #expect(abs(event.time - 0.25) < 1e-9)
        #expect(run.timelineText().contains("move retargeted (position.x)"))
        await fixture.clock.advance(by: 8)
        withExtendedLifetime(layer) {}
    }

    @Test func aKeyPathTheStepDoesNotAnimateStopsTheProgramNamingIt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let layer = CALayer()
                let operation = AnimationOperation(layer: layer, animation: BasicAnimation(.position, to: CGPoint(x: 1, y: 1), duration: 1))
                operation.start()
                operation.retarget(.positionX, to: 3)
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("position.x"))
        #expect(stderr.contains("animates position"))
    }
}
#endif
