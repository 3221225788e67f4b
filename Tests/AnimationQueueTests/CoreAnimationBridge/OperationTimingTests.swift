@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// An operation's planned end comes from the begin time Core Animation resolves at the
/// commit, and a deallocated layer ends its operation whether or not Core Animation reports
/// the removal of its animation.
#if !canImport(QuartzCore)
@Suite(.hangGuard)
struct OperationTimingTests {
    /// The operation adds its animation inside a transaction its caller has open, so its own
    /// transaction is nested and takes effect when the caller's commits; virtual time moves
    /// by 0.25 s meanwhile. The animation begins at the commit, 10.25, and the planned end
    /// and the announced start follow it, not the time of the add.
    @Test func thePlannedEndFollowsTheBeginTimeResolvedByANestedCommit() async {
        let clock = AnimationTestClock(now: 10)
        let layer = clock.makeLayer()
        let log = ProbeLog(clock: clock)
        let fade = ProbedAnimationOperation("fade", layer: layer, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: log)
        let engineClock = clock.engineClock
        let seen = UncheckedSendableBox((fade, layer))
        let beforeCommit = LockedValue<(CFTimeInterval?, CFTimeInterval?)>((nil, nil))
        await onMainQueue {
            CATransaction.begin()                               // the caller's transaction
            seen.value.0.start()                                // on the main queue: adds at once, nested
            beforeCommit.value = (seen.value.1.animation(forKey: seen.value.0.animationKey)?.beginTime, seen.value.0.plannedEnd)
            // From another thread (`sync` could run it here, committing this turn's changes).
            let moved = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                engineClock.advance(by: 0.25)
                moved.signal()
            }
            #expect(moved.wait(timeout: .now() + 10) == .success, "the clock moved on the other thread")
            CATransaction.commit()
        }
        let begin: CFTimeInterval = 10.25
        #expect(beforeCommit.value.0 == 0, "Core Animation resolves the begin time at the commit")
        #expect(beforeCommit.value.1 == nil, "no planned end before the begin time is known")
        await clock.advance(by: 0)
        #expect(layer.animation(forKey: fade.animationKey)?.beginTime == begin)
        #expect(fade.plannedEnd == begin + 1)
        #expect(log.time(of: "fade started") == begin)
        await clock.advance(to: begin + 0.95)
        #expect(fade.outcome == nil)
        await clock.advance(to: begin + 1)
        await expectFinishedOnce(fade, .finished, clock: clock)
    }

    /// The engine reports the removal of a deallocated layer's animation on its clock's next
    /// turn: the operation ends `.interrupted` at the time the layer went away.
    @Test func aDeallocatedLayerInterruptsItsOperationWhenCoreAnimationReportsTheRemoval() async {
        let fixture = QueueFixture()
        weak var weakLayer: CALayer?
        var layer: CALayer? = fixture.layer(opacity: 1)
        weakLayer = layer
        let fade = ProbedAnimationOperation("fade", layer: layer!, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        fixture.queue.addOperation(fade)
        await fixture.clock.advance(by: 0.5)
        #expect(fade.isExecuting)
        layer = nil
        #expect(weakLayer == nil)
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(fade, .interrupted, clock: fixture.clock)
        #expect(fixture.log.time(of: "fade finished") == 0.5)
    }

    /// If Core Animation drops the animation of a deallocated layer without ever reporting its
    /// stop, the release of the animation's delegate ends the operation: only the main queue
    /// turns, the clock stands still, and the operation still finishes `.interrupted`.
    @Test func aDeallocatedLayerInterruptsItsOperationWhenCoreAnimationDropsTheAnimationSilently() async {
        let fixture = QueueFixture()
        var layer: CALayer? = fixture.layer(opacity: 1)
        let fade = AnimationOperation(layer: layer!, animation: OpacityRamp(from: 0, to: 1, duration: 1))
        fixture.queue.addOperation(fade)
        await fixture.clock.advance(by: 0.5)
        #expect(fade.isExecuting)
        // A delegate like the one Core Animation holds, for a layer that is then released.
        var observer: AnimationObserver? = AnimationObserver(operation: fade, key: fade.animationKey, watchesLayer: true)
        layer = nil
        #expect(fade.layer == nil)
        observer = nil
        #expect(observer == nil)
        for _ in 0..<100 where fade.outcome == nil { await onMainQueue {} }
        #expect(fade.outcome == .interrupted)
        #expect(fixture.clock.now == 0.5)
        await fixture.clock.advance(by: 2)
        #expect(fade.outcome == .interrupted)
    }

    /// The delegate of an animation that ended normally leaves its operation alone when it is
    /// released, and so does one whose layer is still alive.
    @Test func releasingTheDelegateOfALiveLayersAnimationChangesNothing() async {
        let fixture = QueueFixture()
        let layer = fixture.layer(opacity: 1)
        let fade = ProbedAnimationOperation("fade", layer: layer, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        fixture.queue.addOperation(fade)
        await fixture.clock.advance(by: 0.5)
        var observer: AnimationObserver? = AnimationObserver(operation: fade, key: fade.animationKey, watchesLayer: true)
        observer = nil
        #expect(observer == nil)
        for _ in 0..<10 { await onMainQueue {} }
        #expect(fade.outcome == nil && fade.isExecuting)
        await fixture.clock.advance(to: 1)
        await expectFinishedOnce(fade, .finished, clock: fixture.clock)
    }

    /// The adding transaction's completion block holds the operation, not the animation's
    /// delegate: if Core Animation kept that block (it documents neither when it runs nor
    /// when it releases it), the release of the animation alone would still report a
    /// deallocated layer.
    @Test func theCompletionBlockDoesNotKeepTheAnimationsDelegateAlive() {
        let fade = AnimationOperation(layer: CALayer(), animation: OpacityRamp(from: 0, to: 1, duration: 1))
        weak var released: AnimationObserver?
        var completion: (@Sendable () -> Void)?
        do {
            let observer = AnimationObserver(operation: fade, key: fade.animationKey, watchesLayer: true)
            released = observer
            completion = AnimationObserver.completion(of: fade, key: fade.animationKey)
        }
        #expect(completion != nil)
        #expect(released == nil)
    }
}
#endif

/// Every order in which Core Animation may deliver `animationDidStop(_:finished:)` and the
/// transaction's completion gives the same outcomes, whatever the process's variance.
#if !canImport(QuartzCore)
@Suite(.hangGuard)
struct CallbackOrderTests {
    static let orders: [OQC.Variance] = [[], .completionFirst, .delegateLate]

    /// A committed layer on its own clock, and an operation fading it, started on the main queue.
    static func started(on clock: OQC.ManualClock) async -> (CALayer, AnimationOperation) {
        let layer = OQC.withClock(clock) { CALayer() }
        OQC.withClock(clock) {
            CATransaction.begin()
            CATransaction.commit()
        }
        let operation = AnimationOperation(layer: layer, animation: OpacityRamp(from: 0, to: 0.5, duration: 1))
        let box = UncheckedSendableBox(operation)
        await onMainQueue { box.value.start() }
        // The main thread is shared with other tests: if one left an implicit transaction
        // pending there, the start's commit took effect only when that one commits, on the
        // main queue's next turn. Let it turn before time moves.
        await onMainQueue {}
        return (layer, operation)
    }

    /// Lets the main queue turn until `operation` finished (a late delegate arrives there).
    static func awaitFinish(_ operation: AnimationOperation) async {
        for _ in 0..<100 where operation.outcome == nil { await onMainQueue {} }
    }

    @Test(arguments: orders)
    func anAnimationThatPlaysToItsEndFinishesInEveryCallbackOrder(variance: OQC.Variance) async {
        let clock = OQC.ManualClock(now: 0, variance: variance)
        let (layer, operation) = await Self.started(on: clock)
        clock.advance(to: 0.99)
        await onMainQueue {}
        #expect(operation.outcome == nil)
        clock.advance(to: 1)
        await Self.awaitFinish(operation)
        #expect(operation.outcome == .finished)
        #expect(layer.opacity == 0.5)
        #expect(layer.animationKeys() == nil)
    }

    @Test(arguments: orders)
    func aCancelledAnimationEndsCancelledInEveryCallbackOrder(variance: OQC.Variance) async {
        let clock = OQC.ManualClock(now: 0, variance: variance)
        let (layer, operation) = await Self.started(on: clock)
        clock.advance(to: 0.5)
        operation.cancel()
        await onMainQueue {}
        clock.advance(by: 0)
        await Self.awaitFinish(operation)
        #expect(operation.outcome == .cancelled)
        #expect(abs(layer.opacity - 0.25) < 1e-6)    // held where it was: 0.5 · 0.5
        #expect(layer.animationKeys() == nil)
    }

    @Test(arguments: orders)
    func anAnimationRemovedByOtherCodeIsInterruptedInEveryCallbackOrder(variance: OQC.Variance) async {
        let clock = OQC.ManualClock(now: 0, variance: variance)
        let (layer, operation) = await Self.started(on: clock)
        clock.advance(to: 0.5)
        let box = UncheckedSendableBox(layer)
        await onMainQueue { box.value.removeAllAnimations() }
        // The end of that turn commits the removal, which is reported on the clock's next
        // turn after the commit.
        await onMainQueue {}
        clock.advance(by: 0)
        await Self.awaitFinish(operation)
        #expect(operation.outcome == .interrupted)
        #expect(layer.opacity == 0.5)
    }
}
#endif
