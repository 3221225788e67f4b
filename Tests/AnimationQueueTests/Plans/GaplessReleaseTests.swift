#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// A gapless run releases its steps and its queue once it ended, like any other run.
@Suite(.hangGuard)
struct GaplessReleaseTests {
    @Test(arguments: [AnimationPlan.Scheduling.gapless, .afterCompletion])
    func aFinishedRunReleasesItsQueueAndRun(scheduling: AnimationPlan.Scheduling) async {
        let clock = AnimationTestClock()
        let layer = clock.makeLayer()
        weak var weakQueue: AnimationQueue?
        weak var weakRun: AnimationRun?
        do {
            let queue = AnimationQueue(name: "gapless-release-\(UUID())")
            let run = queue.run(AnimationPlan(scheduling: scheduling) {
                Step(layer, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3, timing: .linear))
                Step(layer, BasicAnimation(.opacity, from: 1, to: 0.5, duration: 0.3, timing: .linear))
            }, motion: .full)
            weakQueue = queue
            weakRun = run
            await clock.advance(by: 1)
            #expect(await run.outcome == .finished)
        }
        // Foundation lets go of finished operations asynchronously: settle, bounded.
        #expect(await settle(clock) { weakQueue == nil && weakRun == nil },
                "the queue (held by its steps' hooks until they are released) must be released")
        #expect(layer.opacity == 0.5)
    }
}
#endif
