import AnimationQueue
import Foundation
import Testing

/// Plans, gapless chains, work that gates an animation, Reduce Motion and a layer that goes
/// away, in accelerated real time against whatever Core Animation the platform has (see
/// `AcceleratedHost`).
@MainActor
@Suite(.serialized, TimeLimits.suite(minutes: 3))
struct AcceleratedPlanTests {
    /// Steps of a plan begin exactly where the previous ones end, on Core Animation's timing:
    /// a step's start (media time) is its predecessor's start plus its length at the host's
    /// speed, to within rounding, however late the predecessor's callback came.
    @Test func aGaplessChainBeginsEachStepWhereThePreviousEnded() async {
        let host = AcceleratedHost()
        let card = host.makeLayer()
        let plan = AnimationPlan {
            Step(card, BasicAnimation(.positionX, from: 0, to: 100, duration: 0.4)).named("one")
            Step(card, BasicAnimation(.positionX, from: 100, to: 200, duration: 0.6)).named("two")
            Step(card, BasicAnimation(.positionX, from: 200, to: 300, duration: 0.2)).named("three")
        }
        let run = AnimationQueue(name: #function).run(plan, motion: .full)
        #expect(await host.within { await run.outcome } == .finished)
        let starts = run.recordedEvents.filter { $0.kind == .started }
        #expect(starts.map(\.step) == ["one", "two", "three"])
        let speed = Double(AcceleratedHost.speed)
        if starts.count == 3 {
            #expect(abs(starts[1].time - starts[0].time - 0.4 / speed) < 1e-6)
            #expect(abs(starts[2].time - starts[1].time - 0.6 / speed) < 1e-6)
        }
        #expect(card.position.x == 300 && card.animationKeys() == nil)
    }

    /// A `Wait` and a `Perform` take their places in the order: the block runs once, after
    /// the step before it and before the step after it.
    @Test func waitsAndBlocksRunInPlanOrder() async {
        let host = AcceleratedHost()
        let card = host.makeLayer(), badge = host.makeLayer(opacity: 0)
        let log = OrderLog()
        let plan = AnimationPlan {
            Step(card, BasicAnimation(.positionX, from: 0, to: 100, duration: 0.4)).named("slide")
            Wait(0.2)
            Perform("note") { log.record("block ran") }
            Step(badge, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.2)).named("fade")
        }
        let run = AnimationQueue(name: #function).run(plan, motion: .full)
        #expect(await host.within { await run.outcome } == .finished)
        #expect(log.events == ["block ran"])
        let order = run.recordedEvents.map { "\($0.step) \($0.kind == .started ? "started" : "finished")" }
        let slideEnd = order.firstIndex(of: "slide finished") ?? -1
        let note = order.firstIndex(of: "note started") ?? -1
        let fade = order.firstIndex(of: "fade started") ?? -1
        #expect(slideEnd >= 0 && note > slideEnd && fade > note, "\(order)")
        #expect(badge.opacity == 1)
    }

    /// A plain asynchronous operation (a fetch) gates an animation: the animation does not
    /// begin, and the layer's model is not written, until the fetch finishes.
    @Test func anAsyncOperationGatesTheAnimationThatDependsOnIt() async {
        final class Fetch: AsyncOperation, @unchecked Sendable {
            override func execute() {}   // finished by the test
        }
        let host = AcceleratedHost()
        let avatar = host.makeLayer(opacity: 0)
        let fetch = Fetch()
        let reveal = AnimationOperation(layer: avatar, animation: BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3))
        reveal.motion = .full
        reveal.addDependency(fetch)
        AnimationQueue(name: #function).addOperations([fetch, reveal])
        await host.letTimePass(1)
        #expect(!reveal.isExecuting && !reveal.isFinished)
        #expect(avatar.opacity == 0 && avatar.animationKeys() == nil)
        fetch.finish()
        #expect(await host.within { await reveal.waitForOutcome() } == .finished)
        #expect(avatar.opacity == 1 && avatar.animationKeys() == nil)
    }

    /// Cancelling a paused run cancels its running and pending steps; nothing stays attached.
    @Test func cancellingAPausedRunCancelsEveryStep() async {
        let host = AcceleratedHost()
        let card = host.makeLayer(), badge = host.makeLayer(opacity: 0)
        let plan = AnimationPlan {
            Step(card, BasicAnimation(.positionX, from: 0, to: 100, duration: 10)).named("slide")
            Step(badge, BasicAnimation(.opacity, from: 0, to: 1, duration: 1)).named("fade")
        }
        let run = AnimationQueue(name: #function).run(plan, motion: .full)
        await host.letTimePass(0.5)
        run.pause()
        await host.letTimePass(0.5)
        run.cancel()
        #expect(await host.within { await run.outcome } == .cancelled)
        #expect(run.outcome(ofStep: "slide") == .cancelled && run.outcome(ofStep: "fade") == .cancelled)
        #expect(card.animationKeys() == nil && badge.animationKeys() == nil)
        #expect(card.position.x > 0 && card.position.x < 100)    // held where it was shown
        #expect(badge.opacity == 0)
    }

    /// Under reduced motion every step jumps to its final values, in the same order, with
    /// the same outcomes.
    @Test func aReducedMotionRunKeepsItsOrderAndEndsAtTheFinalValues() async {
        let host = AcceleratedHost()
        let card = host.makeLayer(), badge = host.makeLayer(opacity: 0)
        let plan = AnimationPlan {
            Step(card, BasicAnimation(.positionX, from: 0, to: 100, duration: 0.4)).named("slide")
            Step(badge, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.4)).named("fade")
        }
        let run = AnimationQueue(name: #function).run(plan, motion: .reduced)
        #expect(await host.within { await run.outcome } == .finished)
        #expect(run.recordedEvents.filter { $0.kind == .started }.map(\.step) == ["slide", "fade"])
        #expect(card.position.x == 100 && badge.opacity == 1)
        #expect(card.animationKeys() == nil && badge.animationKeys() == nil)
    }

    /// A layer deallocated while its step runs (operations hold their layers weakly): the
    /// step ends `.interrupted`, without waiting for the animation's end.
    @Test func aLayerDeallocatedMidStepEndsItInterrupted() async {
        let host = AcceleratedHost()
        weak var released: CALayer?
        let operation: AnimationOperation = {
            let card = host.makeLayer()
            released = card
            let operation = AnimationOperation(layer: card, animation: BasicAnimation(.positionX, from: 0, to: 100, duration: 10))
            operation.motion = .full
            AnimationQueue(name: #function).addOperation(operation)
            return operation
        }()
        await host.letTimePass(0.5)
        #expect(operation.isExecuting)
        let removedAt = host.now
        CATransaction.begin()
        released?.removeFromSuperlayer()
        CATransaction.commit()
        #expect(await host.within { await operation.waitForOutcome() } == .interrupted)
        #expect(released == nil)
        // Its animation would end 9.5 s after the layer went; the step ends well before, on
        // the main queue's next turn, however late a loaded machine runs that turn.
        #expect(host.now - removedAt < 9, "ended \(host.now - removedAt) s after the layer went, not at the animation's end")
    }

    /// Foundation's main queue runs animation operations too, one at a time, in dependency
    /// order.
    @Test func operationQueueMainRunsAChainSerially() async {
        let host = AcceleratedHost()
        let card = host.makeLayer(), badge = host.makeLayer(opacity: 0)
        let log = OrderLog()
        let slide = StartRecordingOperation("slide", layer: card, animation: BasicAnimation(.positionX, from: 0, to: 100, duration: 0.3), log: log)
        let fade = StartRecordingOperation("fade", layer: badge, animation: BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3),
                                           after: [slide], log: log)
        OperationQueue.main.addOperation(slide)
        OperationQueue.main.addOperation(fade)
        let outcomes = await host.within { (await slide.waitForOutcome(), await fade.waitForOutcome()) }
        #expect(outcomes?.0 == .finished && outcomes?.1 == .finished)
        #expect(log.events == ["slide", "fade"])
        #expect(card.position.x == 100 && badge.opacity == 1)
    }

    /// `cancelAll()` cancels the running step and the pending ones behind it.
    @Test func cancelAllCancelsTheRunningAndThePendingSteps() async {
        let host = AcceleratedHost()
        let layer = host.makeLayer()
        let queue = AnimationQueue(name: #function)
        let steps = (1...3).map { index in
            let step = AnimationOperation(layer: layer, animation: BasicAnimation(.positionX, to: CGFloat(index * 100), duration: 10))
            step.motion = .full
            return step
        }
        steps[1].addDependency(steps[0])
        steps[2].addDependency(steps[1])
        queue.addOperations(steps)
        await host.letTimePass(0.5)
        queue.cancelAll()
        let outcomes = await host.within {
            var outcomes: [AnimationOutcome] = []
            for step in steps { outcomes.append(await step.waitForOutcome()) }
            return outcomes
        }
        #expect(outcomes == [.cancelled, .cancelled, .cancelled])
        #expect(layer.animationKeys() == nil)
        #expect(layer.position.x > 0 && layer.position.x < 100)   // the first held where it was shown
    }

    /// A plan's `Parallel` of 200 steps starts them together and ends when the last ends.
    @Test func aParallelBlockOfTwoHundredStepsFinishes() async {
        let host = AcceleratedHost()
        let layers = (0..<200).map { _ in host.makeLayer(opacity: 0) }
        let plan = AnimationPlan {
            Parallel {
                for layer in layers { Step(layer, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3)) }
            }
        }
        let run = AnimationQueue(name: #function).run(plan, motion: .full)
        #expect(await host.within { await run.outcome } == .finished)
        #expect(run.recordedEvents.filter { $0.kind == .finished(.finished) }.count == 200)
        #expect(layers.allSatisfy { $0.opacity == 1 && $0.animationKeys() == nil })
    }
}
