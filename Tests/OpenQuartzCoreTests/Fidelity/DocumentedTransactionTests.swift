#if !canImport(QuartzCore)
import Dispatch
import Foundation
import Testing
@testable import OpenQuartzCore

/// `CATransaction` behaviour stated by the comments of `CATransaction.h`: the defaults of
/// the transaction properties, the documented keys of `setValue(_:forKey:)`, the per-thread
/// scope of the values, and the recursive global lock.
@Suite struct DocumentedTransactionTests {
    private func move(_ duration: Double, timing: CAMediaTimingFunctionName? = nil) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = CGFloat(0)
        animation.toValue = CGFloat(100)
        animation.duration = duration
        animation.timingFunction = timing.map { CAMediaTimingFunction(name: $0) }
        return animation
    }

    private func controlPoints(_ function: CAMediaTimingFunction?) -> [Float]? {
        guard let function else { return nil }
        return (1...2).flatMap { index -> [Float] in
            var point: [Float] = [0, 0]
            function.getControlPoint(at: index, values: &point)
            return point
        }
    }

    /// `CATransaction.h`, `animationTimingFunction`: "The default value is nil". Neither
    /// accessor nor `value(forKey:)` gives a function before one is set.
    @Test func theTransactionTimingFunctionIsNilUntilSet() {
        OQC.withClock(OQC.ManualClock()) {
            CATransaction.begin()
            #expect(CATransaction.animationTimingFunction() == nil)
            #expect(CATransaction.value(forKey: kCATransactionAnimationTimingFunction) == nil)
            CATransaction.commit()
        }
    }

    /// `CATransaction.h`: "when set to a non-nil value any animations added to layers will
    /// have this value set as their "timingFunction" property", and `setValue(_:forKey:)`
    /// supports "animationTimingFunction". Set by key, the function replaces the ease-in of
    /// an explicit animation: at 0.5 s of 1 s the linear curve gives x = 50.
    @Test func aTimingFunctionSetByKeyIsGivenToEveryAddedAnimation() {
        let harness = EngineHarness()
        let layer = harness.makeLayer()
        let linear = CAMediaTimingFunction(name: .linear)
        harness.commit {
            CATransaction.setValue(linear, forKey: kCATransactionAnimationTimingFunction)
            #expect(CATransaction.animationTimingFunction() === linear)
            layer.add(move(1, timing: .easeIn), forKey: "move")
        }
        #expect(controlPoints(layer.animation(forKey: "move")?.timingFunction) == [0, 0, 1, 1])
        let values = ReferenceSolvers.sample(harness, layer, "position.x", at: [0.5])
        #expect(ReferenceSolvers.close(values[0], 50, 1e-6))
    }

    /// `CATransaction.h`: `setValue(_:forKey:)` supports "animationDuration", "the default
    /// duration of animations added to layers". A number set by key is read back by
    /// `animationDuration()` and given to an animation without a duration: x runs 0 → 100
    /// over 2 s, so at 0.5 s it is 25.
    @Test func aDurationSetByKeyIsTheDefaultDuration() {
        let harness = EngineHarness()
        let layer = harness.makeLayer()
        harness.commit {
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            CATransaction.setValue(NSNumber(value: 2.0), forKey: kCATransactionAnimationDuration)
            #expect(CATransaction.animationDuration() == 2)
            layer.add(move(0), forKey: "move")
        }
        #expect(layer.animation(forKey: "move")?.duration == 2)
        let values = ReferenceSolvers.sample(harness, layer, "position.x", at: [0.5])
        #expect(ReferenceSolvers.close(values[0], 25))
    }

    /// `CATransaction.h`: `setValue(_:forKey:)` supports "completionBlock", the block called
    /// "as soon as all animations subsequently added by this transaction group have
    /// completed". A block set by key reads back by key and by `completionBlock()`, and runs
    /// when the 1 s animation added after it ends (the harness clock starts at 100).
    @Test func aCompletionBlockSetByKeyWaitsForTheAnimationsAddedAfterIt() {
        let harness = EngineHarness()
        let layer = harness.makeLayer()
        let log = EventLog()
        let clock = harness.clock
        let block: () -> Void = { log.append("done@\(clock.now)") }
        harness.commit {
            CATransaction.setValue(block, forKey: kCATransactionCompletionBlock)
            #expect(CATransaction.value(forKey: kCATransactionCompletionBlock) != nil)
            #expect(CATransaction.completionBlock() != nil)
            layer.add(move(1), forKey: "move")
        }
        harness.advance(by: 0.5)
        #expect(log.all.isEmpty)
        harness.advance(by: 1)
        #expect(log.all == ["done@101.0"])
    }

    /// `CATransaction.h`: the properties are "per-thread transaction" properties, and
    /// `setValue(_:forKey:)` associates data "with the current transaction (i.e. with the
    /// current thread)". A duration, a flag and a custom value set in another thread's open
    /// transaction are not seen here, and this thread's are not seen there.
    @Test func transactionValuesBelongToTheThreadThatSetThem() {
        let key = "DocumentedTransactionTests.perThread"
        let opened = DispatchSemaphore(value: 0)
        let checked = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let seenThere = EventLog()
        let thread = Thread {
            OQC.withClock(OQC.ManualClock()) {
                CATransaction.begin()
                CATransaction.setAnimationDuration(5)
                CATransaction.setDisableActions(true)
                CATransaction.setValue("there", forKey: key)
                opened.signal()
                // Every wait is bounded: a thread that never signals fails the test, not hangs it.
                guard checked.wait(timeout: .now() + 10) == .success else { return }
                seenThere.append("\(CATransaction.animationDuration()) \(CATransaction.value(forKey: key) as? String ?? "nil")")
                CATransaction.commit()
            }
            finished.signal()
        }
        OQC.withClock(OQC.ManualClock()) {
            CATransaction.begin()
            CATransaction.setAnimationDuration(3)
            thread.start()
            #expect(opened.wait(timeout: .now() + 10) == .success, "the other thread opened its transaction")
            #expect(CATransaction.animationDuration() == 3)
            #expect(CATransaction.disableActions() == false)
            #expect(CATransaction.value(forKey: key) == nil)
            checked.signal()
            #expect(finished.wait(timeout: .now() + 10) == .success, "the other thread finished")
            CATransaction.commit()
        }
        #expect(seenThere.all == ["5.0 there"])
    }

    /// `CATransaction.h`: "Layer methods automatically obtain this [global lock] while
    /// modifying shared state, but callers may need to lock around multiple operations ...
    /// The lock is a recursive spin-lock". Held (twice), it lets this thread change layers,
    /// open and commit a transaction, and read the values back.
    @Test func theGlobalLockIsRecursiveAndLetsTheHolderChangeLayers() {
        let harness = EngineHarness()
        let layer = harness.makeLayer()
        CATransaction.lock()
        CATransaction.lock()
        harness.setModel {
            layer.opacity = 0.25
            layer.position = CGPoint(x: 7, y: 9)
        }
        let read = (layer.opacity, layer.position, layer.presentation()?.opacity)
        CATransaction.unlock()
        CATransaction.unlock()
        #expect(read.0 == 0.25 && read.1 == CGPoint(x: 7, y: 9) && read.2 == 0.25)
    }
}
#endif
