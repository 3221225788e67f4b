import Foundation

/// One animation of one layer in a plan: an ``AnimationOperation``.
///
/// ```swift
/// Step(badge, pop)
///     .named("badge")
///     .delayed(by: 0.1)
///     .after("caption")            // also wait for a step in another branch
/// ```
public struct Step: PlanComponent {
    let layer: CALayer
    var animation: any LayerAnimation
    var name: String?
    var afterNames: [String] = []
    var policy = CancellationPolicy.holdPresentation
    var dependencyPolicy = DependencyCancellation.cancel

    /// Creates a step that plays `animation` on `layer`.
    public init(_ layer: CALayer, _ animation: some LayerAnimation) {
        self.layer = layer
        self.animation = animation
    }

    /// Names the step, for ``after(_:)``, events and error messages.
    public func named(_ name: String) -> Step {
        var step = self
        step.name = name
        return step
    }

    /// Starts the animation `delay` seconds after the step's predecessors end. Core
    /// Animation times the delay, and the layer shows the from-value meanwhile.
    public func delayed(by delay: TimeInterval) -> Step {
        var step = self
        step.animation = DelayedAnimation(base: animation, delay: delay)
        return step
    }

    /// Also waits for the named steps, wherever they are in the plan.
    public func after(_ names: String...) -> Step {
        var step = self
        step.afterNames += names
        return step
    }

    /// What the layer shows if the step is cancelled while animating.
    public func cancellationPolicy(_ policy: CancellationPolicy) -> Step {
        var step = self
        step.policy = policy
        return step
    }

    /// What the step does when a step it waits for is cancelled (`.cancel` by default).
    public func onCancelledDependency(_ policy: DependencyCancellation) -> Step {
        var step = self
        step.dependencyPolicy = policy
        return step
    }

    /// Adds the step's operation.
    public func build(into graph: inout PlanGraph, after predecessors: [Operation]) -> [Operation] {
        let operation = AnimationOperation(layer: layer, existential: animation)
        if let name { operation.name = name }
        operation.setCancellationPolicies(policy, onCancelledDependency: dependencyPolicy)
        graph.add(operation, named: name, after: predecessors, alsoAfter: afterNames, layer: layer)
        return [operation]
    }
}

/// A pause in a plan: the next part starts `duration` seconds after the previous one ends.
///
/// Core Animation times the pause, on the plan's first layer, so it runs on the same clock
/// as the steps around it. The pause holds that layer until it ends, so it keeps its length
/// even if the app releases the layer meanwhile (a toast removed after fading out).
public struct Wait: PlanComponent {
    let duration: TimeInterval
    var name: String?

    /// Creates a pause of `duration` seconds.
    public init(_ duration: TimeInterval) {
        self.duration = validatedTime(duration, "Wait duration")
    }

    /// Names the pause, for ``Step/after(_:)`` and events.
    public func named(_ name: String) -> Wait {
        var wait = self
        wait.name = name
        return wait
    }

    /// Adds the pause's operation.
    public func build(into graph: inout PlanGraph, after predecessors: [Operation]) -> [Operation] {
        let operation = WaitOperation(duration: duration, graph: graph)
        operation.name = name
        graph.add(operation, named: name, after: predecessors, alsoAfter: [], layer: nil)
        return [operation]
    }
}

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

    /// Adds the closure's operation.
    public func build(into graph: inout PlanGraph, after predecessors: [Operation]) -> [Operation] {
        let operation = MainThreadOperation(body)
        operation.name = name
        graph.add(operation, named: name, after: predecessors, alsoAfter: [], layer: nil)
        return [operation]
    }
}
