#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// `isExecuting` and `isFinished` change only between their `willChangeValue` and
/// `didChangeValue`, as `Operation` requires of an asynchronous operation: a key-value
/// observer reads the old value when a change is announced and the new one after it.
///
/// Swift's corelibs Foundation has no key-value observing to watch with, so the flags are
/// read from the operation's own hooks, which run just before `willChangeValue` and just
/// after `didChangeValue`: by then its outcome is decided, and its flags must not have
/// moved yet; after, they must have.
@Suite(.hangGuard)
struct OperationKeyValueTests {
    enum Path: Sendable, CaseIterable { case finishes, cancelledBeforeStart, cancelledWhileRunning }

    @Test(arguments: Path.allCases)
    func theFlagsChangeOnlyBetweenTheNotifications(path: Path) async {
        let fixture = QueueFixture()
        let layer = fixture.layer()
        let operation = AnimationOperation(layer: layer, animation: OpacityRamp(from: 0, to: 1, duration: 1))
        // (isExecuting, isFinished, outcome) as the finish is about to be announced, and once it was.
        let seen = LockedValue<[String]>([])
        @Sendable func flags(_ operation: AnimationOperation) -> String {
            "\(operation.isExecuting ? 1 : 0)\(operation.isFinished ? 1 : 0) \(operation.outcome.map { "\($0)" } ?? "-")"
        }
        operation.addHooks { hooks in
            hooks.willFinish.append { operation, _, _ in seen.value.append("will " + flags(operation)) }
            hooks.didFinish.append { operation in seen.value.append("did " + flags(operation)) }
        }
        if path == .cancelledBeforeStart { operation.cancel() }
        #expect(!operation.isExecuting && !operation.isFinished)
        fixture.queue.addOperation(operation)
        await fixture.clock.advance(by: 0.5)
        if path == .cancelledWhileRunning { operation.cancel() }
        await fixture.clock.advance(by: 0.5)

        switch path {
        case .finishes:
            #expect(seen.value == ["will 10 finished", "did 01 finished"])
        case .cancelledWhileRunning:
            #expect(seen.value == ["will 10 cancelled", "did 01 cancelled"])
        case .cancelledBeforeStart:
            // It never executes: only `isFinished` changes.
            #expect(seen.value == ["will 00 cancelled", "did 01 cancelled"])
        }
    }
}
#endif
