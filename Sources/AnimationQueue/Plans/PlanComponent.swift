import Foundation

/// A part of an ``AnimationPlan``: a ``Step``, ``Wait``, ``Perform``, or a ``Serial`` or
/// ``Parallel`` group of parts.
public protocol PlanComponent {
    /// Adds the component's operations to `graph`, each starting after `predecessors`.
    ///
    /// - Returns: The operations whose end is the component's end.
    func build(into graph: inout PlanGraph, after predecessors: [Operation]) -> [Operation]
}

/// Builds plans from ``Step``, ``Wait``, ``Perform``, ``Serial`` and ``Parallel``, with
/// `if`, `switch` and `for` allowed.
@resultBuilder
public enum PlanBuilder {
    /// One component.
    public static func buildExpression(_ component: some PlanComponent) -> [any PlanComponent] {
        [component]
    }

    /// A sequence of components.
    public static func buildBlock(_ components: [any PlanComponent]...) -> [any PlanComponent] {
        // A block of one component (the body of a `for` loop, often) is passed on as it is.
        if components.count == 1 { return components[0] }
        return components.flatMap { $0 }
    }

    /// An `if` without `else`.
    public static func buildOptional(_ components: [any PlanComponent]?) -> [any PlanComponent] {
        components ?? []
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first components: [any PlanComponent]) -> [any PlanComponent] {
        components
    }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second components: [any PlanComponent]) -> [any PlanComponent] {
        components
    }

    /// A `for` loop.
    public static func buildArray(_ components: [[any PlanComponent]]) -> [any PlanComponent] {
        components.flatMap { $0 }
    }
}

/// Parts that run one after another: each starts when the previous one has ended.
///
/// ```swift
/// Serial {
///     Step(title, fadeIn)
///     Step(button, shake)
/// }
/// ```
public struct Serial: PlanComponent {
    let components: [any PlanComponent]

    /// Creates a sequence.
    public init(@PlanBuilder _ content: () -> [any PlanComponent]) {
        components = content()
    }
}

/// Parts that start together; the group ends when the last of them ends.
///
/// ```swift
/// Parallel {
///     Step(caption, drop)
///     Step(badge, pop).delayed(by: 0.1)
/// }
/// ```
///
/// `Parallel(stagger: 0.04) { … }` starts the parts one after another instead (see ``Stagger``).
public struct Parallel: PlanComponent {
    let components: [any PlanComponent]

    /// Creates a parallel group.
    public init(@PlanBuilder _ content: () -> [any PlanComponent]) {
        components = content()
    }

    init(components: [any PlanComponent]) {
        self.components = components
    }
}

extension PlanComponent {
    /// This component, starting `delay` seconds after its predecessors end.
    ///
    /// ```swift
    /// Parallel { Step(a, fade); Step(b, fade) }.delayed(by: 0.2)
    /// ```
    public func delayed(by delay: TimeInterval) -> Serial {
        Serial {
            Wait(delay)
            self
        }
    }
}
