import Foundation

/// When each step of a plan begins and ends in plan time, if every step plays for its length
/// as soon as its dependencies have ended: the schedule a gapless run follows. The plan
/// begins at 0.
///
/// A step's length is its animation's total duration (its delay and repeats included), or,
/// when motion is reduced for it, the length reduced motion gives it; a `Wait` lasts its
/// seconds and a `Perform` none. An animation that repeats forever has no length, and
/// neither does any step after it.
struct PlanSchedule {
    /// Each step's begin and end, in plan order; nil for a step that follows a step without
    /// a length, or has none itself.
    let times: [(begin: TimeInterval, end: TimeInterval)?]
    /// The end of the last step to end: the plan's critical path. Nil if a step has no length.
    let duration: TimeInterval?
    /// The first step, in plan order, that has no length.
    let stepWithoutLength: Operation?
    /// Each step's place in an order in which every step comes after its dependencies.
    let dependencyRank: [Int]

    init(_ graph: PlanGraph) {
        let operations = graph.operations
        let lengths = operations.map(Self.length)
        var position: [ObjectIdentifier: Int] = [:]
        for (index, operation) in operations.enumerated() { position[ObjectIdentifier(operation)] = index }
        // Kahn's order over the dependencies, which a compiled plan has checked for cycles.
        var waitingFor = Array(repeating: 0, count: operations.count)
        var dependents = Array(repeating: [Int](), count: operations.count)
        for (index, dependencies) in graph.dependencyLists.enumerated() {
            for dependency in dependencies {
                guard let dependencyIndex = position[ObjectIdentifier(dependency)] else { continue }
                dependents[dependencyIndex].append(index)
                waitingFor[index] += 1
            }
        }
        var begins: [TimeInterval?] = Array(repeating: 0, count: operations.count)
        var times: [(begin: TimeInterval, end: TimeInterval)?] = Array(repeating: nil, count: operations.count)
        var ready = (0..<operations.count).filter { waitingFor[$0] == 0 }
        var rank = Array(repeating: 0, count: operations.count)
        var nextRank = 0
        while let index = ready.popLast() {
            rank[index] = nextRank
            nextRank += 1
            let end = begins[index].flatMap { begin in lengths[index].map { begin + $0 } }
            if let begin = begins[index], let end { times[index] = (begin, end) }
            for dependent in dependents[index] {
                // A dependent begins when its last dependency ends; never, if one never ends.
                if let begin = begins[dependent], let end { begins[dependent] = max(begin, end) } else { begins[dependent] = nil }
                waitingFor[dependent] -= 1
                if waitingFor[dependent] == 0 { ready.append(dependent) }
            }
        }
        self.times = times
        dependencyRank = rank
        stepWithoutLength = zip(operations, lengths).first { $0.1 == nil }?.0
        duration = stepWithoutLength == nil ? times.compactMap { $0?.end }.max() ?? 0 : nil
    }

    /// How long `operation` plays, as a step of a plan; nil if it has no length.
    static func length(of operation: Operation) -> TimeInterval? {
        switch operation {
        case let animation as AnimationOperation:
            let total = animation.animation.totalDuration
            guard total.isFinite else { return nil }
            guard animation.motion.isReduced else { return total }
            switch animation.animation.reducedMotion ?? .jumpToFinal {
            case .jumpToFinal: return 0
            case .crossFade(let duration): return duration
            case .shorten(let limit): return min(total, limit)
            }
        case is MainThreadOperation:
            return 0
        default:
            return nil
        }
    }
}
