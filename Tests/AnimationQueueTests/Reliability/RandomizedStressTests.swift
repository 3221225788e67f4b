#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Thousands of random dependency graphs of animation operations on virtual time, hit by
/// random cancels, removals, layer releases, pauses, background-thread additions, retargets,
/// takeovers (a new step on a channel a step of the graph moves, as a gesture would add)
/// and trips of the app to the background and back, and
/// compared after every step with an independent model (``StressOracle``).
///
/// Replay a failure with the seed it prints: `AQ_STRESS_SEED=<seed> swift test --filter
/// RandomizedStressTests`. Soak with `AQ_STRESS_GRAPHS=100000` (2,000 by default).
@Suite(.timeLimit(.minutes(10)))
struct RandomizedStressTests {
    /// Graphs per virtual clock.
    static let batchSize = 20

    @Test func randomGraphsUnderRandomEventsKeepEveryInvariant() async {
        MainThreadCheck.prepare()
        let seed = StressEnvironment.integer("AQ_STRESS_SEED") ?? UInt64.random(in: 0...UInt64.max)
        let graphCount = Int(StressEnvironment.integer("AQ_STRESS_GRAPHS") ?? 2_000)
        print("AnimationQueue stress: seed \(seed) (replay with AQ_STRESS_SEED=\(seed)), \(graphCount) graphs")
        let start = Date()
        var random = SeededGenerator(seed: seed)
        var statistics = StressStatistics()
        var offMain = 0, onMain = 0
        var next = 0
        while next < graphCount {
            let ids = next..<min(next + Self.batchSize, graphCount)
            let batch = StressBatch(random: random, statistics: statistics)
            await batch.play(ids: ids)
            random = batch.generator
            statistics = batch.statistics
            offMain += batch.threads.offMain
            onMain += batch.threads.onMain
            next = ids.upperBound
        }
        let wall = Date().timeIntervalSince(start)
        print("""
            AnimationQueue stress: seed \(seed): \(statistics.graphs) graphs, \(statistics.operations) operations, \
            \(statistics.steps) steps, \(statistics.eventCount) events injected \(statistics.events.sorted { $0.key < $1.key }), \
            \(statistics.violations) invariant violations \(statistics.violationsByKind.sorted { $0.key < $1.key }), \(onMain) animations resolved on the main thread and \(offMain) off it, \
            released \(statistics.tracked.sorted { $0.key < $1.key }), wall time \(String(format: "%.1f", wall)) s
            """)
        for report in statistics.reports.prefix(10) { print(report) }
        let reports = statistics.reports.prefix(3).joined(separator: "\n")
        #expect(statistics.violations == 0, "seed \(seed): \(reports)")
        #expect(offMain == 0, "animations resolved off the main thread (seed \(seed))")
        #expect(statistics.leaked.isEmpty, "objects not released (seed \(seed)): \(statistics.leaked)")
        #expect(statistics.graphs == graphCount)
    }
}
#endif
