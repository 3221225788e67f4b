@testable import AnimationQueue
@testable import DemoSupport
import Testing

/// Lines of a timeline that share a time print in one order on every run.
@MainActor
@Suite struct TimelineOrderTests {
    private func event(_ step: String, _ kind: AnimationRun.Event.Kind, at time: Double) -> AnimationRun.Event {
        AnimationRun.Event(step: step, kind: kind, time: time)
    }

    @Test func simultaneousEventsFollowThePlanWhicheverOrderTheyWereRecordedIn() {
        let order = ["shake": 0, "bar 1": 1, "bar 2": 2, "marker": 3]
        let recorded = [
            event("shake", .finished(.finished), at: 0.5),
            event("bar 2", .started, at: 0.5),
            event("marker", .started, at: 0.5),
            event("bar 1", .started, at: 0.5),
            event("marker", .finished(.finished), at: 1.1),
            event("bar 1", .finished(.finished), at: 1.1),
            event("bar 2", .finished(.finished), at: 1.1),
        ]
        let printed = DemoSession.timelineOrder(recorded, stepOrder: order)
        #expect(printed == [
            event("shake", .finished(.finished), at: 0.5),
            event("bar 1", .started, at: 0.5),
            event("bar 2", .started, at: 0.5),
            event("marker", .started, at: 0.5),
            event("bar 1", .finished(.finished), at: 1.1),
            event("bar 2", .finished(.finished), at: 1.1),
            event("marker", .finished(.finished), at: 1.1),
        ])
        // Any recording order of the same events prints the same lines.
        let reversed = DemoSession.timelineOrder(recorded.reversed(), stepOrder: order)
        #expect(reversed == DemoSession.timelineOrder(recorded, stepOrder: order))
    }

    @Test func aStepThatStartsAndEndsAtOneInstantPrintsItsStartFirst() {
        let recorded = [event("swap text", .finished(.finished), at: 0.2), event("swap text", .started, at: 0.2)]
        let kinds = DemoSession.timelineOrder(recorded, stepOrder: ["swap text": 0]).map(\.kind)
        #expect(kinds == [.started, .finished(.finished)])
    }
}
