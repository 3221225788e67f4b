import Foundation

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
