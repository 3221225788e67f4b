import AnimationQueue
import Foundation
import Testing

/// Labels of unnamed steps, as traces, events and the Graphviz export show them. Uses only
/// Apple's API (no clock): the plan is compiled, not run.
@Suite struct StepLabelTests {
    /// The `label="…"` of each node of a plan's Graphviz export, in plan order.
    func labels(_ plan: AnimationPlan) -> [String] {
        plan.graphvizDOT().split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "label=\""), let end = line.range(of: "\"", range: start.upperBound..<line.endIndex)
            else { return nil }
            return String(line[start.upperBound..<end.lowerBound])
        }
    }

    @Test func unnamedStepsAreLabelledWithTheKeyPathsTheyAnimate() {
        let card = LayerFixtures.committed { $0.name = "card" }
        let badge = CALayer()
        let plan = AnimationPlan {
            Step(card, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3))
            Step(badge, SpringAnimation(.transformScale, from: 0.6, to: 1, perceptualDuration: 0.4, bounce: 0.3)).delayed(by: 0.1)
            Step(card, AnimationGroup([BasicAnimation(.positionX, to: 10, duration: 0.2),
                                       BasicAnimation(.opacity, to: 0.5, duration: 0.2),
                                       KeyframeAnimation(.positionX, values: [0, 4, 0], duration: 0.2, isAdditive: true)]))
            Wait(0.5)
            Step(badge, BasicAnimation(.cornerRadius, to: 8, duration: 0.2)).named("round")
        }
        #expect(labels(plan) == [
            "step 1 (opacity) on 'card'",
            "step 2 (transform.scale)",
            "step 3 (position.x, opacity) on 'card'",
            "wait 4",
            "round",
        ])
    }
}
