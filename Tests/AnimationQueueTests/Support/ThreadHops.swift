#if !canImport(QuartzCore)
// Used by suites that need the Linux engine's virtual time: compiled only where QuartzCore
// is absent.

import Dispatch
import Foundation

/// Runs `body` on a global-queue thread and waits for it.
func onBackgroundThread(_ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
            body()
            continuation.resume()
        }
    }
}

/// Runs `body` on a thread of its own and waits for it: `body` may block without holding
/// one of the few threads of Dispatch's pool, on which Foundation's `OperationQueue` runs
/// the operations that `body` may be waiting for.
func onThreadOfItsOwn(_ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        Thread {
            body()
            continuation.resume()
        }.start()
    }
}

/// Runs `body` on the main queue, where Core Animation work belongs, and waits for it.
func onMainQueue(_ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async {
            body()
            continuation.resume()
        }
    }
}
#endif
