#if !canImport(QuartzCore)
import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// What `advance` reaches: every event due by the deadline, where the deadline is read as
/// the tester wrote it, not as binary floating point sums it.
@Suite(.timeLimit(.minutes(5)))
struct AnimationTestClockAdvanceTests {
    /// 0.1 + 0.2 is 0.30000000000000004 in binary floating point: the chain ends a rounding
    /// error after 0.3, and `advance(by: 0.3)` still sees it end.
    @Test func advancingToTheSumOfTheStepsSeesTheLastOneEnd() async {
        let clock = AnimationTestClock()
        let queue = AnimationQueue(name: "sums")
        let layer = clock.makeLayer()
        let run = queue.run(AnimationPlan {
            Step(layer, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.1))
            Step(layer, BasicAnimation(.opacity, from: 1, to: 0.5, duration: 0.2))
        }, motion: .full)
        await clock.advance(by: 0.3)
        #expect(run.isFinished)
        #expect(clock.pendingWork.isEmpty)
    }

    /// An event a measurable time after the deadline does not run.
    @Test func anEventAMillisecondLaterWaits() async {
        let clock = AnimationTestClock()
        let queue = AnimationQueue(name: "later")
        let layer = clock.makeLayer()
        let run = queue.run(AnimationPlan { Step(layer, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.301)) }, motion: .full)
        await clock.advance(by: 0.3)
        #expect(!run.isFinished)
        await clock.advance(by: 0.001)
        #expect(run.isFinished)
    }

    /// A plan with no layer times its waits on a layer of its own, made as it starts: run in
    /// `withVirtualTime`, that layer is on the clock, and `advance` drives the waits and the
    /// blocks after them.
    @Test func aPlanWithoutLayersRunInVirtualTimeWaitsOnTheClock() async {
        let clock = AnimationTestClock()
        let queue = AnimationQueue(name: "layerless")
        let performed = LockedCounter()
        let run = clock.withVirtualTime {
            queue.run(AnimationPlan {
                Wait(1)
                Perform { performed.increment() }
                Wait(0.5)
            })
        }
        await clock.advance(by: 0.9)
        #expect(performed.value == 0)
        #expect(!run.isFinished)
        await clock.advance(by: 0.1)
        #expect(performed.value == 1)
        #expect(!run.isFinished)
        await clock.advance(by: 0.5)
        #expect(run.isFinished)
        #expect(await run.outcome == .finished)
        #expect(clock.pendingWork.isEmpty)
    }

    /// Virtual time only moves forward, by a finite amount: a negative, infinite or NaN
    /// interval stops with a message instead of being ignored or leaving the clock at
    /// infinity.
    @Test func advancingByANegativeIntervalStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await AnimationTestClock().advance(by: -1)
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("AnimationTestClock.advance(by:) needs a finite, non-negative interval; got -1.0."))
    }

    @Test func advancingByAnInfiniteIntervalStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await AnimationTestClock().advance(by: .infinity)
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("AnimationTestClock.advance(by:) needs a finite, non-negative interval; got inf."))
    }

    /// A second call that moves the clock while the first is under way (here waiting for a
    /// `Perform` block on the main thread at t = 0.5) stops with a message, instead of
    /// running callbacks on two threads.
    @Test func advancingWhileAnotherAdvanceIsUnderWayStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let clock = AnimationTestClock()
            let hold = DispatchSemaphore(value: 0)
            let run = clock.withVirtualTime {
                AnimationQueue(name: "movers").run(AnimationPlan {
                    Wait(0.5)
                    Perform {
                        Task.detached { await clock.advance(by: 1) }
                        _ = hold.wait(timeout: .now() + 30)
                    }
                })
            }
            await clock.advance(by: 1)
            _ = run
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("AnimationTestClock.advance was called while another call was moving the same clock; await each call before making the next."))
    }

    @Test func advancingToAnInfiniteDeadlineStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let clock = AnimationTestClock()
            await clock.advance(to: .infinity)
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("AnimationTestClock.advance(to:) needs a finite deadline; got inf."))
    }
}

/// A count shared with a `Perform` block.
final class LockedCounter: @unchecked Sendable {
    // `lock` guards `count`.
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
#endif
