#if canImport(Darwin)
// Key-value observing of Foundation's `Operation` exists on Apple platforms only (Linux
// Foundation has no KVO to observe with): compiled where it can run.

import AnimationQueue
import Foundation
import Testing

/// `AsyncOperation`'s key-value notifications, as Foundation documents them for an
/// asynchronous operation: an observer that asks for the prior value of `isExecuting` or
/// `isFinished` is given the old one, and then the new one.
@Suite(TimeLimits.suite(minutes: 1))
struct AsyncOperationTests {
    final class ManualOperation: AsyncOperation, @unchecked Sendable {
        override func execute() {}   // finished by the test
    }

    @Test func observersSeeTheOldValueBeforeAndTheNewValueAfterEachChange() {
        let operation = ManualOperation()
        let recorder = OrderLog()
        let executing = operation.observe(\.isExecuting, options: [.prior, .old, .new]) { _, change in
            recorder.record(change.isPrior ? "executing was \(change.oldValue!)" : "executing is \(change.newValue!)")
        }
        let finished = operation.observe(\.isFinished, options: [.prior, .old, .new]) { _, change in
            recorder.record(change.isPrior ? "finished was \(change.oldValue!)" : "finished is \(change.newValue!)")
        }
        operation.start()
        operation.finish()
        executing.invalidate()
        finished.invalidate()
        #expect(recorder.events == [
            "executing was false", "executing is true",
            "finished was false", "executing was true",
            "executing is false", "finished is true",
        ])
    }
}
#endif
