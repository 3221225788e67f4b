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
}
