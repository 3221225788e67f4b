import AnimationQueue
import Foundation
import Testing

/// The classic patterns and the scheduler, played in real time with short durations and
/// only Apple's API: on Apple platforms against QuartzCore itself, on Linux against
/// OpenQuartzCore's real clock. The assertions are orders and end states, with generous
/// tolerances on time.
@Suite(TimeLimits.suite(minutes: 5))
struct ClassicPatternRealTimeTests {
    /// Events in the order they happened, awaited without sleeping.
    final class EventStream: @unchecked Sendable {
        // `lock` guards `events` and `waiters`.
        private let lock = NSLock()
        private var events: [String] = []
        private var waiters: [(count: Int, continuation: CheckedContinuation<[String], Never>)] = []

        func record(_ event: String) {
            let ready: [CheckedContinuation<[String], Never>], snapshot: [String]
            (ready, snapshot) = lock.withLock {
                events.append(event)
                let due = waiters.filter { $0.count <= events.count }.map(\.continuation)
                waiters.removeAll { $0.count <= events.count }
                return (due, events)
            }
            for continuation in ready { continuation.resume(returning: snapshot) }
        }

        /// The events once there are at least `count` of them.
        func first(_ count: Int) async -> [String] {
            await withCheckedContinuation { continuation in
                let snapshot: [String]? = lock.withLock {
                    if events.count >= count { return events }
                    waiters.append((count, continuation))
                    return nil
                }
                if let snapshot { continuation.resume(returning: snapshot) }
            }
        }
    }

    /// A layer already committed to Core Animation, as an app's layers are once on screen,
    /// not a bare `CALayer()` whose first commit is the test's own.
    @MainActor
    static func committedLayer() -> CALayer {
        let layer = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = 1
        CATransaction.commit()
        CATransaction.flush()
        return layer
    }

    @MainActor
    @Test func transactionOperationsChainedOnTheMainQueueRunInOrder() async {
        let card = Self.committedLayer(), badge = Self.committedLayer()
        let stream = EventStream()
        let slide = TransactionAnimationOperation(layer: card, keyPath: "position.x", from: CGFloat(0), to: CGFloat(200), duration: 0.05)
        let fade = TransactionAnimationOperation(layer: badge, keyPath: "opacity", from: Float(0), to: Float(0.5), duration: 0.05)
        slide.onEvent = { stream.record("slide \($0)") }
        fade.onEvent = { stream.record("fade \($0)") }
        fade.addDependency(slide)
        enqueueOnMainQueue([slide, fade])
        let events = await stream.first(4)
        #expect(events == ["slide start", "slide finish", "fade start", "fade finish"])
        #expect(card.position.x == 200 && badge.opacity == 0.5)
    }

    @MainActor
    @Test func nestedCompletionBlocksShakeThenStretchAndSlide() async {
        let bar = Self.committedLayer()
        bar.bounds = CGRect(x: 0, y: 0, width: 40, height: 60)
        let stream = EventStream()
        shakeThenStretchAndSlide(bar, height: 120, position: CGPoint(x: 30, y: 90), duration: 0.05) { stream.record($0) }
        let events = await stream.first(2)
        #expect(events == ["shake ended", "stretch and slide ended"])
        #expect(bar.bounds.size.height == 120 && bar.position == CGPoint(x: 30, y: 90))
    }

    @MainActor
    @Test func planPlaysItsStepsInOrderAndLeavesTheFinalValues() async {
        let card = Self.committedLayer(), badge = Self.committedLayer()
        let started = CACurrentMediaTime()
        let run = AnimationQueue(name: "real time").run(AnimationPlan {
            Step(card, BasicAnimation(.positionX, from: 0, to: 120, duration: 0.05)).named("slide")
            Parallel {
                Step(badge, BasicAnimation(.opacity, from: 0, to: 0.5, duration: 0.05)).named("fade")
                Step(card, BasicAnimation(.cornerRadius, to: 8, duration: 0.05)).named("round")
            }
        }, motion: .full)
        #expect(await run.outcome == .finished)
        #expect(CACurrentMediaTime() - started >= 0.09)                // two 0.05 s steps in series
        let events = run.recordedEvents
        func index(_ step: String, started: Bool) -> Int? {
            events.firstIndex { $0.step == step && ($0.kind == .started) == started }
        }
        #expect(index("slide", started: false)! < index("fade", started: true)!)
        #expect(index("slide", started: false)! < index("round", started: true)!)
        #expect(card.position.x == 120 && card.cornerRadius == 8 && badge.opacity == 0.5)
        #expect(card.animationKeys() == nil && badge.animationKeys() == nil)
    }

    @MainActor
    @Test func cancellingARunningStepRevertsAndCancelsThePendingOnes() async {
        let card = Self.committedLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        card.position.x = 20
        CATransaction.commit()
        // Long enough that it is still running however long a loaded machine takes to see it
        // start; it is cancelled then.
        let slide = AnimationOperation(layer: card, animation: BasicAnimation(.positionX, from: 50, to: 300, duration: 600))
        slide.cancellationPolicy = .revert
        let fade = AnimationOperation(layer: card, animation: BasicAnimation(.opacity, to: 0, duration: 0.05))
        fade.addDependency(slide)
        let queue = AnimationQueue(name: "cancel")
        queue.addOperations([slide, fade])
        // Until the slide runs; the suite's time limit cancels the task, which ends the loop.
        while card.animationKeys() == nil, !slide.isFinished, !Task.isCancelled { await Task.yield() }
        #expect(card.animationKeys()?.count == 1)
        slide.cancel()
        #expect(await slide.waitForOutcome() == .cancelled)
        #expect(await fade.waitForOutcome() == .cancelled)
        #expect(card.position.x == 50)                              // the slide's from-value
        #expect(card.opacity == 1 && card.animationKeys() == nil)
    }
}
