#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

@testable import AnimationQueue
import AnimationQueueTesting
import Foundation

/// Totals of a stress run, for its report.
struct StressStatistics {
    var graphs = 0
    var operations = 0
    var steps = 0
    var events: [String: Int] = [:]
    var violations = 0
    /// Violations per graph kind ("queue", "plan", "gaplessPlan").
    var violationsByKind: [String: Int] = [:]
    var reports: [String] = []
    var tracked: [String: Int] = [:]
    var leaked: [String: Int] = [:]

    var eventCount: Int { events.values.reduce(0, +) }

    mutating func count(_ event: String) { events[event, default: 0] += 1 }
}

/// A batch of random graphs sharing one virtual clock: launched, hit by random events,
/// checked against their oracles after every step, drained, and released.
final class StressBatch {
    /// Event steps per batch before the drain.
    static let eventSteps = 60

    let clock = AnimationTestClock()
    private var random: SeededGenerator
    private(set) var statistics: StressStatistics
    private var harnesses: [StressGraphHarness] = []
    private var unlaunched: [StressGraphHarness] = []
    private var reported = Set<Int>()
    private var kinds: [String: String] = [:]
    private let lifetimes = LifetimeTracker()
    let threads = ThreadCounter()

    init(random: SeededGenerator, statistics: StressStatistics) {
        self.random = random
        self.statistics = statistics
    }

    /// The generator, advanced past this batch, for the next one.
    var generator: SeededGenerator { random }

    func play(ids: Range<Int>) async {
        for id in ids {
            let harness = StressGraphHarness(id: id, spec: .random(using: &random), clock: clock, random: &random)
            statistics.operations += harness.spec.operations.count
            if random.chance(0.25) { unlaunched.append(harness) } else { harnesses.append(harness) }
        }
        statistics.graphs += ids.count
        for harness in harnesses {
            harness.launch(lifetimes: lifetimes, threads: threads)
            harness.didLaunch(at: clock.now)
        }
        await settleAndCheck()
        for _ in 0..<Self.eventSteps {
            await advance(by: -0.12 * log(Double.random(in: 0.001..<1, using: &random)))
            await injectRandomEvent()
            await settleAndCheck()
        }
        await drain()
        await release()
    }

    // MARK: Steps

    private func advance(by interval: TimeInterval) async {
        let target = clock.now + interval
        for harness in harnesses { harness.advanceOracle(to: target) }
        await clock.advance(to: target)
        for harness in harnesses { harness.reconcile(at: target) }
        statistics.steps += 1
    }

    private func injectRandomEvent() async {
        let roll = Double.random(in: 0..<1, using: &random)
        let now = clock.now
        if roll < 0.06, !unlaunched.isEmpty {
            await launchFromBackground(unlaunched.removeLast())
            return
        }
        if roll < 0.12, let harness = harnesses.first(where: \.hasDeferred) {
            await addDeferredFromBackground(harness)
            return
        }
        if roll >= 0.94, roll < 0.97 {
            await backgroundTrip()
            return
        }
        guard let harness = harnesses.filter({ !$0.oracle.isFinished }).randomElement(using: &random) else { return }
        let event: String
        let happened: Bool
        switch roll {
        case ..<0.32:
            (event, happened) = ("cancel operation", harness.cancelRandomOperation(at: now, using: &random))
        case ..<0.42:
            (event, happened) = ("takeover", await harness.takeOverRandomOperation(at: now, lifetimes: lifetimes,
                                                                                threads: threads, using: &random))
        case ..<0.47:
            (event, happened) = (harness.run == nil ? "cancelAll" : "cancel run", harness.cancelEverything(at: now))
        case ..<0.58:
            (event, happened) = ("removeAnimation(forKey:)", await harness.removeRandomAnimation(at: now, using: &random))
        case ..<0.63:
            (event, happened) = ("removeAllAnimations()", await harness.removeAllAnimations(at: now, using: &random))
        case ..<0.69:
            (event, happened) = ("release layer", harness.releaseRandomLayer(at: now, using: &random))
        case ..<0.82:
            (event, happened) = ("pause/resume run", harness.togglePause(at: now))
        case ..<0.94:
            (event, happened) = ("retarget", await harness.retargetRandomOperation(at: now, using: &random))
        default:
            (event, happened) = ("none", false)
        }
        if happened { statistics.count(event) }
    }

    private func launchFromBackground(_ harness: StressGraphHarness) async {
        let box = UncheckedSendableBox((harness, lifetimes, threads))
        await onBackgroundThread { box.value.0.launch(lifetimes: box.value.1, threads: box.value.2) }
        harness.didLaunch(at: clock.now)
        harnesses.append(harness)
        statistics.count("launch graph from a background thread")
    }

    /// The app goes to the background and comes back after a random time: Core Animation
    /// (the engine) and every launched graph's queue hear it, in a random order each way.
    /// Nothing else happens while it is away.
    private func backgroundTrip() async {
        let engineLeavesFirst = random.chance(0.5), engineReturnsFirst = random.chance(0.5)
        let away = Double.random(in: 0.05...1, using: &random)
        let box = UncheckedSendableBox((clock, harnesses.compactMap(\.queue)))
        await onMainQueue {
            let (clock, queues) = box.value
            if engineLeavesFirst { clock.engineClock.enterBackground() }
            for queue in queues { queue.applicationDidEnterBackground() }
            if !engineLeavesFirst { clock.engineClock.enterBackground() }
        }
        for harness in harnesses { harness.didEnterBackground(at: clock.now, engineFirst: engineLeavesFirst) }
        await clock.settle()
        await advance(by: away)
        await onMainQueue {
            let (clock, queues) = box.value
            if engineReturnsFirst { clock.engineClock.enterForeground() }
            for queue in queues { queue.applicationWillEnterForeground() }
            if !engineReturnsFirst { clock.engineClock.enterForeground() }
        }
        for harness in harnesses { harness.didEnterForeground(at: clock.now, engineFirst: engineReturnsFirst) }
        statistics.count("background trip")
    }

    private func addDeferredFromBackground(_ harness: StressGraphHarness) async {
        let box = UncheckedSendableBox(harness)
        await onBackgroundThread { box.value.addDeferred() }
        harness.didAddDeferred(at: clock.now)
        statistics.count("add operations from a background thread")
    }

    /// Lets time-free work settle, then compares every graph with its oracle.
    ///
    /// The test clock settles the work of layers on it; operations whose layer was released
    /// are no longer recognisably its, so their finishes are awaited explicitly, within a
    /// bound (a missing finish is then reported as a violation).
    private func settleAndCheck() async {
        await clock.settle()
        await settle(clock) {
            harnesses.allSatisfy { harness in
                harness.spec.operations.indices.allSatisfy {
                    harness.oracle.outcome($0) == nil || !harness.probe.outcomes(of: $0).isEmpty
                }
            }
        }
        for harness in harnesses { harness.reconcile(at: clock.now) }
        for harness in harnesses where !reported.contains(harness.id) {
            let found = harness.violations(at: clock.now)
            for layer in harness.layers.compactMap({ $0 }) {
                for key in layer.animationKeys() ?? [] {
                    if let animation = layer.animation(forKey: key) { lifetimes.track(animation, as: "animation") }
                }
            }
            guard !found.isEmpty else { continue }
            statistics.violations += found.count
            statistics.violationsByKind["\(harness.spec.kind)", default: 0] += found.count
            reported.insert(harness.id)
            statistics.reports.append("""
                graph \(harness.id) (\(harness.spec.kind), \(harness.spec.operations.count) operations) at t=\(clock.now):
                  \(found.prefix(8).joined(separator: "\n  "))
                  spec: \(harness.spec.operations.map { "\($0.index): layer \($0.layer) \($0.channel) \($0.from.map { "from \($0) " } ?? "")to \($0.to) after \($0.dependencies) delay \($0.delay) duration \($0.duration) \($0.policy) \($0.dependencyPolicy)\($0.isDeferred ? " deferred" : "")\($0.isTakeover ? " takeover" : "")" }.joined(separator: "; "))
                  events: \(harness.log.joined(separator: "; "))
                  timeline: \(harness.probe.timeline)
                """)
        }
    }

    // MARK: End

    /// Launches what is left, resumes paused runs, and plays every graph to its end.
    private func drain() async {
        while let harness = unlaunched.popLast() { await launchFromBackground(harness) }
        for harness in harnesses where harness.hasDeferred { await addDeferredFromBackground(harness) }
        for harness in harnesses { harness.resumeIfPaused(at: clock.now) }
        await settleAndCheck()
        var rounds = 0
        while harnesses.contains(where: { !$0.oracle.isFinished }), rounds < 100 {
            await advance(by: 0.5)
            await settleAndCheck()
            rounds += 1
        }
        await clock.runUntilIdle(limit: 60)
        await settleAndCheck()
        for harness in harnesses where !reported.contains(harness.id) {
            var found: [String] = []
            if !harness.oracle.isFinished { found.append("the oracle expects work left after the drain") }
            for (index, layer) in harness.layers.enumerated() {
                if let keys = layer?.animationKeys(), !keys.isEmpty { found.append("layer \(index) holds \(keys) after the drain") }
            }
            if let run = harness.run {
                let expected = harness.expectedRunOutcome
                if !run.isFinished {
                    found.append("the run did not finish")
                } else if await run.outcome != expected {
                    found.append("run outcome \(await run.outcome), expected \(expected)")
                }
            }
            if !found.isEmpty {
                statistics.violations += found.count
                reported.insert(harness.id)
                statistics.reports.append("graph \(harness.id): \(found.joined(separator: "; ")); events: \(harness.log.joined(separator: "; "))")
            }
        }
        if !clock.pendingWork.isEmpty {
            statistics.violations += 1
            statistics.reports.append("work left on the clock after the drain: \(clock.pendingWork.prefix(5))")
        }
    }

    /// Drops every reference and checks that operations, runs, queues, layers and
    /// animations are all released.
    private func release() async {
        for harness in harnesses { kinds[harness.queue?.name ?? ""] = "\(harness.spec.kind) \(harness.log)" }
        for harness in harnesses { harness.releaseEverything() }
        harnesses = []
        // Foundation releases finished operations asynchronously: bounded settling, no sleep.
        await settle(clock) { lifetimes.alive().isEmpty }
        let leaked = lifetimes.alive()
        for (kind, count) in lifetimes.trackedCounts { statistics.tracked[kind, default: 0] += count }
        for (kind, count) in leaked { statistics.leaked[kind, default: 0] += count }
        if !leaked.isEmpty {
            statistics.violations += leaked.values.reduce(0, +)
            let operations = lifetimes.aliveObjects(of: "operation").compactMap { $0 as? AnimationOperation }
            let states = operations.prefix(6).map { "\($0.name ?? "?") finished \($0.isFinished) \(String(describing: $0.outcome)) cancelled \($0.isCancelled) layer \($0.layer != nil)" }
            let queues = lifetimes.aliveObjects(of: "queue").compactMap { $0 as? AnimationQueue }.prefix(3).map { "\($0.name) count \($0.operationCount) \(kinds[$0.name] ?? "")" }
            statistics.reports.append("still alive after the batch was released: \(leaked); operations: \(states); queues: \(queues)")
        }
    }
}
#endif
