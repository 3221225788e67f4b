import Foundation

/// The operation of a ``Wait``: an ``AnimationOperation`` of a ``WaitAnimation`` on the
/// plan's timing layer. Under reduced motion a wait keeps its length, so the rhythm of a
/// flow between steps stays.
///
/// The timing layer is the plan's first layer, which the app may release while the plan
/// runs (a toast removed once it has faded out). The wait holds it until the wait finishes,
/// so a wait never ends early for want of its layer, and the layer is free once the plan's
/// waits are over.
final class WaitOperation: AnimationOperation, @unchecked Sendable {
    // No state of its own.
    init(duration: TimeInterval, graph: PlanGraph) {
        // While the plan is being built, its components hold its layers.
        guard let host = graph.timingHost else { preconditionFailure("a plan's first layer outlives the building of the plan") }
        super.init(layer: host, animation: WaitAnimation(duration: duration))
        let held = UncheckedSendableBox(host)
        // The hooks are released once the operation finishes, and with them the layer.
        addHooks { $0.didFinish.append { _ in withExtendedLifetime(held) {} } }
    }
}
