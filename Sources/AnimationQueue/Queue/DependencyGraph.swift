import Foundation

/// The dependency edges an ``AnimationQueue`` knows about, for cancellation propagation and
/// unlinking. Holds each operation until it finishes. Not thread-safe; the queue locks it.
struct DependencyGraph {
    /// An operation the queue holds, with the same object as an operation of the package's
    /// own (``QueueReportingOperation``) if it is one: the queue asks once, as it adds the
    /// operation, and every later step (the hand-over, the finish, the dependency policy)
    /// reads the answer from here.
    struct Member {
        let operation: Operation
        /// The operation, if it reports to the queue itself; nil for any other `Operation`.
        let reporting: (any QueueReportingOperation)?

        init(_ operation: Operation) {
            self.operation = operation
            reporting = operation as? QueueReportingOperation
        }
    }

    private struct Node {
        let member: Member
        /// The policy the queue was given for the operation, which overrides its own.
        let override: DependencyCancellation?
        var dependents: [ObjectIdentifier] = []
        /// In-queue dependencies that have not finished; the operation is handed to the
        /// `OperationQueue` when this reaches 0.
        var waitingOn = 0
        /// Whether the operation was given to the `OperationQueue`; it is given exactly once.
        var handedOver = false

        var operation: Operation { member.operation }

        /// What the operation does when a dependency is cancelled: the queue's override, else
        /// the operation's own setting as it is now (its owner may change it after adding it;
        /// see ``QueueReportingOperation/onCancelledDependency``), else `.cancel`.
        var policy: DependencyCancellation {
            override ?? member.reporting?.onCancelledDependency ?? .cancel
        }
    }

    /// Every operation added and not finished; a second add is a programming error.
    private var nodes: [ObjectIdentifier: Node] = [:]

    var count: Int { nodes.count }
    /// Whether `operation` was added and has not finished.
    func contains(_ operation: Operation) -> Bool { nodes[ObjectIdentifier(operation)] != nil }
    var allOperations: [Operation] { nodes.values.map(\.operation) }

    /// Makes room for `count` more operations, so that adding a batch grows the graph once.
    mutating func reserveCapacity(adding count: Int) {
        nodes.reserveCapacity(nodes.count + count)
    }

    /// Adds `operation`; false if it was added before or has already run.
    ///
    /// - Parameter isUnblocked: The operation has no dependencies: it waits for nothing and
    ///   is marked as handed over at once (``link(_:to:)`` is never called for it).
    /// - Parameter override: The policy the queue was given for the operation (nil: its own).
    mutating func insert(_ member: Member, override: DependencyCancellation?, isUnblocked: Bool = false) -> Bool {
        let operation = member.operation
        guard !operation.isFinished, !operation.isExecuting else { return false }
        let id = ObjectIdentifier(operation)
        let node = Node(member: member, override: override, handedOver: isUnblocked)
        // One lookup on the path every operation takes; a second add puts the first back.
        if let earlier = nodes.updateValue(node, forKey: id) {
            nodes[id] = earlier
            return false
        }
        return true
    }

    /// Records that `dependent` waits for `dependency`, if the queue knows `dependency`.
    mutating func link(_ dependency: Operation, to dependent: Operation) {
        guard nodes[ObjectIdentifier(dependency)] != nil else { return }
        nodes[ObjectIdentifier(dependency)]!.dependents.append(ObjectIdentifier(dependent))
        nodes[ObjectIdentifier(dependent)]?.waitingOn += 1
    }

    /// Whether `operation`, whose dependencies are linked, waits for nothing; if so, it is
    /// marked as handed over (once: false afterwards).
    mutating func handOverIfUnblocked(_ operation: Operation) -> Bool {
        let id = ObjectIdentifier(operation)
        guard let node = nodes[id], node.waitingOn == 0, !node.handedOver else { return false }
        nodes[id]!.handedOver = true
        return true
    }

    /// The operations that concern the clock `target`, with whether each was given to the
    /// `OperationQueue`: those on it, and those on no clock (plain operations) unless all the
    /// clocked operations they lead to, through their dependents, are on other clocks. A
    /// plain operation that gates this clock's work, or no clock's, concerns it; one that
    /// gates only another clock's does not.
    ///
    /// - Parameter clock: Each operation's clock; nil for an operation on none.
    func operations(concerning target: ObjectIdentifier,
                    clock: (Operation) -> ObjectIdentifier?) -> [(operation: Operation, handedOver: Bool)] {
        /// Which clocks an operation and its dependents, transitively, are on.
        enum Reach { case none, others, target }
        func own(_ node: Node) -> Reach {
            clock(node.operation).map { $0 == target ? .target : .others } ?? .none
        }
        var reach: [ObjectIdentifier: Reach] = [:]
        func reachOf(_ root: ObjectIdentifier) -> Reach {
            if let known = reach[root] { return known }
            // Iterative post-order over dependents (a DAG: cycles are refused when added).
            var stack: [(id: ObjectIdentifier, next: Int)] = [(root, 0)]
            while let (id, next) = stack.last {
                guard let node = nodes[id] else {
                    reach[id] = Reach.none
                    stack.removeLast()
                    continue
                }
                if next < node.dependents.count {
                    stack[stack.count - 1].next += 1
                    let dependent = node.dependents[next]
                    if reach[dependent] == nil { stack.append((dependent, 0)) }
                    continue
                }
                var combined = own(node)
                for dependent in node.dependents where combined != .target {
                    switch reach[dependent] {
                    case .target?: combined = .target
                    case .others?: combined = .others
                    default: break
                    }
                }
                reach[id] = combined
                stack.removeLast()
            }
            return reach[root] ?? Reach.none
        }
        return nodes.compactMap { id, node in
            let concerns = switch own(node) {
            case .target: true
            case .others: false
            case .none: reachOf(id) != .others
            }
            return concerns ? (node.operation, node.handedOver) : nil
        }
    }

    /// Marks a cancelled operation that still waits for dependencies as handed over; returns
    /// it if the caller must give it to the `OperationQueue` now. Foundation makes a cancelled
    /// operation ready whatever its dependencies, so it then finishes cancelled at once, as
    /// it would on a plain `OperationQueue`, instead of when its dependencies end.
    mutating func handOverCancelled(_ operation: Operation) -> Member? {
        let id = ObjectIdentifier(operation)
        guard let node = nodes[id], !node.handedOver else { return nil }
        nodes[id]!.handedOver = true
        return node.member
    }

    /// What `operation` does when a dependency is cancelled.
    func policy(of operation: Operation) -> DependencyCancellation? {
        nodes[ObjectIdentifier(operation)]?.policy
    }

    /// The direct dependents of `operation` that are cancelled with it.
    func cancellableDependents(of operation: Operation) -> [Operation] {
        (nodes[ObjectIdentifier(operation)]?.dependents ?? []).compactMap { nodes[$0] }
            .filter { $0.policy == .cancel }.map(\.operation)
    }

    /// Forgets a finishing operation; returns its dependents, to unlink, and those it
    /// unblocked, to hand over.
    mutating func remove(_ operation: Operation) -> (dependents: [Member], unblocked: [Member]) {
        let id = ObjectIdentifier(operation)
        guard let node = nodes.removeValue(forKey: id) else { return ([], []) }
        var unblocked: [Member] = []
        for dependent in node.dependents where nodes[dependent] != nil {
            nodes[dependent]!.waitingOn -= 1
            if nodes[dependent]!.waitingOn == 0, !nodes[dependent]!.handedOver {
                nodes[dependent]!.handedOver = true
                unblocked.append(nodes[dependent]!.member)
            }
        }
        return (node.dependents.compactMap { nodes[$0]?.member }, unblocked)
    }

    /// `operations` ordered so that each comes before its dependencies among them, for
    /// cancelling a whole graph without a cancelled dependency unblocking a dependent that is
    /// still to be cancelled. Iterative, so it handles long chains.
    static func dependentsFirst(_ operations: [Operation]) -> [Operation] {
        let members = Set(operations.map(ObjectIdentifier.init))
        var visited = Set<ObjectIdentifier>()
        var dependenciesFirst: [Operation] = []
        for root in operations where visited.insert(ObjectIdentifier(root)).inserted {
            var stack: [(operation: Operation, dependencies: [Operation], next: Int)] = [(root, root.dependencies, 0)]
            while let top = stack.last {
                if top.next == top.dependencies.count {
                    dependenciesFirst.append(top.operation)
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let dependency = top.dependencies[top.next]
                guard members.contains(ObjectIdentifier(dependency)),
                      visited.insert(ObjectIdentifier(dependency)).inserted else { continue }
                stack.append((dependency, dependency.dependencies, 0))
            }
        }
        return dependenciesFirst.reversed()
    }

    /// A dependency cycle through the given operations, as the list of operations on it
    /// (first repeated at the end), or nil. Follows `dependencies` iteratively, so it handles
    /// long chains; dependencies outside `operations` are followed too.
    ///
    /// - Parameter dependencies: Each operation's `dependencies`, when the caller has read
    ///   them already (in the order of `operations`).
    static func cycle(among operations: [Operation], dependencies lists: [[Operation]]? = nil) -> [Operation]? {
        enum Mark { case visiting, done }
        var marks: [ObjectIdentifier: Mark] = [:]
        for (index, root) in operations.enumerated() where marks[ObjectIdentifier(root)] == nil {
            // An operation without dependencies is on no cycle.
            let dependencies = lists?[index] ?? root.dependencies
            if dependencies.isEmpty { continue }
            // Each frame: an operation and the index of the next dependency to visit.
            var stack: [(operation: Operation, dependencies: [Operation], next: Int)] = [(root, dependencies, 0)]
            marks[ObjectIdentifier(root)] = .visiting
            while let top = stack.last {
                if top.next == top.dependencies.count {
                    marks[ObjectIdentifier(top.operation)] = .done
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let dependency = top.dependencies[top.next]
                if dependency.isFinished { continue }
                switch marks[ObjectIdentifier(dependency)] {
                case .visiting?:
                    let path = stack.map(\.operation)
                    let start = path.firstIndex { $0 === dependency } ?? 0
                    return Array(path[start...]) + [dependency]
                case .done?:
                    continue
                case nil:
                    marks[ObjectIdentifier(dependency)] = .visiting
                    stack.append((dependency, dependency.dependencies, 0))
                }
            }
        }
        return nil
    }
}
