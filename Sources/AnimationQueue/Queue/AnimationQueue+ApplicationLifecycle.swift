import Foundation

// What the queue does when the app or one of its scenes goes to the background and back
// (see `ApplicationLifecycle`).
extension AnimationQueue {
    /// The app entered the background (main thread). Core Animation removes animations
    /// then; the queue removes those of its running operations itself, so that each
    /// finishes `.interrupted` at once whatever Core Animation does and when, and holds back
    /// the operations that have not started until the app returns to the foreground.
    func applicationDidEnterBackground() {
        lock.withLock { heldInBackground = true }
        for case let operation as QueueReportingOperation in unfinished {
            operation.enteredBackground(underAnyOf: nil)
        }
    }

    /// A scene entered the background (main thread): removes the animations of the running
    /// operations whose layer is one of `roots` or under one, so each finishes `.interrupted`;
    /// the queue goes on with everything else.
    func interruptAnimations(underAnyOf roots: [CALayer]) {
        guard !roots.isEmpty else { return }
        for case let operation as QueueReportingOperation in unfinished {
            operation.enteredBackground(underAnyOf: roots)
        }
    }

    /// The app returns to the foreground (main thread): the held-back operations start,
    /// unless the owner suspended the queue.
    func applicationWillEnterForeground() {
        lock.withLock { heldInBackground = false }
        releaseHeldBackIfRunning()
    }
}
