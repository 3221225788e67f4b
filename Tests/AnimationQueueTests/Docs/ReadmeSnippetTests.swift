#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

// Every code snippet of README.md, verbatim, so that each one compiles; the cheap ones also
// run here on virtual time. Keep the two in sync: edit a snippet here first, then copy it.

// README "Typed keys": a custom property.
extension AnimationKeyPath where Value == CGFloat {
    static var progress: Self { Self("progress") }
}

/// The README's snippets, each inside a function that receives the layers it animates. App
/// code that owns layers runs on the main actor, and so do these.
@MainActor
enum ReadmeSnippets {
    // README "A ten-line example".
    static func tenLineExample(card: CALayer, badge: CALayer, caption: CALayer, button: CALayer) async -> AnimationOutcome {
        let onboarding = AnimationPlan {
            Step(card, SpringAnimation(.positionX, to: 180, perceptualDuration: 0.5, bounce: 0.15))
            Parallel {
                Step(badge, SpringAnimation(.transformScale, from: 0, to: 1, perceptualDuration: 0.35, bounce: 0.45))
                Step(caption, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.4)).delayed(by: 0.15)
            }
            Step(button, KeyframeAnimation(.positionX, values: [0, 14, -14, 10, -10, 0], duration: 0.5, isAdditive: true))
        }
        let run = AnimationQueue.main.run(onboarding)
        let outcome = await run.outcome      // .finished, .cancelled or .interrupted
        return outcome
    }

    // README "Typed keys".
    static func typedKeys() -> (BasicAnimation<CGFloat>, BasicAnimation<Float>, BasicAnimation<CGFloat>) {
        let corner = BasicAnimation(.cornerRadius, to: 12, duration: 0.2)          // BasicAnimation<CGFloat>
        let fade = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3)         // BasicAnimation<Float>
        // BasicAnimation(.conerRadius, to: 12)          error: no member 'conerRadius'
        // BasicAnimation(.opacity, from: "test", to: 1) error: cannot convert 'String' to 'Float'
        let fill = BasicAnimation(.progress, from: 0, to: 1, duration: 2)        // your own property
        return (corner, fade, fill)
    }

    // README "Typed keys": an animation along a path.
    static func alongAPath() -> KeyframeAnimation<CGPoint> {
        let arc = CGMutablePath()
        arc.move(to: CGPoint(x: 40, y: 300))
        arc.addQuadCurve(to: CGPoint(x: 280, y: 300), control: CGPoint(x: 160, y: 80))
        let toss = KeyframeAnimation(.position, along: arc, duration: 0.8)   // the model ends at (280, 300)
        return toss
    }

    // README "Operations".
    static func operations(title: CALayer, badge: CALayer) -> [AnimationOperation] {
        let fade = AnimationOperation(layer: title, animation: BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3))
        let pop = AnimationOperation(layer: badge, animation: SpringAnimation(.transformScale, from: 0.6, to: 1,
                                                                            perceptualDuration: 0.4, bounce: 0.3))
        pop.addDependency(fade)              // pop starts when fade has finished
        AnimationQueue.main.addOperations([fade, pop])
        // Later: fade.outcome == .finished (nil until it has finished)
        // In async code: let outcome = await pop.waitForOutcome()
        return [fade, pop]
    }

    // README "Queues".
    static func queues(avatar: CALayer) -> (AnimationQueue, [Operation]) {
        let queue = AnimationQueue(name: "profile")
        let fetch = BlockOperation { /* load the avatar */ }
        let reveal = AnimationOperation(layer: avatar, animation: BasicAnimation(.opacity, to: 1, duration: 0.3))
        reveal.addDependency(fetch)          // any Operation can gate an animation
        queue.addOperations([fetch, reveal])
        // queue.isSuspended = true          holds back what has not started
        // queue.cancelAll()                 cancels everything; dependents are cancelled too
        return (queue, [fetch, reveal])
    }

    // README "Plans".
    static func plans(label: CALayer, card: CALayer, badge: CALayer, button: CALayer) throws -> AnimationRun {
        let shake = KeyframeAnimation(.positionX, values: [0, 10, -10, 0], duration: 0.3, isAdditive: true)
        let plan = AnimationPlan {
            Step(label, BasicAnimation(.opacity, to: 0, duration: 0.2)).named("fade out")
            Perform { /* swap the label's text */ }
            Step(label, BasicAnimation(.opacity, to: 1, duration: 0.2))
            Wait(0.5)
            Parallel {
                Step(card, BasicAnimation(.positionY, to: 240, duration: 0.5)).named("card")
                Serial {
                    Step(badge, SpringAnimation(.transformScale, from: 0.6, to: 1, perceptualDuration: 0.4, bounce: 0.3))
                    Step(button, shake).after("card")        // also waits for a step in another branch
                }
            }
        }
        try plan.validate()                  // names and cycles; run(_:) stops on an invalid plan
        let run = AnimationQueue.main.run(plan)
        Task { for await event in run.events { print(event) } }   // "t=0.200 fade out finished", … (s since the run began)
        return run
    }

    // README "Cancellation".
    static func cancellation(card: CALayer, grow: AnimationGroup) -> (AnimationOperation, AnimationRun) {
        let slide = AnimationOperation(layer: card, animation: BasicAnimation(.positionX, to: 300, duration: 1))
        slide.cancellationPolicy = .revert   // .holdPresentation (the default), .revert or .complete
        AnimationQueue.main.addOperation(slide)
        slide.cancel()                       // the card goes back where it was

        let run = AnimationQueue.main.run(AnimationPlan {
            Step(card, grow).cancellationPolicy(.complete)
            Step(card, BasicAnimation(.opacity, to: 0.5, duration: 0.3))
        })
        run.cancel()                         // cancels the running step and every pending one
        return (slide, run)
    }

    // README "async/await".
    static func asyncAwait(badge: CALayer, card: CALayer) async -> (AnimationOutcome, Task<AnimationOutcome, Never>) {
        let outcome = await badge.run(BasicAnimation(.opacity, to: 1, duration: 0.3))
        if outcome == .finished { /* show the next hint */ }

        let slide = Task { await card.run(BasicAnimation(.positionX, to: 300, duration: 1)) }
        slide.cancel()                       // cancels the animation: the outcome is .cancelled
        return (outcome, slide)
    }

    // README "Pause, resume and trace".
    static func control(onboarding: AnimationPlan) -> (AnimationRun, String, String, String) {
        let run = AnimationQueue.main.run(onboarding)
        run.pause()                          // running steps freeze; pending ones wait
        run.resume()                         // continues where it stopped
        run.speed = 2                        // running and pending steps play twice as fast
        let length = run.duration           // the plan's critical path in seconds; nil if a step repeats forever
        let slide = run.operation(ofStep: "card slides in")   // that step's AnimationOperation
        let trace = run.chromeTraceJSON()    // Chrome Trace Event JSON: ui.perfetto.dev, chrome://tracing
        let log = run.timelineText()         // "  0.000s  ▶ card slides in (position.x)", …
        let graph = onboarding.graphvizDOT() // the plan's dependency graph, for Graphviz
        _ = (length, slide)
        return (run, trace, log, graph)
    }

    // README "Scrub and reverse".
    static func scrub(onboarding: AnimationPlan) -> (AnimationRun, AnimationRun.Position?) {
        let run = AnimationQueue.main.run(onboarding)
        run.pause()
        run.fractionComplete = 0.5           // every layer shows the plan half way (0...1)
        run.seek(to: 1.2)                    // the same, in seconds of plan time
        run.resume()                         // plays on from there
        run.isReversed = true                // plays back toward the start (the back button)
        let end = run.endPosition            // once ended: .start, .end or .current (cancelled)
        return (run, end)
    }

    // README "Retarget, keeping the velocity".
    static func retarget(run: AnimationRun) {
        let card = run.operation(ofStep: "card slides in")
        card?.retarget(.positionX, to: 120)                  // springs toward 120, velocity kept
        run.operation(ofStep: "badge flies in")?            // a step animating position
            .retarget(.position, to: CGPoint(x: 40, y: 300), settling: RetargetSpring(perceptualDuration: 0.4, bounce: 0.2))
    }

    // README "The background".
    static func background(banner: AnimationPlan, slide: AnimationOperation) -> AnimationRun {
        AnimationQueue.main.backgroundPolicy = .pause        // the default: go on from there on the return
        let toast = AnimationQueue.main.run(banner, background: .complete)   // done by the time the user is back
        slide.backgroundPolicy = .keepWallClockTime          // as if the app never left
        // .interrupt: end .interrupted as the app leaves, showing the final values
        return toast
    }

    // README "Reduce Motion".
    static func reduceMotion(onboarding: AnimationPlan) -> AnimationRun {
        let shake = KeyframeAnimation(.positionX, values: [0, 10, -10, 0], duration: 0.3, isAdditive: true)
            .reducingMotion(.jumpToFinal)                                  // no motion at all
        let drop = BasicAnimation(.positionY, to: 240, duration: 0.5)
            .reducingMotion(.crossFade(duration: 0.2))                     // a short fade instead
        _ = (shake, drop)
        let run = AnimationQueue.main.run(onboarding, motion: .reduced)   // default: .system
        return run
    }
}

/// Runs the snippets that are cheap to run, each on its own virtual clock.
@Suite(.hangGuard)
@MainActor
struct ReadmeSnippetTests {
    let clock = AnimationTestClock()

    /// Waits until operations on this clock's layers exist (an async snippet has added them).
    func untilScheduled() async {
        let start = Date()
        while clock.pendingWork.isEmpty, Date().timeIntervalSince(start) < 30 { await Task.yield() }
    }

    @Test func tenLineExampleFinishes() async {
        let card = clock.makeLayer(), badge = clock.makeLayer(), caption = clock.makeLayer(), button = clock.makeLayer()
        let outcome = Task { await ReadmeSnippets.tenLineExample(card: card, badge: badge, caption: caption, button: button) }
        await untilScheduled()
        await clock.advance(by: 5)
        #expect(await outcome.value == .finished)
        #expect(card.position.x == 180)
        #expect(button.animationKeys() == nil)
    }

    @Test func typedKeysCarryTheirValueTypes() {
        let (corner, fade, fill) = ReadmeSnippets.typedKeys()
        #expect(corner.keyPath.rawValue == "cornerRadius" && corner.to == 12)
        #expect(fade.keyPath == .opacity)
        #expect(fill.keyPath.rawValue == "progress")
    }

    @Test func anAnimationAlongAPathEndsWhereThePathEnds() {
        let toss = ReadmeSnippets.alongAPath()
        #expect(toss.values == [CGPoint(x: 40, y: 300), CGPoint(x: 280, y: 300)])
        #expect(toss.calculationMode == .paced)
        let resolved = toss.resolve(for: CALayer())
        #expect(resolved.finalValues.first?.value as? CGPoint == CGPoint(x: 280, y: 300))
    }

    @Test func operationsRunInDependencyOrder() async {
        let title = clock.makeLayer(), badge = clock.makeLayer()
        let operations = ReadmeSnippets.operations(title: title, badge: badge)
        await clock.advance(by: 0.3)
        #expect(operations[0].outcome == .finished)
        #expect(operations[1].outcome == nil)
        await clock.advance(by: 3)
        #expect(operations[1].outcome == .finished)
    }

    @Test func blockOperationGatesTheReveal() async {
        let avatar = clock.makeLayer()
        let (_, operations) = ReadmeSnippets.queues(avatar: avatar)
        // The block runs on a queue thread, which the virtual clock does not wait for; step
        // until it and the reveal have finished.
        // No wall-clock cap (see planRunsToItsEnd); the suite's time limit is the hang guard.
        while !operations.allSatisfy({ $0.isFinished }), !Task.isCancelled {
            await clock.advance(by: 0.1)
        }
        #expect(operations.allSatisfy { $0.isFinished })
        #expect(avatar.opacity == 1)
    }

    @Test func planRunsToItsEnd() async throws {
        let label = clock.makeLayer(), card = clock.makeLayer(), badge = clock.makeLayer(), button = clock.makeLayer()
        let run = try ReadmeSnippets.plans(label: label, card: card, badge: badge, button: button)
        // Perform's closure hops to the main queue from a queue thread, which the virtual
        // clock does not wait for; step until the run has ended.
        // No wall-clock cap: under a sanitizer, with other suites busy on the main queue, 30 s
        // were once not enough, and awaiting the outcome of a run no one advanced then hung.
        // Virtual time moves on every turn; the suite's time limit is the hang guard (it
        // cancels the task, which ends the loop).
        while !run.isFinished, !Task.isCancelled { await clock.advance(by: 0.1) }
        #expect(await run.outcome == .finished)
        #expect(run.outcome(ofStep: "fade out") == .finished)
        // What `print(event)` prints, as the README's comment says: seconds since the run began.
        let fadeOut = run.recordedEvents.first { $0.step == "fade out" && $0.kind == .finished(.finished) }
        #expect(fadeOut.map { "\($0)" } == "t=0.200 fade out finished")
    }

    @Test func cancellationAppliesEachPolicy() async {
        let card = clock.makeLayer()
        let grow = AnimationGroup([BasicAnimation(.transformScale, to: 2, duration: 1)])
        let (slide, run) = ReadmeSnippets.cancellation(card: card, grow: grow)
        await clock.advance(by: 1)
        #expect(slide.outcome == .cancelled)
        #expect(await run.outcome == .cancelled)
    }

    @Test func asyncAwaitReturnsOutcomes() async {
        let badge = clock.makeLayer(), card = clock.makeLayer()
        let done = DoneFlag()
        let result = Task {
            defer { done.isDone = true }
            return await ReadmeSnippets.asyncAwait(badge: badge, card: card)
        }
        await untilScheduled()
        // Advance until the snippet has returned; under a busy test run the awaiting task
        // may resume a little after the virtual instant the animation ended.
        let start = Date()
        while !done.isDone, Date().timeIntervalSince(start) < 60 { await clock.advance(by: 0.1) }
        let (outcome, slide) = await result.value
        #expect(outcome == .finished)
        #expect(await slide.value == .cancelled)
    }

    @Test func pausedAndSpedUpRunFinishesInHalfTheTime() async {
        let card = clock.makeLayer()
        let plan = AnimationPlan {
            Step(card, BasicAnimation(.positionX, to: 180, duration: 1, timing: .linear)).named("card slides in")
        }
        let (run, trace, _, graph) = ReadmeSnippets.control(onboarding: plan)
        #expect(trace.contains("\"traceEvents\""))
        #expect(graph.hasPrefix("digraph"))
        await clock.advance(by: 0.25)
        #expect(abs((card.presentation()?.position.x ?? 0) - 90) < 1e-6)   // 2 × 0.25 s of 1 s
        await clock.advance(by: 0.25)
        #expect(await run.outcome == .finished)
        #expect(run.timelineText().contains("card slides in (position.x)"))
        #expect(card.position.x == 180)
    }

    @Test func reducedMotionStillFinishesInOrder() async {
        let card = clock.makeLayer()
        let plan = AnimationPlan { Step(card, BasicAnimation(.positionY, to: 240, duration: 0.5)) }
        let run = ReadmeSnippets.reduceMotion(onboarding: plan)
        await clock.advance(by: 0)
        #expect(await run.outcome == .finished)
        #expect(card.position.y == 240)
    }

    // README "Testing with virtual time", verbatim.
    @Test func cardFadesIn() async {
        let clock = AnimationTestClock()
        let card = clock.makeLayer()
        let run = AnimationQueue(name: "test").run(AnimationPlan {
            Step(card, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.4, timing: .linear))
        }, motion: .full)
        await clock.advance(by: 0.1)
        #expect(card.presentation()?.opacity == 0.25)   // a quarter of the way, exactly
        await clock.advance(by: 0.3)
        #expect(await run.outcome == .finished)
        #expect(clock.pendingWork.isEmpty)              // nothing left running
    }

    // README "The Linux engine", verbatim.
    @Test func engineComputesPresentationFromTime() {
        let clock = OQC.ManualClock()
        let layer = OQC.withClock(clock) { CALayer() }
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = Float(0)
        fade.toValue = Float(1)
        fade.duration = 1
        CATransaction.begin()
        layer.add(fade, forKey: "fade")
        CATransaction.commit()
        clock.advance(by: 0.25)
        #expect(layer.presentation()?.opacity == 0.25)
    }
}

/// Set by a snippet's task when it returns.
@MainActor
final class DoneFlag {
    var isDone = false
}
#endif
