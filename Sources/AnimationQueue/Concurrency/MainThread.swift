import Dispatch
import Foundation

/// Runs work on the main thread, inline when already there.
///
/// `Thread.isMainThread` is false inside Swift Testing on Linux even on the main queue, so
/// the main queue is recognised by a dispatch-specific key as well.
enum MainThread {
    private static let key: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()

    /// Whether the caller runs on the main queue or the main thread.
    ///
    /// The queue's key is read first: on Linux, `Thread.isMainThread` makes two system calls
    /// (`getpid`, `gettid`), which a burst of starts on the main queue would pay per step.
    static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) == 1 || Thread.isMainThread
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
