import AnimationQueue
import Foundation
import Testing

/// Plain `Operation`s in an ``AnimationQueue``: their completion blocks stay their owners'.
/// Uses only Foundation and the queue (no clock), so it runs on every platform.
@Suite(TimeLimits.suite(minutes: 1))
struct PlainOperationTests {
    @Test func aCompletionBlockSetAfterAddingKeepsTheDependentsRunning() async {
        let log = OrderLog()
        let queue = AnimationQueue(name: #function)
        queue.isSuspended = true
        let fetch = BlockOperation { log.record("fetch") }
        let reveal = BlockOperation { log.record("reveal") }
        reveal.addDependency(fetch)
        queue.addOperations([fetch, reveal])
        fetch.completionBlock = { log.record("fetch's own completion") }
        queue.isSuspended = false
        await queue.waitUntilAllOperationsAreFinished()
        #expect(reveal.isFinished && !reveal.isCancelled)
        #expect(queue.operationCount == 0)
        // Foundation runs the completion block asynchronously after the finish: wait for it
        // with a deadline rather than a sleep.
        let deadline = Date().addingTimeInterval(10)
        while !log.events.contains("fetch's own completion"), Date() < deadline { await Task.yield() }
        let recorded = log.events
        #expect(recorded.first == "fetch")
        #expect(recorded.contains("reveal"))
        #expect(recorded.contains("fetch's own completion"))
    }

    @Test func aCompletionBlockSetBeforeAddingRunsOnceAndTheQueueLeavesItAlone() async {
        let log = OrderLog()
        let queue = AnimationQueue(name: #function)
        let fetch = BlockOperation { log.record("fetch") }
        let block: @Sendable () -> Void = { log.record("completion") }
        fetch.completionBlock = block
        queue.addOperation(fetch)
        await queue.waitUntilAllOperationsAreFinished()
        // Foundation runs the completion block asynchronously after the finish: wait for it
        // with a deadline rather than a sleep.
        let deadline = Date().addingTimeInterval(10)
        while !log.events.contains("completion"), Date() < deadline { await Task.yield() }
        #expect(log.events == ["fetch", "completion"])
        #expect(fetch.completionBlock != nil)
    }

    @Test func aCancelledPlainOperationStillCancelsItsDependents() async {
        let queue = AnimationQueue(name: #function)
        queue.isSuspended = true
        let fetch = BlockOperation {}
        let reveal = BlockOperation {}
        reveal.addDependency(fetch)
        queue.addOperations([fetch, reveal])
        fetch.completionBlock = {}
        fetch.cancel()
        queue.isSuspended = false
        await queue.waitUntilAllOperationsAreFinished()
        #expect(reveal.isCancelled)
    }
}
