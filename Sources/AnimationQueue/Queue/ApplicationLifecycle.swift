import Foundation
#if canImport(UIKit) && !os(watchOS)
import UIKit
#endif

/// Forwards the app's and its scenes' background and foreground transitions to every live
/// ``AnimationQueue``. See <doc:Cancellation>.
///
/// - **The app enters the background** (`UIApplication.didEnterBackgroundNotification`):
///   running animations are taken off and their operations do what their
///   ``BackgroundPolicy`` says (by default they pause, and go on from where they were when
///   the app returns, `willEnterForegroundNotification`); unstarted work is held back until
///   then.
/// - **A scene enters the background** (`UIScene.didEnterBackgroundNotification`: a window
///   of a multi-window iPad app, a visionOS window), which UIKit reports with scene
///   notifications only: the running animations on layers in that scene's windows are
///   taken off the same way; other scenes' animations go on. When every connected scene is in
///   the background, unstarted work is held back as for the app, until a scene returns to
///   the foreground (`UIScene.willEnterForegroundNotification`).
///
/// Where UIKit does not exist (macOS, Linux) there is no app background, and nothing is
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

    /// A scene entered the background (main thread): the animations on layers under
    /// `windowLayers` (the layers of the scene's windows) are interrupted; if no scene is
    /// left in the foreground, unstarted work is held back too.
    static func sceneDidEnterBackground(windowLayers: [CALayer], everySceneInBackground: Bool) {
        for queue in LiveQueues.all() {
            queue.sceneEnteredBackground(underAnyOf: windowLayers)
            if everySceneInBackground { queue.applicationDidEnterBackground() }
        }
    }

    #if canImport(UIKit) && !os(watchOS)
    private static let installed: Void = {
        let center = NotificationCenter.default
        // The tokens live as long as the process: the observers are never removed. The names
        // are spelled out (they are the values of `UIApplication.didEnterBackgroundNotification`,
        // `UIScene.didEnterBackgroundNotification` and their foreground twins) so that this
        // nonisolated initializer does not read UIKit's main-actor-isolated class properties.
        _ = center.addObserver(forName: Notification.Name("UIApplicationDidEnterBackgroundNotification"),
                               object: nil, queue: .main) { _ in didEnterBackground() }
        _ = center.addObserver(forName: Notification.Name("UIApplicationWillEnterForegroundNotification"),
                               object: nil, queue: .main) { _ in willEnterForeground() }
        _ = center.addObserver(forName: Notification.Name("UISceneDidEnterBackgroundNotification"),
                               object: nil, queue: .main) { notification in sceneEnteredBackground(notification) }
        _ = center.addObserver(forName: Notification.Name("UISceneWillEnterForegroundNotification"),
                               object: nil, queue: .main) { _ in willEnterForeground() }
    }()

    /// Delivered on the main queue (the observer's queue).
    private static func sceneEnteredBackground(_ notification: Notification) {
        let scene = UncheckedSendableBox(notification.object)
        MainThread.runIsolated { sceneEnteredBackground(scene.value as? UIScene) }
    }

    @MainActor
    private static func sceneEnteredBackground(_ scene: UIScene?) {
        guard let scene else { return }
        let windows = (scene as? UIWindowScene)?.windows ?? []
        let scenes = application?.connectedScenes ?? [scene]
        let everySceneInBackground = scenes.allSatisfy { $0.activationState == .background }
        sceneDidEnterBackground(windowLayers: windows.map(\.layer), everySceneInBackground: everySceneInBackground)
    }

    /// The app's `UIApplication`, looked up at run time: `UIApplication.shared` does not
    /// compile in an app extension, which links this package too and has no application
    /// object (nil here).
    @MainActor
    private static var application: UIApplication? {
        let shared = (UIApplication.self as AnyObject).perform(NSSelectorFromString("sharedApplication"))
        return shared?.takeUnretainedValue() as? UIApplication
    }
    #else
    private static let installed: Void = ()
    #endif
}
