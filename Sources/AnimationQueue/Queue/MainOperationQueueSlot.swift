import Foundation

/// `OperationQueue.main` runs one operation at a time, and an ``AnimationOperation`` holds
/// that slot from its start until its animation ends. This refuses the one case where that
/// would stall the main queue for good: an animation that never ends.
enum MainOperationQueueSlot {
    /// Stops the program if `operation`, whose animation never ends (it repeats forever), is
    /// being started by `OperationQueue.main`. On the main thread `OperationQueue.current` is
    /// the main queue even outside any operation, so an operation started there by hand is
    /// told apart by not being one of the main queue's operations.
    static func checkNeverEnding(_ operation: Operation) {
        guard OperationQueue.current === OperationQueue.main,
              OperationQueue.main.operations.contains(where: { $0 === operation }) else { return }
        QueueViolation.neverEndingOnMainOperationQueue(operation)
    }
}
