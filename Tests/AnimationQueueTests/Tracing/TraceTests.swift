#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

@Suite(.hangGuard)
struct TraceTests {
    let fixture = QueueFixture(now: 10, queueName: "trace-\(UUID())")

    func finishedRun() async -> AnimationRun {
        let title = fixture.layer(), badge = fixture.layer()
        title.name = "title"
        badge.name = "badge"
        let run = fixture.queue.run(AnimationPlan {
            Step(title, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3)).named("title")
            Parallel {
                Step(badge, BasicAnimation(.positionY, to: 40, duration: 0.2)).named("badge")
                Wait(0.5).named("hold")
            }
        }, motion: .full)
        await fixture.clock.advance(by: 1)
        _ = await run.outcome
        return run
    }

    @Test func chromeTraceHasCompleteEventsInTimeOrder() async throws {
        let run = await finishedRun()
        let json = try #require(JSONSerialization.jsonObject(with: Data(run.chromeTraceJSON().utf8)) as? [String: Any])
        let events = try #require(json["traceEvents"] as? [[String: Any]])
        let complete = events.filter { $0["ph"] as? String == "X" }
        #expect(complete.map { $0["name"] as? String } == ["title", "badge", "hold"])
        #expect(complete.map { $0["ts"] as? Double } == [0, 300_000, 300_000])
        #expect(complete.map { $0["dur"] as? Double } == [300_000, 200_000, 500_000])
        let badge = try #require(complete.first { $0["name"] as? String == "badge" }?["args"] as? [String: String])
        #expect(badge["layer"] == "badge")
        #expect(badge["keyPaths"] == "position.y")
        #expect(badge["outcome"] == "finished")
        let timestamps = events.compactMap { $0["ts"] as? Double }
        #expect(timestamps == timestamps.sorted())
        #expect(events.filter { $0["ph"] as? String == "i" }.count == 3)
        #expect(json["displayTimeUnit"] as? String == "ms")
    }

    @Test func textTimelineListsEveryEvent() async {
        let run = await finishedRun()
        let lines = run.timelineText().split(separator: "\n").map(String.init)
        // The two parallel branches start at the same instant on different threads, so
        // their two start lines may come in either order; every other line is ordered.
        #expect(lines.count == 6)
        #expect(Array(lines.prefix(2)) == ["  0.000s  ▶ title (opacity)", "  0.300s  ■ title finished"])
        #expect(Set(lines.dropFirst(2).prefix(2)) == ["  0.300s  ▶ badge (position.y)", "  0.300s  ▶ hold"])
        #expect(Array(lines.suffix(2)) == ["  0.500s  ■ badge finished", "  0.800s  ■ hold finished"])
    }

    @Test func planExportsAsGraphviz() {
        let a = CALayer(), b = CALayer()
        let dot = AnimationPlan {
            Step(a, BasicAnimation(.opacity, to: 1, duration: 0.3)).named("fade")
            Parallel {
                Step(b, BasicAnimation(.opacity, to: 1, duration: 0.3)).named("left")
                Wait(0.1).named("pause")
            }
        }.graphvizDOT()
        #expect(dot.hasPrefix("digraph AnimationPlan {"))
        #expect(dot.contains("s1 [label=\"fade\"];"))
        #expect(dot.contains("s3 [label=\"pause\", shape=ellipse];"))
        #expect(dot.contains("s1 -> s2;"))
        #expect(dot.contains("s1 -> s3;"))
        #expect(!dot.contains("s2 -> s3;"))
    }
}
#endif
