import Foundation

/// `OperationQueue.main` runs one operation at a time, and an ``AnimationOperation`` holds
/// that slot from its start until its animation ends. This refuses the one case where that
/// would stall the main queue for good: an animation that never ends.
enum MainOperationQueueSlot {
    /// Stops the program if `operation`, whose animation never ends (it repeats forever), is
    /// being started by `OperationQueue.main`.
    static func checkNeverEnding(_ operation: Operation) {
        guard OperationQueue.current === OperationQueue.main else { return }
        QueueViolation.neverEndingOnMainOperationQueue(operation)
    }
}
