@testable import AnimationQueue
import Foundation
import Testing

/// What a plan's block step tells a test clock about itself (its work without time) on its
/// way to a run's timeline: a block that starts once its run is on its timeline is handed to
/// the timeline on the main queue's next turn, and is work in flight until the timeline holds
/// it; from then on it waits for plan time to pass it.
@Suite(.hangGuard)
struct MainThreadOperationTests {
    @Test func aBlockStartedOnceItsRunIsOnItsTimelineIsInFlightUntilTheTimelineHoldsIt() async {
        let ran = OrderLog()
        let block = MainThreadOperation { ran.record("block") }
        let gate = StartGate()
        block.gate = gate
        let handed = OrderLog()
        _ = gate.divert { _ in handed.record("handed to the timeline") }
        #expect(block.workWithoutTime == nil, "not started: its queue reports it")
        block.start()
        #expect(handed.events == ["handed to the timeline"])
        #expect(block.isExecuting)
        #expect(block.workWithoutTime == "is on its way to its run's timeline")
        block.heldByTimeline()
        #expect(block.workWithoutTime == nil, "held, it waits for plan time")
        await MainActor.run { block.runOnMainThread(fromTimeline: true) }
        #expect(block.isFinished && ran.events == ["block"])
        #expect(block.workWithoutTime == nil)
    }
}
