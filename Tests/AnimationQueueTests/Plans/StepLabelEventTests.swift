#if !canImport(QuartzCore)
@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// The labels a run's events carry for unnamed steps, on virtual time: the same text as the
/// plan's labels, whether they were written out before or after the layer changed its name.
@Suite(.hangGuard)
struct StepLabelEventTests {
    @Test func eventsOfUnnamedStepsCarryTheirLabelsAsOfThePlansCompilation() async {
        let fixture = QueueFixture(now: 100, queueName: "labels-\(UUID())")
        let card = fixture.layer()
        card.name = "card"
        let badge = fixture.layer()
        let plan = AnimationPlan {
            Step(card, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.2))
            Perform {}
            Step(badge, BasicAnimation(.cornerRadius, to: 8, duration: 0.1)).named("round")
        }
        let run = fixture.queue.run(plan, motion: .full)
        // Renamed after the plan was compiled: labels keep the name the plan was built with.
        card.name = "renamed"
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(run.recordedEvents.map(\.step) == [
            "step 1 (opacity) on 'card'", "step 1 (opacity) on 'card'",
            "step 2", "step 2",
            "round", "round",
        ])
        #expect(run.stepNames == ["step 1 (opacity) on 'card'", "step 2", "round"])
    }

    @Test func anEventEqualsOneWithTheSameTextWhateverHoldsIt() {
        let written = AnimationRun.Event(label: StepLabel(index: 12, animation: BasicAnimation(.opacity, to: 1, duration: 1),
                                                          layerName: "cell"),
                                         kind: .started, time: 2)
        let plain = AnimationRun.Event(step: "step 12 (opacity) on 'cell'", kind: .started, time: 2)
        #expect(written.step == "step 12 (opacity) on 'cell'")
        #expect(written == plain)
        #expect(Set([written, plain]).count == 1)
        #expect(written != AnimationRun.Event(step: "step 13 (opacity) on 'cell'", kind: .started, time: 2))
    }
}
#endif
