#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where QuartzCore
// is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Scrubbing a run: at every plan time a seek moves to, each layer shows, and its model
/// holds, what a run of the same plan that was never scrubbed shows and holds at that plan
/// time. The unscrubbed run plays beside it on the same clock, on layers of its own.
@Suite(.hangGuard)
struct ScrubTests {
    /// Four layers, and the values compared on each.
    static let keyPaths = ["position.x", "position.y", "opacity"]

    /// A plan with two steps on one key path of one layer one after the other (the second
    /// from where the first leaves it), a spring, keyframes, a delay, a wait and a block.
    static func plan(_ layers: [CALayer], performed: Counter) -> AnimationPlan {
        AnimationPlan {
            Step(layers[0], BasicAnimation(.positionX, from: 0, to: 100, duration: 0.4, timing: .easeInEaseOut))
            Parallel {
                Step(layers[0], BasicAnimation(.positionX, to: 300, duration: 0.5, timing: .linear))
                Step(layers[1], SpringAnimation(.positionY, from: 0, to: 80, stiffness: 200, damping: 12))
                Serial {
                    Wait(0.1)
                    Step(layers[2], KeyframeAnimation(.opacity, values: [0, 1, 0.5], duration: 0.6)).delayed(by: 0.05)
                }
            }
            Perform { performed.increment() }
            Step(layers[1], BasicAnimation(.opacity, from: 1, to: 0.2, duration: 0.3, timing: .easeOut))
            Step(layers[3], BasicAnimation(.positionX, from: 10, to: 20, duration: 0.2, timing: .linear))
        }
    }

    /// What `layer` shows and holds at each compared key path.
    static func values(of layers: [CALayer]) -> [Double] {
        layers.flatMap { layer -> [Double] in
            let presentation = layer.presentation() ?? layer
            return [Double(presentation.position.x), Double(presentation.position.y), Double(presentation.opacity),
                    Double(layer.position.x), Double(layer.position.y), Double(layer.opacity)]
        }
    }

    static func expectClose(_ scrubbed: [Double], _ reference: [Double], at time: TimeInterval,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        for (index, (a, b)) in zip(scrubbed, reference).enumerated() where abs(a - b) > 1e-6 {
            Issue.record("at plan time \(time), value \(index) (layer \(index / 6), \(index % 6 < 3 ? "presentation" : "model") \(keyPaths[index % 3])): scrubbed \(a), unscrubbed \(b)",
                         sourceLocation: sourceLocation)
        }
    }

    final class Counter: @unchecked Sendable {
        // `lock` guards `count`.
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }

    /// Seeks a paused run forwards through the plan, then back and forth in a scrambled
    /// order: each time the layers match the unscrubbed run at that plan time.
    @Test func aPausedRunShowsWhatAnUnscrubbedRunShowsAtEverySeek() async throws {
        let fixture = QueueFixture()
        let reference = (0..<4).map { _ in fixture.layer() }
        let scrubbed = (0..<4).map { _ in fixture.layer() }
        let referenceCount = Counter(), scrubbedCount = Counter()
        _ = fixture.queue.run(Self.plan(reference, performed: referenceCount), motion: .full)
        let run = fixture.queue.run(Self.plan(scrubbed, performed: scrubbedCount), motion: .full)
        let duration = try #require(run.duration)
        // 0.4, then the longest branch (the spring settles in about 1 s), the block, 0.3, 0.2.
        #expect(duration > 1.4)
        run.pause()
        await fixture.clock.settle()
        let times = stride(from: 0.0, through: duration, by: 0.0625).map { $0 } + [0.4, 0.45, 0.5]
        var recorded: [TimeInterval: [Double]] = [:]
        for time in times.sorted() {
            await fixture.clock.advance(to: time)
            run.seek(to: time)
            await fixture.clock.settle()
            let expected = Self.values(of: reference)
            recorded[time] = expected
            Self.expectClose(Self.values(of: scrubbed), expected, at: time)
        }
        #expect(referenceCount.value == 1)
        var generator = SeededGenerator(seed: 7)
        for time in times.shuffled(using: &generator) where time < duration {
            run.seek(to: time)
            await fixture.clock.settle()
            Self.expectClose(Self.values(of: scrubbed), recorded[time]!, at: time)
        }
        #expect(scrubbedCount.value == 1)
        #expect(run.isPaused)
        // At its end, the run ends as the unscrubbed one does: final values, nothing attached.
        await fixture.clock.advance(to: duration + 0.01)
        run.seek(to: duration)
        await fixture.clock.settle()
        #expect(await run.outcome == .finished)
        #expect(run.endPosition == .end)
        for layer in scrubbed { #expect(layer.animationKeys() ?? [] == []) }
        Self.expectClose(Self.values(of: scrubbed), Self.values(of: reference), at: duration)
    }
}

#endif
