#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself: compiled only where QuartzCore is absent.
import Dispatch
import Foundation
import Testing
@testable import OpenQuartzCore

/// Apple's nesting rule: an explicit transaction begun while the thread's implicit
/// transaction is pending is nested in it, and takes effect when the implicit one commits.
///
/// Each scenario runs inside one main-queue block, so the main queue's end-of-turn commit
/// cannot run in the middle of it: the implicit transaction commits only when the scenario
/// flushes it or advances the clock on its own thread. Time passes meanwhile by advancing
/// the clock from another thread, which commits only that thread's transactions. A scenario
/// returns what it observed, as `"what=value"` strings, and the test compares them with the
/// expected ones.
///
/// The clock starts at 100, so every logged time reads `100 + seconds`.
@Suite(.timeLimit(.minutes(1))) struct TransactionNestingTests {
    /// A one-second position.x ramp from 0 to 10.
    private static func ramp() -> CABasicAnimation {
        let ramp = CABasicAnimation(keyPath: "position.x")
        ramp.fromValue = CGFloat(0)
        ramp.toValue = CGFloat(10)
        ramp.duration = 1
        return ramp
    }

    /// Moves `clock` to `time` from another thread, leaving this thread's transactions alone.
    /// (`DispatchQueue.sync` would run it on this thread; `async` and a wait do not.)
    private static func advanceElsewhere(_ clock: OQC.ManualClock, to time: Double) {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            clock.advance(to: time)
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success, "the clock moved on the other thread")
    }

    /// Adds the ramp in an explicit transaction whose completion block logs the time.
    private static func addRamp(to layer: CALayer, clock: OQC.ManualClock, log: EventLog) {
        OQC.withClock(clock) {
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.append("done@\(clock.now)") }
            layer.add(ramp(), forKey: "ramp")
            CATransaction.commit()
        }
    }

    /// A new layer with a change made outside `begin()`/`commit()`, which begins the
    /// thread's implicit transaction. (The layer was never committed, so the change runs no
    /// action.)
    private static func layerWithPendingChange(on clock: OQC.ManualClock) -> CALayer {
        let layer = OQC.withClock(clock) { CALayer() }
        OQC.withClock(clock) { layer.opacity = 0.5 }
        return layer
    }

    private static func beginTime(_ layer: CALayer) -> String {
        "beginTime=\(layer.animation(forKey: "ramp")?.beginTime ?? -1)"
    }

    private static func x(_ layer: CALayer) -> String {
        "x=\(layer.presentation().map { "\($0.position.x)" } ?? "nil")"
    }

    @Test func explicitTransactionInAPendingImplicitOneTakesEffectWhenThatCommits() async {
        let observed = await inOneMainQueueTurn {
            let clock = OQC.ManualClock(now: 100, variance: [])
            let layer = Self.layerWithPendingChange(on: clock)
            let log = EventLog()
            Self.addRamp(to: layer, clock: clock, log: log)
            var seen = [Self.beginTime(layer), Self.x(layer)]
            Self.advanceElsewhere(clock, to: 100.5)
            seen.append(Self.beginTime(layer))
            OQC.withClock(clock) { CATransaction.flush() }
            seen += [Self.beginTime(layer), Self.x(layer)]
            Self.advanceElsewhere(clock, to: 101.25)
            seen += [Self.x(layer)] + log.all
            Self.advanceElsewhere(clock, to: 101.5)
            return seen + log.all
        }
        #expect(observed == [
            "beginTime=0.0", "x=nil",                         // nested: nothing committed yet
            "beginTime=0.0",                                  // time passes, still pending
            "beginTime=100.5", "x=0.0",                       // flushed at 100.5
            "x=7.5",                                          // 0.75 s in
            "done@101.5",                                     // 1 s after the real start
        ])
    }

    @Test func explicitTransactionWithNoImplicitOnePendingTakesEffectAtItsCommit() async {
        let observed = await inOneMainQueueTurn {
            let clock = OQC.ManualClock(now: 100, variance: [])
            let layer = Self.layerWithPendingChange(on: clock)
            OQC.withClock(clock) { CATransaction.flush() }
            let log = EventLog()
            Self.addRamp(to: layer, clock: clock, log: log)
            let seen = [Self.beginTime(layer)]
            Self.advanceElsewhere(clock, to: 101)
            return seen + log.all
        }
        #expect(observed == ["beginTime=100.0", "done@101.0"])
    }

    @Test func creatingALayerBeginsNoImplicitTransaction() async {
        let observed = await inOneMainQueueTurn {
            let clock = OQC.ManualClock(now: 100, variance: [])
            let layer = OQC.withClock(clock) { CALayer() }
            let log = EventLog()
            Self.addRamp(to: layer, clock: clock, log: log)
            return [Self.beginTime(layer), Self.x(layer)]
        }
        #expect(observed == ["beginTime=100.0", "x=0.0"])
    }

    @Test func completionOfANestedTransactionThatAddedNothingWaitsForTheImplicitCommit() async {
        let observed = await inOneMainQueueTurn {
            let clock = OQC.ManualClock(now: 100, variance: [])
            let layer = Self.layerWithPendingChange(on: clock)
            let log = EventLog()
            OQC.withClock(clock) {
                CATransaction.begin()
                CATransaction.setCompletionBlock { log.append("done@\(clock.now)") }
                CATransaction.commit()
            }
            Self.advanceElsewhere(clock, to: 100.5)
            var seen = ["after 0.5 s: \(log.all)"]
            OQC.withClock(clock) { CATransaction.flush() }
            Self.advanceElsewhere(clock, to: 100.5)
            seen += log.all + [Self.x(layer)]
            return seen
        }
        #expect(observed == ["after 0.5 s: []", "done@100.5", "x=0.0"])
    }

    @Test func flushInsideAnExplicitTransactionCommitsWhenTheOutermostOneDoes() async {
        let observed = await inOneMainQueueTurn {
            let clock = OQC.ManualClock(now: 100, variance: [])
            let layer = Self.layerWithPendingChange(on: clock)
            var seen: [String] = []
            OQC.withClock(clock) {
                CATransaction.begin()
                CATransaction.flush()
                seen.append(Self.x(layer))
                CATransaction.begin()
                layer.add(Self.ramp(), forKey: "ramp")
                CATransaction.commit()
                seen.append(Self.beginTime(layer))
                CATransaction.commit()
            }
            return seen + [Self.beginTime(layer), Self.x(layer)]
        }
        #expect(observed == ["x=nil", "beginTime=0.0", "beginTime=100.0", "x=0.0"])
    }

    @Test func advancingTheClockOnThisThreadCommitsTheNestedTransactionFirst() async {
        let observed = await inOneMainQueueTurn {
            let clock = OQC.ManualClock(now: 100, variance: [])
            let layer = Self.layerWithPendingChange(on: clock)
            let log = EventLog()
            Self.addRamp(to: layer, clock: clock, log: log)
            OQC.withClock(clock) { clock.advance(to: 100.25) }
            let seen = [Self.beginTime(layer), Self.x(layer)]
            OQC.withClock(clock) { clock.advance(to: 101) }
            return seen + log.all
        }
        #expect(observed == ["beginTime=100.0", "x=2.5", "done@101.0"])
    }

    @Test func eachManualClockCallbackEndsItsTurnCommittingItsImplicitTransaction() async {
        let observed = await inOneMainQueueTurn {
            let clock = OQC.ManualClock(now: 100, variance: [])
            let layer = OQC.withClock(clock) { CALayer() }
            OQC.withClock(clock) { CATransaction.flush() }
            let log = EventLog()
            let box = UncheckedSendable((layer, log))
            _ = clock.schedule(at: 100.5) {
                let (layer, log) = box.value
                layer.opacity = 0.25                    // outside a transaction: implicit
                Self.addRamp(to: layer, clock: clock, log: log)   // nested in it
            }
            OQC.withClock(clock) { clock.advance(to: 100.75) }
            return [Self.beginTime(layer), Self.x(layer)]
        }
        // Committed when the callback returned, at 100.5: 0.25 s into the ramp at 100.75.
        #expect(observed == ["beginTime=100.5", "x=2.5"])
    }

    @Test func nestedCommitsImmediatelyStartsTheAnimationAtTheExplicitCommit() async {
        let observed = await inOneMainQueueTurn {
            let clock = OQC.ManualClock(now: 100, variance: .nestedCommitsImmediately)
            let layer = Self.layerWithPendingChange(on: clock)
            let log = EventLog()
            Self.addRamp(to: layer, clock: clock, log: log)
            var seen = [Self.beginTime(layer), Self.x(layer)]
            Self.advanceElsewhere(clock, to: 100.5)
            seen.append(Self.x(layer))
            Self.advanceElsewhere(clock, to: 101)
            return seen + log.all
        }
        #expect(observed == ["beginTime=100.0", "x=0.0", "x=5.0", "done@101.0"])
    }

    @Test func nestedCommitsImmediatelyAppliesOnlyToTreesOnAClockWithTheMode() async {
        let observed = await inOneMainQueueTurn {
            let immediate = OQC.ManualClock(now: 100, variance: .nestedCommitsImmediately)
            let nested = OQC.ManualClock(now: 100, variance: [])
            let early = Self.layerWithPendingChange(on: immediate)
            let late = Self.layerWithPendingChange(on: nested)
            OQC.withClock(immediate) {
                CATransaction.begin()
                early.add(Self.ramp(), forKey: "ramp")
                late.add(Self.ramp(), forKey: "ramp")
                CATransaction.commit()
            }
            var seen = [Self.beginTime(early), Self.beginTime(late)]
            OQC.withClock(nested) { CATransaction.flush() }
            seen.append(Self.beginTime(late))
            return seen
        }
        #expect(observed == ["beginTime=100.0", "beginTime=0.0", "beginTime=100.0"])
    }
}
#endif
