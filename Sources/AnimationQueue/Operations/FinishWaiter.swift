import Foundation

/// A queue for operations that only wait for other operations to finish: the watchers of an
/// ``AnimationQueue``'s plain operations.
enum FinishWaiter {
    static let queue: OperationQueue = {
        let queue = OperationQueue()
        queue.name = "AnimationQueue.finishWaiter"
        return queue
    }()
}
