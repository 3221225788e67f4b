#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// The public API in one snippet (the names the package promises), between the markers, so
/// that those names keep compiling; the test below also runs it on virtual time.
@MainActor
enum DesignSnippet {
    struct Results {
        let a: AnimationOperation
        let b: AnimationOperation
        let both: AnimationGroup
        let run: AnimationRun
        let outcome: AnimationOutcome
        let alone: AnimationOutcome
    }

    static func publicAPIShape(title: CALayer, badge: CALayer, caption: CALayer, button: CALayer,
                               layer: CALayer) async -> Results {
        // --- the public API shape ---
        // Typed animation descriptions: Sendable value types.
        let fadeIn  = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3, timing: .easeOut)
        let drop    = BasicAnimation(.positionY, to: 240, duration: 0.5)          // from = current model value
        let pop     = SpringAnimation(.transformScale, from: 0.6, to: 1, perceptualDuration: 0.4, bounce: 0.3)
        let shake   = KeyframeAnimation(.positionX, values: [0, 10, -10, 10, -5, 5, -5, 0],
                                        duration: 0.4, isAdditive: true)
        let both    = AnimationGroup([fadeIn, drop])                                // concurrent, one layer

        // One asynchronous Operation per animation on one layer.
        let a = AnimationOperation(layer: title, animation: fadeIn)
        let b = AnimationOperation(layer: badge, animation: pop)
        b.addDependency(a)
        AnimationQueue.main.addOperations([a, b])        // OperationQueue.main works too, serially
        // a.outcome: AnimationOutcome?  (.finished, .cancelled, .interrupted) once finished
        a.cancellationPolicy = .holdPresentation         // or .revert, .complete

        // Plans: a result builder over the same operations.
        let onboarding = AnimationPlan {
            Serial {
                Step(title, fadeIn)
                Parallel {
                    Step(caption, drop)
                    Step(badge, pop).delayed(by: 0.1)
                }
                Step(button, shake)
            }
        }
        let run = AnimationQueue.main.run(onboarding)    // AnimationRun: cancel(), pause(), resume()
        let outcome = await run.outcome                  // an outcome, never a thrown cancellation
        let alone = await layer.run(fadeIn)              // async convenience for one animation
        // --- end of the public API shape ---
        return Results(a: a, b: b, both: both, run: run, outcome: outcome, alone: alone)
    }
}

@Suite(.hangGuard)
@MainActor
struct DesignSnippetTests {
    @Test func publicAPIShapeSnippetRunsToItsFinalValues() async {
        let clock = AnimationTestClock()
        let title = clock.makeLayer(), badge = clock.makeLayer(), caption = clock.makeLayer()
        let button = clock.makeLayer(), layer = clock.makeLayer()
        button.position.x = 20
        let done = DoneFlag()
        let snippet = Task {
            defer { done.isDone = true }
            return await DesignSnippet.publicAPIShape(title: title, badge: badge, caption: caption,
                                                      button: button, layer: layer)
        }
        // The snippet awaits the run and then the lone animation; move virtual time until it
        // has returned (bounded in wall-clock time, in case it never does).
        let start = Date()
        while !done.isDone, Date().timeIntervalSince(start) < 60 { await clock.advance(by: 0.1) }
        #expect(done.isDone)
        let results = await snippet.value

        // Every operation ended with an outcome; the plan's steps and the operations a and b
        // animate the same layers concurrently, so a may be interrupted by the plan's step.
        #expect(results.a.outcome != nil && results.a.outcome != .cancelled)
        #expect(results.b.outcome != nil && results.b.outcome != .cancelled)
        #expect(results.outcome != .cancelled)
        #expect(results.alone == .finished)
        #expect(results.run.isFinished)
        // `AnimationGroup` is not generic and holds both animations.
        #expect(results.both.animations.count == 2)

        // Model first: every layer holds its final value, with nothing left attached.
        #expect(title.opacity == 1)
        #expect(caption.position.y == 240)
        #expect(abs(badge.transform.m11 - 1) < 1e-9 && abs(badge.transform.m22 - 1) < 1e-9)
        #expect(button.position.x == 20)   // the shake is additive and ends at 0
        #expect(layer.opacity == 1)
        for each in [title, badge, caption, button, layer] { #expect(each.animationKeys() == nil) }
        #expect(clock.pendingWork.isEmpty)
    }
}
#endif
