import AnimationQueue
import Foundation
import Testing

/// Scrubbing and reversing in accelerated real time, against whatever Core Animation the
/// platform has (see `AcceleratedHost`): a paused run moved by hand shows the plan at that
/// plan time, and played on or back it ends at the right end, with every step once.
@MainActor
@Suite(.serialized, TimeLimits.suite(minutes: 3))
struct AcceleratedScrubTests {
    static func slide() -> BasicAnimation<CGFloat> {
        BasicAnimation(.positionX, from: 0, to: 100, duration: 0.4, timing: .linear)
    }

    /// Every step's finish events, by step.
    static func finishes(of run: AnimationRun) -> [String: Int] {
        var found: [String: Int] = [:]
        for event in run.recordedEvents {
            if case .finished = event.kind { found[event.step, default: 0] += 1 }
        }
        return found
    }

    @Test func aPausedRunMovedByHandPlaysOnToItsEnd() async {
        let host = AcceleratedHost()
        let first = host.makeLayer(), second = host.makeLayer()
        let blocks = OrderLog()
        let run = AnimationQueue(name: #function).run(AnimationPlan {
            Step(first, Self.slide()).named("first")
            Perform("note") { blocks.record("ran") }
            Step(second, Self.slide()).named("second")
        }, motion: .full)
        run.pause()
        run.seek(to: 0.6)
        // Paused at plan time 0.6: both steps have begun, so the models hold their final
        // values. (What the layers show there is checked on virtual time, in ScrubTests: here
        // the commit may wait for the main thread's turn to end.)
        #expect(first.position.x == 100 && second.position.x == 100)
        #expect(abs(run.fractionComplete - 0.75) < 1e-9)
        run.resume()
        #expect(await host.within { await run.outcome } == .finished)
        #expect(run.endPosition == .end)
        #expect(blocks.events == ["ran"])
        #expect(Self.finishes(of: run) == ["first": 1, "note": 1, "second": 1])
        #expect(first.animationKeys() == nil && second.animationKeys() == nil)
    }

    @Test func aReversedRunPlaysBackToItsStart() async {
        let host = AcceleratedHost()
        let first = host.makeLayer(), second = host.makeLayer()
        let run = AnimationQueue(name: #function).run(AnimationPlan {
            Step(first, Self.slide()).named("first")
            Step(second, Self.slide()).named("second")
        }, motion: .full)
        run.pause()
        run.seek(to: 0.6)
        run.isReversed = true
        run.resume()
        #expect(await host.within { await run.outcome } == .finished)
        #expect(run.endPosition == .start)
        #expect(first.position.x == 0 && second.position.x == 0)
        #expect(first.animationKeys() == nil && second.animationKeys() == nil)
        #expect(Self.finishes(of: run) == ["first": 1, "second": 1])
        #expect(run.outcome(ofStep: "first") == .finished && run.outcome(ofStep: "second") == .cancelled)
    }
}
