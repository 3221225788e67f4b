#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where QuartzCore
// is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Random plans hit by random seeks, turns, pauses, resumes, speeds, retargets and cancels on
/// virtual time. Whatever the sequence, every step finishes exactly once, nothing stays attached, the
/// layers get their timing back, and each layer's model ends where an independent oracle
/// says: the final values at the end, the values from before the run at the start, and the
/// cancellation policies' values at the plan time of a cancel.
///
/// Replay a failure with the seed it prints: `AQ_TIMELINE_SEED=<seed> swift test --filter
/// TimelineStressTests`. The engine's variance modes (`OPENQUARTZCORE_VARIANCE`) each run it
/// in CI.
@Suite(.hangGuard)
struct TimelineStressTests {
    /// The key paths a plan animates; each layer starts at 0 on every one.
    static let keyPaths: [AnimationKeyPath<CGFloat>] = [.positionX, .positionY, .zPosition]

    /// One animation step of a generated plan: everything the oracle needs, chosen here.
    struct StepSpec {
        let layer: Int
        let keyPath: Int
        let from: CGFloat
        var to: CGFloat
        let duration: TimeInterval
        let delay: TimeInterval
        let policy: CancellationPolicy
        /// Its span of plan time, worked out from the plan's shape (not from the library).
        var begin: TimeInterval = 0
        var end: TimeInterval { begin + delay + duration }
    }

    /// A plan of serial levels, each a parallel group of steps on distinct key paths, with an
    /// optional wait or block at the end of a level.
    struct PlanSpec {
        var levels: [[StepSpec]] = []
        var waits: [TimeInterval?] = []
        var blocks: [Bool] = []
        var duration: TimeInterval = 0
        var allSteps: [StepSpec] { levels.flatMap { $0 } }
    }

    static func makeSpec(_ random: inout SeededGenerator) -> PlanSpec {
        var spec = PlanSpec()
        var time: TimeInterval = 0
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            var used = Set<[Int]>()
            var level: [StepSpec] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let target = [Int.random(in: 0..<3, using: &random), Int.random(in: 0..<3, using: &random)]
                guard used.insert(target).inserted else { continue }
                var step = StepSpec(layer: target[0], keyPath: target[1],
                                    from: CGFloat(Int.random(in: -50...50, using: &random)),
                                    to: CGFloat(Int.random(in: -50...50, using: &random)),
                                    duration: Double(Int.random(in: 1...8, using: &random)) / 16,
                                    delay: Bool.random(using: &random) ? 0 : Double(Int.random(in: 1...3, using: &random)) / 32,
                                    policy: Bool.random(using: &random) ? .revert : .complete)
                step.begin = time
                level.append(step)
            }
            let wait: TimeInterval? = Int.random(in: 0..<4, using: &random) == 0 ? Double(Int.random(in: 1...4, using: &random)) / 16 : nil
            let levelEnd = max(level.map(\.end).max() ?? time, time + (wait ?? 0))
            spec.levels.append(level)
            spec.waits.append(wait)
            spec.blocks.append(Int.random(in: 0..<4, using: &random) == 0)
            time = levelEnd
        }
        spec.duration = time
        return spec
    }

    static func plan(_ spec: PlanSpec, layers: [CALayer], performed: [ScrubTests.Counter]) -> AnimationPlan {
        AnimationPlan {
            for (index, level) in spec.levels.enumerated() {
                Parallel {
                    for (position, step) in level.enumerated() {
                        Step(layers[step.layer], BasicAnimation(keyPaths[step.keyPath], from: step.from, to: step.to,
                                                                duration: step.duration, timing: .easeInEaseOut))
                            .delayed(by: step.delay)
                            .cancellationPolicy(step.policy)
                            .named(name(level: index, position))
                    }
                    if let wait = spec.waits[index] { Wait(wait) }
                }
                if spec.blocks[index] { Perform { performed[index].increment() } }
            }
        }
    }

    static func name(level: Int, _ position: Int) -> String { "level \(level) step \(position)" }

    /// The model the oracle expects on every layer and key path at the end of the run.
    static func expectedModel(_ spec: PlanSpec, ending position: AnimationRun.Position, at time: TimeInterval,
                              reversed: Bool) -> [[CGFloat]] {
        var model = Array(repeating: Array(repeating: CGFloat(0), count: 3), count: 3)
        switch position {
        case .start:
            return model
        case .end:
            for step in spec.allSteps { model[step.layer][step.keyPath] = step.to }
            return model
        case .current:
            // Steps that had begun write their final values; steps in motion then leave
            // their policy's value. Played backwards, a step counts as begun after its begin.
            for step in spec.allSteps {
                let begun = reversed ? step.begin < time : step.begin <= time
                guard begun else { continue }
                model[step.layer][step.keyPath] = step.to
            }
            for step in spec.allSteps {
                let inMotion = reversed ? step.begin < time && time <= step.end : step.begin <= time && time < step.end
                guard inMotion else { continue }
                model[step.layer][step.keyPath] = step.policy == .revert ? step.from : step.to
            }
            return model
        }
    }

    static func model(of layers: [CALayer]) -> [[CGFloat]] {
        layers.map { [$0.position.x, $0.position.y, $0.zPosition] }
    }

    @Test func randomPlansUnderRandomScrubsEndWhereTheOracleSays() async throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["AQ_TIMELINE_SEED"] ?? "") ?? UInt64.random(in: 0...UInt64.max)
        print("TimelineStressTests: seed \(seed) (replay with AQ_TIMELINE_SEED=\(seed))")
        var random = SeededGenerator(seed: seed)
        var events: [String: Int] = [:]
        for round in 0..<300 {
            var spec = Self.makeSpec(&random)
            let fixture = QueueFixture(queueName: "timeline stress \(round)")
            let layers = (0..<3).map { _ in fixture.layer() }
            let performed = spec.levels.map { _ in ScrubTests.Counter() }
            let run = fixture.queue.run(Self.plan(spec, layers: layers, performed: performed), motion: .full)
            let duration = try #require(run.duration)
            #expect(abs(duration - spec.duration) < 1e-9, "seed \(seed) round \(round): duration")
            var onTimeline = false, cancelled = false
            for _ in 0..<Int.random(in: 3...14, using: &random) where !run.isFinished {
                let kind = Int.random(in: 0..<(onTimeline ? 9 : 7), using: &random)
                switch kind {
                case 0, 1:
                    let time = Double.random(in: -0.1...(duration + 0.1), using: &random)
                    run.seek(to: time)
                    onTimeline = true
                    events["seek", default: 0] += 1
                case 2:
                    run.isReversed.toggle()
                    onTimeline = true
                    events["turn", default: 0] += 1
                case 3:
                    run.pause()
                    events["pause", default: 0] += 1
                case 4:
                    run.resume()
                    events["resume", default: 0] += 1
                case 5:
                    run.speed = [0.5, 1, 2][Int.random(in: 0..<3, using: &random)]
                    events["speed", default: 0] += 1
                case 6:
                    await fixture.clock.advance(by: Double(Int.random(in: 0...6, using: &random)) / 20)
                    events["advance", default: 0] += 1
                case 8:
                    // On the timeline, a retarget edits the plan: the step ends on its new target.
                    let level = Int.random(in: 0..<spec.levels.count, using: &random)
                    let position = Int.random(in: 0..<spec.levels[level].count, using: &random)
                    let target = CGFloat(Int.random(in: -50...50, using: &random))
                    spec.levels[level][position].to = target
                    let keyPath = Self.keyPaths[spec.levels[level][position].keyPath]
                    run.operation(ofStep: Self.name(level: level, position))?.retarget(keyPath, to: target)
                    events["retarget", default: 0] += 1
                default:
                    run.cancel()
                    cancelled = true
                    events["cancel", default: 0] += 1
                }
                await fixture.clock.settle()
                if ProcessInfo.processInfo.environment["AQ_TIMELINE_TRACE"] != nil {
                    print("round \(round) event \(kind): plan time \(run.fractionComplete * duration), reversed \(run.isReversed), paused \(run.isPaused), finished \(run.isFinished)")
                }
                if cancelled { break }
            }
            // Let it play to an end.
            let reversed = run.isReversed
            if !cancelled {
                run.resume()
                run.speed = 1
            }
            await fixture.clock.advance(by: duration + 1)
            let context = "seed \(seed) round \(round)"
            if !run.isFinished {
                // Seen rarely, only with the whole suite running in parallel: the clock settled
                // before the run heard that it ended. It is recorded, with what the steps say,
                // and the clock is settled once more; a run that never ends still fails below.
                var finishes: [String: Int] = [:]
                for event in run.recordedEvents {
                    if case .finished = event.kind { finishes[event.step, default: 0] += 1 }
                }
                let steps = run.stepNames.map { name in
                    let operation = run.operation(ofStep: name)
                    return "\(name): finishes \(finishes[name] ?? 0), isFinished \(operation.map { "\($0.isFinished)" } ?? "(block)")"
                }
                let pending = fixture.clock.pendingWork
                withKnownIssue("the clock settled before the run heard its end", isIntermittent: true) {
                    Issue.record("\(context): the run had not ended when the clock settled; steps \(steps), pending work \(pending)")
                }
                await fixture.clock.settle()
            }
            try #require(run.isFinished, "\(context): the run did not end")
            let outcome = await run.outcome
            let position = try #require(run.endPosition)
            let planTime = run.fractionComplete * duration
            #expect(outcome == (cancelled ? .cancelled : .finished), "\(context): outcome")
            // Every step finished exactly once.
            var finishes: [String: Int] = [:]
            for event in run.recordedEvents {
                if case .finished = event.kind { finishes[event.step, default: 0] += 1 }
            }
            #expect(run.stepNames.allSatisfy { finishes[$0] == 1 }, "\(context): finishes \(finishes)")
            // Each block ran at most once; all of them once at the end.
            let runs = performed.map(\.value)
            #expect(runs.allSatisfy { $0 <= 1 }, "\(context): blocks ran \(runs) times")
            if position == .end { #expect(runs == spec.blocks.map { $0 ? 1 : 0 }, "\(context): blocks ran \(runs) times") }
            for (index, layer) in layers.enumerated() {
                #expect(layer.animationKeys() ?? [] == [], "\(context): layer \(index) keeps \(layer.animationKeys() ?? [])")
                #expect(layer.speed == 1 && layer.timeOffset == 0, "\(context): layer \(index) timing")
            }
            let expected = Self.expectedModel(spec, ending: position, at: planTime, reversed: reversed)
            let actual = Self.model(of: layers)
            #expect(actual == expected, "\(context): ended at \(position) (plan time \(planTime)), model \(actual), oracle \(expected)")
            events["end at \(position)", default: 0] += 1
        }
        print("TimelineStressTests: seed \(seed): \(events.sorted { $0.key < $1.key })")
    }
}
#endif
