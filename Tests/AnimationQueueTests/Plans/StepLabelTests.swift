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

    /// Labels are written byte by byte: numbers of several digits, layer names outside ASCII
    /// and animation types of the app's own (named by their type) come out whole.
    @Test func longIndicesNonASCIINamesAndAppAnimationTypesAreLabelledWhole() {
        let cell = LayerFixtures.committed { $0.name = "cellule é—☃" }
        let plan = AnimationPlan {
            Parallel {
                for _ in 0..<120 { Step(cell, BasicAnimation(.opacity, to: 1, duration: 0.1)) }
            }
            Step(CALayer(), NothingToAnimate())
        }
        let all = labels(plan)
        #expect(all.count == 121)
        #expect(all[0] == "step 1 (opacity) on 'cellule é—☃'")
        #expect(all[9] == "step 10 (opacity) on 'cellule é—☃'")
        #expect(all[99] == "step 100 (opacity) on 'cellule é—☃'")
        #expect(all[119] == "step 120 (opacity) on 'cellule é—☃'")
        #expect(all[120] == "step 121 (NothingToAnimate)")
    }
}

/// An animation type of the app's own, which does not list its key paths.
private struct NothingToAnimate: LayerAnimation {
    var totalDuration: TimeInterval { 0 }
    var reducedMotion: ReducedMotionBehavior?
    func resolve(for layer: CALayer) -> ResolvedAnimation {
        ResolvedAnimation(animation: nil, finalValues: [], initialValues: [])
    }
}
