#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

@testable import AnimationQueue
import Foundation
import Testing

/// 1,000 layers animate for 10 s on the real clock, with short animations (20–80 ms),
/// continuous random cancels, and each finished operation re-added at once; memory must stay
/// flat and every operation must finish exactly once.
///
/// Memory is judged two ways after a 2 s warm-up:
/// - **Live objects (strict).** Every operation is tracked by a weak reference. At most one
///   operation per layer is current, plus the ones just finished that Foundation has not let
///   go of yet: live operations stay under 3 per layer (3,000), and all are released at the
///   end. A leak of even one operation in a hundred would exceed that within seconds.
/// - **Resident memory (loose).** Sampled from `/proc/self/statm`; growth from the end of
///   the warm-up to the end must stay under 96 MB. Tens of thousands of operations run, so a
///   per-operation leak of ~2 KB or more would exceed it; the tolerance is loose because
///   other suites run in the same process at the same time and malloc keeps freed pages.
///
/// The checks are about memory and outcomes, not throughput: under ThreadSanitizer far fewer
/// operations run in the same 10 s, and the test only requires that re-adds and cancels
/// happened. The wind-down is bounded (30 s), so a lost completion fails the test instead of
/// hanging it. It keeps the main queue busy, so it never overlaps the suites that time the
/// main queue (``MainQueueExclusiveTrait``). `AQ_LOAD_LAYERS` and `AQ_LOAD_SECONDS` scale it
/// down for investigation.
@Suite(.hangGuard, .mainQueueExclusive)
struct LoadStabilityTests {
    /// 200 in a plain `swift test`; CI runs the required 1,000 in a step of its own
    /// (`AQ_LOAD_LAYERS=1000`, see `.ci/run`), where nothing else competes for the main queue.
    static let layerCount = Int(StressEnvironment.integer("AQ_LOAD_LAYERS") ?? 200)
    static let duration = TimeInterval(StressEnvironment.integer("AQ_LOAD_SECONDS") ?? 10)
    static let warmUp: TimeInterval = min(2, duration / 5)
    static let samplingInterval: TimeInterval = 0.5
    static let windDownLimit: TimeInterval = 30

    /// Keeps one operation per layer running, re-adding as each finishes, and cancels a
    /// random layer's operation at a third of the finishes.
    final class Driver: @unchecked Sendable {
        // `lock` guards `running`, `current`, `unfinished`, `random` and the counters.
        private let lock = NSLock()
        private var running = true
        private var current: [AnimationOperation?]
        /// Operations added and not yet finished; an operation leaves it exactly once.
        private var unfinished = Set<ObjectIdentifier>()
        private var random = SeededGenerator(seed: 6)
        private(set) var added = 0, cancels = 0, repeatedFinishes = 0
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
                hooks.willFinish.append { [weak self] operation, outcome, _ in self?.laneFinished(lane, operation, outcome) }
            }
            lifetimes.track(operation, as: "operation")
            lock.withLock {
                current[lane] = operation
                unfinished.insert(ObjectIdentifier(operation))
                added += 1
            }
            queue.addOperation(operation)
        }

        private func laneFinished(_ lane: Int, _ operation: AnimationOperation, _ outcome: AnimationOutcome) {
            let victim: AnimationOperation? = lock.withLock {
                outcomes[outcome, default: 0] += 1
                // The operation is alive here (it is being finished), so its identifier is its own.
                if unfinished.remove(ObjectIdentifier(operation)) == nil { repeatedFinishes += 1 }
                if current[lane] === operation { current[lane] = nil }
                guard running, random.chance(1.0 / 3) else { return nil }
                cancels += 1
                return current[Int.random(in: 0..<current.count, using: &random)]
            }
            victim?.cancel()
            startLane(lane)
        }

        /// Stops re-adding and cancels the operations still current.
        func stop() {
            let remaining = lock.withLock {
                running = false
                defer { current = current.map { _ in nil } }
                return current.compactMap { $0 }
            }
            for operation in remaining { operation.cancel() }
        }

        var counts: (added: Int, cancels: Int, outcomes: [AnimationOutcome: Int], unfinished: Int, repeatedFinishes: Int) {
            lock.withLock { (added, cancels, outcomes, unfinished.count, repeatedFinishes) }
        }
    }

    /// Counts live operations every `interval` on a thread of its own, which neither the
    /// Swift concurrency pool nor Dispatch's (both kept busy by other suites, and starved
    /// under Thread Sanitizer: a Dispatch timer once fired 0 times in 10 s) can hold up; and
    /// once more when stopped, at the end of the load.
    final class Sampler: @unchecked Sendable {
        // `lock` guards `samples`, `maxAlive` and `running`.
        private let lock = NSLock()
        private var samples = 0, maxAlive = 0
        private var running = true
        private let lifetimes: LifetimeTracker

        init(lifetimes: LifetimeTracker, every interval: TimeInterval) {
            self.lifetimes = lifetimes
            let thread = Thread { [self] in
                // The sampling cadence, on this thread only; nothing waits for it.
                while lock.withLock({ running }) {
                    Thread.sleep(forTimeInterval: interval)
                    if lock.withLock({ running }) { sample() }
                }
            }
            thread.name = "LoadStabilityTests.sampler"
            thread.start()
        }

        private func sample() {
            lifetimes.compact()
            let alive = lifetimes.alive()["operation"] ?? 0
            lock.withLock {
                samples += 1
                maxAlive = max(maxAlive, alive)
            }
        }

        /// Takes a last sample and stops; returns the number of samples and the most live
        /// operations seen.
        func stop() -> (samples: Int, maxAlive: Int) {
            sample()
            return lock.withLock {
                running = false
                return (samples, maxAlive)
            }
        }
    }

    /// Resident memory in bytes, from `/proc/self/statm` (pages × page size).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }

    /// Resumes after `seconds` of wall time: the load runs meanwhile (nothing is awaited, and
    /// no thread the load needs is blocked).
    static func letTheLoadRun(for seconds: TimeInterval) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { continuation.resume() }
        }
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }

    @Test func thousandLayersUnderContinuousCancelsAndReaddsKeepMemoryFlat() async {
        let start = Date()
        let residentAtStart = Self.residentBytes()
        let layers = (0..<Self.layerCount).map { _ in CALayer() }
        let driver = Driver(layers: layers)
        for lane in layers.indices { driver.startLane(lane) }
        await Self.letTheLoadRun(for: Self.warmUp)
        driver.lifetimes.compact()
        let residentAfterWarmUp = Self.residentBytes()
        let aliveAfterWarmUp = driver.lifetimes.alive()["operation"] ?? 0
        let sampler = Sampler(lifetimes: driver.lifetimes, every: Self.samplingInterval)
        // The rest of the load runs in full after the warm-up, however late that ended (a
        // loaded machine can delay the warm-up's timer by seconds), so the sampler always
        // gets its periodic samples.
        let loadEnd = Date().addingTimeInterval(Self.duration - Self.warmUp)
        while Date() < loadEnd {
            await Self.letTheLoadRun(for: loadEnd.timeIntervalSinceNow)
        }
        let (samples, maxAlive) = sampler.stop()
        let residentAtEnd = Self.residentBytes()
        let loadSeconds = Date().timeIntervalSince(start)
        let busy = driver.counts

        // Wind down: cancel what is current and wait, bounded, until every operation added
        // has reported its outcome and been released.
        driver.stop()
        driver.queue.cancelAll()
        let windDownStart = Date()
        var released = false
        while Date().timeIntervalSince(windDownStart) < Self.windDownLimit {
            await onMainQueue {}
            driver.lifetimes.compact()
            released = driver.counts.unfinished == 0 && driver.lifetimes.alive().isEmpty
            if released { break }
            await Self.letTheLoadRun(for: 0.01)
        }
        let final = driver.counts
        let finishedCount = final.outcomes.values.reduce(0, +)
        let growth = residentAtEnd - residentAfterWarmUp
        print("""
            LoadStabilityTests: \(final.added) operations on \(Self.layerCount) layers in \(String(format: "%.1f", loadSeconds)) s \
            (+\(String(format: "%.2f", Date().timeIntervalSince(windDownStart))) s wind-down), \(final.cancels) random cancels, \
            outcomes \(final.outcomes), live operations \(aliveAfterWarmUp) after warm-up, at most \(maxAlive) over \(samples) samples, \
            \(driver.lifetimes.alive()["operation"] ?? 0) at the end; resident \(Self.megabytes(residentAtStart)) at start, \
            \(Self.megabytes(residentAfterWarmUp)) after warm-up → \(Self.megabytes(residentAtEnd)) at the end \
            (growth \(Self.megabytes(growth)))
            """)
        // The load really ran: re-adds and cancels kept happening throughout.
        #expect(loadSeconds >= Self.duration)
        #expect(busy.added > Self.layerCount, "the load must keep re-adding")
        #expect(busy.cancels > 0 && (busy.outcomes[.cancelled] ?? 0) > 0, "the load must cancel operations")
        // Live operations were sampled during the load, every 0.5 s after the warm-up and at
        // its end, for the bound below (at least 2 samples: one periodic, one final).
        #expect(samples >= 2, "the sampler thread took \(samples - 1) periodic samples")
        // Exactly once: every operation added reported one outcome, none twice.
        #expect(final.unfinished == 0, "\(final.unfinished) operations never finished")
        #expect(final.repeatedFinishes == 0, "\(final.repeatedFinishes) operations finished more than once")
        #expect(finishedCount == final.added)
        #expect(final.outcomes[.interrupted] == nil, "no layer went away and nothing removed the animations")
        // Memory: live objects bounded during the load and all released after it; resident
        // memory flat within the tolerance.
        #expect(maxAlive < 3 * Self.layerCount, "live operations must stay bounded")
        #expect(released, "operations still alive after the load: \(driver.lifetimes.alive())")
        #expect(growth < 96 * 1_048_576, "resident memory grew by \(Self.megabytes(growth))")
        #expect(driver.queue.operationCount == 0)
        #expect(layers.allSatisfy { $0.animationKeys() == nil })
    }
}
#endif
