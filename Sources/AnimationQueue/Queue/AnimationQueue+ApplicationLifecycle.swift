import Foundation

// What the queue does when the app or one of its scenes goes to the background and back
// (see `ApplicationLifecycle`).
extension AnimationQueue {
    /// The app entered the background (main thread). Core Animation removes animations
    /// then, and may report it late or never; the queue's running operations take theirs off
    /// themselves and do what their ``BackgroundPolicy`` says at once, and the queue holds
    /// back the operations that have not started until the app returns to the foreground.
    func applicationDidEnterBackground() {
        let policy = lock.withLock {
            heldInBackground = true
            return storedBackgroundPolicy
        }
        for case let operation as QueueReportingOperation in unfinished {
            operation.enteredBackground(underAnyOf: nil, queuePolicy: policy)
        }
        PlayingOn.enteredBackground(queue: self, queuePolicy: policy, under: nil)
    }

    /// A scene entered the background (main thread): the running operations whose layer is
    /// one of `roots` or under one take their animations off and do what their policy says;
    /// the queue goes on with everything else.
    func sceneEnteredBackground(underAnyOf roots: [CALayer]) {
        guard !roots.isEmpty else { return }
        let policy = backgroundPolicy
        for case let operation as QueueReportingOperation in unfinished {
            operation.enteredBackground(underAnyOf: roots, queuePolicy: policy)
        }
        PlayingOn.enteredBackground(queue: self, queuePolicy: policy, under: roots)
    }

    /// The app, or a scene, returns to the foreground (main thread): the operations
    /// suspended for the time away go on, then the held-back operations start, unless the
    /// owner suspended the queue.
    func applicationWillEnterForeground() {
        lock.withLock { heldInBackground = false }
        for case let operation as QueueReportingOperation in unfinished { operation.enteredForeground() }
        PlayingOn.enteredForeground(queue: self)
        releaseHeldBackIfRunning()
    }
}
