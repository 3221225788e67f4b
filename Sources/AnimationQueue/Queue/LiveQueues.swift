import Foundation

/// Every ``AnimationQueue`` that is alive (owned, or kept alive by its unfinished
/// operations), for the app lifecycle: entering the background interrupts each queue's
/// running animations. Queues are registered once, when created, and held weakly.
enum LiveQueues {
    // `lock` guards `queues`.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var queues: [WeakReference<AnimationQueue>] = []


    /// Registers a new queue.
    static func register(_ queue: AnimationQueue) {
        lock.withLock {
            queues.removeAll { $0.object == nil }
            queues.append(WeakReference(queue))
        }
    }

    /// The queues that are alive.
    static func all() -> [AnimationQueue] {
        lock.withLock { queues.compactMap(\.object) }
    }
}
