import Foundation

/// The operations a plan compiles to, with their names and layers.
///
/// Each part of a plan builds into it (``PlanComponent/build(into:after:)``) as the plan
/// compiles; an ``AnimationRun`` runs it.
public struct PlanGraph {
    /// Every operation, in plan order.
    private(set) var operations: [Operation] = []
    /// Each operation's dependencies, in the order of ``operations``: what its
    /// `dependencies` holds, kept here so that checking and running the plan need not read
    /// them from Foundation, which copies them on every read.
    private(set) var dependencyLists: [[Operation]] = []
    /// Operations by step name.
    private(set) var named: [String: Operation] = [:]
    /// Display names by operation.
    private(set) var labels: [ObjectIdentifier: StepLabel] = [:]
    /// Cross-branch dependencies to resolve once every step is known.
    private var pendingAfter: [(index: Int, name: String)] = []
    /// Problems found while building.
    private(set) var errors: [AnimationQueueError] = []
    /// The plan's first layer, which times its waits; held weakly, so that a run does not
    /// keep it alive (each ``WaitOperation`` holds it until the wait finishes).
    private weak var firstLayer: CALayer?
    /// The layer that times the waits of a plan that animates no layer, held here.
    private let privateHost: CALayer?

    private init(firstLayer: CALayer?) {
        self.firstLayer = firstLayer
        privateHost = firstLayer == nil ? Self.makePrivateHost() : nil
    }

    /// Compiles `plan` to a fresh graph of operations: its parts build into the graph in
    /// order, then the `.after` names are linked and the graph is checked.
    init(compiling plan: AnimationPlan) {
        self.init(firstLayer: plan.root.firstLayer)
        _ = plan.root.build(into: &self, after: [])
        finish()
    }

    /// The layer that times waits: the plan's first layer while it exists, or the private
    /// host of a plan that animates no layer.
    var timingHost: CALayer? { firstLayer ?? privateHost }

    /// Makes room for `count` more steps. The capacity grows geometrically, as appending
    /// would grow it, because many small groups reserve room in turn.
    mutating func reserveCapacity(forMoreSteps count: Int) {
        let needed = operations.count + count
        guard operations.capacity < needed else { return }
        let capacity = max(needed, 2 * operations.capacity)
        operations.reserveCapacity(capacity)
        dependencyLists.reserveCapacity(capacity)
        labels.reserveCapacity(capacity)
    }

    mutating func add(_ operation: Operation, named name: String?, after predecessors: [Operation],
                      alsoAfter names: [String], layer: CALayer?) {
        // An empty group hands on its predecessors, so a group of such groups can list one
        // operation twice; Foundation keeps one dependency on it, and so does the list.
        let dependencies = predecessors.count > 1 ? Self.distinct(predecessors) : predecessors
        for predecessor in dependencies { operation.addDependency(predecessor) }
        operations.append(operation)
        dependencyLists.append(dependencies)
        labels[ObjectIdentifier(operation)] = name.map(StepLabel.init(text:))
            ?? Self.defaultLabel(for: operation, index: operations.count, layer: layer)
        if let name {
            if named[name] != nil {
                errors.append(AnimationQueueError(code: .duplicateStepName, message: "AnimationPlan: two steps are named '\(name)'. Step names must be unique; rename one of them."))
            }
            named[name] = operation
        }
        for dependency in names { pendingAfter.append((operations.count - 1, dependency)) }
    }

    private static func distinct(_ operations: [Operation]) -> [Operation] {
        var seen = Set<ObjectIdentifier>()
        return operations.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// Links the cross-branch dependencies and checks the graph.
    mutating func finish() {
        for (index, name) in pendingAfter {
            let operation = operations[index]
            guard let dependency = named[name] else {
                let known = named.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
                errors.append(AnimationQueueError(code: .unknownStepName, message: "AnimationPlan: step \(label(of: operation)) waits for '\(name)', but no step has that name (named steps: \(known.isEmpty ? "none" : known)). Name the step with .named(\"\(name)\") or fix the spelling."))
                continue
            }
            guard dependency !== operation else {
                errors.append(AnimationQueueError(code: .dependencyCycle, message: "AnimationPlan: step '\(name)' waits for itself (.after(\"\(name)\")), so it could never start. Remove that .after, or name the step it should wait for."))
                continue
            }
            // A dependency that already waits for the step closes a cycle of two, reported here
            // with the steps' names: linking it would stop the program first.
            guard !dependency.alreadyWaits(for: operation) else {
                errors.append(cycleError([operation, dependency, operation]))
                continue
            }
            operation.addDependency(dependency)
            if !dependencyLists[index].contains(where: { $0 === dependency }) { dependencyLists[index].append(dependency) }
        }
        pendingAfter = []
        if operations.isEmpty {
            errors.append(AnimationQueueError(code: .emptyPlan, message: "AnimationPlan has no steps, so there is nothing to run. Add at least one Step, Wait or Perform."))
        } else if let cycle = DependencyGraph.cycle(among: operations, dependencies: dependencyLists) {
            errors.append(cycleError(cycle))
        }
    }

    /// The error of a dependency cycle through `cycle` (its first step repeated at the end).
    private func cycleError(_ cycle: [Operation]) -> AnimationQueueError {
        let names = cycle.map { label(of: $0) }.joined(separator: " → ")
        return AnimationQueueError(code: .dependencyCycle, message: "AnimationPlan: dependency cycle \(names). Each of these steps waits for the next, so none could start; remove one of the .after(...) dependencies.")
    }

    /// The step's name, or a description of it.
    func label(of operation: Operation) -> String {
        labels[ObjectIdentifier(operation)]?.text ?? QueueViolation.displayName(operation)
    }

    /// The step's label, still to be written out.
    func stepLabel(of operation: Operation) -> StepLabel {
        labels[ObjectIdentifier(operation)] ?? StepLabel(text: QueueViolation.displayName(operation))
    }

    private static func defaultLabel(for operation: Operation, index: Int, layer: CALayer?) -> StepLabel {
        switch operation {
        case is WaitOperation: StepLabel(text: "wait \(index)")
        case let operation as AnimationOperation: StepLabel(index: index, animation: operation.animation, layerName: layer?.name)
        default: StepLabel(text: "step \(index)")
        }
    }
}

// MARK: Compiling: how each part of a plan builds into the graph

// The whole compilation lives in this file: the graph above, and below how each kind of part
// builds into it. The parts' own files hold what they are and their modifiers.

extension Serial {
    /// Chains the parts.
    public func build(into graph: inout PlanGraph, after predecessors: [Operation]) -> [Operation] {
        graph.reserveCapacity(forMoreSteps: components.count)
        return components.reduce(predecessors) { previous, component in
            component.build(into: &graph, after: previous)
        }
    }
}

extension Parallel {
    /// Starts every part after the same predecessors.
    public func build(into graph: inout PlanGraph, after predecessors: [Operation]) -> [Operation] {
        guard !components.isEmpty else { return predecessors }
        graph.reserveCapacity(forMoreSteps: components.count)
        var ends: [Operation] = []
        ends.reserveCapacity(components.count)
        for component in components { ends += component.build(into: &graph, after: predecessors) }
        return ends
    }
}

extension Step {
    /// Adds the step's operation.
    public func build(into graph: inout PlanGraph, after predecessors: [Operation]) -> [Operation] {
        let operation = AnimationOperation(layer: layer, existential: animation)
        if let name { operation.name = name }
        operation.setCancellationPolicies(policy, onCancelledDependency: dependencyPolicy)
        graph.add(operation, named: name, after: predecessors, alsoAfter: afterNames, layer: layer)
        return [operation]
    }
}

extension Wait {
    /// Adds the wait's operation, timed on the plan's timing layer.
    public func build(into graph: inout PlanGraph, after predecessors: [Operation]) -> [Operation] {
        let operation = WaitOperation(duration: duration, graph: graph)
        operation.name = name
        graph.add(operation, named: name, after: predecessors, alsoAfter: [], layer: nil)
        return [operation]
    }
}

extension Perform {
    /// Adds the closure's operation.
    public func build(into graph: inout PlanGraph, after predecessors: [Operation]) -> [Operation] {
        let operation = MainThreadOperation(body)
        operation.name = name
        graph.add(operation, named: name, after: predecessors, alsoAfter: [], layer: nil)
        return [operation]
    }
}

extension PlanComponent {
    /// The first layer a step of this component animates.
    var firstLayer: CALayer? {
        switch self {
        case let step as Step: step.layer
        case let serial as Serial: serial.components.lazy.compactMap(\.firstLayer).first
        case let parallel as Parallel: parallel.components.lazy.compactMap(\.firstLayer).first
        default: nil
        }
    }
}

extension PlanGraph {
    /// A standalone layer to time the waits of a plan that animates no layer.
    private static func makePrivateHost() -> CALayer {
        let layer = CALayer()
        layer.name = "AnimationQueue.timingHost"
        return layer
    }
}
