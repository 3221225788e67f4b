#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where QuartzCore
// is absent.

@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// A step that begins while the main thread's transaction is pending (a layer changed earlier
/// in the turn, so Core Animation opened an implicit transaction) is nested in it: its
/// animation reads a begin time of 0 until that transaction commits, at the end of the turn.
/// Work on the step in that turn takes its begin as now, not 0. Each test does its work in
/// one main-queue block that ends with `CATransaction.flush()`, as the end of the turn would,
/// so no transaction stays pending into other tests' work on the main queue.
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
    /// begins in a pending transaction and takes "older" over; "third" (→ 200), which follows
    /// "older", begins in the same turn and takes "newer" over before anything has committed.
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
            CATransaction.setValue(true, forKey: "pending")   // the turn's implicit transaction
            newer.value.start()                                 // on the main queue: adds at once, nested
            CATransaction.flush()
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

    /// A step (0 → 100 in 1 s, linearly; no one hears its start) begins at 0.5 s in a pending
    /// transaction and is retargeted to 200 in the same turn: it turns from where it is, 0,
    /// at the speed it has, 100 pt/s, and ends on 200.
    @Test func aStepRetargetedBeforeItsTransactionCommitsTurnsFromItsStart() async throws {
        let layer = fixture.layer()
        await fixture.clock.advance(to: 0.5)
        let step = UncheckedSendableBox(operation(layer, to: 100, from: 0, "step"))
        await onMainQueue {
            CATransaction.setValue(true, forKey: "pending")
            step.value.start()
            step.value.retarget(.positionX, to: 200)
            CATransaction.flush()
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
    /// what the layer shows (25), inside a pending transaction: the hold and the removal wait
    /// for it, and "settle" begins at once, in the same turn. It starts from what the layer
    /// shows, 25, as the removed animation still shows until the commit, not from the model's
    /// committed 100.
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
            CATransaction.setValue(true, forKey: "pending")
            slide.value.cancel()
            CATransaction.flush()
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
