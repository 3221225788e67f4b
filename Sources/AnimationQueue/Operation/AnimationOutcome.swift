import Foundation

/// How an animation operation ended. Every operation ends exactly once.
public enum AnimationOutcome: Sendable, Hashable, CustomStringConvertible {
    /// The animation played to its end (or, when motion is reduced, its final values were applied).
    case finished
    /// The operation was cancelled: by `cancel()`, a cancelled dependency, its run, its
    /// queue, or the awaiting task. The layer shows what the cancellation policy promises.
    case cancelled
    /// Something else stopped it: the animation was removed by other code, the layer was
    /// deallocated, or a newer step took over a key path it was moving
    /// (``AnimationOperation/takeover`` says so). The layer keeps whatever that code left.
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
