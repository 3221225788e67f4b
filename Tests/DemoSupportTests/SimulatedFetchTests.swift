@testable import DemoSupport
import Dispatch
import Foundation
import Testing

@Suite
struct SimulatedFetchTests {
    /// Counts results from several threads.
    final class Tally: @unchecked Sendable {
        // `lock` guards `posted`.
        private let lock = NSLock()
        private var posted = 0
        func add(_ didPost: Bool) { lock.withLock { posted += didPost ? 1 : 0 } }
        var count: Int { lock.withLock { posted } }
    }

    @Test func racingEndsFinishTheRequestOnce() {
        for _ in 0..<200 {
            let fetch = SimulatedFetch(latency: 3600)       // its own end never comes in the test
            fetch.start()
            #expect(fetch.isExecuting)
            let tally = Tally()
            DispatchQueue.concurrentPerform(iterations: 4) { _ in tally.add(fetch.finish()) }
            #expect(tally.count == 1)
            #expect(fetch.isFinished && !fetch.isExecuting)
        }
    }

    @Test func theEndOfTheLatencyAfterACancelPostsNothing() {
        let fetch = SimulatedFetch(latency: 3600)
        fetch.start()
        fetch.cancel()
        #expect(fetch.isFinished && !fetch.isExecuting)
        #expect(fetch.finish() == false)
    }

    @Test func aRequestCancelledBeforeItStartsFinishesWithoutExecuting() {
        let fetch = SimulatedFetch(latency: 3600)
        fetch.cancel()
        fetch.start()
        #expect(fetch.isFinished && !fetch.isExecuting)
        #expect(fetch.finish() == false)
    }
}
