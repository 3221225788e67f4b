import Foundation

/// How an animation operation ended. Every operation ends exactly once.
public enum AnimationOutcome: Sendable, Hashable, CustomStringConvertible {
    /// The animation played to its end (or, when motion is reduced, its final values were applied).
    case finished
    /// The operation was cancelled: by `cancel()`, a cancelled dependency, its run, its
    /// queue, or the awaiting task. The layer shows what the cancellation policy promises.
    case cancelled
    /// Something else stopped it: the animation was removed by other code, or the layer was
    /// deallocated. The layer keeps whatever that code left.
    case interrupted

    /// `finished`, `cancelled` or `interrupted`.
    public var description: String {
        switch self {
        case .finished: "finished"
        case .cancelled: "cancelled"
        case .interrupted: "interrupted"
        }
    }
}

/// What a layer shows after its running animation is cancelled.
public enum CancellationPolicy: Sendable, Hashable {
    /// Freeze where it is: the presentation value is copied into the model (the default).
    case holdPresentation
    /// Go back to where the animation started: its from-values (see
    /// ``ResolvedAnimation/initialValues``).
    case revert
    /// Jump to the animation's final values.
    case complete
}

/// What a dependent does when one of its dependencies is cancelled.
public enum DependencyCancellation: Sendable, Hashable {
    /// The dependent is cancelled too (the default). An ``AnimationOperation`` follows this
    /// whatever queue its dependency runs on; another operation on an ``AnimationQueue``
    /// follows it for dependencies in the same queue, and for one already cancelled when it
    /// is added.
    case cancel
    /// The dependent runs anyway, as a plain `Operation` would.
    case proceed
}
