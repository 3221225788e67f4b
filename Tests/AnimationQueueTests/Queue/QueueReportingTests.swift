import AnimationQueue
import Foundation
import Testing

/// An ``AsyncOperation`` reports its cancel and finish to the ``AnimationQueue`` that runs it,
/// as the package's other operations do: a cancel reaches the dependents at once, and one
/// that waits for a dependency finishes at once. Uses only Foundation and the queue (no
/// clock), so it runs on every platform.
@Suite(TimeLimits.suite(minutes: 1))
struct QueueReportingTests {
    /// Work that says when it started and is finished by the test.
    final class ManualWork: AsyncOperation, @unchecked Sendable {
        let started = AsyncStream<Void>.makeStream()
        override func execute() { started.continuation.yield() }
    }

    /// Work that records its name when it executes, and finishes at once.
    final class RecordedWork: AsyncOperation, @unchecked Sendable {
        let log: OrderLog
        init(_ name: String, log: OrderLog) {
            self.log = log
            super.init()
            self.name = name
        }
        override func execute() {
            log.record(name ?? "")
            finish()
        }
    }

    /// A stream that yields once `operation` has finished, heard through a dependency on it
    /// (the one finish signal every Foundation delivers).
    static func finishSignal(of operation: Operation) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let watcher = BlockOperation { continuation.yield() }
        watcher.addDependency(operation)
        OperationQueue().addOperation(watcher)
        return stream
    }

    @Test func aCancelReachesTheDependentsAtOnceWhileTheWorkIsStillRunning() async {
        let queue = AnimationQueue(name: #function)
        let fetch = ManualWork()
        let log = OrderLog()
        let reveal = BlockOperation { log.record("reveal") }
        reveal.addDependency(fetch)
        queue.addOperations([fetch, reveal])
        for await _ in fetch.started.stream { break }
        fetch.cancel()
        // Cancellation is cooperative: the work runs on, and its dependent is cancelled now.
        #expect(reveal.isCancelled)
        #expect(fetch.isExecuting)
        fetch.finish()
        await queue.waitUntilAllOperationsAreFinished()
        #expect(log.events.isEmpty)
        #expect(queue.operationCount == 0)
    }

    @Test func aCancelledOperationThatWaitsForADependencyFinishesWithoutWaitingOrExecuting() async {
        let queue = AnimationQueue(name: #function)
        let log = OrderLog()
        let gate = ManualWork()
        let fetch = RecordedWork("fetch", log: log)
        let reveal = RecordedWork("reveal", log: log)
        fetch.addDependency(gate)
        reveal.addDependency(fetch)
        queue.addOperations([gate, fetch, reveal])
        for await _ in gate.started.stream { break }
        let fetchFinished = Self.finishSignal(of: fetch)
        fetch.cancel()
        #expect(reveal.isCancelled)
        for await _ in fetchFinished { break }
        // The dependency still runs; the cancelled operation finished without executing.
        #expect(gate.isExecuting)
        #expect(log.events.isEmpty)
        gate.finish()
        await queue.waitUntilAllOperationsAreFinished()
        #expect(reveal.isFinished)
        #expect(log.events.isEmpty)
        #expect(queue.operationCount == 0)
    }
}
