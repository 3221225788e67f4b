import AnimationQueue
import Foundation
import Testing

/// The scheduler's behaviour in accelerated real time, against whatever Core Animation the
/// platform has: QuartzCore on a Mac or an iOS Simulator, OpenQuartzCore's real clock on
/// Linux. The same behaviours are checked in virtual time, exactly, by the suites that need
/// the Linux engine; here the assertions are outcomes, orders and end states, which real
/// time cannot shift, and times only within wide tolerances.
@MainActor
@Suite(.serialized, TimeLimits.suite(minutes: 3))
struct AcceleratedSchedulerTests {
    /// A tolerance, in the host's time, for when something happened: 0.25 s there is
    /// 12.5 ms of real time at the host's speed.
    static let slack: CFTimeInterval = 0.25

    // MARK: Operations and queues

    @Test func aFinishedStepLeavesItsFinalValueAndNothingAttached() async {
        let host = AcceleratedHost()
        let card = host.makeLayer(opacity: 0)
        let begin = host.now
        let outcome = await host.within {
            await card.run(BasicAnimation(.opacity, from: 0, to: 1, duration: 0.4), motion: .full)
        }
        #expect(outcome == .finished)
        #expect(host.now - begin >= 0.4 - Self.slack)
        #expect(card.opacity == 1)
        #expect(card.animationKeys() == nil)
    }

    @Test func aDependentStartsOnlyOnceItsDependencyHasFinished() async {
        let host = AcceleratedHost()
        let first = host.makeLayer(opacity: 0), second = host.makeLayer(opacity: 0)
        let log = OrderLog()
        let a = StartRecordingOperation("a", layer: first, animation: BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3), log: log)
        let b = StartRecordingOperation("b", layer: second, animation: BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3),
                                        after: [a], log: log)
        let queue = AnimationQueue(name: #function)
        queue.addOperations([a, b])
        let outcomes = await host.within { (await a.waitForOutcome(), await b.waitForOutcome()) }
        #expect(outcomes?.0 == .finished && outcomes?.1 == .finished)
        #expect(log.events == ["a", "b"])
        #expect(first.opacity == 1 && second.opacity == 1)
        #expect(first.animationKeys() == nil && second.animationKeys() == nil)
    }

    @Test func aBurstOfTwoHundredStepsAllFinishWithTheirFinalValues() async {
        let host = AcceleratedHost()
        let layers = (0..<200).map { _ in host.makeLayer(opacity: 0) }
        let operations = layers.map { layer in
            let operation = AnimationOperation(layer: layer, animation: BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3))
            operation.motion = .full
            return operation
        }
        AnimationQueue(name: #function).addOperations(operations)
        let outcomes = await host.within {
            var outcomes: [AnimationOutcome] = []
            for operation in operations { outcomes.append(await operation.waitForOutcome()) }
            return outcomes
        }
        #expect(outcomes == Array(repeating: .finished, count: 200))
        #expect(layers.allSatisfy { $0.opacity == 1 && $0.animationKeys() == nil })
    }

    @Test func aChainOfThreeHundredStepsRunsInOrder() async {
        let host = AcceleratedHost()
        let layer = host.makeLayer()
        let log = OrderLog()
        var operations: [AnimationOperation] = []
        for index in 0..<300 {
            operations.append(StartRecordingOperation("\(index)", layer: layer,
                                                      animation: BasicAnimation(.positionX, to: CGFloat(index + 1), duration: 0.02),
                                                      after: operations.suffix(1), log: log))
        }
        AnimationQueue(name: #function).addOperations(operations)
        let last = await host.within { await operations.last!.waitForOutcome() }
        #expect(last == .finished)
        #expect(log.events == (0..<300).map(String.init))
        #expect(layer.position.x == 300 && layer.animationKeys() == nil)
    }

    // MARK: Plans

    @Test func aPlanRunsItsSerialAndParallelStepsInOrder() async {
        let host = AcceleratedHost()
        let card = host.makeLayer(), badge = host.makeLayer(), caption = host.makeLayer(opacity: 0)
        let plan = AnimationPlan {
            Step(card, BasicAnimation(.positionX, from: 0, to: 100, duration: 0.4)).named("card")
            Parallel {
                Step(badge, BasicAnimation(.transformScale, from: 0.5, to: 1, duration: 0.6)).named("badge")
                Step(caption, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.2)).named("caption").delayed(by: 0.1)
            }
        }
        let run = AnimationQueue(name: #function).run(plan, motion: .full)
        let outcome = await host.within { await run.outcome }
        #expect(outcome == .finished)
        let events = run.recordedEvents
        func time(_ step: String, _ kind: AnimationRun.Event.Kind) -> TimeInterval? {
            events.first { $0.step == step && $0.kind == kind }?.time
        }
        // Event times are media (real) time: the parallel steps begin where the card's 0.4 s
        // end, at the host's speed, with no gap waiting for its callback.
        let cardStart = time("card", .started) ?? .nan
        let cardLength = 0.4 / Double(AcceleratedHost.speed)
        #expect(time("badge", .started).map { $0 - cardStart >= cardLength - 1e-6 } == true)
        #expect(time("caption", .started).map { $0 - cardStart >= cardLength - 1e-6 } == true)
        #expect(time("caption", .finished(.finished)).map { $0 <= (time("badge", .finished(.finished)) ?? 0) } == true)
        #expect(card.position.x == 100 && badge.transform.m11 == 1 && caption.opacity == 1)
        #expect([card, badge, caption].allSatisfy { $0.animationKeys() == nil })
    }

    @Test func aStaggeredParallelStartsItsStepsInTurn() async {
        let host = AcceleratedHost()
        let layers = (0..<5).map { _ in host.makeLayer(opacity: 0) }
        let plan = AnimationPlan {
            Parallel(stagger: 0.2) {
                for (index, layer) in layers.enumerated() {
                    Step(layer, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.2)).named("cell \(index)")
                }
            }
        }
        let run = AnimationQueue(name: #function).run(plan, motion: .full)
        #expect(await host.within { await run.outcome } == .finished)
        let starts = run.recordedEvents.filter { $0.kind == .started }
        #expect(starts.map(\.step) == (0..<5).map { "cell \($0)" })
        #expect(layers.allSatisfy { $0.opacity == 1 })
    }

    // MARK: Cancellation

    @Test(arguments: [CancellationPolicy.holdPresentation, .revert, .complete])
    func cancellingARunningStepLeavesWhatItsPolicySays(_ policy: CancellationPolicy) async {
        let host = AcceleratedHost()
        let card = host.makeLayer()
        let after = host.makeLayer(opacity: 0)
        let plan = AnimationPlan {
            Step(card, BasicAnimation(.positionX, from: 0, to: 100, duration: 20)).named("slide").cancellationPolicy(policy)
            Step(after, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.2)).named("after")
        }
        let run = AnimationQueue(name: #function).run(plan, motion: .full)
        await host.letTimePass(1)
        run.cancel()
        #expect(await host.within { await run.outcome } == .cancelled)
        #expect(run.outcome(ofStep: "slide") == .cancelled)
        #expect(run.outcome(ofStep: "after") == .cancelled)
        #expect(card.animationKeys() == nil && after.animationKeys() == nil)
        #expect(after.opacity == 0)                     // never started
        switch policy {
        case .holdPresentation: #expect(card.position.x > 0 && card.position.x < 100)
        case .revert: #expect(card.position.x == 0)
        case .complete: #expect(card.position.x == 100)
        }
    }

    // MARK: Pause, resume and speed

    @Test func aPausedRunWaitsAndThenPlaysOnWhereItStopped() async {
        let host = AcceleratedHost()
        let card = host.makeLayer()
        let plan = AnimationPlan {
            Step(card, BasicAnimation(.positionX, from: 0, to: 100, duration: 10)).named("slide")
        }
        let begin = host.now
        let run = AnimationQueue(name: #function).run(plan, motion: .full)
        await host.letTimePass(0.3)
        run.pause()
        let pausedAt = card.presentation()?.position.x
        await host.letTimePass(2)
        #expect(run.isPaused && !run.isFinished)
        #expect(card.animationKeys() != nil)
        // Paused on Core Animation's timing: two seconds later the layer shows the point it
        // was paused at (within what a few real milliseconds between the two reads and the
        // pause's commit move it, at the host's speed), not its end.
        let shown = Double(card.presentation()?.position.x ?? .nan)
        #expect(shown > 0 && shown < 100)
        #expect(pausedAt.map { abs(shown - Double($0)) < 5 } == true, "paused at \(String(describing: pausedAt)), shows \(shown)")
        run.resume()
        #expect(await host.within { await run.outcome } == .finished)
        // Ten seconds of motion and two paused: it ended no sooner than twelve seconds in.
        #expect(host.now - begin >= 12 - Self.slack)
        #expect(card.position.x == 100 && card.animationKeys() == nil)
    }

    @Test func aRunAtDoubleSpeedEndsInHalfTheTime() async {
        let host = AcceleratedHost()
        let card = host.makeLayer()
        let plan = AnimationPlan {
            Step(card, BasicAnimation(.positionX, from: 0, to: 100, duration: 20)).named("slide")
        }
        let begin = host.now
        let run = AnimationQueue(name: #function).run(plan, motion: .full)
        run.speed = 2
        #expect(await host.within { await run.outcome } == .finished)
        let elapsed = host.now - begin
        // Ten seconds at double speed; ending at twenty would mean the speed was ignored.
        #expect(elapsed >= 10 - Self.slack && elapsed < 20 - Self.slack, "ended after \(elapsed) s of host time")
        #expect(card.position.x == 100 && card.animationKeys() == nil)
    }
}
