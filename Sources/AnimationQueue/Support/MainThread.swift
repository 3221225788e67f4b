import Dispatch
import Foundation

/// Runs work on the main thread, inline when already there.
///
/// On Apple platforms the main thread is the one `Thread.isMainThread` names. Under
/// `dispatchMain()` the main queue's blocks run on another thread, so a queue tag would
/// wrongly vouch for it; there, nothing counts as current and every step of Core Animation
/// work goes through the main queue. Apps run the main run loop (`UIApplicationMain`,
/// `NSApplicationMain`, an `async` `main`), which drains the main queue on the main thread.
///
/// On Linux, `Thread.isMainThread` is false inside Swift Testing even on the main queue, so
/// the main queue is recognised by a dispatch-specific key as well.
enum MainThread {
    #if !canImport(Darwin)
    private static let key: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()
    #endif

    /// Whether the caller runs on the main thread (on Linux, also: on the main queue).
    ///
    /// On Linux the queue's key is read first, since `Thread.isMainThread` makes system calls
    /// there.
    static var isCurrent: Bool {
        #if canImport(Darwin)
        Thread.isMainThread
        #else
        DispatchQueue.getSpecific(key: key) == 1 || Thread.isMainThread
        #endif
    }

    /// Runs `body` now if on the main thread, else as soon as the main queue turns.
    static func run(_ body: @escaping @Sendable () -> Void) {
        if isCurrent { body() } else { DispatchQueue.main.async(execute: body) }
    }

    /// Runs `body` on the main thread, asserting isolation to the main actor.
    static func runIsolated(_ body: @escaping @MainActor @Sendable () -> Void) {
        run { MainActor.assumeIsolated { body() } }
    }
}
