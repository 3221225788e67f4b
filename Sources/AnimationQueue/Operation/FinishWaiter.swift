import Foundation

/// A queue for operations that only wait for other operations to finish: the watchers of an
/// ``AnimationQueue``'s plain operations.
enum FinishWaiter {
    static let queue: OperationQueue = {
        let queue = OperationQueue()
        queue.name = "AnimationQueue.finishWaiter"
        // Each watcher hands the next animations over: not at background priority, which a
        // queue made by hand has on Apple platforms.
        queue.qualityOfService = .userInteractive
        return queue
    }()
}
