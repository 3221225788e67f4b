import Foundation

/// The operation of a ``Wait``: an ``AnimationOperation`` of a ``WaitAnimation`` on the
/// plan's timing layer. Under reduced motion a wait keeps its length, so the rhythm of a
/// flow between steps stays.
final class WaitOperation: AnimationOperation, @unchecked Sendable {
    // No state of its own.
    init(duration: TimeInterval, graph: PlanGraph) {
        super.init(layer: graph.timingHost, animation: WaitAnimation(duration: duration))
    }
}
