#if !canImport(QuartzCore)
@testable import AnimationQueue
@testable import AnimationQueueTesting
import Foundation
import Testing

/// How a test clock knows what is in flight, and what it does when work does not settle.
@Suite(.timeLimit(.minutes(5)))
struct AnimationTestClockSettleTests {
    /// A queue whose plain operation named `blocker` runs (on a worker thread) until
    /// `release` is signalled, with an animation operation on `clock` waiting for it.
    ///
    /// The test signals `release` once its settle has given up. The blocker's own bound only
    /// keeps a worker thread from being held forever should the test stop first; it is far
    /// beyond the time a starved machine takes to reach the settle.
    private func blockedQueue(on clock: AnimationTestClock, layer: CALayer, release: DispatchSemaphore) -> (AnimationQueue, AnimationOperation) {
        let queue = AnimationQueue(name: "blocked")
        let blocker = BlockOperation { _ = release.wait(timeout: .now() + 300) }
        blocker.name = "blocker"
        let fade = AnimationOperation(layer: layer, animation: BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3))
        fade.name = "fade"
        fade.motion = .full
        fade.addDependency(blocker)
        queue.addOperations([blocker, fade])
        return (queue, fade)
    }

    @Test func settleThatTimesOutFailsTheTestNamingTheWorkInFlight() async {
        let clock = AnimationTestClock(settleTimeout: 0.2)
        let release = DispatchSemaphore(value: 0)
        defer { release.signal() }
        let card = clock.makeLayer()
        let (queue, fade) = blockedQueue(on: clock, layer: card, release: release)
        await withKnownIssue {
            await clock.advance(by: 0.1)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            // Running, or (on a loaded machine) handed over and not started yet.
            return text.contains("did not settle at t = 0.0 (settle timeout 0.2 s)") && text.contains("'blocker' is ") && text.contains(" on 'blocked'")
        }
        // Stopped at the failure: no virtual time passed, and the fade never started.
        #expect(clock.now == 0)
        #expect(fade.outcome == nil && !fade.isExecuting)
        queue.cancelAll()
        _ = card
    }

    @Test func unsettledWorkReportListsWhatWasInFlight() async throws {
        let clock = AnimationTestClock(settleTimeout: 0.2)
        let release = DispatchSemaphore(value: 0)
        defer { release.signal() }
        let card = clock.makeLayer()
        let (queue, _) = blockedQueue(on: clock, layer: card, release: release)
        let report = try #require(await clock.settleWithinTimeout())
        #expect(report.timeout == 0.2)
        #expect(report.workInFlight.contains { $0.hasPrefix("'blocker' is ") && $0.hasSuffix(" on 'blocked'") })
        #expect(report.description.hasPrefix("AnimationTestClock: work did not settle at t = 0.0 (settle timeout 0.2 s): "))
        queue.cancelAll()
        _ = card
    }

    @Test func operationsOnTheRealClockRecordNothing() async {
        let clock = AnimationTestClock()
        let trackedLayer = clock.makeLayer(), productionLayer = CALayer()
        let tracked = AnimationOperation(layer: trackedLayer, animation: BasicAnimation(.opacity, to: 1, duration: 0.1))
        let production = AnimationOperation(layer: productionLayer, animation: BasicAnimation(.opacity, to: 1, duration: 0.1))
        #expect(tracked.timeSource.activity != nil)
        #expect(production.timeSource.activity == nil)
        // In flight on its own queue (waiting behind a plain operation that runs), a
        // real-clock operation is nothing the test clock waits for or reports.
        let release = DispatchSemaphore(value: 0)
        defer { release.signal() }
        let queue = AnimationQueue(name: "production")
        let blocker = BlockOperation { _ = release.wait(timeout: .now() + 300) }
        production.addDependency(blocker)
        queue.addOperations([blocker, production])
        await clock.settle()
        #expect(clock.pendingWork.isEmpty)
        queue.cancelAll()
        _ = (trackedLayer, productionLayer)
    }

    @Test func operationsOnAnotherTestClockAreNotThisClocksWork() async {
        let mine = AnimationTestClock()
        let other = AnimationTestClock()
        let queue = AnimationQueue(name: "other clock")
        let card = other.makeLayer()
        let fade = AnimationOperation(layer: card, animation: BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3))
        fade.name = "other fade"
        queue.addOperation(fade)
        await other.settle()
        #expect(mine.pendingWork.isEmpty)
        #expect(other.pendingWork.contains("'other fade' is unfinished on 'other clock'"))
        await other.advance(by: 0.3)
        #expect(fade.outcome == .finished)
        #expect(other.pendingWork.isEmpty)
        _ = card
    }
}
#endif
