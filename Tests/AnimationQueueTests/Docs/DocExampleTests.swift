#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

// The fenced examples in the DocC guides (AnimationQueue.docc/*.md), in
// AnimationTestClock's documentation, and of the AnimationQueue doc-comment examples that
// claim a concrete value or outcome. Each test reproduces one example as literally as
// possible (undefined names get the obvious minimal values) and checks what its comment or
// the surrounding text claims. The comment above each test names the example.
//
// These tests run on Swift Testing's worker threads (no @MainActor), on virtual time.

/// Sets a layer's properties without implicit animations, on the test clock.
private func setWithoutActions(_ clock: AnimationTestClock, _ body: () -> Void) {
    OQC.withClock(clock.engineClock) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
    }
}

/// The time of `kind` for step `step` in `run`'s recorded events, if recorded.
private func time(of step: String, _ kind: AnimationRun.Event.Kind, in run: AnimationRun) -> TimeInterval? {
    run.recordedEvents.first { $0.step == step && $0.kind == kind }?.time
}

/// Advances in 0.1 s steps until `done()` (blocks and Perform run on threads the virtual clock
/// does not wait for). The suite's time limit is the hang guard: it cancels the test's task,
/// which ends the loop.
private func advance(_ clock: AnimationTestClock, until done: () -> Bool) async {
    while !done(), !Task.isCancelled { await clock.advance(by: 0.1) }
}

/// A stand-in for the permission alert of Chains.md.
private final class PermissionAlert: @unchecked Sendable {
    private var show: (() -> Void)?
    private var dismiss: (() -> Void)?
    func onShow(_ body: @escaping () -> Void) { show = body }
    func onDismiss(_ body: @escaping () -> Void) { dismiss = body }
    func present() { show?() }
    func close() { dismiss?() }
}

private final class ExampleLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    func add(_ entry: String) { lock.withLock { entries.append(entry) } }
    var all: [String] { lock.withLock { entries } }
}

// MARK: TestingWithVirtualTime.md:10, verbatim (a free test function, not on the main actor)

@Test(.timeLimit(.minutes(1))) func testingGuideCardFadesIn() async {
    let clock = AnimationTestClock()
    let card = clock.makeLayer()
    let run = AnimationQueue(name: "test").run(AnimationPlan {
        Step(card, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.4, timing: .linear))
    }, motion: .full)
    await clock.advance(by: 0.1)
    #expect(card.presentation()?.opacity == 0.25)
    await clock.advance(by: 0.3)
    #expect(await run.outcome == .finished)
    #expect(clock.pendingWork.isEmpty)
}

// MARK: TestingWithVirtualTime.md, "A cancel does not need the clock to move"

@Test(.timeLimit(.minutes(1))) func testingGuideCancelNeedsNoClockMove() async {
    let clock = AnimationTestClock()
    let card = clock.makeLayer()
    let run = AnimationQueue(name: "test").run(AnimationPlan {
        Step(card, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.4, timing: .linear))
    }, motion: .full)
    await clock.advance(by: 0.1)
    run.cancel()
    #expect(await run.outcome == .cancelled)
    #expect(clock.now == 0.1, "no virtual time passed")
    #expect(card.opacity == 0.25 && card.animationKeys() == nil, "held where it was shown")
}

@Suite(.timeLimit(.minutes(1)))
struct DocExampleTests {
    // MARK: AnimationQueueTesting/AnimationTestClock.swift:14

    @Test func animationTestClockExample() async {
        let clock = AnimationTestClock()
        let card = clock.makeLayer()
        let run = AnimationQueue(name: "test").run(AnimationPlan {
            Step(card, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3))
        })
        await clock.advance(by: 0.3)
        #expect(await run.outcome == .finished)
        #expect(clock.pendingWork.isEmpty)
    }

    // MARK: TheLinuxEngine.md:13, verbatim

    @Test func linuxEngineExample() {
        let clock = OQC.ManualClock()
        let layer = OQC.withClock(clock) { CALayer() }
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = Float(0)
        fade.toValue = Float(1)
        fade.duration = 1
        CATransaction.begin()
        layer.add(fade, forKey: "fade")
        CATransaction.commit()
        clock.advance(by: 0.25)          // layer.presentation()?.opacity == 0.25
        #expect(layer.presentation()?.opacity == 0.25)
    }

    // MARK: AnimationQueue.md:14

    @Test func overviewOnboardingFinishes() async {
        let clock = AnimationTestClock()
        let card = clock.makeLayer(), badge = clock.makeLayer(), caption = clock.makeLayer()
        let onboarding = AnimationPlan {
            Step(card, SpringAnimation(.positionX, to: 180, perceptualDuration: 0.5, bounce: 0.15))
            Parallel {
                Step(badge, SpringAnimation(.transformScale, from: 0, to: 1, perceptualDuration: 0.35, bounce: 0.45))
                Step(caption, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.4)).delayed(by: 0.15)
            }
        }
        let run = AnimationQueue.main.run(onboarding)
        let result = Task { await run.outcome }
        await advance(clock) { !clock.pendingWork.isEmpty }
        await clock.advance(by: 5)
        let outcome = await result.value
        #expect(outcome == .finished)
        #expect(card.position.x == 180)
        #expect(caption.opacity == 1)
        for layer in [card, badge, caption] { #expect(layer.animationKeys() == nil) }
    }

    // MARK: Chains.md:12 — one step after another, the wait between badge and button

    @Test func chainPlaysStepsInOrder() async {
        let clock = AnimationTestClock()
        let card = clock.makeLayer(), badge = clock.makeLayer(), button = clock.makeLayer()
        let pop = SpringAnimation(.transformScale, from: 0, to: 1, perceptualDuration: 0.35, bounce: 0.45)
        let plan = AnimationPlan {
            Step(card, BasicAnimation(.positionX, to: 180, duration: 0.5)).named("card")
            Step(badge, pop).named("badge")
            Wait(0.2)
            Step(button, KeyframeAnimation(.positionX, values: [0, 12, -12, 0], duration: 0.4, isAdditive: true)).named("button")
        }
        let run = AnimationQueue.main.run(plan)
        await clock.advance(by: 3)
        #expect(await run.outcome == .finished)
        let badgeStart = 0.5, buttonStart = 0.5 + pop.settlingDuration + 0.2
        #expect(time(of: "card", .started, in: run).map { abs($0 - 0) < 1e-9 } == true)
        #expect(time(of: "badge", .started, in: run).map { abs($0 - badgeStart) < 1e-9 } == true,
                "badge started at \(String(describing: time(of: "badge", .started, in: run)))")
        #expect(time(of: "button", .started, in: run).map { abs($0 - buttonStart) < 1e-9 } == true,
                "button started at \(String(describing: time(of: "button", .started, in: run))), expected \(buttonStart)")
        #expect(card.position.x == 180)
        #expect(button.position.x == 0)
    }

    // MARK: Chains.md:102 and AnimationRun+Control.swift:18 — pause while an alert shows

    @Test func pauseAndResumeAroundAnAlert() async {
        let clock = AnimationTestClock()
        let card = clock.makeLayer(), badge = clock.makeLayer()
        let onboarding = AnimationPlan {
            Step(card, BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear)).named("card")
            Step(badge, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.5, timing: .linear)).named("badge")
        }
        let permissionAlert = PermissionAlert()
        let run = AnimationQueue.main.run(onboarding)
        permissionAlert.onShow { run.pause() }
        permissionAlert.onDismiss { run.resume() }
        await clock.advance(by: 0.25)
        permissionAlert.present()
        await clock.advance(by: 2)
        #expect(card.presentation().map { abs($0.position.x - 25) < 1e-6 } == true,
                "paused at \(String(describing: card.presentation()?.position.x))")
        #expect(time(of: "badge", .started, in: run) == nil)
        permissionAlert.close()
        await clock.advance(by: 0.5)
        #expect(card.presentation().map { abs($0.position.x - 75) < 1e-6 } == true,
                "resumed at \(String(describing: card.presentation()?.position.x))")
        await clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(card.position.x == 100 && badge.opacity == 1)
    }

    // MARK: Cancellation.md:11 — each policy, and the default

    private func cancelHalfway(_ policy: CancellationPolicy?) async -> (CGFloat, AnimationOutcome, [String]?) {
        let clock = AnimationTestClock()
        let chip = clock.makeLayer()
        let grow = BasicAnimation(.transformScale, to: 2, duration: 1, timing: .linear)
        let step = policy.map { Step(chip, grow).cancellationPolicy($0) } ?? Step(chip, grow)
        let run = AnimationQueue(name: "cancel").run(AnimationPlan { step })
        await clock.advance(by: 0.5)
        run.cancel()
        await clock.advance(by: 0)
        let outcome = await run.outcome
        await clock.advance(by: 1)
        return (chip.transform.m11, outcome, chip.animationKeys())
    }

    @Test func cancellationPoliciesLeaveTheDocumentedState() async {
        let hold = await cancelHalfway(.holdPresentation)   // freeze where it is (the default)
        #expect(abs(hold.0 - 1.5) < 1e-6, "holdPresentation: \(hold.0)")
        let revert = await cancelHalfway(.revert)            // back to where the step started
        #expect(abs(revert.0 - 1) < 1e-6, "revert: \(revert.0)")
        let complete = await cancelHalfway(.complete)        // jump to where it would have ended
        #expect(abs(complete.0 - 2) < 1e-6, "complete: \(complete.0)")
        let byDefault = await cancelHalfway(nil)
        #expect(abs(byDefault.0 - 1.5) < 1e-6, "default: \(byDefault.0)")
        for each in [hold, revert, complete, byDefault] {
            #expect(each.1 == .cancelled)
            #expect(each.2 == nil)
        }
    }

    // MARK: Graphs.md:11 — the avatar waits for the card and the fetch

    @Test func avatarWaitsForTheCardAndTheProfile() async {
        let clock = AnimationTestClock()
        let card = clock.makeLayer(), avatar = clock.makeLayer()
        setWithoutActions(clock) { avatar.opacity = 0; card.opacity = 0 }
        let log = ExampleLog()
        nonisolated(unsafe) let avatarSeenByFetch = avatar
        @Sendable func loadProfile() { log.add("loaded; avatar model opacity \(avatarSeenByFetch.opacity)") }
        let showCard = AnimationOperation(layer: card, animation: BasicAnimation(.opacity, to: 1, duration: 0.3))

        let fetch = BlockOperation { loadProfile() }
        let showAvatar = AnimationOperation(layer: avatar, animation: BasicAnimation(.opacity, to: 1, duration: 0.3))
        showAvatar.addDependency(showCard)
        showAvatar.addDependency(fetch)          // no avatar before the data is there
        AnimationQueue.main.addOperations([fetch, showCard, showAvatar])

        await clock.advance(by: 0.29)
        #expect(avatar.opacity == 0, "the avatar started before the card finished")
        await advance(clock) { showAvatar.isFinished }
        #expect(log.all == ["loaded; avatar model opacity 0.0"])
        #expect(showCard.outcome == .finished && showAvatar.outcome == .finished)
        #expect(avatar.opacity == 1)
    }

    // MARK: MediaTiming.swift:9

    @Test func pulseTotalDuration() {
        let pulse = BasicAnimation(.transformScale, from: 1, to: 1.1, duration: 0.2)
            .autoreversing()
            .repeating(3)
            .delayed(by: 0.5)
        #expect(abs(pulse.totalDuration - 1.7) < 1e-12, "totalDuration \(pulse.totalDuration)")   // 0.5 + 3 × 2 × 0.2 = 1.7
        let timing = MediaTiming(delay: 0.2, repeatCount: 2, autoreverses: true)   // :44
        #expect(timing.delay == 0.2 && timing.repeatCount == 2 && timing.autoreverses)
    }

    // MARK: AnimationGroup.swift:5

    @Test func groupLastsAsLongAsItsLongestChild() {
        let fadeIn = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3)
        let drop = BasicAnimation(.positionY, to: 240, duration: 0.5)
        let both = AnimationGroup([fadeIn, drop])          // lasts 0.5 s
        #expect(both.duration == 0.5 && both.totalDuration == 0.5)
        let late = AnimationGroup([fadeIn, drop.delayed(by: 0.2)]).autoreversing()
        #expect(abs(late.duration - 0.7) < 1e-12 && abs(late.totalDuration - 1.4) < 1e-12)
    }

    // MARK: AnimationKeyPath.swift:10, BasicAnimation.swift:8 — value types and "from: what the layer shows"

    @Test func typedKeysHaveTheDocumentedTypes() {
        let fade = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3)   // BasicAnimation<Float>
        let slide = BasicAnimation(.positionX, to: 120, duration: 0.5)        // BasicAnimation<CGFloat>
        #expect(type(of: fade) == BasicAnimation<Float>.self)
        #expect(type(of: slide) == BasicAnimation<CGFloat>.self)
        let fadeIn = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3, timing: .easeOut)
        let a: BasicAnimation<Float> = fadeIn
        #expect(a.to == 1)
    }

    @Test func dropStartsFromWhatTheLayerShows() async {
        let clock = AnimationTestClock()
        let layer = clock.makeLayer()
        // The layer shows an animation in flight: position.y from 0 to 100 over 1 s.
        let first = AnimationOperation(layer: layer, animation: BasicAnimation(.positionY, from: 0, to: 100, duration: 1, timing: .linear))
        let queue = AnimationQueue(name: "drop")
        queue.addOperation(first)
        await clock.advance(by: 0.5)
        let shown = layer.presentation()?.position.y
        let drop = BasicAnimation(.positionY, to: 240, duration: 0.5)   // from: what the layer shows
        let second = AnimationOperation(layer: layer, animation: drop)
        queue.addOperation(second)
        await clock.advance(by: 0)
        let start = layer.presentation()?.position.y
        #expect(shown.map { abs($0 - 50) < 1e-6 } == true)
        #expect(start.map { abs($0 - 50) < 1e-6 } == true, "drop started from \(String(describing: start)), shown was \(String(describing: shown))")
        await clock.advance(by: 2)
        #expect(layer.position.y == 240)
    }

    // MARK: AnimationPlan.swift:43 — gapless is the default

    @Test func plansAreGaplessByDefault() {
        let title = CALayer()
        let intro = AnimationPlan {                          // gapless
            Step(title, BasicAnimation(.opacity, to: 1, duration: 0.3))
            Step(title, BasicAnimation(.positionY, to: 120, duration: 0.4))
        }
        let chained = AnimationPlan(scheduling: .afterCompletion) {
            Step(title, BasicAnimation(.opacity, to: 1, duration: 0.3))
        }
        #expect(intro.scheduling == .gapless)
        #expect(chained.scheduling == .afterCompletion)
    }

    // MARK: AnimationPlan.swift:5, PlanComponent.swift:49/:73 — serial, then parallel with a delay

    @Test func onboardingPlanOrdersItsSteps() async {
        let clock = AnimationTestClock()
        let title = clock.makeLayer(), caption = clock.makeLayer(), badge = clock.makeLayer(), button = clock.makeLayer()
        let fadeIn = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3)
        let drop = BasicAnimation(.positionY, to: 240, duration: 0.5)
        let pop = SpringAnimation(.transformScale, from: 0.6, to: 1, perceptualDuration: 0.4, bounce: 0.3)
        let shake = KeyframeAnimation(.positionX, values: [0, 10, -10, 10, -5, 5, -5, 0], duration: 0.4, isAdditive: true)
        let onboarding = AnimationPlan {
            Serial {
                Step(title, fadeIn).named("title")
                Parallel {
                    Step(caption, drop).named("caption")
                    Step(badge, pop).named("badge").delayed(by: 0.1)
                }
                Step(button, shake).named("button")
            }
        }
        let run = AnimationQueue(name: "onboarding").run(onboarding)
        await clock.advance(by: 3)
        #expect(await run.outcome == .finished)
        let captionStart = time(of: "caption", .started, in: run)
        let badgeStart = time(of: "badge", .started, in: run)
        let buttonStart = time(of: "button", .started, in: run)
        // Parallel parts start together; a delayed step's animation begins `delay` later.
        #expect(captionStart.map { abs($0 - 0.3) < 1e-9 } == true, "caption \(String(describing: captionStart))")
        #expect(badgeStart.map { abs($0 - 0.3) < 1e-9 || abs($0 - 0.4) < 1e-9 } == true, "badge \(String(describing: badgeStart))")
        // The group ends when the last of them ends: max(0.3 + 0.5, 0.3 + 0.1 + settling).
        let expectedButton = max(0.8, 0.4 + pop.settlingDuration)
        #expect(buttonStart.map { abs($0 - expectedButton) < 1e-9 } == true,
                "button \(String(describing: buttonStart)), expected \(expectedButton)")
    }

    // MARK: PlanComponent.swift:97 — a delayed Parallel starts 0.2 s after its predecessors

    @Test func delayedParallelStartsLater() async {
        let clock = AnimationTestClock()
        let a = clock.makeLayer(), b = clock.makeLayer(), c = clock.makeLayer()
        setWithoutActions(clock) { a.opacity = 0; b.opacity = 0 }
        let fade = BasicAnimation(.opacity, to: 1, duration: 0.3, timing: .linear)
        let run = AnimationQueue(name: "delayed").run(AnimationPlan {
            Step(c, BasicAnimation(.positionX, to: 10, duration: 0.5)).named("first")
            Parallel { Step(a, fade); Step(b, fade) }.delayed(by: 0.2)
        })
        await clock.advance(by: 0.65)
        // 0.15 s into the delay: the faders still show 0.
        #expect(a.presentation()?.opacity ?? -1 < 0.01 && b.presentation()?.opacity ?? -1 < 0.01,
                "a \(String(describing: a.presentation()?.opacity)), b \(String(describing: b.presentation()?.opacity))")
        await clock.advance(by: 0.2)   // 0.85: 0.15 s into the fades
        #expect(a.presentation().map { abs($0.opacity - 0.5) < 1e-5 } == true, "a \(String(describing: a.presentation()?.opacity))")
        #expect(b.presentation().map { abs($0.opacity - 0.5) < 1e-5 } == true, "b \(String(describing: b.presentation()?.opacity))")
        await clock.advance(by: 1)
        #expect(await run.outcome == .finished)
    }

    // MARK: Step.swift:5 — .after waits also for a step in another branch

    @Test func afterWaitsForANamedStepInAnotherBranch() async {
        let clock = AnimationTestClock()
        let caption = clock.makeLayer(), badge = clock.makeLayer()
        let pop = BasicAnimation(.transformScale, from: 0.6, to: 1, duration: 0.2)
        let run = AnimationQueue(name: "after").run(AnimationPlan {
            Parallel {
                Step(caption, BasicAnimation(.positionY, to: 240, duration: 0.5)).named("caption")
                Step(badge, pop)
                    .named("badge")
                    .delayed(by: 0.1)
                    .after("caption")            // also wait for a step in another branch
            }
        })
        await clock.advance(by: 2)
        #expect(await run.outcome == .finished)
        let badgeStart = time(of: "badge", .started, in: run)
        let captionEnd = time(of: "caption", .finished(.finished), in: run)
        #expect(captionEnd.map { abs($0 - 0.5) < 1e-9 } == true)
        #expect(badgeStart.map { $0 >= 0.5 - 1e-9 } == true, "badge started at \(String(describing: badgeStart))")
    }

    // MARK: Perform.swift:5 — Perform runs between the steps

    @Test func performRunsBetweenSteps() async {
        let clock = AnimationTestClock()
        let label = clock.makeLayer()
        let log = ExampleLog()
        nonisolated(unsafe) let labelSeenByPerform = label
        let fadeOut = BasicAnimation(.opacity, to: 0, duration: 0.2)
        let fadeIn = BasicAnimation(.opacity, to: 1, duration: 0.2)
        let run = AnimationQueue(name: "perform").run(AnimationPlan {
            Serial {
                Step(label, fadeOut).named("out")
                Perform { log.add("swap, opacity \(labelSeenByPerform.opacity)") }   // label.string = "Welcome" needs CATextLayer
                Step(label, fadeIn).named("in")
            }
        })
        await advance(clock) { run.isFinished }
        #expect(await run.outcome == .finished)
        #expect(log.all == ["swap, opacity 0.0"])
        let outEnd = time(of: "out", .finished(.finished), in: run), inStart = time(of: "in", .started, in: run)
        #expect(outEnd != nil && inStart != nil && inStart! >= outEnd!)
    }

    // MARK: AnimationRun+Trace.swift:46 — the timeline's format

    @Test func timelineTextHasTheDocumentedFormat() async {
        let clock = AnimationTestClock()
        let title = clock.makeLayer()
        title.name = "title"
        let run = AnimationQueue(name: "trace").run(AnimationPlan {
            Step(title, BasicAnimation(.opacity, to: 1, duration: 0.3)).named("title")
        })
        await clock.advance(by: 0.3)
        #expect(await run.outcome == .finished)
        #expect(run.timelineText() == "  0.000s  ▶ title (opacity)\n  0.300s  ■ title finished",
                "got:\n\(run.timelineText())")
    }

    // MARK: AnimationValue.swift:19

    @Test func animationValueRoundTrip() {
        let clock = AnimationTestClock()
        let layer = clock.makeLayer()
        setWithoutActions(clock) { layer.position.x = 12 }
        let boxed = CGFloat(12).coreAnimationValue                       // what fromValue gets
        let back = CGFloat.fromCoreAnimationValue(layer.value(forKeyPath: "position.x"))
        #expect(boxed as? CGFloat == 12)
        #expect(back == 12)
    }

    // MARK: SpringAnimation.swift:103 — Apple's perceptual conversion, as documented

    @Test func springConversionIsAsDocumented() {
        let pop = SpringAnimation(.transformScale, from: 0.6, to: 1, perceptualDuration: 0.4, bounce: 0.3)
        #expect(pop.mass == 1)
        #expect(abs(pop.stiffness - pow(2 * .pi / 0.4, 2)) < 1e-9)
        #expect(abs(pop.damping - 0.7 * 4 * .pi / 0.4) < 1e-9)
        let wobble = SpringAnimation(.positionX, to: 200, stiffness: 300, damping: 12)
        #expect(wobble.mass == 1 && wobble.stiffness == 300 && wobble.damping == 12)
    }

    // MARK: TestingWithVirtualTime.md "Design": a step after a 0.3 s step starts at exactly 0.3

    @Test func stepAfterAPointThreeSecondStepStartsAtExactlyPointThree() async {
        let clock = AnimationTestClock()
        let card = clock.makeLayer()
        let run = AnimationQueue(name: "exact").run(AnimationPlan {
            Step(card, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3)).named("first")
            Step(card, BasicAnimation(.positionX, to: 10, duration: 0.3)).named("second")
        }, motion: .full)
        await clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(time(of: "second", .started, in: run) == 0.3)
    }

    // MARK: The remaining AnimationQueue doc-comment examples: they compile

    /// The smaller examples of the doc comments, each built as written and checked for what
    /// its comment says it makes. Plans are compiled (Graphviz export), not run.
    @Test func remainingAnimationQueueExamplesBuildWhatTheirCommentsSay() {
        let title = CALayer(), button = CALayer(), badge = CALayer(), caption = CALayer()
        let fadeIn = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3)
        let shake = KeyframeAnimation(.positionX, values: [0, 10, -10, 0], duration: 0.4, isAdditive: true)
        let pop = SpringAnimation(.transformScale, from: 0.6, to: 1, perceptualDuration: 0.4, bounce: 0.3)
        let drop = BasicAnimation(.positionY, to: 240, duration: 0.5)
        let fade = fadeIn
        let a = badge, b = caption
        /// The number of steps and the dependency edges of a plan, from its Graphviz export.
        func shape(_ plan: AnimationPlan) -> (steps: Int, edges: [String]) {
            let lines = plan.graphvizDOT().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            return (lines.filter { $0.contains("[label=") }.count,
                    lines.filter { $0.contains("->") }.map { String($0.prefix { $0 != ";" && $0 != "[" }).trimmingCharacters(in: .whitespaces) })
        }
        // PlanComponent.swift: Serial runs one after the other, Parallel together.
        #expect(shape(AnimationPlan { Serial { Step(title, fadeIn); Step(button, shake) } }).edges == ["s1 -> s2"])
        #expect(shape(AnimationPlan { Parallel { Step(caption, drop); Step(badge, pop).delayed(by: 0.1) } }) == (2, []))
        // A delayed block: a wait that both parallel steps follow.
        #expect(shape(AnimationPlan { Parallel { Step(a, fade); Step(b, fade) }.delayed(by: 0.2) }) == (3, ["s1 -> s2", "s1 -> s3"]))
        // Step.swift: a named step can wait for a step in another branch.
        let crossBranch = AnimationPlan {
            Parallel {
                Step(caption, drop).named("caption")
                Step(badge, pop).named("badge").delayed(by: 0.1).after("caption")
            }
        }
        #expect((try? crossBranch.validate()) != nil)
        #expect(shape(crossBranch).edges == ["s1 -> s2"])
        // KeyframeCalculationMode.swift, KeyframeAnimation.swift
        #expect(KeyframeAnimation(.opacity, values: [1, 0, 0.5], duration: 1, calculationMode: .paced).calculationMode == .paced)
        let blink = KeyframeAnimation(.opacity, values: [1, 0, 1], duration: 0.6, keyTimes: [0, 0.2, 1], segmentTimings: [.easeIn, .easeOut])
        #expect(blink.keyTimes == [0, 0.2, 1] && blink.segmentTimings?.count == 2)
        #expect(KeyframeAnimation(.positionX, values: [0, 10, -10, 10, -5, 5, -5, 0], duration: 0.4, isAdditive: true).values.count == 8)
        // AnimationTiming.swift: named curves and custom Béziers carry Apple's control points,
        // stored as Float as Core Animation stores them.
        func float(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: CGFloat(Float(x)), y: CGFloat(Float(y))) }
        #expect(BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3, timing: .easeOut).timing.controlPoints.c2 == float(0.58, 1))
        #expect(BasicAnimation(.positionY, to: 240, duration: 0.5, timing: .cubicBezier(0.2, 0.8, 0.2, 1)).timing.controlPoints.c1 == float(0.2, 0.8))
        #expect(BasicAnimation(.positionY, to: 240, duration: 0.5, timing: .easeOutBack).timing != .linear)
        let overshoot = AnimationTiming.cubicBezier(0.34, 1.56, 0.64, 1)
        var point: [Float] = [0, 0]
        overshoot.mediaTimingFunction.getControlPoint(at: 1, values: &point)
        #expect(point == [0.34, 1.56])
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.timingFunction = AnimationTiming.easeOut.mediaTimingFunction
        animation.timingFunction?.getControlPoint(at: 2, values: &point)
        #expect(point == [0.58, 1])
        // TimedAnimation.swift: 1 s delay, then 3 × (0.15 s there and 0.15 s back).
        let blinkThrice = BasicAnimation(.opacity, from: 1, to: 0, duration: 0.15).autoreversing().repeating(3).delayed(by: 1)
        #expect(abs(blinkThrice.totalDuration - 1.9) < 1e-12)
        #expect(KeyframeAnimation(.positionX, values: [0, 10, -10, 0], duration: 0.3, isAdditive: true)
            .reducingMotion(.jumpToFinal).reducedMotion == .jumpToFinal)
        #expect(BasicAnimation(.transformScale, from: 0.5, to: 1, duration: 0.4, timing: .easeOutBack).keyPath.rawValue == "transform.scale")
        // SpringAnimation.swift: ζ = c / (2√(k·m)) = 12 / (2√300).
        let spring = SpringAnimation(.positionX, to: 200, stiffness: 300, damping: 12)
        #expect(abs(spring.dampingRatio - 12 / (2 * 300.0.squareRoot())) < 1e-12)
        // AnimationKeyPath+Layer.swift and AnimationKeyPath.swift: Core Animation's key paths.
        #expect(BasicAnimation(.boundsHeight, to: 180, duration: 0.4).keyPath.rawValue == "bounds.size.height")
        #expect(BasicAnimation(.position, to: CGPoint(x: 160, y: 240), duration: 0.5).keyPath.rawValue == "position")
        #expect(BasicAnimation(.transform, to: CATransform3DMakeScale(2, 2, 1), duration: 0.3).keyPath.rawValue == "transform")
        #expect(BasicAnimation(.backgroundColor, to: CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), duration: 0.3).keyPath.rawValue == "backgroundColor")
        let progress = AnimationKeyPath<CGFloat>("progress")
        #expect(BasicAnimation(progress, from: 0, to: 1, duration: 2).keyPath.rawValue == "progress")
        #expect(AnimationPlan(scheduling: .afterCompletion) { Step(title, fadeIn) }.scheduling == .afterCompletion)
    }

    // MARK: Chains.md "Design": a delayed step shows its from-value during the delay (backwards fill)

    @Test func delayedStepShowsItsFromValueDuringTheDelay() async {
        let clock = AnimationTestClock()
        let caption = clock.makeLayer()
        let run = AnimationQueue(name: "fill").run(AnimationPlan {
            Step(caption, BasicAnimation(.opacity, from: 0.2, to: 1, duration: 0.4, timing: .linear)).delayed(by: 0.15)
        }, motion: .full)
        await clock.advance(by: 0.1)
        #expect(caption.opacity == 1, "model first")
        #expect(caption.presentation().map { abs($0.opacity - 0.2) < 1e-6 } == true,
                "during the delay: \(String(describing: caption.presentation()?.opacity))")
        await clock.advance(by: 0.25)   // 0.2 s into the animation
        #expect(caption.presentation().map { abs($0.opacity - 0.6) < 1e-6 } == true,
                "halfway: \(String(describing: caption.presentation()?.opacity))")
        await clock.advance(by: 0.5)
        #expect(await run.outcome == .finished)
    }
}
#endif
