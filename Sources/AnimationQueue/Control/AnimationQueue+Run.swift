import Foundation

extension AnimationQueue {
    /// Runs a plan: compiles it to operations and adds them to this queue.
    ///
    /// - Parameters:
    ///   - plan: The plan; it must pass ``AnimationPlan/validate()``.
    ///   - motion: Whether the plan's animations play in full or with reduced motion.
    /// - Returns: The running plan.
    /// - Precondition: The plan is valid; otherwise the program stops with the message of
    ///   the ``AnimationQueueError`` that `validate()` would throw.
    @discardableResult
    public func run(_ plan: AnimationPlan, motion: MotionPolicy = .system) -> AnimationRun {
        let graph = PlanGraph(compiling: plan)
        if let error = graph.errors.first { QueueViolation.invalidPlan(error) }
        let run = AnimationRun(graph: graph, scheduling: plan.scheduling, motion: motion)
        // Compiling checked the graph for cycles (`graph.errors`).
        addOperations(graph.operations, dependencies: graph.dependencyLists)
        return run
    }
}
