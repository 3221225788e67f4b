#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// CATransaction completion blocks, animation delegates and `add(_:forKey:)` bookkeeping.
///
/// The harness clock starts at 100, so every logged time reads `100 + seconds`.
@Suite struct CATransactionTests {
    typealias R = ReferenceSolvers

    /// A delegate that logs `name` with each callback, the time, and the animation it received.
    final class NamedDelegate: CAAnimationDelegate, @unchecked Sendable {
        let name: String
        let log: EventLog
        let clock: OQC.ManualClock
        // `lock` guards `received`.
        private let lock = NSLock()
        private var received: [CAAnimation] = []

        init(_ name: String, log: EventLog, clock: OQC.ManualClock) {
            self.name = name
            self.log = log
            self.clock = clock
        }

        var animations: [CAAnimation] { lock.withLock { received } }

        func animationDidStart(_ anim: CAAnimation) {
            lock.withLock { received.append(anim) }
            log.append("\(name).start@\(clock.now)")
        }

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            lock.withLock { received.append(anim) }
            log.append("\(name).stop(\(flag))@\(clock.now)")
        }
    }

    private func move(_ duration: Double, delegate: CAAnimationDelegate? = nil, keyPath: String = "position.x") -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = CGFloat(0)
        animation.toValue = CGFloat(100)
        animation.duration = duration
        animation.delegate = delegate
        return animation
    }

    private func completion(_ name: String, _ log: EventLog, _ clock: OQC.ManualClock) -> () -> Void {
        { log.append("\(name)@\(clock.now)") }
    }

    /// A new layer with one 3 s move under "only", whose delegate ("only") and transaction
    /// completion block ("done") log to `log`, committed at the harness's current time.
    private func onlyMoveWaitedFor(on h: EngineHarness, log: EventLog) -> CALayer {
        let layer = h.makePlainLayer()
        h.commit {
            CATransaction.setCompletionBlock(completion("done", log, h.clock))
            layer.add(move(3.0, delegate: NamedDelegate("only", log: log, clock: h.clock)), forKey: "only")
        }
        return layer
    }

    // MARK: Completion blocks

    /// Apple, `commit()`: "Raises an exception if no current transaction exists."
    @Test func aCommitWithNoCurrentTransactionStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            CATransaction.begin()
            CATransaction.commit()
            CATransaction.commit()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("CATransaction.commit() was called with no current transaction"))
    }

    @Test func completionBlockWithoutAnimationsRunsRightAfterCommit() {
        let h = EngineHarness()
        let log = EventLog()
        h.commit { CATransaction.setCompletionBlock(completion("done", log, h.clock)) }
        h.advance(by: 0)
        #expect(log.all == ["done@100.0"])
        h.advance(by: 10)
        #expect(log.all == ["done@100.0"])
    }

    @Test func completionBlockRunsOnceAtTheEndOfTheLongestAnimation() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let log = EventLog()
        h.commit {
            CATransaction.setCompletionBlock(completion("done", log, h.clock))
            layer.add(move(0.5), forKey: "a")
            layer.add(move(1.5, keyPath: "position.y"), forKey: "b")
            layer.add(move(1.0, keyPath: "zPosition"), forKey: "c")
        }
        h.advance(by: 1.25)
        #expect(log.all.isEmpty)
        h.advance(by: 5)
        #expect(log.all == ["done@101.5"])
    }

    @Test func completionBlockWaitsForAnimationsOnEveryLayerOfTheTransaction() {
        let h = EngineHarness()
        let first = h.makePlainLayer(), second = h.makePlainLayer()
        let log = EventLog()
        h.commit {
            CATransaction.setCompletionBlock(completion("done", log, h.clock))
            first.add(move(0.5), forKey: "a")
            second.add(move(1.25), forKey: "a")
        }
        h.advance(by: 1)
        #expect(log.all.isEmpty)
        h.advance(by: 1)
        #expect(log.all == ["done@101.25"])
    }

    @Test func completionBlockReadsBackInsideItsTransaction() {
        OQC.withClock(OQC.ManualClock()) {
            let log = EventLog()
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.append("ran") }
            CATransaction.completionBlock()?()
            #expect(log.all == ["ran"])
            CATransaction.commit()
        }
    }

    @Test func innerCompletionBlockRunsAtTheEndOfInnerAnimations() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let log = EventLog()
        h.commit {
            CATransaction.setCompletionBlock(completion("outer", log, h.clock))
            layer.add(move(1.0), forKey: "a")
            CATransaction.begin()
            CATransaction.setCompletionBlock(completion("inner", log, h.clock))
            layer.add(move(0.5, keyPath: "position.y"), forKey: "b")
            CATransaction.commit()
        }
        h.advance(by: 5)
        #expect(log.all == ["inner@100.5", "outer@101.0"])
    }

    @Test func outerCompletionBlockWaitsForInnerTransactionAnimations() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let log = EventLog()
        h.commit {
            CATransaction.setCompletionBlock(completion("outer", log, h.clock))
            layer.add(move(0.5), forKey: "a")
            CATransaction.begin()
            CATransaction.setCompletionBlock(completion("inner", log, h.clock))
            layer.add(move(2.0, keyPath: "position.y"), forKey: "b")
            CATransaction.commit()
        }
        h.advance(by: 1)
        #expect(log.all.isEmpty)
        h.advance(by: 5)
        #expect(log.all.count == 2)
        #expect(Set(log.all) == ["inner@102.0", "outer@102.0"])
    }

    @Test func animationRemovedEarlyCountsAsCompleteAndStopsUnfinished() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let log = EventLog()
        h.commit {
            CATransaction.setCompletionBlock(completion("done", log, h.clock))
            layer.add(move(3.0, delegate: NamedDelegate("long", log: log, clock: h.clock)), forKey: "long")
            layer.add(move(1.0, delegate: NamedDelegate("short", log: log, clock: h.clock), keyPath: "position.y"), forKey: "short")
        }
        h.advance(by: 0.5)
        h.commit { layer.removeAnimation(forKey: "long") }
        h.advance(by: 0)
        #expect(layer.animationKeys() == ["short"])
        #expect(R.presented(layer, "position.x") == 0)
        h.advance(by: 5)
        #expect(log.all == [
            "long.start@100.0", "short.start@100.0",
            "long.stop(false)@100.5",
            "short.stop(true)@101.0", "done@101.0",
        ])
    }

    @Test func removingTheLastOutstandingAnimationRunsTheCompletionBlock() {
        let h = EngineHarness()
        let log = EventLog()
        let layer = onlyMoveWaitedFor(on: h, log: log)
        h.advance(by: 0.75)
        h.commit { layer.removeAnimation(forKey: "only") }
        h.advance(by: 0)
        #expect(log.all == ["only.start@100.0", "only.stop(false)@100.75", "done@100.75"])
        h.advance(by: 5)
        #expect(log.all.count == 3)
    }

    /// A removal takes effect when its transaction commits, as an add does: the layer shows
    /// the animation until then, and its delegate and completion block hear of the removal
    /// after that commit, however long the transaction stays open. Removed at 100.5 s in a
    /// transaction committed at 100.75 s, a 3 s move is reported stopped at 100.75 s.
    @Test func aRemovalIsReportedOnceItsTransactionCommits() {
        let h = EngineHarness()
        let log = EventLog()
        let layer = onlyMoveWaitedFor(on: h, log: log)
        h.advance(by: 0.5)
        OQC.withClock(h.clock) {
            CATransaction.begin()
            layer.removeAnimation(forKey: "only")
        }
        h.advance(by: 0.25)
        #expect(log.all == ["only.start@100.0"])
        #expect(layer.animationKeys() == nil)
        // A 3 s move from 0 to 100 shows 25 at 0.75 s.
        #expect(abs((R.presented(layer, "position.x") ?? .nan) - 25) < 1e-9)
        OQC.withClock(h.clock) { CATransaction.commit() }
        h.advance(by: 0)
        #expect(log.all == ["only.start@100.0", "only.stop(false)@100.75", "done@100.75"])
        #expect(R.presented(layer, "position.x") == 0)
    }

    /// `CATransaction.h`: "If no animations are added before the current transaction group
    /// is committed (or the completion block is set to a different value), the block will be
    /// invoked immediately." A block replaced before any animation was added runs at the
    /// replacement, before the transaction commits; the block that replaced it runs after
    /// the commit. Here one second passes between the two.
    @Test(.timeLimit(.minutes(1))) func completionBlockReplacedBeforeAnyAnimationRunsWithoutWaitingForTheCommit() {
        let h = EngineHarness()
        let log = EventLog()
        h.commit {
            CATransaction.setCompletionBlock(completion("replaced", log, h.clock))
            CATransaction.setCompletionBlock(completion("current", log, h.clock))
            h.clock.advance(by: 1)
            #expect(log.all == ["replaced@100.0"])
        }
        h.advance(by: 0)
        #expect(log.all == ["replaced@100.0", "current@101.0"])
    }

    /// The same through key-value coding, and with nil as the "different value": the block
    /// set under `kCATransactionCompletionBlock` runs when nil replaces it, and nil runs nothing.
    @Test(.timeLimit(.minutes(1))) func completionBlockReplacedByNilThroughSetValueRunsAtTheReplacement() {
        let h = EngineHarness()
        let log = EventLog()
        h.commit {
            CATransaction.setValue(completion("replaced", log, h.clock), forKey: kCATransactionCompletionBlock)
            CATransaction.setValue(nil, forKey: kCATransactionCompletionBlock)
            #expect(CATransaction.completionBlock() == nil)
            h.clock.advance(by: 0.5)
            #expect(log.all == ["replaced@100.0"])
        }
        h.advance(by: 1)
        #expect(log.all == ["replaced@100.0"])
    }

    /// A replaced block that an animation was added for is not invoked at the replacement: it
    /// still waits for that animation ("as soon as all animations subsequently added by this
    /// transaction group have completed"), which starts at the commit, 0.5 s later.
    @Test(.timeLimit(.minutes(1))) func completionBlockReplacedAfterAnAnimationStillWaitsForIt() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let log = EventLog()
        h.commit {
            CATransaction.setCompletionBlock(completion("first", log, h.clock))
            layer.add(move(1.0), forKey: "move")
            CATransaction.setCompletionBlock(completion("second", log, h.clock))
            h.clock.advance(by: 0.5)
            #expect(log.all.isEmpty)
        }
        h.advance(by: 2)
        #expect(log.all == ["second@100.5", "first@101.5"])
    }

    @Test func completionBlockSetAfterSomeAddsWaitsOnlyForLaterAnimations() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let log = EventLog()
        h.commit {
            layer.add(move(3.0), forKey: "before")
            CATransaction.setCompletionBlock(completion("done", log, h.clock))
            layer.add(move(1.0, keyPath: "position.y"), forKey: "after")
        }
        h.advance(by: 5)
        #expect(log.all == ["done@101.0"])
    }

    @Test func delegateStopsBeforeTheCompletionBlockRuns() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let log = EventLog()
        h.commit {
            CATransaction.setCompletionBlock(completion("done", log, h.clock))
            layer.add(move(0.5, delegate: NamedDelegate("a", log: log, clock: h.clock)), forKey: "a")
            layer.add(move(1.0, delegate: NamedDelegate("b", log: log, clock: h.clock), keyPath: "position.y"), forKey: "b")
        }
        h.advance(by: 5)
        #expect(log.all == ["a.start@100.0", "b.start@100.0", "a.stop(true)@100.5", "b.stop(true)@101.0", "done@101.0"])
    }

    // MARK: Delegates

    @Test func delegateStartsAtADelayedBeginTime() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let log = EventLog()
        let animation = move(1.0, delegate: NamedDelegate("late", log: log, clock: h.clock))
        h.commit {
            animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 0.5
            layer.add(animation, forKey: "late")
        }
        let before = R.sample(h, layer, "position.x", at: [0.25])
        #expect(before == [0])
        #expect(log.all.isEmpty)
        let during = R.sample(h, layer, "position.x", at: [0.75 - 0.25])
        #expect(R.close(during[0], 25))
        h.advance(by: 5)
        #expect(log.all == ["late.start@100.5", "late.stop(true)@101.5"])
    }

    @Test func delegateReceivesTheAttachedCopyNotTheOriginal() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let log = EventLog()
        let delegate = NamedDelegate("d", log: log, clock: h.clock)
        let original = move(1.0, delegate: delegate)
        h.commit { layer.add(original, forKey: "m") }
        let stored = layer.animation(forKey: "m")
        #expect(stored != nil && stored !== original)
        h.advance(by: 2)
        #expect(delegate.animations.count == 2)
        #expect(delegate.animations.allSatisfy { $0 !== original })
        #expect(delegate.animations.allSatisfy { $0 === stored })
    }

    @Test func mutatingTheOriginalAfterAddChangesNothing() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let log = EventLog()
        let original = move(1.0, delegate: NamedDelegate("m", log: log, clock: h.clock))
        h.commit { layer.add(original, forKey: "m") }
        original.toValue = CGFloat(1000)
        original.duration = 10
        original.fromValue = CGFloat(-500)
        let values = R.sample(h, layer, "position.x", at: [0.5])
        #expect(R.close(values[0], 50))
        #expect(layer.animation(forKey: "m")?.duration == 1)
        h.advance(by: 2)
        #expect(log.all == ["m.start@100.0", "m.stop(true)@101.0"])
    }

    @Test func addingUnderAnExistingKeyReplacesAndStopsThePreviousAnimation() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let log = EventLog()
        h.commit { layer.add(move(2.0, delegate: NamedDelegate("first", log: log, clock: h.clock)), forKey: "k") }
        h.advance(by: 0.5)
        let second = CABasicAnimation(keyPath: "position.x")
        second.fromValue = CGFloat(1000)
        second.toValue = CGFloat(2000)
        second.duration = 1
        second.delegate = NamedDelegate("second", log: log, clock: h.clock)
        h.commit { layer.add(second, forKey: "k") }
        h.advance(by: 0)
        #expect(layer.animationKeys() == ["k"])
        let values = R.sample(h, layer, "position.x", at: [0.5])
        #expect(R.close(values[0], 1500))
        h.advance(by: 5)
        #expect(log.all == ["first.start@100.0", "first.stop(false)@100.5", "second.start@100.5", "second.stop(true)@101.5"])
    }

    @Test func animationsWithNilKeysDoNotReplaceEachOther() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let a = move(1.0), b = move(1.0)
        a.isAdditive = true
        b.isAdditive = true
        b.toValue = CGFloat(10)
        h.commit {
            layer.add(a, forKey: nil)
            layer.add(b, forKey: nil)
        }
        let values = R.sample(h, layer, "position.x", at: [0.5])
        #expect(R.close(values[0], 55))   // 50 + 5, both additive on a model value of 0
        h.advance(by: 1)
        #expect(R.presented(layer, "position.x") == 0)
    }

    @Test func animationKeysListKeysInTheOrderAnimationsWereAdded() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        #expect(layer.animationKeys() == nil)
        h.commit {
            layer.add(move(1), forKey: "b")
            layer.add(move(1, keyPath: "position.y"), forKey: "a")
            layer.add(move(1, keyPath: "zPosition"), forKey: "c")
        }
        #expect(layer.animationKeys() == ["b", "a", "c"])
        h.commit { layer.removeAnimation(forKey: "a") }
        #expect(layer.animationKeys() == ["b", "c"])
        h.commit { layer.removeAllAnimations() }
        #expect(layer.animationKeys() == nil)
    }

    @Test func laterAnimationOfTheSameKeyPathWinsInKeyOrder() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let low = move(1), high = move(1)
        high.fromValue = CGFloat(500)
        high.toValue = CGFloat(600)
        h.commit {
            layer.add(low, forKey: "low")
            layer.add(high, forKey: "high")
        }
        let values = R.sample(h, layer, "position.x", at: [0.5])
        #expect(R.close(values[0], 550))
    }

    // MARK: Durations

    @Test func zeroDurationUsesTheDefaultTransactionDuration() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let log = EventLog()
        h.commit { layer.add(move(0, delegate: NamedDelegate("z", log: log, clock: h.clock)), forKey: "z") }
        #expect(layer.animation(forKey: "z")?.duration == 0.25)
        let values = R.sample(h, layer, "position.x", at: [0.125])
        #expect(R.close(values[0], 50))
        h.advance(by: 1)
        #expect(log.all == ["z.start@100.0", "z.stop(true)@100.25"])
    }

    @Test func zeroDurationUsesTheTransactionsAnimationDuration() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        h.commit {
            CATransaction.setAnimationDuration(2)
            layer.add(move(0), forKey: "z")
        }
        #expect(layer.animation(forKey: "z")?.duration == 2)
        let values = R.sample(h, layer, "position.x", at: [0.5])
        #expect(R.close(values[0], 25))
    }

    @Test func transactionDurationDefaultsToAQuarterSecond() {
        OQC.withClock(OQC.ManualClock()) {
            CATransaction.begin()
            #expect(CATransaction.animationDuration() == 0.25)
            #expect(CATransaction.disableActions() == false)
            CATransaction.commit()
        }
    }

    // MARK: Values

    @Test func transactionValuesResolveToTheInnermostScopeThatSetThem() {
        OQC.withClock(OQC.ManualClock()) {
            let key = "CATransactionTests.scopedValue"
            CATransaction.begin()
            CATransaction.setValue("outer", forKey: key)
            CATransaction.setAnimationDuration(2)
            CATransaction.begin()
            #expect(CATransaction.value(forKey: key) as? String == "outer")
            #expect(CATransaction.animationDuration() == 2)
            CATransaction.setValue("inner", forKey: key)
            CATransaction.setAnimationDuration(3)
            #expect(CATransaction.value(forKey: key) as? String == "inner")
            #expect(CATransaction.animationDuration() == 3)
            #expect(CATransaction.value(forKey: kCATransactionAnimationDuration).flatMap(R.number) == 3)
            CATransaction.commit()
            #expect(CATransaction.value(forKey: key) as? String == "outer")
            #expect(CATransaction.animationDuration() == 2)
            CATransaction.commit()
        }
    }

    @Test func disableActionsSetThroughSetValueIsReadByDisableActions() {
        OQC.withClock(OQC.ManualClock()) {
            CATransaction.begin()
            CATransaction.setValue(true, forKey: kCATransactionDisableActions)
            #expect(CATransaction.disableActions() == true)
            CATransaction.begin()
            #expect(CATransaction.disableActions() == true)
            CATransaction.setDisableActions(false)
            #expect(CATransaction.disableActions() == false)
            #expect(CATransaction.value(forKey: kCATransactionDisableActions) as? Bool == false,
                    "the flag reads back through value(forKey:)")
            CATransaction.setValue(nil, forKey: kCATransactionDisableActions)
            #expect(CATransaction.disableActions() == false, "nil set in the inner scope hides the outer true")
            CATransaction.commit()
            #expect(CATransaction.disableActions() == true)
            CATransaction.commit()
        }
    }

    /// The Core Animation Programming Guide's way to disable actions, `kCFBooleanTrue` under
    /// `kCATransactionDisableActions`, compiles and works: a change makes no implicit animation.
    @Test func theGuidesKCFBooleanTrueDisablesActions() {
        let harness = EngineHarness()
        let layer = harness.makeLayer()
        harness.commit {
            CATransaction.setValue(kCFBooleanTrue, forKey: kCATransactionDisableActions)
            #expect(CATransaction.disableActions() == true)
            layer.opacity = 0.5
        }
        #expect(layer.animationKeys() == nil && layer.opacity == 0.5)
        harness.commit {
            CATransaction.setValue(kCFBooleanFalse, forKey: kCATransactionDisableActions)
            layer.opacity = 1
        }
        #expect(layer.animationKeys() == ["opacity"], "false leaves actions on")
    }
}
#endif
