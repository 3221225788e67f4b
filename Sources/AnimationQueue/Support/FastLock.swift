import Foundation
#if canImport(os)
import os
#endif

/// A mutual-exclusion lock that stores the platform's lock word in the object itself
/// (`os_unfair_lock` on Apple platforms, a `pthread_mutex_t` elsewhere); ``withLock(_:)``
/// calls the platform's functions directly.
///
/// Every ``AnimationOperation`` has one, so it is kept lighter than `NSLock`: one allocation,
/// and no dynamically dispatched calls.
///
/// Not recursive: `body` must not take the same lock again (`os_unfair_lock` stops the
/// program; a `pthread_mutex_t`, like `NSLock`, deadlocks).
///
/// ```swift
/// private let lock = FastLock.make()
/// private var count = 0
/// func increment() { lock.withLock { count += 1 } }
/// ```
final class FastLock: ManagedBuffer<Void, FastLock.Word> {
    // Thread safety: the lock word is touched only through the platform's lock functions,
    // which any thread may call, and the header is empty. The type is not `Sendable`
    // (`ManagedBuffer` cannot be), and need not be: each lock is a stored constant of the
    // object it guards.
    #if canImport(os)
    typealias Word = os_unfair_lock
    #else
    typealias Word = pthread_mutex_t
    #endif

    /// A new, unlocked lock.
    static func make() -> FastLock {
        let lock = unsafeDowncast(FastLock.create(minimumCapacity: 1) { _ in }, to: FastLock.self)
        lock.withUnsafeMutablePointerToElements { word in
            #if canImport(os)
            word.initialize(to: os_unfair_lock())
            #else
            word.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(word, nil)
            precondition(status == 0, "pthread_mutex_init failed (\(status))")
            #endif
        }
        return lock
    }

    deinit {
        withUnsafeMutablePointerToElements { word in
            #if !canImport(os)
            pthread_mutex_destroy(word)
            #endif
            _ = word.deinitialize(count: 1)
        }
    }

    /// Runs `body` holding the lock.
    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointerToElements { word in
            #if canImport(os)
            os_unfair_lock_lock(word)
            defer { os_unfair_lock_unlock(word) }
            #else
            pthread_mutex_lock(word)
            defer { pthread_mutex_unlock(word) }
            #endif
            return try body()
        }
    }
}
