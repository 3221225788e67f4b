import Foundation

/// `OperationQueue.main` runs one operation at a time, and an ``AnimationOperation`` holds
/// that slot from its start until its animation ends. This refuses the one case where that
/// would stall the main queue for good: an animation that never ends.
enum MainOperationQueueSlot {
    /// Stops the program if `operation`, whose animation lasts `totalDuration` seconds, is
    /// being started by `OperationQueue.main` and would never end.
    ///
    /// - Parameters:
    ///   - operation: The operation being started.
    ///   - totalDuration: Its animation's delay plus active duration (infinite if it repeats
    ///     forever).
    static func check(_ operation: Operation, totalDuration: TimeInterval) {
        guard !totalDuration.isFinite, OperationQueue.current === OperationQueue.main else { return }
        QueueViolation.neverEndingOnMainOperationQueue(operation)
    }
}
