import Foundation

/// A closure that runs on the main thread between steps, for example to swap a label's text.
///
/// ```swift
/// Serial {
///     Step(label, fadeOut)
///     Perform { label.string = "Welcome" }
///     Step(label, fadeIn)
/// }
/// ```
public struct Perform: PlanComponent {
    let name: String?
    let body: @MainActor () -> Void

    /// Creates a step that runs `body` on the main thread.
    public init(_ name: String? = nil, _ body: @escaping @MainActor () -> Void) {
        self.name = name
        self.body = body
    }
}
