import AnimationQueue
import Foundation

// The stagger snippets of README.md ("Plans") and of the Chains guide, verbatim, so that
// they compile on every platform. Keep them in sync: edit a snippet here first, then copy it.
@MainActor
enum StaggerSnippets {
    // README "Plans" and Chains.md "Staggered groups".
    static func stagger(cells: [CALayer], bars: [CALayer], button: CALayer) -> (AnimationPlan, AnimationPlan) {
        let fadeIn = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3)
        let grid = AnimationPlan {
            Parallel(stagger: 0.04) {                    // cell i starts 0.04 · i s after the group
                for cell in cells { Step(cell, fadeIn) }
            }
            Step(button, fadeIn)                         // when the last cell has ended
        }
        let chart = AnimationPlan {
            Parallel(stagger: .from(.center, every: 0.04)) {   // or .start, .end, .custom { index, count in … }
                for bar in bars { Step(bar, BasicAnimation(.boundsHeight, from: 0, to: 120, duration: 0.4)) }
            }
        }
        return (grid, chart)
    }
}

#if !canImport(QuartzCore)
@testable import AnimationQueue
import AnimationQueueTesting
import Testing

/// Staggered parallel groups on virtual time. Five cells fade in linearly, opacity 0 → 1
/// over `duration`, so cell i shows (t − offsetᵢ) / duration at t; the expected offsets are
/// written out by hand from the origin and the interval.
@Suite(.hangGuard)
struct StaggerTests {
    let fixture = QueueFixture(now: 100, queueName: "stagger-\(UUID())")

    func ramp(_ duration: TimeInterval) -> BasicAnimation<Float> {
        BasicAnimation(.opacity, from: 0, to: 1, duration: duration, timing: .linear)
    }

    func shown(_ layer: CALayer) -> Double { Double(layer.presentation()!.opacity) }

    /// The time of `step`'s first event of the kind, relative to the clock's start (100), to
    /// the millisecond.
    func time(_ run: AnimationRun, _ step: String, started: Bool) -> Double? {
        run.recordedEvents.first { event in
            guard event.step == step else { return false }
            if case .finished = event.kind { return !started }
            return started
        }.map { (($0.time - 100) * 1000).rounded() / 1000 }
    }

    func expectClose(_ actual: [Double], _ expected: [Double], _ comment: Comment? = nil,
                     tolerance: Double = 1e-6, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual.count == expected.count, comment, sourceLocation: sourceLocation)
        for (a, e) in zip(actual, expected) {
            #expect(abs(a - e) < tolerance, "\(actual) vs \(expected)", sourceLocation: sourceLocation)
        }
    }

    /// Plays five cells (0.2 s each) in `group`, followed by a 0.1 s step named "next", on a
    /// clock of its own, and returns each cell's start as read from its presentation at
    /// t = 0.18 s (with offsets up to 0.16 s every cell is then mid-fade:
    /// start = 0.18 − shown · 0.2), each cell's end from the run's events, and the start and
    /// end of "next".
    func playFiveCells(scheduling: AnimationPlan.Scheduling = .gapless,
                       _ group: @escaping ([Step]) -> Parallel) async
        -> (starts: [Double], ends: [Double], next: (start: Double?, end: Double?)) {
        let clock = AnimationTestClock(now: 100)
        let cells = (0..<5).map { _ in clock.makeLayer() }
        let after = clock.makeLayer()
        let steps = cells.enumerated().map { Step($1, ramp(0.2)).named("cell \($0)") }
        let run = fixture.queue.run(AnimationPlan(scheduling: scheduling) {
            group(steps)
            Step(after, ramp(0.1)).named("next")
        }, motion: .full)
        await clock.advance(by: 0.18)
        let starts = cells.map { 0.18 - shown($0) * 0.2 }
        await clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(clock.pendingWork.isEmpty)
        let ends = (0..<5).map { time(run, "cell \($0)", started: false) ?? .nan }
        return (starts, ends, (time(run, "next", started: true), time(run, "next", started: false)))
    }

    // MARK: Offsets by origin

    @Test func staggerFromTheStartStartsEachCellOneIntervalAfterThePrevious() async {
        let result = await playFiveCells { steps in Parallel(stagger: 0.04) { for step in steps { step } } }
        expectClose(result.starts, [0, 0.04, 0.08, 0.12, 0.16])
        expectClose(result.ends, [0.2, 0.24, 0.28, 0.32, 0.36])
    }

    @Test func staggerFromTheCenterStartsTheMiddleCellFirstThenOutwards() async {
        let result = await playFiveCells { steps in
            Parallel(stagger: .from(.center, every: 0.04)) { for step in steps { step } }
        }
        expectClose(result.starts, [0.08, 0.04, 0, 0.04, 0.08])
        expectClose(result.ends, [0.28, 0.24, 0.2, 0.24, 0.28])
    }

    @Test func staggerFromTheEndStartsTheLastCellFirst() async {
        let result = await playFiveCells { steps in
            Parallel(stagger: .from(.end, every: 0.04)) { for step in steps { step } }
        }
        expectClose(result.starts, [0.16, 0.12, 0.08, 0.04, 0])
        expectClose(result.ends, [0.36, 0.32, 0.28, 0.24, 0.2])
    }

    @Test func customStaggerStartsEachCellAtTheOffsetItReturns() async {
        // index² · 10 ms: 0, 0.01, 0.04, 0.09, 0.16.
        let result = await playFiveCells { steps in
            Parallel(stagger: .custom { index, _ in Double(index * index) / 100 }) { for step in steps { step } }
        }
        expectClose(result.starts, [0, 0.01, 0.04, 0.09, 0.16])
        expectClose(result.ends, [0.2, 0.21, 0.24, 0.29, 0.36])
    }

    @Test func offsetsOfEachOriginForOddEvenAndTinyCounts() {
        expectClose(Stagger.from(.start, every: 0.5).offsets(count: 4), [0, 0.5, 1, 1.5])
        expectClose(Stagger.from(.end, every: 0.5).offsets(count: 4), [1.5, 1, 0.5, 0])
        // An even count: the two middle parts start together, at the group's start.
        expectClose(Stagger.from(.center, every: 0.5).offsets(count: 4), [0.5, 0, 0, 0.5])
        expectClose(Stagger.from(.center, every: 0.5).offsets(count: 6), [1, 0.5, 0, 0, 0.5, 1])
        expectClose(Stagger.from(.center, every: 0.5).offsets(count: 1), [0])
        #expect(Stagger.from(.center, every: 0.5).offsets(count: 0).isEmpty)
        expectClose(Stagger.custom { index, count in Double(count - index) }.offsets(count: 3), [3, 2, 1])
    }

    // MARK: Values, ends, scheduling

    /// The cells of a staggered group become ready together, so they begin in one batch:
    /// one main-thread turn and one transaction. Each cell's animation is committed then,
    /// with its offset already in it (a group that begins at the commit and holds the
    /// animation that long), so nothing that delays the main thread later can spread them.
    @Test func aStaggeredGroupIsCommittedInOneTransactionWithEveryOffsetInPlace() async throws {
        let cells = (0..<6).map { _ in fixture.layer() }
        let run = fixture.queue.run(AnimationPlan {
            Parallel(stagger: 0.05) { for cell in cells { Step(cell, ramp(0.2)) } }
        }, motion: .full)
        await fixture.clock.advance(by: 0)
        let steps = run.operations.compactMap { $0 as? AnimationOperation }
        #expect(steps.count == 6)
        #expect(Set(steps.map { $0.startBatch }).count == 1 && steps.allSatisfy { $0.startBatch != nil })
        for (index, cell) in cells.enumerated() {
            let key = try #require(cell.animationKeys()?.first)
            let attached = try #require(cell.animation(forKey: key))
            #expect(attached.beginTime == 100, "cell \(index) is committed with the group")
            // The offset sits inside: cell 0 plays at once, the others in a group that holds
            // them 0.05 · index s.
            let offset = (attached as? CAAnimationGroup)?.animations?.first?.beginTime ?? 0
            #expect(abs(offset - 0.05 * Double(index)) < 1e-12, "cell \(index) offset \(offset)")
        }
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
    }

    @Test func cellsNotYetStartedShowTheirFromValueWhileTheModelHoldsTheFinalOne() async {
        let cells = (0..<5).map { _ in fixture.layer() }
        _ = fixture.queue.run(AnimationPlan {
            Parallel(stagger: 0.04) { for cell in cells { Step(cell, ramp(0.2)) } }
        }, motion: .full)
        await fixture.clock.advance(by: 0)
        // Every cell's animation is committed when the group starts: the offsets are
        // Core Animation's to time, with nothing left for the main thread to do until the
        // first cell ends.
        #expect(cells.allSatisfy { $0.animationKeys()?.count == 1 })
        await fixture.clock.advance(by: 0.1)
        // (0.1 − offset) / 0.2, or the from-value 0 before the offset.
        expectClose(cells.map(shown), [0.5, 0.3, 0.1, 0, 0])
        #expect(cells.allSatisfy { $0.opacity == 1 })
    }

    @Test func theStepAfterAStaggeredGroupStartsWhenItsLastCellEnds() async {
        let fromStart = await playFiveCells { steps in Parallel(stagger: 0.04) { for step in steps { step } } }
        #expect(fromStart.next.start == 0.36 && fromStart.next.end == 0.46)
        let fromCenter = await playFiveCells { steps in
            Parallel(stagger: .from(.center, every: 0.04)) { for step in steps { step } }
        }
        #expect(fromCenter.next.start == 0.28 && fromCenter.next.end == 0.38)
    }

    @Test func gaplessAndAfterCompletionSchedulingGiveTheSameTimes() async {
        let group = { (steps: [Step]) in Parallel(stagger: .from(.end, every: 0.04)) { for step in steps { step } } }
        let gapless = await playFiveCells(scheduling: .gapless, group)
        let chained = await playFiveCells(scheduling: .afterCompletion, group)
        expectClose(gapless.starts, [0.16, 0.12, 0.08, 0.04, 0])
        expectClose(chained.starts, gapless.starts)
        expectClose(gapless.ends, [0.36, 0.32, 0.28, 0.24, 0.2])
        #expect(chained.ends == gapless.ends)
        #expect(gapless.next.start == 0.36 && gapless.next.end == 0.46)
        #expect(chained.next.start == 0.36 && chained.next.end == 0.46)
    }

    @Test func eachCellKeepsItsOwnOperationOutcomeAndEvents() async {
        let cells = (0..<3).map { _ in fixture.layer() }
        let run = fixture.queue.run(AnimationPlan {
            Parallel(stagger: 0.1) {
                for (index, cell) in cells.enumerated() { Step(cell, ramp(0.2)).named("cell \(index)") }
            }
        }, motion: .full)
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(run.stepNames == ["cell 0", "cell 1", "cell 2"])
        // A step's operation starts with the group; Core Animation times its offset.
        // Steps that start together may start in any order; they end in their offsets' order.
        // Events print times from the run's start; `time` is media time (the clock reads 100).
        let events = run.recordedEvents.map(\.description)
        #expect(Set(events.prefix(3)) == ["t=0.000 cell 0 started", "t=0.000 cell 1 started", "t=0.000 cell 2 started"])
        #expect(events.dropFirst(3) == ["t=0.200 cell 0 finished", "t=0.300 cell 1 finished", "t=0.400 cell 2 finished"])
        #expect(run.recordedEvents.map(\.time).sorted().last == 100.4)
        #expect((0..<3).allSatisfy { run.outcome(ofStep: "cell \($0)") == .finished })
    }

    // MARK: Nested components

    @Test func aNestedSerialIsOffsetAsAWhole() async {
        let a = fixture.layer(), b = fixture.layer(), c = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Parallel(stagger: 0.1) {
                Step(a, ramp(0.2)).named("a")
                Serial {
                    Step(b, ramp(0.2)).named("b1")
                    Step(b, BasicAnimation(.opacity, from: 1, to: 0, duration: 0.2, timing: .linear)).named("b2")
                }
                Parallel {
                    Step(c, ramp(0.3)).named("c")
                }
            }
        }, motion: .full)
        await fixture.clock.advance(by: 0.15)
        // b1 began at 0.1: (0.15 − 0.1) / 0.2.
        #expect(abs(shown(b) - 0.25) < 1e-6)
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect(time(run, "a", started: true) == 0 && time(run, "a", started: false) == 0.2)
        #expect(time(run, "b1", started: true) == 0.1 && time(run, "b1", started: false) == 0.3)
        #expect(time(run, "b2", started: true) == 0.3 && time(run, "b2", started: false) == 0.5)
        #expect(time(run, "c", started: true) == 0.2 && time(run, "c", started: false) == 0.5)
    }

    // MARK: Cancellation, pause, Reduce Motion

    @Test func cancellingMidStaggerAppliesThePolicyToStartedCellsAndCancelsPendingOnes() async {
        let cells = (0..<5).map { _ in fixture.layer() }
        let last = fixture.layer()
        // Offsets 0, 0.1, 0.2, 0.3, 0.4 and, for the nested serial, 0.5; cancelled at 0.25.
        let run = fixture.queue.run(AnimationPlan {
            Parallel(stagger: 0.1) {
                for (index, cell) in cells.enumerated() { Step(cell, ramp(0.2)).named("cell \(index)") }
                Serial { Step(last, ramp(0.2)).named("nested") }
            }
        }, motion: .full)
        await fixture.clock.advance(by: 0.25)
        run.cancel()
        await fixture.clock.advance(by: 0)
        #expect(await run.outcome == .cancelled)
        #expect(run.outcome(ofStep: "cell 0") == .finished)
        #expect((1..<5).allSatisfy { run.outcome(ofStep: "cell \($0)") == .cancelled })
        #expect(run.outcome(ofStep: "nested") == .cancelled)
        #expect(time(run, "nested", started: true) == nil)
        // Hold the presentation: cell 0 ended on 1, cells 1 and 2 were at (0.25 − offset) / 0.2,
        // cells 3 and 4 still showed their from-value 0.
        expectClose(cells.map { Double($0.opacity) }, [1, 0.75, 0.25, 0, 0])
        #expect(cells.allSatisfy { $0.animationKeys() == nil })
        #expect(last.opacity == 1 && last.animationKeys() == nil)
        await fixture.clock.advance(by: 1)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test func pausingMidStaggerShiftsEveryLaterStartByThePause() async {
        let cells = (0..<3).map { _ in fixture.layer() }
        let run = fixture.queue.run(AnimationPlan {
            Parallel(stagger: 0.1) {
                for (index, cell) in cells.enumerated() { Step(cell, ramp(0.2)).named("cell \(index)") }
            }
        }, motion: .full)
        await fixture.clock.advance(by: 0.15)
        run.pause()
        await fixture.clock.advance(by: 1)
        // Frozen at 0.15: 0.75, 0.25 and the from-value 0.
        expectClose(cells.map(shown), [0.75, 0.25, 0])
        run.resume()
        await fixture.clock.advance(by: 0.1)
        // 0.25 s of run time: 1 (ended), 0.75, 0.25.
        expectClose(cells.map(shown), [1, 0.75, 0.25])
        await fixture.clock.advance(by: 1)
        #expect(await run.outcome == .finished)
        #expect((0..<3).map { time(run, "cell \($0)", started: false) } == [1.2, 1.3, 1.4])
    }

    @Test func reducedMotionJumpsEveryCellToItsFinalValueAtOnce() async {
        let cells = (0..<5).map { _ in fixture.layer() }
        let after = fixture.layer()
        let run = fixture.queue.run(AnimationPlan {
            Parallel(stagger: 0.04) {
                for (index, cell) in cells.enumerated() {
                    Step(cell, BasicAnimation(.opacity, from: 1, to: 0.5, duration: 0.2)).named("cell \(index)")
                }
            }
            Step(after, ramp(0.1)).named("next")
        }, motion: .reduced)
        await fixture.clock.advance(by: 0)
        #expect(await run.outcome == .finished)
        #expect(cells.allSatisfy { $0.opacity == 0.5 && $0.animationKeys() == nil })
        #expect((0..<5).allSatisfy { time(run, "cell \($0)", started: false) == 0 })
        #expect(time(run, "next", started: false) == 0)
    }

    // MARK: Bad input

    /// The standard error of an exit test's child process.
    private func message(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test func negativeIntervalStopsNamingTheValueAndTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Parallel(stagger: -0.04) {}
        }
        #expect(message(result).contains("a stagger interval must be a finite number of seconds ≥ 0, got -0.04. Pass the time between the starts of two neighbouring parts"))
    }

    @Test func nanIntervalStopsNamingTheValueAndTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Stagger.from(.center, every: .nan)
        }
        #expect(message(result).contains("a stagger interval must be a finite number of seconds ≥ 0, got nan."))
    }

    @Test func negativeCustomOffsetStopsNamingThePartAndTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let layer = CALayer()
            _ = Parallel(stagger: .custom { index, _ in 0.1 - Double(index) * 0.1 }) {
                Step(layer, BasicAnimation(.opacity, to: 1, duration: 0.2))
                Step(layer, BasicAnimation(.opacity, to: 1, duration: 0.2))
                Step(layer, BasicAnimation(.opacity, to: 1, duration: 0.2))
            }
        }
        #expect(message(result).contains("the custom stagger returned -0.1 for part 2 of 3, but an offset must be a finite number of seconds ≥ 0"))
        #expect(message(result).contains("Return 0 or a positive finite value for every index in 0..<count"))
    }

    @Test func infiniteCustomOffsetStopsNamingThePart() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Stagger.custom { index, _ in index == 1 ? .infinity : 0 }.offsets(count: 2)
        }
        #expect(message(result).contains("the custom stagger returned inf for part 1 of 2"))
    }
}
#endif
