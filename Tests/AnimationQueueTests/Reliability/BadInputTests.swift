#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Each kind of bad input stops with a message that names the problem and the fix, or is
/// thrown as an ``AnimationQueueError``; never a hang or a silent no-op.
///
/// Preconditions are checked with exit tests: the body runs in a child process, and the
/// test reads the message from its standard error.
@Suite(.hangGuard) struct BadInputTests {
    /// The standard error of an exit test's child process.
    private func message(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    // MARK: Durations

    @Test func negativeDurationStopsNamingTheValueAndTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = BasicAnimation(.opacity, to: 1, duration: -1)
        }
        #expect(message(result).contains("duration must be a finite number of seconds ≥ 0, got -1.0. Pass 0 or a positive finite value."))
    }

    @Test func nanDurationStopsNamingTheValueAndTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = KeyframeAnimation(.positionX, values: [0, 1], duration: .nan)
        }
        #expect(message(result).contains("duration must be a finite number of seconds ≥ 0, got nan. Pass 0 or a positive finite value."))
    }

    @Test func infiniteDurationStopsNamingTheValueAndTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SpringAnimation(.positionX, to: 1, duration: .infinity)
        }
        #expect(message(result).contains("duration must be a finite number of seconds ≥ 0, got inf. Pass 0 or a positive finite value."))
    }

    @Test func infiniteCrossFadeStopsNamingTheValueAndTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = BasicAnimation(.opacity, to: 1, duration: 1).reducingMotion(.crossFade(duration: .infinity))
        }
        #expect(message(result).contains("ReducedMotionBehavior.crossFade(duration:) must be a finite number of seconds ≥ 0, got inf."))
    }

    @Test func negativeCrossFadeInAnInitialiserStopsNamingTheValue() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = KeyframeAnimation(.positionX, values: [0, 1], duration: 1, reducedMotion: .crossFade(duration: -1))
        }
        #expect(message(result).contains("ReducedMotionBehavior.crossFade(duration:) must be a finite number of seconds ≥ 0, got -1.0."))
    }

    @Test func nanShorteningStopsNamingTheValueAndTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var spring = SpringAnimation(.positionX, to: 1, duration: 0.5)
            spring.reducedMotion = .shorten(to: .nan)
        }
        #expect(message(result).contains("ReducedMotionBehavior.shorten(to:) must be a number of seconds ≥ 0, got nan. Pass 0 to jump to the final values, a positive limit, or .infinity to keep the motion whole."))
    }

    @Test func aFrameRateRangeOutOfOrderStopsNamingTheValuesAndTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = BasicAnimation(.opacity, to: 1, duration: 1)
                .preferringFrameRateRange(CAFrameRateRange(minimum: 120, maximum: 60, preferred: 90))
        }
        #expect(message(result).contains("a preferred frame rate range needs finite rates ≥ 0 with minimum ≤ preferred ≤ maximum, got minimum 120.0, maximum 60.0, preferred 90.0."))
    }

    @Test func usableFrameRateRangesAreAccepted() {
        _ = BasicAnimation(.opacity, to: 1, duration: 1).preferringFrameRateRange(.default)
        _ = BasicAnimation(.opacity, to: 1, duration: 1).preferringFrameRateRange(CAFrameRateRange(minimum: 30, maximum: 60))
        _ = BasicAnimation(.opacity, to: 1, duration: 1)
            .preferringFrameRateRange(CAFrameRateRange(minimum: 80, maximum: 120, preferred: 120))
    }

    @Test func usableReducedMotionTimesAreAccepted() {
        _ = BasicAnimation(.opacity, to: 1, duration: 1).reducingMotion(.crossFade(duration: 0))
        _ = BasicAnimation(.opacity, to: 1, duration: 1).reducingMotion(.shorten(to: .infinity))
        _ = BasicAnimation(.opacity, to: 1, duration: 1).reducingMotion(.shorten(to: 0))
    }

    @Test func negativeWaitStopsNamingTheValueAndTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Wait(-0.5)
        }
        #expect(message(result).contains("Wait duration must be a finite number of seconds ≥ 0, got -0.5. Pass 0 or a positive finite value."))
    }

    // MARK: Keyframes

    @Test func emptyKeyframesStopNamingTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = KeyframeAnimation<CGFloat>(.positionX, values: [])
        }
        #expect(message(result).contains("a KeyframeAnimation needs at least one value, got an empty array. Pass the values to pass through, for example [0, 10, 0]."))
    }

    @Test func keyTimesCountMismatchStopsNamingTheCounts() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = KeyframeAnimation(.positionX, values: [0, 1, 2], keyTimes: [0, 1])
        }
        let text = message(result)
        #expect(text.contains("invalid keyTimes: 2 keyTimes for 3 values"))
        #expect(text.contains("Pass 3 fractions from 0 to 1"))
    }

    @Test func keyTimeOutsideZeroToOneStopsNamingTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = KeyframeAnimation(.positionX, values: [0, 1, 2], keyTimes: [0, 0.5, 2])
        }
        #expect(message(result).contains("invalid keyTimes: keyTimes[2] is 2.0; each key time is a fraction in 0…1. Divide times in seconds by the duration, for example [0, 0.25, 1]."))
    }

    @Test func aValueThatIsNotAFiniteNumberStopsNamingIt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = BasicAnimation(.opacity, from: 0, to: .nan, duration: 1)
        }
        #expect(message(result).contains("to-value nan holds nan, which is not a finite number; Core Animation cannot show it. Pass finite numbers."))
        let point = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = KeyframeAnimation(.position, values: [CGPoint(x: 0, y: 0), CGPoint(x: CGFloat.infinity, y: 1)], duration: 1)
        }
        #expect(message(point).contains("values[1] CGPoint(x: inf, y: 1.0) holds inf, which is not a finite number"))
        await #expect(processExitsWith: .failure) {
            var spring = SpringAnimation(.positionX, to: 1, duration: 0.5)
            spring.from = -.infinity
        }
    }

    @Test func keyTimesThatDoNotSpanTheAnimationStopNamingTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = KeyframeAnimation(.positionX, values: [0, 1], keyTimes: [0.5, 1])
        }
        #expect(message(result).contains("invalid keyTimes: they run from 0.5 to 1.0; the linear mode needs them to start at 0 and end at 1, the animation's start and end."))
        await #expect(processExitsWith: .failure) {
            _ = KeyframeAnimation(.positionX, values: [0, 1], keyTimes: [0, 0.5, 0.9], calculationMode: .discrete)
        }
        await #expect(processExitsWith: .failure) {
            _ = KeyframeAnimation(.positionX, values: [0, 1], keyTimes: [0, 0.8], calculationMode: .cubic)
        }
    }

    @Test func decreasingKeyTimesStopNamingTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = KeyframeAnimation(.positionX, values: [0, 1, 2], keyTimes: [0, 0.8, 0.5])
        }
        #expect(message(result).contains("invalid keyTimes: keyTimes[2] = 0.5 is before keyTimes[1] = 0.8; key times must not decrease. List them in increasing order, in the order of the values."))
    }

    @Test func segmentTimingsCountMismatchStopsNamingTheCounts() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = KeyframeAnimation(.positionX, values: [0, 1, 2], segmentTimings: [.easeIn])
        }
        #expect(message(result).contains("a KeyframeAnimation with 3 values has 2 segments but 1 segment timings were given. Pass one timing per segment (values.count − 1), or nil to use linear segments."))
    }

    /// Apple (`CAKeyframeAnimation.calculationMode`): the paced modes ignore the timing
    /// functions, so segment timings given with one would silently do nothing.
    @Test func segmentTimingsInAPacedModeStop() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = KeyframeAnimation(.positionX, values: [0, 10, 30], duration: 1, segmentTimings: [.easeIn, .easeOut],
                                  calculationMode: .paced)
        }
        #expect(message(result).contains("calculation mode paces the values evenly by distance and ignores segmentTimings. Pass nil, or use .linear or .cubic"))
    }

    // MARK: Keys built with AnimationKeyPath(_:)

    @Test func misspelledCustomKeyStopsWhenTheOperationStarts() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let fixture = QueueFixture(queueName: "typo")
            let layer = fixture.layer()
            fixture.queue.addOperation(AnimationOperation(layer: layer, animation: BasicAnimation(
                AnimationKeyPath<CGFloat>("conerRadius"), from: 0, to: 12, duration: 1)))
            await fixture.clock.advance(by: 1)
        }
        let text = message(result)
        #expect(text.contains("'conerRadius' is not a property of CALayer, so animating it would do nothing."))
        #expect(text.contains("Did you mean 'cornerRadius' (.cornerRadius)?"))
        #expect(text.contains("Check the spelling"))
        #expect(text.contains("override class func needsDisplay(forKey:) to return true for \"conerRadius\""))
    }

    @Test func unknownSubPathStopsWhenTheOperationStarts() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let clock = AnimationTestClock()
            let layer = clock.makeLayer()
            _ = await layer.run(KeyframeAnimation(AnimationKeyPath<CGFloat>("position.z"), values: [0, 5, 0], duration: 1))
        }
        #expect(message(result).contains("'position.z' is not a property of CALayer"))
    }

    /// A layer has a `frame`, but Core Animation cannot animate it: the model would jump to
    /// the new frame with nothing moving.
    @Test func frameKeyStopsNamingTheKeysToAnimateInstead() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let fixture = QueueFixture(queueName: "frame")
            let layer = fixture.layer()
            fixture.queue.addOperation(AnimationOperation(layer: layer, animation: BasicAnimation(
                AnimationKeyPath<CGFloat>("frame.size.width"), to: 40, duration: 1)))
            await fixture.clock.advance(by: 1)
        }
        let text = message(result)
        #expect(text.contains("'frame.size.width' cannot be animated"))
        #expect(text.contains("Animate .bounds (or .boundsSize) and .position instead"))
    }

    @Test func wrongValueTypeForAKeyStopsNamingTheRightType() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let clock = AnimationTestClock()
            let layer = clock.makeLayer()
            _ = await layer.run(BasicAnimation(AnimationKeyPath<CGPoint>("opacity"), to: CGPoint(x: 1, y: 1), duration: 1))
        }
        let text = message(result)
        #expect(text.contains("AnimationKeyPath<CGPoint>(\"opacity\") animates CGPoint values, but CALayer.opacity holds Float."))
        #expect(text.contains("Declare the key with the property's type: AnimationKeyPath<Float>(\"opacity\")."))
    }

    /// The checks above must not reject what is valid: a declared custom property, an
    /// optional property that is nil (`backgroundColor`), and a number type other than the
    /// property's own (numbers convert).
    @Test func declaredCustomKeysAndOptionalPropertiesAnimate() async {
        let fixture = QueueFixture()
        let gauge = fixture.layer { GaugeLayer() }
        let plain = fixture.layer()
        #expect(plain.backgroundColor == nil)
        let level = AnimationOperation(layer: gauge, animation: BasicAnimation(
            AnimationKeyPath<CGFloat>("level"), to: 1, duration: 1, timing: .linear))
        let color = AnimationOperation(layer: plain, animation: BasicAnimation(
            .backgroundColor, to: CGColor(gray: 0.5, alpha: 1), duration: 1))
        let opacity = AnimationOperation(layer: plain, animation: BasicAnimation(
            AnimationKeyPath<Double>("opacity"), to: 0.5, duration: 1))
        fixture.queue.addOperations([level, color, opacity])
        await fixture.clock.advance(by: 0.5)
        #expect(isClose(gauge.presentation().map { Double($0.level) }, 0.55))
        await fixture.clock.advance(by: 0.5)
        #expect(level.outcome == .finished && color.outcome == .finished && opacity.outcome == .finished)
        #expect(gauge.level == 1 && plain.opacity == 0.5)
        #expect(plain.backgroundColor == CGColor(gray: 0.5, alpha: 1))
    }

    // MARK: Graphs and queues

    @Test func planCycleStopsRunNamingTheSteps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let layer = CALayer()
            _ = AnimationQueue(name: "plan cycle").run(AnimationPlan {
                Parallel {
                    Step(layer, BasicAnimation(.opacity, to: 0, duration: 1)).named("p").after("q")
                    Step(layer, BasicAnimation(.opacity, to: 1, duration: 1)).named("q").after("p")
                }
            })
        }
        let text = message(result)
        #expect(text.contains("AnimationPlan: dependency cycle p → q → p") || text.contains("AnimationPlan: dependency cycle q → p → q"))
        #expect(text.contains("Each of these steps waits for the next, so none could start; remove one of the .after(...) dependencies."))
    }

    @Test func operationAddedToTwoQueuesStopsNamingBothQueues() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let first = AnimationQueue(name: "first")
            let second = AnimationQueue(name: "second")
            first.isSuspended = true
            second.isSuspended = true
            let fetch = BlockOperation {}
            fetch.name = "fetch"
            first.addOperation(fetch)
            second.addOperation(fetch)
        }
        #expect(message(result).contains("AnimationQueue 'second': 'fetch' is already in AnimationQueue 'first'. An operation runs on one queue only; add it to one of them, or create a second operation."))
    }

    @Test func operationRunningOnOneQueueAddedToAnotherStopsNamingBothQueues() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let first = AnimationQueue(name: "first")
            let second = AnimationQueue(name: "second")
            let layer = CALayer()
            let fade = AnimationOperation(layer: layer, animation: OpacityRamp(from: 0, to: 1, duration: 10))
            fade.name = "fade"
            first.addOperation(fade)
            // Bounded: if it never reports executing, the message below is another one.
            for _ in 0..<100_000 where !fade.isExecuting { await Task.yield() }
            second.addOperation(fade)
            withExtendedLifetime(layer) {}
        }
        #expect(message(result).contains("AnimationQueue 'second': 'fade' is already in AnimationQueue 'first'. An operation runs on one queue only"))
    }

    @Test func operationStartedByAnOperationQueueAndAddedToAnAnimationQueueStopsSayingSo() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let plain = OperationQueue()
            let layer = CALayer()
            let fade = AnimationOperation(layer: layer, animation: OpacityRamp(from: 0, to: 1, duration: 10))
            fade.name = "fade"
            plain.addOperation(fade)
            // Bounded: if it never reports executing, the message below is another one.
            for _ in 0..<100_000 where !fade.isExecuting { await Task.yield() }
            AnimationQueue(name: "animations").addOperation(fade)
            withExtendedLifetime(layer) {}
        }
        #expect(message(result).contains("AnimationQueue 'animations': 'fade' has already started (on an OperationQueue, or by a call to start())"))
    }

    @Test func anAnimationOperationThatDependsOnItselfStopsInsteadOfHanging() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let fade = AnimationOperation(layer: CALayer(), animation: OpacityRamp(from: 0, to: 1, duration: 1))
            fade.name = "fade"
            fade.addDependency(fade)
        }
        #expect(message(result).contains("'fade'.addDependency(_:) was given the operation itself: an operation that waits for itself could never start."))
    }

    /// Two operations that wait for each other hang any `OperationQueue` (`OperationQueue.main`
    /// included); the second `addDependency(_:)` stops instead, naming both.
    @Test func twoOperationsThatWaitForEachOtherStopInsteadOfHanging() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let fade = AnimationOperation(layer: CALayer(), animation: OpacityRamp(from: 0, to: 1, duration: 1))
            fade.name = "fade"
            let slide = AnimationOperation(layer: CALayer(), animation: OpacityRamp(from: 1, to: 0, duration: 1))
            slide.name = "slide"
            fade.addDependency(slide)
            slide.addDependency(fade)
        }
        #expect(message(result).contains("'slide'.addDependency('fade'): 'fade' already waits for 'slide', so each would wait for the other and neither could ever start. Remove one of these dependencies."))
    }

    @Test func aDependencyAddedAfterTheOperationJoinedAnAnimationQueueStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let queue = AnimationQueue(name: "reveal")
            queue.isSuspended = true
            let reveal = AnimationOperation(layer: CALayer(), animation: OpacityRamp(from: 0, to: 1, duration: 1))
            reveal.name = "reveal"
            let fetch = BlockOperation {}
            fetch.name = "fetch"
            queue.addOperation(reveal)
            reveal.addDependency(fetch)
        }
        #expect(message(result).contains("'reveal'.addDependency('fetch') came after it was added to AnimationQueue 'reveal', which reads dependencies once, as operations are added: the dependency could not be honoured."))
    }

    @Test func aDependencyAddedAfterTheOperationStartedStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let plain = OperationQueue()
            let layer = CALayer()
            let reveal = AnimationOperation(layer: layer, animation: OpacityRamp(from: 0, to: 1, duration: 10))
            reveal.name = "reveal"
            plain.addOperation(reveal)
            // Bounded: if it never reports executing, the message below is another one.
            for _ in 0..<100_000 where !reveal.isExecuting { await Task.yield() }
            reveal.addDependency(BlockOperation {})
            withExtendedLifetime(layer) {}
        }
        #expect(message(result).contains("'reveal'.addDependency("))
        #expect(message(result).contains("came after it started: the dependency could not be honoured."))
    }

    @Test func startingAnOperationByHandBeforeItsDependenciesFinishStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let reveal = AnimationOperation(layer: CALayer(), animation: OpacityRamp(from: 0, to: 1, duration: 1))
            reveal.name = "reveal"
            let fetch = BlockOperation {}
            fetch.name = "fetch"
            reveal.addDependency(fetch)
            reveal.start()
        }
        #expect(message(result).contains("'reveal'.start() was called while it waits for 'fetch': an operation starts once its dependencies have finished."))
    }

    @Test func finishCalledTwiceBySubclassStopsNamingTheOperation() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let queue = AnimationQueue(name: "twice")
            let fetch = FinishingFetch(finishCalls: 2)
            fetch.name = "fetch"
            queue.addOperation(fetch)
            // Waits for `execute()` to return, not only for the first `finish()`: the process
            // must not exit before the second call (it exits normally if that call returns).
            await fetch.executeReturned()
        }
        #expect(message(result).contains("finish() called twice on 'fetch'; an operation finishes exactly once — remove the second call"))
    }

    @Test func finishBeforeStartStopsNamingTheOperation() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let fetch = FinishingFetch(finishCalls: 1)
            fetch.name = "early"
            fetch.finish()
        }
        #expect(message(result).contains("finish() called on 'early' before it started"))
    }

    /// A subclass finishing from `execute()` once, as it should, exits normally: the
    /// double-finish test above fails for the second call, not the first.
    @Test func finishCalledOnceExitsNormally() async {
        await #expect(processExitsWith: .success) {
            let queue = AnimationQueue(name: "once")
            let fetch = FinishingFetch(finishCalls: 1)
            queue.addOperation(fetch)
            await fetch.executeReturned()
            #expect(fetch.isFinished)
        }
    }

    // MARK: Plans

    @Test func planStepWaitingForAStepNotInThePlanStopsRun() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let layer = CALayer()
            _ = AnimationQueue(name: "missing").run(AnimationPlan {
                Step(layer, BasicAnimation(.opacity, to: 0, duration: 1)).named("fade")
                Step(layer, BasicAnimation(.opacity, to: 1, duration: 1)).named("show").after("fade in")
            })
        }
        #expect(message(result).contains("AnimationPlan: step show waits for 'fade in', but no step has that name (named steps: 'fade', 'show'). Name the step with .named(\"fade in\") or fix the spelling."))
    }

    @Test func runningAPlanWithNoStepsStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = AnimationQueue(name: "empty").run(AnimationPlan {})
        }
        #expect(message(result).contains("AnimationPlan has no steps, so there is nothing to run. Add at least one Step, Wait or Perform."))
    }

    @Test func validateThrowsTheSameMessagesAsRunStopsWith() {
        let layer = CALayer()
        #expect(throws: AnimationQueueError(code: .emptyPlan, message: "AnimationPlan has no steps, so there is nothing to run. Add at least one Step, Wait or Perform.")) {
            try AnimationPlan {}.validate()
        }
        #expect(throws: AnimationQueueError.self) {
            try AnimationPlan { Step(layer, BasicAnimation(.opacity, to: 0, duration: 1)).after("nowhere") }.validate()
        }
    }
}

/// A custom animatable property declared the portable way: a computed property over
/// key-value storage, with a default value.
final class GaugeLayer: CALayer {
    var level: CGFloat {
        get { CGFloat.fromCoreAnimationValue(value(forKey: "level")) ?? 0.1 }
        set { setValue(newValue, forKey: "level") }
    }

    override init() { super.init() }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { fatalError("not used") }

    override class func defaultValue(forKey key: String) -> Any? {
        key == "level" ? CGFloat(0.1) : super.defaultValue(forKey: key)
    }
}

/// An `AsyncOperation` subclass whose `execute()` calls `finish()` `finishCalls` times.
final class FinishingFetch: AsyncOperation, @unchecked Sendable {
    // `finishCalls` is immutable; `returned` is thread-safe.
    let finishCalls: Int
    private let returned = DispatchGroup()

    init(finishCalls: Int) {
        self.finishCalls = finishCalls
        returned.enter()
        super.init()
    }

    override func execute() {
        for _ in 0..<finishCalls { finish() }
        returned.leave()
    }

    /// Suspends until `execute()` has returned.
    func executeReturned() async {
        await withCheckedContinuation { continuation in
            returned.notify(queue: .global()) { continuation.resume() }
        }
    }
}
#endif
