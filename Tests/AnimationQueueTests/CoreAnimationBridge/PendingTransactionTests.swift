#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where QuartzCore
// is absent.

@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// A step that begins inside a transaction its caller has open is nested in it: its
/// animation reads a begin time of 0 until that transaction commits. Work on the step before
/// then takes its begin as now, not 0. A step that begins while only the main thread's
/// implicit transaction is pending (a layer changed earlier in the turn) commits that one
/// first, and so takes effect at once. Each test does its work in one main-queue block that
/// ends with the commit, so no transaction stays open into other tests' work on the main
/// queue.
@Suite(.hangGuard)
@MainActor
struct PendingTransactionTests {
    let fixture = QueueFixture()

    func operation(_ layer: CALayer, to target: CGFloat, from start: CGFloat? = nil, _ name: String) -> AnimationOperation {
        let animation = BasicAnimation(.positionX, from: start, to: target, duration: 1, timing: .linear)
        let operation = AnimationOperation(layer: layer, animation: animation)
        operation.name = name
        operation.motion = .full
        return operation
    }

    func shown(_ layer: CALayer) -> Double { MotionSample.shown(layer, "position.x") }

    /// "older" slides 0 → 100 from 0 s. At 0.5 s "newer" (→ 300; no one hears its start)
    /// begins in the caller's open transaction and takes "older" over; "third" (→ 200), which
    /// follows "older", begins in the same turn and takes "newer" over before anything has
    /// committed.
    /// Every motion plays on (100 pt/s of "older", 200 of "newer" from the model, 100, and
    /// −100 of "third" from 300), so the layer goes on from 50 at 200 pt/s and ends at 200
    /// at 1.5 s.
    @Test func aStepTakenOverBeforeItsTransactionCommitsIsTakenOverFromNow() async throws {
        let layer = fixture.layer()
        let older = operation(layer, to: 100, from: 0, "older")
        let third = operation(layer, to: 200, "third")
        third.addDependency(older)
        fixture.queue.addOperations([older, third])
        await fixture.clock.advance(to: 0.5)
        let newer = UncheckedSendableBox(operation(layer, to: 300, "newer"))
        await onMainQueue {
            CATransaction.begin()                               // the caller's transaction
            newer.value.start()                                 // on the main queue: adds at once, nested
            CATransaction.commit()
        }
        await fixture.clock.settle()
        #expect(older.outcome == .interrupted && newer.value.outcome == .interrupted)
        #expect(newer.value.takeover?.newerOperationName == "third")
        #expect(abs(shown(layer) - 50) < 1e-9, "\(shown(layer))")
        await fixture.clock.advance(to: 0.6)
        #expect(abs(shown(layer) - 70) < 1e-9, "\(shown(layer))")
        await fixture.clock.advance(to: 1.4)
        #expect(abs(shown(layer) - 190) < 1e-9, "\(shown(layer))")
        await fixture.clock.advance(to: 1.5)
        #expect(third.outcome == .finished)
        #expect(abs(shown(layer) - 200) < 1e-9 && layer.position.x == 200)
        #expect(layer.animationKeys() ?? [] == [])
    }

    /// "older" slides 0 → 100 from 0 s, linearly. At 0.5 s, in a turn whose implicit
    /// transaction is pending, "newer" (400 → 300 in 1 s, a jump to 400 as asked) takes it
    /// over; "third" (→ 200, reverting when cancelled), which follows "older", begins in the
    /// same turn and takes "newer" over. "newer" committed the pending transaction as it
    /// began, so "third" saw the layer show 400, not the 50 of "older": cancelled at 0.6 s,
    /// it writes back 400, and the layer stays there.
    @Test func aStepBeginningInAPendingImplicitTransactionTakesEffectAtOnce() async throws {
        let layer = fixture.layer()
        let older = operation(layer, to: 100, from: 0, "older")
        let third = operation(layer, to: 200, "third")
        third.cancellationPolicy = .revert
        third.addDependency(older)
        fixture.queue.addOperations([older, third])
        await fixture.clock.advance(to: 0.5)
        let newer = UncheckedSendableBox(operation(layer, to: 300, from: 400, "newer"))
        await onMainQueue {
            CATransaction.setValue(true, forKey: "pending")   // the turn's implicit transaction
            newer.value.start()
            CATransaction.flush()                               // what the end of the turn does
        }
        await fixture.clock.settle()
        #expect(older.outcome == .interrupted && newer.value.outcome == .interrupted)
        #expect(newer.value.takeover?.newerOperationName == "third")
        #expect(abs(shown(layer) - 400) < 1e-9, "\(shown(layer))")
        await fixture.clock.advance(to: 0.6)
        third.cancel()
        await fixture.clock.settle()
        #expect(third.outcome == .cancelled)
        #expect(layer.position.x == 400)
        #expect(abs(shown(layer) - 400) < 1e-9, "\(shown(layer))")
        #expect(layer.animationKeys() ?? [] == [])
    }

    /// A step (0 → 100 in 1 s, linearly; no one hears its start) begins at 0.5 s in the
    /// caller's open transaction and is retargeted to 200 in it: it turns from where it is,
    /// 0, at the speed it has, 100 pt/s, and ends on 200.
    @Test func aStepRetargetedBeforeItsTransactionCommitsTurnsFromItsStart() async throws {
        let layer = fixture.layer()
        await fixture.clock.advance(to: 0.5)
        let step = UncheckedSendableBox(operation(layer, to: 100, from: 0, "step"))
        await onMainQueue {
            CATransaction.begin()
            step.value.start()
            step.value.retarget(.positionX, to: 200)
            CATransaction.commit()
        }
        await fixture.clock.settle()
        #expect(abs(shown(layer)) < 1e-9, "\(shown(layer))")
        await fixture.clock.advance(to: 0.501)
        let velocity = shown(layer) / 0.001
        #expect(abs(velocity - 100) < 1, "\(velocity) pt/s")
        await fixture.clock.advance(by: 5)
        #expect(step.value.outcome == .finished)
        #expect(abs(shown(layer) - 200) < 1e-9 && layer.position.x == 200)
        #expect(layer.animationKeys() ?? [] == [])
    }

    /// A gapless plan: "slide" moves from 0 to 100 in 1 s, linearly; "settle" follows it
    /// toward 300 and proceeds if it is cancelled. "slide" is cancelled at 0.25 s, holding
    /// what the layer shows (25), inside the caller's open transaction: the hold and the
    /// removal wait for it, and "settle" begins at once, in the same turn. It starts from what
    /// the layer shows, 25, as the removed animation still shows until the commit, not from
    /// the model's committed 100.
    @Test func aStepBeginningAfterACancelInTheSameTransactionStartsFromWhatTheLayerShows() async throws {
        let layer = fixture.layer()
        let run = fixture.queue.run(AnimationPlan(scheduling: .gapless) {
            Step(layer, BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear)).named("slide")
            Step(layer, BasicAnimation(.positionX, to: 300, duration: 1, timing: .linear)).named("settle")
                .onCancelledDependency(.proceed)
        }, motion: .full)
        await fixture.clock.advance(to: 0.25)
        let slide = UncheckedSendableBox(try #require(run.operation(ofStep: "slide")))
        await onMainQueue {
            CATransaction.begin()
            slide.value.cancel()
            CATransaction.commit()
        }
        await fixture.clock.settle()
        #expect(slide.value.outcome == .cancelled)
        #expect(abs(shown(layer) - 25) < 1e-9, "\(shown(layer))")
        await fixture.clock.advance(to: 0.75)
        #expect(abs(shown(layer) - (25 + 275 * 0.5)) < 1e-9, "\(shown(layer))")
        await fixture.clock.advance(to: 1.25)
        #expect(await run.outcome == .cancelled)
        #expect(abs(shown(layer) - 300) < 1e-9 && layer.position.x == 300)
    }
}
#endif
