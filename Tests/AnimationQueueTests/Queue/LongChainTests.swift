#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Long chains are built, run and released link by link (the Graphs guide): without unlinking, releasing 50,000+ linked operations overflows the stack
/// through recursive deinit.
///
/// A 100,000-step chain holds about 150 MB while it runs, which malloc keeps: the suite does
/// not run beside the load test (``LoadStabilityTests``), whose resident-memory bound would
/// count it.
@Suite(.serialized, .hangGuard, .mainQueueExclusive)
struct LongChainTests {
    /// What a run of a chain left behind.
    struct ChainReport {
        var finishedCount = 0
        var wrongOutcomes: [Int] = []
        var firstAlive = true, middleAlive = true, lastAlive = true
        var finalOpacity: Float = .nan
        var seconds: TimeInterval = 0
        var timedOut = false
    }

    /// Suspends until the main queue has run everything enqueued before the call.
    private func mainQueueTurn() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { continuation.resume() }
        }
    }

    /// Builds a chain of `count` zero-duration steps on one layer, each setting the opacity to
    /// its own value, runs it on a fresh queue, and drops every reference the test holds.
    private func runChain(of count: Int, name: String, waitWithQueue: Bool = false) async -> ChainReport {
        let clock = AnimationTestClock()
        let layer = probeLayer(on: clock, opacity: 0)
        var report = ChainReport()
        weak var first: AnimationOperation?
        weak var middle: AnimationOperation?
        weak var last: AnimationOperation?
        let started = Date()
        do {
            let queue = AnimationQueue(name: name)
            var steps: [AnimationOperation] = []
            steps.reserveCapacity(count)
            for index in 0..<count {
                let step = AnimationOperation(layer: layer, animation: OpacityRamp(from: 0, to: Float(index + 1) / Float(count), duration: 0))
                if let previous = steps.last { step.addDependency(previous) }
                steps.append(step)
            }
            first = steps.first
            middle = steps[count / 2]
            last = steps.last
            queue.addOperations(steps)
            // Wait for the last step, letting the main queue turn; stop if the test's time
            // limit cancels the task, so a slow run fails instead of hanging the test process.
            let lastStep = steps[count - 1]
            if waitWithQueue { await queue.waitUntilAllOperationsAreFinished() }
            while !lastStep.isFinished, !Task.isCancelled { await mainQueueTurn() }
            // The queue handles a finish after the operation reports it (waiting with the
            // queue covers both).
            while queue.operationCount > 0, !Task.isCancelled { await mainQueueTurn() }
            report.timedOut = !lastStep.isFinished
            if report.timedOut { queue.cancelAll() }
            for (index, step) in steps.enumerated() {
                if step.outcome == .finished { report.finishedCount += 1 } else { report.wrongOutcomes.append(index) }
            }
            if !report.timedOut { #expect(queue.operationCount == 0) }
            steps.removeAll()
        }
        report.seconds = Date().timeIntervalSince(started)
        report.firstAlive = first != nil
        report.middleAlive = middle != nil
        report.lastAlive = last != nil
        report.finalOpacity = layer.opacity
        if !report.timedOut { #expect(clock.pendingWork.isEmpty) }
        return report
    }

    private func check(_ report: ChainReport, count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!report.timedOut, "the chain did not finish within the time limit (\(String(format: "%.1f", report.seconds)) s)",
                sourceLocation: sourceLocation)
        #expect(report.finishedCount == count, "first wrong outcomes at \(report.wrongOutcomes.prefix(5))",
                sourceLocation: sourceLocation)
        #expect(!report.firstAlive && !report.middleAlive && !report.lastAlive,
                "still alive: first \(report.firstAlive), middle \(report.middleAlive), last \(report.lastAlive)",
                sourceLocation: sourceLocation)
        #expect(report.finalOpacity == 1, "the last step writes 1", sourceLocation: sourceLocation)
    }

    @Test func twoThousandStepChainRunsInOrderAndIsReleased() async {
        let report = await runChain(of: 2_000, name: #function)
        check(report, count: 2_000)
        print("LongChainTests: 2,000-step chain built, run and released in \(String(format: "%.2f", report.seconds)) s")
    }

    @Test func tenThousandStepChainRunsInOrderAndIsReleased() async {
        let report = await runChain(of: 10_000, name: #function)
        check(report, count: 10_000)
        print("LongChainTests: 10,000-step chain built, run and released in \(String(format: "%.2f", report.seconds)) s")
    }

    @Test func tenThousandStepChainAwaitedWithWaitUntilAllOperationsAreFinished() async {
        let report = await runChain(of: 10_000, name: #function, waitWithQueue: true)
        check(report, count: 10_000)
        print("LongChainTests: 10,000-step chain awaited with waitUntilAllOperationsAreFinished() in \(String(format: "%.2f", report.seconds)) s")
    }

    /// The full-size chain (about 6.5 s in a debug build on Linux).
    @Test(.hangGuard)
    func hundredThousandStepChainRunsInOrderAndIsReleased() async {
        let report = await runChain(of: 100_000, name: #function)
        check(report, count: 100_000)
        print("LongChainTests: 100,000-step chain built, run and released in \(String(format: "%.2f", report.seconds)) s"
              + (report.timedOut ? " (did not finish; stopped by the time limit)" : ""))
    }

    /// Steps of 1 ms on the virtual clock: each starts exactly when the previous one ends.
    @Test func thousandTimedStepsEndAtTheSumOfTheirDurations() async {
        let fixture = QueueFixture()
        let layer = fixture.layer(opacity: 0)
        let count = 1_000
        var steps: [AnimationOperation] = []
        for index in 0..<count {
            let step = AnimationOperation(layer: layer, animation: OpacityRamp(from: 0, to: Float(index + 1) / Float(count), duration: 0.001))
            if let previous = steps.last { step.addDependency(previous) }
            steps.append(step)
        }
        fixture.queue.addOperations(steps)
        await fixture.clock.advance(to: 0.4995)
        // Step k (0-based) runs over [k, k + 1) ms: at 499.5 ms step 499 is running, 500 has not started.
        #expect(steps[498].outcome == .finished)
        #expect(steps[499].isExecuting)
        #expect(steps[500].outcome == nil && !steps[500].isExecuting)
        await fixture.clock.advance(to: 1.0005)
        #expect(steps.allSatisfy { $0.outcome == .finished })
        #expect(layer.opacity == 1)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    /// A chain of 50,000 plain `BlockOperation`s runs in order and is released link by link.
    /// Only the ready operation of a chain waits in a Foundation queue (its own, and the one
    /// that watches its finish), so the chain takes linear time. Run in a child process: a
    /// stack overflow on release would otherwise take the whole test run down.
    @Test func fiftyThousandPlainOperationsRunInOrderAndAreReleased() async {
        await #expect(processExitsWith: .success) {
            final class Order: @unchecked Sendable {
                // `lock` guards `next` and `isInOrder`.
                let lock = NSLock()
                var next = 0
                var isInOrder = true
            }
            let order = Order()
            let queue = AnimationQueue(name: "plain chain")
            var steps: [Operation] = []
            for index in 0..<50_000 {
                let step = BlockOperation {
                    order.lock.withLock {
                        if order.next != index { order.isInOrder = false }
                        order.next += 1
                    }
                }
                if let previous = steps.last { step.addDependency(previous) }
                steps.append(step)
            }
            queue.addOperations(steps)
            steps = []
            await queue.waitUntilAllOperationsAreFinished()
            exit(order.lock.withLock { order.isInOrder && order.next == 50_000 } ? 0 : 2)
        }
    }

    /// The same chain, its head cancelled: every step is cancelled, finishes, and the chain is
    /// released without a deep recursive deinit.
    @Test func fiftyThousandCancelledPlainOperationsFinishAndAreReleased() async {
        await #expect(processExitsWith: .success) {
            let queue = AnimationQueue(name: "cancelled plain chain")
            queue.isSuspended = true
            var steps: [Operation] = []
            for _ in 0..<50_000 {
                let step = BlockOperation {}
                if let previous = steps.last { step.addDependency(previous) }
                steps.append(step)
            }
            queue.addOperations(steps)
            steps[0].cancel()
            queue.isSuspended = false
            await queue.waitUntilAllOperationsAreFinished()
            guard steps.allSatisfy({ $0.isCancelled && $0.isFinished }) else { exit(2) }
            steps = []
            exit(0)
        }
    }

    /// A 50,000-link chain that never ran (never added to a queue, so nothing unlinked it) is
    /// released without a deep recursive deinit, whether its links are animation steps,
    /// `AsyncOperation`s or plain operations between them. Run in a child process: a stack
    /// overflow would otherwise take the whole test run down.
    @Test func fiftyThousandLinkChainsThatNeverRanAreReleased() async {
        await #expect(processExitsWith: .success) {
            final class Fetch: AsyncOperation, @unchecked Sendable {
                override func execute() { finish() }
            }
            let layer = CALayer()
            let fade = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3)
            let makers: [() -> Operation] = [
                { AnimationOperation(layer: layer, animation: fade) },
                { Fetch() },
                { BlockOperation {} },
            ]
            for pattern in [[0], [1], [0, 2], [1, 2, 0]] {
                var last: Operation?
                weak var first: Operation?
                for index in 0..<50_000 {
                    let link = makers[pattern[index % pattern.count]]()
                    if let last { link.addDependency(last) } else { first = link }
                    last = link
                }
                last = nil
                guard first == nil else { exit(2) }
            }
            exit(0)
        }
    }

    /// How a test cancels a suspended chain.
    enum ChainCancellation {
        /// Cancelling the head cancels every step at once (propagation is synchronous).
        case head
        /// `cancelAll()` cancels every step.
        case cancelAll
    }

    /// Cancels a suspended 100,000-step chain as `cancellation` says, in a child process, and
    /// exits with 0 if every step is then cancelled. (An exit test's body captures nothing:
    /// each test passes its case as a literal.)
    static func cancelHundredThousandStepChain(by cancellation: ChainCancellation) -> Never {
        let queue = AnimationQueue(name: "cancel long chain (\(cancellation))")
        queue.isSuspended = true
        let layer = CALayer()
        var steps: [AnimationOperation] = []
        for _ in 0..<100_000 {
            let step = AnimationOperation(layer: layer, animation: OpacityRamp(from: 0, to: 1, duration: 0))
            if let previous = steps.last { step.addDependency(previous) }
            steps.append(step)
        }
        queue.addOperations(steps)
        switch cancellation {
        case .head: steps[0].cancel()
        case .cancelAll: queue.cancelAll()
        }
        guard steps.allSatisfy(\.isCancelled) else { exit(2) }
        exit(0)
    }

    /// Cancelling the head of a suspended 100,000-step chain cancels every step. Run in a
    /// child process: a stack overflow in cancellation propagation would otherwise take the
    /// whole test run down.
    @Test func cancellingTheHeadOfAHundredThousandStepChainCancelsEveryStep() async {
        await #expect(processExitsWith: .success) { LongChainTests.cancelHundredThousandStepChain(by: .head) }
    }

    /// `cancelAll()` on a suspended 100,000-step chain cancels every step.
    @Test func cancelAllOnAHundredThousandStepChainCancelsEveryStep() async {
        await #expect(processExitsWith: .success) { LongChainTests.cancelHundredThousandStepChain(by: .cancelAll) }
    }

    /// A cancelled 10,000-step chain runs to the end: every step finishes `.cancelled` without
    /// touching the layer, and the chain is released.
    @Test func cancelledTenThousandStepChainFinishesCancelledAndIsReleased() async {
        let clock = AnimationTestClock()
        let layer = probeLayer(on: clock, opacity: 0.5)
        weak var last: AnimationOperation?
        var outcomes: [AnimationOutcome?] = []
        do {
            let queue = AnimationQueue(name: #function)
            queue.isSuspended = true
            var steps: [AnimationOperation] = []
            for _ in 0..<10_000 {
                let step = AnimationOperation(layer: layer, animation: OpacityRamp(from: 0, to: 1, duration: 0))
                if let previous = steps.last { step.addDependency(previous) }
                steps.append(step)
            }
            last = steps.last
            queue.addOperations(steps)
            steps[0].cancel()
            queue.isSuspended = false
            let lastStep = steps[steps.count - 1]
            while !steps.allSatisfy(\.isFinished), !Task.isCancelled { await mainQueueTurn() }
            _ = lastStep
            outcomes = steps.map(\.outcome)
        }
        #expect(outcomes.count == 10_000 && outcomes.allSatisfy { $0 == .cancelled })
        #expect(last == nil)
        #expect(layer.opacity == 0.5)
    }
}
#endif
