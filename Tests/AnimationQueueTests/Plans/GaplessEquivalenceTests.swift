#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Gapless scheduling must change nothing but the timing under a busy main thread. On
/// virtual time the main thread is never late, so each plan below, run once with
/// `.afterCompletion` and once with `.gapless` on twin layers, must show the same values at
/// every sample, record the same events at the same times, and end with the same model.
///
/// The plans cover what a step can be: to-only, from-to, additive, spring, keyframe and
/// group animations, delays, repeats, waits, blocks and joins across branches.
@Suite(.hangGuard)
struct GaplessEquivalenceTests {
    /// A plan over three layers.
    typealias Shape = @Sendable (_ a: CALayer, _ b: CALayer, _ c: CALayer) -> Serial

    static let shapes: [(name: String, shape: Shape)] = [
        ("to-only steps across keys and layers", { a, b, _ in
            Serial {
                Step(a, BasicAnimation(.opacity, to: 1, duration: 0.3))
                Step(a, BasicAnimation(.positionX, to: 120, duration: 0.4, timing: .easeInEaseOut, delay: 0.1))
                Step(a, BasicAnimation(.opacity, to: 0.3, duration: 0.2, timing: .linear))
                Step(b, SpringAnimation(.positionY, to: 80, perceptualDuration: 0.3, bounce: 0.2))
                Step(b, BasicAnimation(.positionY, to: -10, duration: 0.25))
            }
        }),
        ("additive steps then an absolute one", { a, _, _ in
            Serial {
                Step(a, BasicAnimation(.positionX, from: 0, to: 40, duration: 0.3, timing: .linear, isAdditive: true))
                Step(a, BasicAnimation(.positionX, from: 0, to: -20, duration: 0.3, timing: .linear, isAdditive: true))
                Step(a, BasicAnimation(.positionX, to: 50, duration: 0.2, timing: .linear))
            }
        }),
        ("keyframes and groups", { a, _, _ in
            Serial {
                Step(a, KeyframeAnimation(.cornerRadius, values: [0, 20, 5], duration: 0.4))
                Step(a, AnimationGroup([
                    BasicAnimation(.opacity, to: 0.5, duration: 0.3, timing: .linear),
                    BasicAnimation(.cornerRadius, to: 12, duration: 0.2, timing: .linear),
                ]))
                Step(a, KeyframeAnimation(.opacity, values: [0.5, 1, 0.8], duration: 0.2))
            }
        }),
        ("branches, waits, delays and a join", { a, b, c in
            Serial {
                Parallel {
                    Serial {
                        Step(a, BasicAnimation(.positionX, to: 30, duration: 0.2)).named("x")
                        Wait(0.15)
                        Step(a, BasicAnimation(.positionX, to: 60, duration: 0.2))
                    }
                    Serial {
                        Step(b, BasicAnimation(.opacity, to: 1, duration: 0.25)).delayed(by: 0.1)
                        Step(b, BasicAnimation(.opacity, to: 0.5, duration: 0.2)).named("y")
                    }
                    Step(c, BasicAnimation(.cornerRadius, to: 8, duration: 0.3)).after("x", "y")
                }
                Step(c, BasicAnimation(.cornerRadius, to: 2, duration: 0.2))
            }
        }),
        ("repeats and autoreverses", { a, _, _ in
            Serial {
                Step(a, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.2, timing: .linear, repeatCount: 2, autoreverses: true))
                Step(a, BasicAnimation(.opacity, to: 0.4, duration: 0.2))
                Step(a, SpringAnimation(.transformScale, from: 0.6, to: 1, perceptualDuration: 0.3, bounce: 0.3))
            }
        }),
        ("a block between steps", { a, _, _ in
            Serial {
                Step(a, BasicAnimation(.positionY, to: 30, duration: 0.2))
                Perform {}
                Step(a, BasicAnimation(.positionY, to: 60, duration: 0.2))
                Step(a, BasicAnimation(.positionY, to: 20, duration: 0.2))
            }
        }),
    ]

    /// One scheduling's run: its clock and queue, layers and run.
    struct Twin {
        let fixture: QueueFixture
        let layers: [CALayer]
        let run: AnimationRun

        init(_ scheduling: AnimationPlan.Scheduling, shape: Shape) {
            let fixture = QueueFixture(now: 10, queueName: "equivalence-\(scheduling)-\(UUID())")
            self.fixture = fixture
            layers = (0..<3).map { index in
                fixture.layer {
                    let layer = CALayer()
                    CATransaction.begin()
                    CATransaction.setDisableActions(true)
                    layer.opacity = 0.1 * Float(index)
                    layer.position = CGPoint(x: 10 * Double(index), y: -5 * Double(index))
                    layer.cornerRadius = 4 * CGFloat(index)
                    CATransaction.commit()
                    return layer
                }
            }
            let (a, b, c) = (layers[0], layers[1], layers[2])
            run = fixture.queue.run(AnimationPlan(scheduling: scheduling) { shape(a, b, c) }, motion: .full)
        }

        /// What the layers show: opacity, position, corner radius and scale of each.
        var shown: [Double] {
            layers.flatMap { layer -> [Double] in
                let shown = layer.presentation() ?? layer
                return [Double(shown.opacity), Double(shown.position.x), Double(shown.position.y),
                        Double(shown.cornerRadius), Double(shown.transform.m11)]
            }
        }

        var model: [Double] {
            layers.flatMap { [Double($0.opacity), Double($0.position.x), Double($0.position.y), Double($0.cornerRadius), Double($0.transform.m11)] }
        }
    }

    @Test(arguments: 0..<shapes.count)
    func gaplessShowsWhatCompletionChainingShows(shapeIndex: Int) async {
        let (name, shape) = Self.shapes[shapeIndex]
        let chained = Twin(.afterCompletion, shape: shape)
        let gapless = Twin(.gapless, shape: shape)
        var mismatches: [String] = []
        var time = 10.0
        while !(chained.run.isFinished && gapless.run.isFinished), time < 14 {
            time += 0.02
            await chained.fixture.clock.advance(to: time)
            await gapless.fixture.clock.advance(to: time)
            for (index, (x, y)) in zip(chained.shown, gapless.shown).enumerated() where abs(x - y) > 1e-5 * max(1, abs(x)) {
                mismatches.append("t=\(time - 10) value \(index): after completion \(x), gapless \(y)")
            }
        }
        #expect(chained.run.isFinished && gapless.run.isFinished, "\(name): did not finish")
        #expect(mismatches.isEmpty, "\(name): \(mismatches.prefix(5))")
        let events = { (run: AnimationRun) in run.recordedEvents.map { "\($0.step) \($0.kind) \(String(format: "%.9f", $0.time))" }.sorted() }
        #expect(events(chained.run) == events(gapless.run), "\(name)")
        #expect(zip(chained.model, gapless.model).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($0)) }, "\(name): model \(chained.model) vs \(gapless.model)")
        if chained.run.isFinished, gapless.run.isFinished {
            #expect(await chained.run.outcome == .finished)
            #expect(await gapless.run.outcome == .finished)
        }
    }
}
#endif
