import Foundation

/// Holds back steps that are about to start, while a run is paused.
///
/// A step whose dependencies finish during a pause parks at the gate and starts when the
/// run resumes (or at once if it is cancelled meanwhile).
final class StartGate: @unchecked Sendable {
    // `lock` guards `isOpen` and `waiters`; waiters run outside it.
    private let lock = NSLock()
    private var isOpenStorage = true
    private var waiters: [@Sendable () -> Void] = []

    var isOpen: Bool { lock.withLock { isOpenStorage } }

    func close() { lock.withLock { isOpenStorage = false } }

    func open() {
        let released = lock.withLock { () -> [@Sendable () -> Void] in
            isOpenStorage = true
            defer { waiters = [] }
            return waiters
        }
        for waiter in released { waiter() }
    }

    /// Runs `body` when the gate is open: now (returning true) or later (returning false).
    func passOrWait(_ body: @escaping @Sendable () -> Void) -> Bool {
        lock.withLock {
            if isOpenStorage { return true }
            waiters.append(body)
            return false
        }
    }
}
