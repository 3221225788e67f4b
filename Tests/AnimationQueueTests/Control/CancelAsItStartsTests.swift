#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where QuartzCore
// is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// A run cancelled from another thread just as its steps begin on the main thread ends at
/// once, every time, without time passing. The main thread marks a step as animating, then
/// adds its animation: a cancel that comes between the two finds no animation on the layer,
/// and must remove the one about to be added rather than wait for Core Animation's reports
/// of its natural end (which, for a step that repeats forever, never come).
@Suite(.hangGuard)
struct CancelAsItStartsTests {
    static func slide(_ duration: TimeInterval) -> BasicAnimation<CGFloat> {
        BasicAnimation(.positionX, from: 0, to: 100, duration: duration, timing: .linear)
    }

    @Test func aRunCancelledAsItsStepsBeginEndsWithoutTimePassing() async {
        var stuck = 0
        for round in 0..<600 {
            let fixture = QueueFixture(now: 50, queueName: "cancel as it starts \(round)")
            let a = fixture.layer(), b = fixture.layer(), c = fixture.layer()
            let run = fixture.queue.run(AnimationPlan {
                Parallel {
                    Step(a, Self.slide(1))
                    Step(b, Self.slide(0.2).repeatingForever())
                    Serial {
                        Step(c, Self.slide(0.3))
                        Step(a, Self.slide(0.3))
                    }
                }
            })
            run.cancel()
            await fixture.clock.settle()
            if !run.isFinished { stuck += 1 }
            withExtendedLifetime([a, b, c]) {}
        }
        #expect(stuck == 0, "\(stuck) of 600 runs did not end when cancelled as they started")
    }
}
#endif
