import Foundation

/// The outcome of one ``AnimationOperation/waitForOutcome()``, delivered once: the first of
/// the operation's finish and the awaiting task's cancel, which may come before the wait's
/// continuation exists (a task cancelled already).
final class OutcomeWait: @unchecked Sendable {
    // `lock` guards all three.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<AnimationOutcome, Never>?
    /// An outcome delivered before the continuation was attached.
    private var early: AnimationOutcome?
    private var isDone = false

    func attach(_ continuation: CheckedContinuation<AnimationOutcome, Never>) {
        let ready = lock.withLock { () -> AnimationOutcome? in
            guard let early else {
                self.continuation = continuation
                return nil
            }
            isDone = true
            return early
        }
        if let ready { continuation.resume(returning: ready) }
    }

    func deliver(_ outcome: AnimationOutcome) {
        let waiting = lock.withLock { () -> CheckedContinuation<AnimationOutcome, Never>? in
            guard !isDone else { return nil }
            guard let continuation else {
                if early == nil { early = outcome }
                return nil
            }
            isDone = true
            self.continuation = nil
            return continuation
        }
        waiting?.resume(returning: outcome)
    }
}
