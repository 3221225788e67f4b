import Foundation

/// The lifecycle of an ``AnimationOperation`` as a pure value: each event returns the action
/// for the operation to perform outside its lock.
///
/// ```
/// initialized ──start──▶ waitingForMain ──begin──▶ animating ──transactionCompleted──▶ finished
///      │                       │                       │
///      └──(cancelled)──────────┴──(cancelled)──────────┴──cancel: apply policy, then complete
/// ```
/// Cancellation is a flag checked at each transition, so a cancel racing any event resolves
/// to exactly one finish.
struct AnimationOperationStateMachine {
    enum Phase: Equatable {
        case initialized
        /// `start()` ran; the work hops to the main thread.
        case waitingForMain
        /// The animation is attached; waiting for its transaction completion.
        case animating
        case finished(AnimationOutcome)
    }

    private(set) var phase = Phase.initialized
    private(set) var isCancelRequested = false
    /// `animationDidStop(_:finished:)`'s flag, once delivered.
    private(set) var stoppedFinished: Bool?

    var outcome: AnimationOutcome? {
        if case .finished(let outcome) = phase { return outcome }
        return nil
    }

    var isExecuting: Bool { phase == .waitingForMain || phase == .animating }
    var isFinished: Bool { outcome != nil }

    enum StartAction: Equatable { case hopToMain, finish(AnimationOutcome) }

    mutating func start() -> StartAction {
        guard phase == .initialized else {
            preconditionFailure("Internal inconsistency: \(phase) received start")
        }
        if isCancelRequested {
            phase = .finished(.cancelled)
            return .finish(.cancelled)
        }
        phase = .waitingForMain
        return .hopToMain
    }

    enum CancelAction: Equatable { case none, applyPolicyOnMain }

    mutating func cancel() -> CancelAction {
        guard !isCancelRequested, !isFinished else { return .none }
        isCancelRequested = true
        return phase == .animating ? .applyPolicyOnMain : .none
    }

    enum BeginAction: Equatable { case animate, finish(AnimationOutcome) }

    /// On the main thread: `layerAlive` is whether the weakly held layer still exists.
    mutating func begin(layerAlive: Bool) -> BeginAction {
        guard phase == .waitingForMain else {
            preconditionFailure("Internal inconsistency: \(phase) received begin")
        }
        if isCancelRequested {
            phase = .finished(.cancelled)
            return .finish(.cancelled)
        }
        guard layerAlive else {
            phase = .finished(.interrupted)
            return .finish(.interrupted)
        }
        phase = .animating
        return .animate
    }

    mutating func animationStopped(finished: Bool) {
        if stoppedFinished == nil { stoppedFinished = finished }
    }

    /// Forgets the stop of an animation committed ahead of the start and then discarded, so
    /// the animation the operation starts instead is judged on its own. Called before that
    /// animation is added (possibly already `animating`: the discard happens as it begins).
    mutating func forgetStopBeforeAnimating() {
        stoppedFinished = nil
    }

    /// The animation's transaction completed (or nothing needed animating): finishes with
    /// finished if the animation reached its end, else cancelled if a cancel was requested,
    /// else interrupted (removed by other code, layer gone). Nil if already finished.
    mutating func complete(animated: Bool) -> AnimationOutcome? {
        guard phase == .animating else {
            if isFinished { return nil }
            preconditionFailure("Internal inconsistency: \(phase) received completion")
        }
        let outcome: AnimationOutcome
        if !animated || stoppedFinished == true {
            // Reached its end, even if a cancel arrived after that.
            outcome = .finished
        } else if isCancelRequested {
            outcome = .cancelled
        } else {
            outcome = .interrupted
        }
        phase = .finished(outcome)
        return outcome
    }
}
