import Foundation

/// A declarative animation sequence: serial and parallel steps, delays, waits and blocks.
///
/// ```swift
/// let onboarding = AnimationPlan {
///     Serial {
///         Step(title, fadeIn)
///         Parallel {
///             Step(caption, drop)
///             Step(badge, pop).delayed(by: 0.1)
///         }
///         Step(button, shake)
///     }
/// }
/// let run = AnimationQueue.main.run(onboarding)
/// let outcome = await run.outcome
/// ```
///
/// The top level runs its parts in sequence, like ``Serial``. Nothing happens until the
/// plan is run; the same plan can be run several times.
public struct AnimationPlan {
    let root: Serial
    /// How each step's start is timed after its dependencies.
    public var scheduling: Scheduling

    /// How a plan times a step after the steps it depends on.
    public enum Scheduling: Sendable, Hashable {
        /// Each step starts when its dependencies' operations finish: on the completion of
        /// their transactions, on the main thread. A busy main thread delays the next step.
        case afterCompletion
        /// The default. A step whose dependencies are all animation steps of known duration
        /// is committed as soon as the last of them starts, with a `beginTime` at their end,
        /// so Core Animation plays it on time even while the main thread is busy. Operation
        /// semantics are unchanged: the step's operation still starts when its dependencies
        /// finish, and adopts the animation then; cancelling it removes the animation.
        /// See <doc:Chains>.
        case gapless
    }

    /// Creates a plan.
    ///
    /// ```swift
    /// let intro = AnimationPlan {                          // gapless
    ///     Step(title, BasicAnimation(.opacity, to: 1, duration: 0.3))
    ///     Step(title, BasicAnimation(.positionY, to: 120, duration: 0.4))
    /// }
    /// let chained = AnimationPlan(scheduling: .afterCompletion) {
    ///     Step(title, BasicAnimation(.opacity, to: 1, duration: 0.3))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - scheduling: How steps are timed after their dependencies (`.gapless`); see
    ///     <doc:Chains> for when to choose `.afterCompletion`.
    ///   - content: The steps.
    public init(scheduling: Scheduling = .gapless, @PlanBuilder _ content: () -> [any PlanComponent]) {
        root = Serial(content)
        self.scheduling = scheduling
    }

    /// Checks the plan without running it: it has steps, unique names, known `.after`
    /// names and no dependency cycle.
    public func validate() throws(AnimationQueueError) {
        if let error = PlanGraph(compiling: self).errors.first { throw error }
    }
}
