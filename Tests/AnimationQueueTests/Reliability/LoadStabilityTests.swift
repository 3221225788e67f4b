@testable import AnimationQueue
import Foundation
import Testing

/// 1,000 layers animate for 10 s on the real clock, with short animations, continuous random
/// cancels, and each finished operation re-added at once; memory must stay flat.
///
/// Memory is judged two ways after a 2 s warm-up:
/// - **Live objects (strict).** Every operation is tracked by a weak reference. At most one
///   operation per layer is current, plus the ones just finished that Foundation has not let
///   go of yet: live operations stay under 3 per layer (3,000), and all are released at the
///   end. A leak of even one operation in a hundred would exceed that within seconds.
/// - **Resident memory (loose).** Sampled from `/proc/self/statm`; growth from the end of
///   the warm-up to the end must stay under 96 MB. Tens of thousands of operations run, so a
///   per-operation leak of ~1 KB or more would exceed it; the tolerance is loose because
///   other suites run in the same process at the same time and malloc keeps freed pages.
///
/// - Important: Disabled: unfinished. On the real clock this test does not complete (it
///   neither finishes nor stops at its time limit), and with 5 layers the re-add rate is a
///   quarter of what the 20–80 ms durations allow. Not yet diagnosed; run it with
///   `AQ_LOAD_LAYERS=5 AQ_LOAD_SECONDS=3` on the test binary directly to investigate.
@Suite(.timeLimit(.minutes(2)), .disabled("unfinished: does not complete on the real clock; see the doc comment"))
struct LoadStabilityTests {
    static let layerCount = Int(StressEnvironment.integer("AQ_LOAD_LAYERS") ?? 1_000)
    static let duration = TimeInterval(StressEnvironment.integer("AQ_LOAD_SECONDS") ?? 10)
    static let warmUp: TimeInterval = 2

    /// Keeps one operation per layer running, re-adding as each finishes, and cancels a
    /// random layer's operation at a third of the finishes.
    final class Driver: @unchecked Sendable {
        // `lock` guards `running`, `current`, `random` and the counters.
        private let lock = NSLock()
        private var running = true
        private var current: [AnimationOperation?]
        private var random = SeededGenerator(seed: 6)
        private(set) var added = 0, cancels = 0
        private(set) var outcomes: [AnimationOutcome: Int] = [:]
        let queue = AnimationQueue(name: "load-\(UUID())")
        let layers: [CALayer]
        let lifetimes = LifetimeTracker()

        init(layers: [CALayer]) {
            self.layers = layers
            current = Array(repeating: nil, count: layers.count)
        }

        func startLane(_ lane: Int) {
            let (go, duration, policy): (Bool, TimeInterval, CancellationPolicy) = lock.withLock {
                (running, Double.random(in: 0.02...0.08, using: &random),
                 [.holdPresentation, .revert, .complete].randomElement(using: &random)!)
            }
            guard go else { return }
            let operation = AnimationOperation(layer: layers[lane], animation: BasicAnimation(.opacity, from: 0, to: 1, duration: duration, timing: .linear))
            operation.motion = .full
            operation.cancellationPolicy = policy
            operation.addHooks { hooks in
                hooks.willFinish.append { [weak self] _, outcome, _ in self?.laneFinished(lane, outcome) }
            }
            lifetimes.track(operation, as: "operation")
            lock.withLock {
                current[lane] = operation
                added += 1
            }
            queue.addOperation(operation)
        }

        private func laneFinished(_ lane: Int, _ outcome: AnimationOutcome) {
            let victim: AnimationOperation? = lock.withLock {
                outcomes[outcome, default: 0] += 1
                guard running, random.chance(1.0 / 3) else { return nil }
                cancels += 1
                return current[Int.random(in: 0..<current.count, using: &random)]
            }
            victim?.cancel()
            startLane(lane)
        }

        /// Stops re-adding; returns the operations still current.
        func stop() -> [AnimationOperation] {
            lock.withLock {
                running = false
                defer { current = current.map { _ in nil } }
                return current.compactMap { $0 }
            }
        }

        var counts: (added: Int, cancels: Int, outcomes: [AnimationOutcome: Int]) { lock.withLock { (added, cancels, outcomes) } }
    }

    /// Resident memory in bytes, from `/proc/self/statm` (pages × page size).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }

    /// Resumes after `seconds` of wall time: the load runs meanwhile (nothing is awaited).
    static func letTheLoadRun(for seconds: TimeInterval) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { continuation.resume() }
        }
    }

    @Test func thousandLayersUnderContinuousCancelsAndReaddsKeepMemoryFlat() async {
        let start = Date()
        let layers = (0..<Self.layerCount).map { _ in CALayer() }
        let driver = Driver(layers: layers)
        for lane in layers.indices { driver.startLane(lane) }
        await Self.letTheLoadRun(for: Self.warmUp)
        driver.lifetimes.compact()
        let residentAfterWarmUp = Self.residentBytes()
        var maxAlive = 0
        var samples = 0
        while Date().timeIntervalSince(start) < Self.duration {
            await Self.letTheLoadRun(for: 0.5)
            driver.lifetimes.compact()
            maxAlive = max(maxAlive, driver.lifetimes.alive()["operation"] ?? 0)
            samples += 1
        }
        let residentAtEnd = Self.residentBytes()
        let busy = driver.counts
        // Wind down: cancel what is current and wait for it (bounded by the time limit).
        let remaining = driver.stop()
        driver.queue.cancelAll()
        for operation in remaining { _ = await operation.waitForOutcome() }
        var released = false
        for _ in 0..<2_000 where !released {
            await onMainQueue {}
            released = driver.lifetimes.alive().isEmpty
        }
        let growth = residentAtEnd - residentAfterWarmUp
        print("""
            LoadStabilityTests: \(busy.added) operations on \(Self.layerCount) layers in \(String(format: "%.1f", Date().timeIntervalSince(start))) s, \
            \(busy.cancels) random cancels, outcomes \(busy.outcomes), max live operations \(maxAlive) over \(samples) samples, \
            resident \(residentAfterWarmUp / 1_048_576) MB after warm-up → \(residentAtEnd / 1_048_576) MB at the end \
            (growth \(growth / 1_048_576) MB)
            """)
        #expect(busy.added > 3 * Self.layerCount, "the load must keep re-adding")
        #expect(busy.cancels > Self.layerCount / 2 && (busy.outcomes[.cancelled] ?? 0) > 0)
        #expect(samples >= 10)
        #expect(maxAlive < 3 * Self.layerCount, "live operations must stay bounded")
        #expect(released, "operations still alive after the load: \(driver.lifetimes.alive())")
        #expect(growth < 96 * 1_048_576, "resident memory grew by \(growth / 1_048_576) MB")
        #expect(driver.queue.operationCount == 0)
        #expect(layers.allSatisfy { $0.animationKeys() == nil })
    }
}
