#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where QuartzCore
// is absent.

@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// What the scheduler leaves playing on a layer besides a step's own animation (the motion of
/// a step taken over, a layer moved alone by a retarget) goes through a trip to the
/// background as the policy of the step that put it there says, even once that step has
/// finished: it picks up where it was (`.pause`), is where it would be
/// (`.keepWallClockTime`), or is gone and the layer shows its model (`.interrupt`,
/// `.complete`).
@Suite(.hangGuard)
@MainActor
struct PlayingOnTests {
    let fixture = QueueFixture()

    func shown(_ layer: CALayer, _ keyPath: String = "position.x") -> Double { MotionSample.shown(layer, keyPath) }

    /// On each of `layers`, an older step slides the layer from 0 to 100 in 2 s, linearly; at
    /// 0.5 s a newer one (with `newerPolicy` as its own background policy) takes it over toward
    /// 300 in 1 s and finishes at 1.5 s. The older motion plays on as an offset from its
    /// target, 100, until 2 s: the layer shows 300 + x − 100 where the older step alone would
    /// show x. Returns at 1.6 s.
    func offsetsOutlivingTheirSteps(on layers: [CALayer], newerPolicy: BackgroundPolicy? = nil) async {
        let olders = layers.map { layer in
            fixture.operation(layer, BasicAnimation(.positionX, from: 0, to: 100, duration: 2, timing: .linear),
                              named: "older")
        }
        fixture.queue.addOperations(olders)
        await fixture.clock.advance(to: 0.5)
        let newers = layers.map { layer in
            let newer = fixture.operation(layer, BasicAnimation(.positionX, to: 300, duration: 1, timing: .easeInEaseOut),
                                          named: "newer")
            newer.backgroundPolicy = newerPolicy
            return newer
        }
        fixture.queue.addOperations(newers)
        await fixture.clock.advance(to: 1.6)
        #expect(olders.allSatisfy { $0.outcome == .interrupted } && newers.allSatisfy { $0.outcome == .finished })
        // 300 + 80 − 100.
        #expect(layers.allSatisfy { abs(shown($0) - 280) < 1e-9 })
    }

    /// One such layer, the queue's policy being `policy`, and a trip from 1.6 s to 1.8 s.
    func offsetOutlivingItsStepThroughATrip(policy: BackgroundPolicy) async -> CALayer {
        let layer = fixture.layer()
        fixture.queue.backgroundPolicy = policy
        await offsetsOutlivingTheirSteps(on: [layer])
        await fixture.trip(returningAt: 1.8)
        return layer
    }

    /// Paused, the offset shows at 1.9 s what it showed at 1.7 s (older 85: 285) and at 2.19 s
    /// what it showed at 1.99 s (99.5: 299.5); keeping wall-clock time, at 1.9 s it shows
    /// older 95 (295). Either way it ends, and nothing stays attached.
    @Test(arguments: [BackgroundPolicy.pause, .keepWallClockTime])
    func anOffsetGoesOnAfterItsStepFinished(policy: BackgroundPolicy) async {
        let layer = await offsetOutlivingItsStepThroughATrip(policy: policy)
        await fixture.clock.advance(to: 1.9)
        #expect(abs(shown(layer) - (policy == .pause ? 285 : 295)) < 1e-9, "\(shown(layer))")
        if policy == .pause {
            await fixture.clock.advance(to: 2.19)
            #expect(abs(shown(layer) - 299.5) < 1e-9, "\(shown(layer))")
        }
        await fixture.clock.advance(to: 2.21)
        #expect(shown(layer) == 300 && layer.animationKeys() ?? [] == [])
    }

    /// Under `.interrupt` and `.complete` the offset comes off as the app leaves: the layer
    /// shows its model, 300, from the return on.
    @Test(arguments: [BackgroundPolicy.interrupt, .complete])
    func anOffsetIsGoneAfterATripThatEndsMotion(policy: BackgroundPolicy) async {
        let layer = await offsetOutlivingItsStepThroughATrip(policy: policy)
        #expect(shown(layer) == 300 && layer.animationKeys() ?? [] == [])
    }

    /// A scene that leaves (`.interrupt`) takes off only what plays on in its windows: at
    /// 1.7 s the layer in the other scene still shows its offset, 300 + 85 − 100.
    @Test func aSceneLeavingTakesOffOnlyWhatPlaysOnInItsWindows() async {
        fixture.queue.backgroundPolicy = .interrupt
        let windowA = fixture.layer(), windowB = fixture.layer()
        let inA = fixture.layer(), inB = fixture.layer()
        windowA.addSublayer(inA)
        windowB.addSublayer(inB)
        await offsetsOutlivingTheirSteps(on: [inA, inB])
        fixture.queue.sceneEnteredBackground(underAnyOf: [windowA])
        await fixture.clock.advance(to: 1.7)
        #expect(shown(inA) == 300 && inA.animationKeys() ?? [] == [])
        #expect(abs(shown(inB) - 285) < 1e-9, "\(shown(inB))")
    }

    /// The policy of the step that took the older one over applies, not the queue's.
    @Test func theNewerStepsOwnPolicyApplies() async {
        let layer = fixture.layer()
        fixture.queue.backgroundPolicy = .interrupt
        await offsetsOutlivingTheirSteps(on: [layer], newerPolicy: .pause)
        await fixture.trip(returningAt: 1.8)
        await fixture.clock.advance(to: 1.9)
        #expect(abs(shown(layer) - 285) < 1e-9, "\(shown(layer))")
    }

    /// An older group moves `position.x` (0 to 100 in 1 s) and `opacity` (0 to 1 in 2 s,
    /// linearly); a newer step takes `position.x` over at 0.4 s and finishes at 0.9 s. The
    /// opacity plays on: t / 2 at t. After a trip from 1 s to 1.3 s it shows at 1.5 s
    /// (1.5 − 0.3) / 2 = 0.6 paused, 0.75 keeping wall-clock time, 1 (the model) interrupted.
    @Test(arguments: [BackgroundPolicy.pause, .keepWallClockTime, .interrupt])
    func whatATakenOverStepLeavesAloneGoesOnAfterATrip(policy: BackgroundPolicy) async {
        let layer = fixture.layer(opacity: 0)
        fixture.queue.backgroundPolicy = policy
        let older = fixture.operation(layer, AnimationGroup([
            BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear),
            BasicAnimation(.opacity, from: 0, to: 1, duration: 2, timing: .linear),
        ]), named: "older")
        fixture.queue.addOperation(older)
        await fixture.clock.advance(to: 0.4)
        let newer = fixture.operation(layer, BasicAnimation(.positionX, to: 300, duration: 0.5, timing: .easeInEaseOut),
                                      named: "newer")
        fixture.queue.addOperation(newer)
        await fixture.clock.advance(to: 1)
        #expect(newer.outcome == .finished && abs(shown(layer, "opacity") - 0.5) < 1e-6)
        await fixture.trip(returningAt: 1.3)
        await fixture.clock.advance(to: 1.5)
        let expected = switch policy {
        case .pause: 0.6
        case .keepWallClockTime: 0.75
        default: 1.0
        }
        #expect(abs(shown(layer, "opacity") - expected) < 1e-6, "\(shown(layer, "opacity"))")
        await fixture.clock.advance(to: 3)
        #expect(shown(layer, "opacity") == 1 && layer.opacity == 1 && layer.animationKeys() ?? [] == [])
        #expect(shown(layer) == 300)
    }

    /// A retarget of a step that had ended (0 to 100 by 0.2 s) moves the layer alone toward
    /// 200 from 0.3 s. Paused by a trip from 0.4 s to 0.9 s, the layer shows at 0.9 s + d what
    /// a layer without the trip shows at 0.4 s + d.
    @Test func aLayerMovingAloneGoesOnAfterATrip() async {
        func movedAlone(in fixture: QueueFixture) async -> CALayer {
            let layer = fixture.layer()
            let ended = fixture.operation(layer, BasicAnimation(.positionX, from: 0, to: 100, duration: 0.2,
                                                                timing: .linear), named: "ended")
            fixture.queue.addOperation(ended)
            await fixture.clock.advance(to: 0.3)
            #expect(ended.outcome == .finished)
            ended.retarget(.positionX, to: 200)
            await fixture.clock.advance(to: 0.4)
            return layer
        }
        let reference = QueueFixture()
        let referenceLayer = await movedAlone(in: reference)
        var withoutTrip: [Double] = []
        for time in [0.45, 0.5, 0.7] {
            await reference.clock.advance(to: time)
            withoutTrip.append(shown(referenceLayer))
        }
        #expect(withoutTrip.allSatisfy { $0 > 100 && $0 < 200 }, "still settling: \(withoutTrip)")
        let layer = await movedAlone(in: fixture)
        await fixture.trip(returningAt: 0.9)
        for (time, expected) in zip([0.45, 0.5, 0.7], withoutTrip) {
            await fixture.clock.advance(to: time + 0.5)
            #expect(abs(shown(layer) - expected) < 1e-9, "at \(time + 0.5): \(shown(layer)), without the trip \(expected)")
        }
        await fixture.clock.advance(by: 5)
        #expect(shown(layer) == 200 && layer.animationKeys() ?? [] == [])
    }

    /// A settling spring that other code removed before the trip stays removed: the layer
    /// shows its model, 200, from then on.
    @Test func anAnimationRemovedByOtherCodeDoesNotComeBack() async {
        let layer = fixture.layer()
        let ended = fixture.operation(layer, BasicAnimation(.positionX, from: 0, to: 100, duration: 0.2, timing: .linear),
                                      named: "ended")
        fixture.queue.addOperation(ended)
        await fixture.clock.advance(to: 0.3)
        ended.retarget(.positionX, to: 200)
        await fixture.clock.advance(to: 0.35)
        #expect(shown(layer) < 200 && layer.animationKeys()?.count == 1)
        layer.removeAllAnimations()
        await fixture.clock.advance(to: 0.4)
        await fixture.trip(returningAt: 0.9)
        await fixture.clock.advance(to: 0.95)
        #expect(shown(layer) == 200 && layer.animationKeys() ?? [] == [])
    }
}
#endif
