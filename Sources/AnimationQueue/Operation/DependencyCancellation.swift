import Foundation

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
