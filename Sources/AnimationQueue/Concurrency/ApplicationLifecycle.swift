import Foundation

/// Forwards the app's background and foreground transitions to every live
/// ``AnimationQueue``: on entering the background, running animations are removed (their
/// operations finish `.interrupted`) and unstarted work is held back until the app returns.
/// See <doc:Cancellation>.
///
/// Observes UIKit's `didEnterBackgroundNotification` and `willEnterForegroundNotification`
/// where UIKit exists; elsewhere (macOS, Linux) there is no app background, and nothing is
/// observed.
enum ApplicationLifecycle {
    /// Installs the observers once, when the first queue is created.
    static func observe() {
        _ = installed
    }

    /// The app entered the background: every live queue interrupts and holds its work.
    static func didEnterBackground() {
        for queue in LiveQueues.all() { queue.applicationDidEnterBackground() }
    }

    /// The app returns to the foreground: every live queue releases held work.
    static func willEnterForeground() {
        for queue in LiveQueues.all() { queue.applicationWillEnterForeground() }
    }

    #if canImport(UIKit) && !os(watchOS)
    private static let installed: Void = {
        let center = NotificationCenter.default
        // The tokens live as long as the process: the observers are never removed. The names
        // are spelled out (they are the values of `UIApplication.didEnterBackgroundNotification`
        // and `willEnterForegroundNotification`) so that this nonisolated initializer does not
        // read `UIApplication`'s main-actor-isolated class properties.
        _ = center.addObserver(forName: Notification.Name("UIApplicationDidEnterBackgroundNotification"),
                               object: nil, queue: .main) { _ in didEnterBackground() }
        _ = center.addObserver(forName: Notification.Name("UIApplicationWillEnterForegroundNotification"),
                               object: nil, queue: .main) { _ in willEnterForeground() }
    }()
    #else
    private static let installed: Void = ()
    #endif
}
