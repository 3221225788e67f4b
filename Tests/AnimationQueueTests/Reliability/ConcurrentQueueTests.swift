#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Operations added, cancelled and awaited from many threads at once: 8 threads × 10,000
/// operations on one queue, on virtual time. Every wait is bounded by the suite's time
/// limit; nothing sleeps.
///
/// The scenario runs in a child process (an exit test). Other suites' test clocks already
/// ignore this queue (a clock settles only queues holding operations on its own layers),
/// but all of them share the main queue, and this scenario sends it some 200,000 blocks;
/// in its own process it does not delay their main-thread hops.
@Suite(.timeLimit(.minutes(4)))
struct ConcurrentQueueTests {
    static let threadCount = 8
    /// 1,000 in a plain `swift test`; CI runs the required 10,000 in a step of its own
    /// (`AQ_CONCURRENCY_OPERATIONS=10000`, see `.ci/run`), because at that size, running in
    /// parallel with every other suite on 2 cores, it starved their main-queue and real-clock
    /// work past their time limits. `AQ_CONCURRENCY_OPERATIONS` sets another multiple of 100.
    static let operationsPerThread = Int(StressEnvironment.integer("AQ_CONCURRENCY_OPERATIONS") ?? 1_000)
    /// Each thread's operations form chains, one per layer ("lane").
    static let lanesPerThread = 50
    static let duration: TimeInterval = 0.1

    /// What each operation reported: finishes, and whether it started on the main thread
    /// after its predecessor in its lane had finished.
    final class Ledger: @unchecked Sendable {
        // `lock` guards every stored property.
        private let lock = NSLock()
        private var finishes: [Int]
        private var problems: [String] = []
        private(set) var startsOffMain = 0
        private(set) var startCount = 0

        init(count: Int) { finishes = Array(repeating: 0, count: count) }

        func started(_ index: Int, predecessor: Int?, onMain: Bool) {
            lock.withLock {
                startCount += 1
                if !onMain { startsOffMain += 1 }
                if let predecessor, finishes[predecessor] == 0 {
                    problems.append("operation \(index) started before \(predecessor) finished")
                }
            }
        }

        func finished(_ index: Int) { lock.withLock { finishes[index] += 1 } }
        func finishCount(_ index: Int) -> Int { lock.withLock { finishes[index] } }
        var orderProblems: [String] { lock.withLock { problems } }
        var offMain: Int { lock.withLock { startsOffMain } }
        var starts: Int { lock.withLock { startCount } }
    }

    @Test func eightThreadsAddCancelAndAwaitOperationsAtOnce() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]) {
            let failures = await ConcurrentQueueTests.runScenario()
            guard failures.isEmpty else {
                FileHandle.standardError.write(Data(failures.map { "FAILED: \($0)\n" }.joined().utf8))

                exit(EXIT_FAILURE)
            }
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ConcurrentQueueTests: \(Self.threadCount * Self.operationsPerThread) operations"), "\(errors)")
        for line in (output + errors).split(separator: "\n") where line.hasPrefix("ConcurrentQueueTests") || line.hasPrefix("FAILED") {
            print(line)
        }
    }

    /// Records a failed check.
    private static func check(_ condition: Bool, _ message: String, into failures: inout [String]) {
        if !condition { failures.append(message) }
    }

    /// Runs the scenario (in the child process) and returns the checks that failed.
    static func runScenario() async -> [String] {
        MainThreadCheck.prepare()
        let started = Date()
        let fixture = QueueFixture(queueName: "concurrent-\(UUID())")
        let total = Self.threadCount * Self.operationsPerThread
        let lanes = (0..<Self.threadCount * Self.lanesPerThread).map { _ in fixture.layer(opacity: 0.5) }
        let ledger = Ledger(count: total)
        let lifetimes = LifetimeTracker(), threads = ThreadCounter()
        // Operation i belongs to thread i / operationsPerThread and to lane `lane(of: i)`.
        func lane(of index: Int) -> Int {
            (index / Self.operationsPerThread) * Self.lanesPerThread + index % Self.lanesPerThread
        }
        let operations: [AnimationOperation] = (0..<total).map { index in
            let animation = TrackedAnimation(base: BasicAnimation(.opacity, from: 0, to: 1, duration: Self.duration, timing: .linear),
                                             lifetimes: lifetimes, threads: threads)
            let operation = AnimationOperation(layer: lanes[lane(of: index)], animation: animation)
            operation.cancellationPolicy = .complete
            operation.onCancelledDependency = .proceed
            operation.motion = .full
            let predecessor = index % Self.operationsPerThread >= Self.lanesPerThread ? index - Self.lanesPerThread : nil
            operation.addHooks { hooks in
                hooks.didStart.append { _, _ in ledger.started(index, predecessor: predecessor, onMain: MainThreadCheck.isMainQueue) }
                hooks.willFinish.append { _, _, _ in ledger.finished(index) }
            }
            return operation
        }
        for index in 0..<total where index % Self.operationsPerThread >= Self.lanesPerThread {
            operations[index].addDependency(operations[index - Self.lanesPerThread])
        }
        let all = UncheckedSendableBox(operations)
        // Before any time passes: each thread adds its operations in batches of 100 and
        // cancels every 97th of its own and every 101st of the next thread's.
        var cancelled = Set<Int>()
        for thread in 0..<Self.threadCount {
            let own = thread * Self.operationsPerThread
            let next = ((thread + 1) % Self.threadCount) * Self.operationsPerThread
            cancelled.formUnion(stride(from: own, to: own + Self.operationsPerThread, by: 97))
            cancelled.formUnion(stride(from: next + 3, to: next + Self.operationsPerThread, by: 101))
        }
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<Self.threadCount {
                group.addTask {
                    await onBackgroundThread {
                        let own = thread * Self.operationsPerThread
                        let next = ((thread + 1) % Self.threadCount) * Self.operationsPerThread
                        for batch in stride(from: own, to: own + Self.operationsPerThread, by: 100) {
                            fixture.queue.addOperations(Array(all.value[batch..<batch + 100]))
                            for index in batch..<batch + 100 where (index - own) % 97 == 0 {
                                all.value[index].cancel()
                            }
                        }
                        for index in stride(from: next + 3, to: next + Self.operationsPerThread, by: 101) {
                            all.value[index].cancel()
                        }
                    }
                }
            }
        }
        // Every operation is awaited from 8 tasks while virtual time runs; the cancels of the
        // running ones come from 8 threads as well, between steps of time.
        var steps = 0, isStuck = false
        let outcomes = await withTaskGroup(of: [(Int, AnimationOutcome)].self) { group in
            for thread in 0..<Self.threadCount {
                group.addTask {
                    var results: [(Int, AnimationOutcome)] = []
                    for index in thread * Self.operationsPerThread..<(thread + 1) * Self.operationsPerThread {
                        results.append((index, await all.value[index].waitForOutcome()))
                    }
                    return results
                }
            }
            // Every lane ends an operation every step or two. Ten steps without one mean the
            // queue is stuck: the loop stops there, since a failed settle waits 5 s and a child
            // that records many failures blocks on the pipe to its parent before it can exit.
            var least = Int.max, stalled = 0
            while fixture.queue.operationCount > 0, steps < 1_000, stalled < 10 {
                let count = fixture.queue.operationCount
                if count < least { (least, stalled) = (count, 0) } else { stalled += 1 }
                await fixture.clock.advance(by: Self.duration / 2)
                if steps == 3 {
                    await withTaskGroup(of: Void.self) { cancellers in
                        for thread in 0..<Self.threadCount {
                            cancellers.addTask {
                                await onBackgroundThread {
                                    for index in stride(from: thread * Self.operationsPerThread, to: (thread + 1) * Self.operationsPerThread, by: 13)
                                    where all.value[index].isExecuting {
                                        all.value[index].cancel()
                                    }
                                }
                            }
                        }
                    }
                }
                steps += 1
            }
            isStuck = fixture.queue.operationCount > 0
            if isStuck {
                // Stuck: report what is left, then cancel it so that every await returns.
                FileHandle.standardError.write(Data("FAILED: stuck after \(steps) steps: \(fixture.clock.pendingWork.prefix(5))\n".utf8))
                fixture.queue.cancelAll()
                await fixture.clock.advance(by: Self.duration)
            }
            var merged: [Int: AnimationOutcome] = [:]
            for await results in group { for (index, outcome) in results { merged[index] = outcome } }
            return merged
        }
        // The last awaits return from the finishing operations' hooks, which may still be
        // running on their threads: let them end before asking what is left.
        await fixture.clock.settle()
        let cancelledWhileRunning = Set(operations.indices.filter { !cancelled.contains($0) && operations[$0].isCancelled })
        let played = operations.indices.filter { !cancelled.contains($0) && !cancelledWhileRunning.contains($0) }
        var failures: [String] = []
        check(steps < 1_000 && !isStuck, "the queue still held \(fixture.queue.operationCount) operations after \(steps) steps", into: &failures)
        check(outcomes.count == total, "\(outcomes.count) of \(total) awaits returned", into: &failures)
        check(operations.indices.allSatisfy { ledger.finishCount($0) == 1 }, "every operation finishes exactly once", into: &failures)
        // The main thread starts operations while the threads still add and cancel, so one may
        // have begun before its cancel, and a later one on its lane (whose predecessor was
        // cancelled, and which proceeds) may have taken it over first: it ended `.interrupted`.
        func takenOver(_ index: Int) -> Bool { outcomes[index] == .interrupted && operations[index].takeover != nil }
        check(cancelled.allSatisfy { outcomes[$0] == .cancelled || takenOver($0) },
              "cancelled before they started: .cancelled (or taken over first)", into: &failures)
        check(!cancelledWhileRunning.isEmpty && cancelledWhileRunning.allSatisfy { outcomes[$0] == .cancelled || takenOver($0) },
              "cancelled while running: .cancelled (or taken over first)", into: &failures)
        // An operation whose predecessor was cancelled before it started proceeds at once, and
        // may begin while the one before that still moves its lane: it takes that one over.
        check(played.allSatisfy { outcomes[$0] == .finished || takenOver($0) },
              "the rest play to the end, or until a later one takes them over", into: &failures)
        check(ledger.orderProblems.isEmpty, "dependencies respected: \(ledger.orderProblems.prefix(3))", into: &failures)
        check(ledger.offMain == 0 && threads.offMain == 0,
              "\(ledger.offMain) operations and \(threads.offMain) animations started off the main thread", into: &failures)
        check(threads.onMain == ledger.starts, "one animation resolved per operation that started", into: &failures)
        check(ledger.starts >= played.count, "\(ledger.starts) starts for \(played.count) played", into: &failures)
        // Policy .complete and every animation ends at 1: a lane that played anything shows 1.
        check(lanes.allSatisfy { $0.opacity == 1 && $0.animationKeys() == nil }, "every lane ends at opacity 1, detached", into: &failures)
        check(fixture.clock.pendingWork.isEmpty, "pending work: \(fixture.clock.pendingWork.prefix(3))", into: &failures)
        print("ConcurrentQueueTests: \(total) operations from \(Self.threadCount) threads, \(cancelled.count) cancelled before start, \(cancelledWhileRunning.count) while running, wall time \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        return failures
    }
}
#endif
