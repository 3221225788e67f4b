import Foundation

/// Holds back steps that are about to start, while a run is paused, or hands them to the
/// run's timeline once the run is scrubbed or reversed.
///
/// A step whose dependencies finish during a pause parks at the gate and starts when the
/// run resumes (or at once if it is cancelled meanwhile). Once the run is on its timeline
/// (``divert(to:)``) the gate stays closed: every step that reaches it from then on goes to
/// the timeline, which finishes it when plan time passes its end.
final class StartGate: @unchecked Sendable {
    // `lock` guards `passage` and `waiters`; waiters and the timeline's handler run outside it.
    private let lock = NSLock()
    private var passage = Passage.open
    private var waiters: [(operation: Operation, resume: @Sendable () -> Void)] = []

    private enum Passage {
        case open, closed
        /// Closed for good: arrivals go to the handler.
        case diverted(@Sendable (Operation) -> Void)
    }

    var isOpen: Bool {
        lock.withLock { if case .open = passage { true } else { false } }
    }

    /// Whether the gate hands its arrivals to a timeline.
    var isDiverted: Bool {
        lock.withLock { if case .diverted = passage { true } else { false } }
    }

    /// Closes the gate (a diverted gate stays as it is).
    func close() {
        lock.withLock { if case .open = passage { passage = .closed } }
    }

    /// Opens the gate and lets every waiting operation through (a diverted gate stays closed).
    func open() {
        let released = lock.withLock { () -> [(operation: Operation, resume: @Sendable () -> Void)] in
            guard case .closed = passage else { return [] }
            passage = .open
            defer { waiters = [] }
            return waiters
        }
        for waiter in released { waiter.resume() }
    }

    /// Lets `operation` through now (returning true), or holds it: `resume` runs when the
    /// gate opens, or, once the gate is diverted, the timeline's handler gets the operation.
    func passOrWait(_ operation: Operation, _ resume: @escaping @Sendable () -> Void) -> Bool {
        let handler = lock.withLock { () -> (@Sendable (Operation) -> Void)?? in
            switch passage {
            case .open: return .none
            case .closed:
                waiters.append((operation, resume))
                return .some(nil)
            case .diverted(let handler): return .some(handler)
            }
        }
        guard let handler else { return true }
        handler?(operation)
        return false
    }

    /// Closes the gate for good and hands every arrival from now on to `handler`. Returns the
    /// operations waiting at the gate now, in the order they came; their resumes are dropped.
    func divert(to handler: @escaping @Sendable (Operation) -> Void) -> [Operation] {
        lock.withLock {
            passage = .diverted(handler)
            defer { waiters = [] }
            return waiters.map(\.operation)
        }
    }
}
