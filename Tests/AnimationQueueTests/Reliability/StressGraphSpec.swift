import AnimationQueue
import Foundation

/// A property of a layer that the stress test animates. Operations of a graph on the same
/// layer and channel are always ordered by the graph; only a takeover (an operation added
/// later, as a gesture would, see ``StressOperationSpec/isTakeover``) makes two of them
/// overlap, and then the newer one takes the channel over.
enum StressChannel: CaseIterable, Hashable {
    case opacity, positionX, positionY, cornerRadius

    /// The model value of this channel.
    func model(_ layer: CALayer) -> Double {
        switch self {
        case .opacity: Double(layer.opacity)
        case .positionX: Double(layer.position.x)
        case .positionY: Double(layer.position.y)
        case .cornerRadius: Double(layer.cornerRadius)
        }
    }

    /// What the layer shows on this channel (the model value before the first commit).
    func shown(_ layer: CALayer) -> Double {
        guard let presentation = layer.presentation() else { return model(layer) }
        return model(presentation)
    }

    /// The Core Animation key path of the channel.
    var keyPath: String {
        switch self {
        case .opacity: "opacity"
        case .positionX: "position.x"
        case .positionY: "position.y"
        case .cornerRadius: "cornerRadius"
        }
    }

    /// A random value in the channel's range (opacity is a `Float` in 0...1).
    func randomValue(using random: inout SeededGenerator) -> Double {
        switch self {
        case .opacity: Double(Float.random(in: 0...1, using: &random))
        default: Double.random(in: -200...200, using: &random)
        }
    }

    /// How closely a value read back must match (opacity is stored as a `Float`).
    var tolerance: Double { self == .opacity ? 1e-5 : 1e-6 }
}

/// One random animation operation of a stress graph.
struct StressOperationSpec {
    let index: Int
    let layer: Int
    let channel: StressChannel
    /// The start value; nil starts from what the layer shows (to-only, as most chains are
    /// written), which the oracle resolves as the scheduler must.
    let from: Double?
    let to: Double
    let delay: TimeInterval
    let duration: TimeInterval
    let policy: CancellationPolicy
    let dependencyPolicy: DependencyCancellation
    /// Indices of earlier operations of the same graph.
    let dependencies: [Int]
    /// Added later, from a background thread, in a second batch (queue graphs only).
    let isDeferred: Bool
    /// Not part of the generated graph: added alone to the graph's queue by a takeover event,
    /// on a channel another operation of the graph may be moving (it has no dependencies,
    /// no delay, and belongs to no run).
    var isTakeover = false

    /// The value the animation shows at `elapsed` seconds after it started (linear timing,
    /// from-value during the delay, to-value after the end), given the from-value it was
    /// resolved with.
    func value(atElapsed elapsed: TimeInterval, from: Double) -> Double {
        let progress = min(max((elapsed - delay) / duration, 0), 1)
        return from + (to - from) * progress
    }

    /// The typed animation the operation plays, built from the spec's numbers.
    func animation() -> any LayerAnimation {
        switch channel {
        case .opacity:
            BasicAnimation(.opacity, from: from.map { Float($0) }, to: Float(to), duration: duration, timing: .linear, delay: delay)
        case .positionX:
            BasicAnimation(.positionX, from: from.map { CGFloat($0) }, to: CGFloat(to), duration: duration, timing: .linear, delay: delay)
        case .positionY:
            BasicAnimation(.positionY, from: from.map { CGFloat($0) }, to: CGFloat(to), duration: duration, timing: .linear, delay: delay)
        case .cornerRadius:
            BasicAnimation(.cornerRadius, from: from.map { CGFloat($0) }, to: CGFloat(to), duration: duration, timing: .linear, delay: delay)
        }
    }
}

/// How a stress graph is handed to the scheduler.
enum StressGraphKind: CaseIterable {
    /// Operations added to an `AnimationQueue`, some of them later from a background thread.
    case queue
    /// An `AnimationPlan` run with `.afterCompletion` scheduling.
    case plan
    /// An `AnimationPlan` run with `.gapless` scheduling (steps committed ahead).
    case gaplessPlan
}

/// A random DAG of animation operations across a few layers.
struct StressGraphSpec {
    let kind: StressGraphKind
    let layerCount: Int
    /// The generated operations, then those takeover events added, in the order added.
    var operations: [StressOperationSpec]

    /// Generates a random graph: 1–3 layers, 1–8 operations, each depending on a random
    /// subset of earlier ones plus every earlier operation on its layer and channel.
    static func random(using random: inout SeededGenerator) -> StressGraphSpec {
        let kind = StressGraphKind.allCases.randomElement(using: &random)!
        let layerCount = Int.random(in: 1...3, using: &random)
        let count = Int.random(in: 1...8, using: &random)
        var earlierOnChannel: [Int: [Int]] = [:]
        var operations: [StressOperationSpec] = []
        for index in 0..<count {
            let layer = Int.random(in: 0..<layerCount, using: &random)
            let channel = StressChannel.allCases.randomElement(using: &random)!
            var dependencies = Set((0..<index).filter { _ in random.chance(0.25) }.prefix(3))
            let slot = layer * StressChannel.allCases.count + StressChannel.allCases.firstIndex(of: channel)!
            // Every earlier operation on the channel, not just the last: with `.proceed`, a
            // cancelled one in between would otherwise let two of them overlap.
            dependencies.formUnion(earlierOnChannel[slot] ?? [])
            earlierOnChannel[slot, default: []].append(index)
            let deferred = kind == .queue && index > 0 && random.chance(0.2)
            operations.append(StressOperationSpec(
                index: index, layer: layer, channel: channel,
                from: random.chance(0.3) ? nil : channel.randomValue(using: &random),
                to: channel.randomValue(using: &random),
                delay: random.chance(0.5) ? 0 : Double.random(in: 0.01...0.4, using: &random),
                duration: Double.random(in: 0.05...0.8, using: &random),
                policy: [.holdPresentation, .revert, .complete].randomElement(using: &random)!,
                dependencyPolicy: random.chance(0.25) ? .proceed : .cancel,
                dependencies: dependencies.sorted(),
                isDeferred: deferred || operations.contains { $0.isDeferred && dependencies.contains($0.index) }
            ))
        }
        return StressGraphSpec(kind: kind, layerCount: layerCount, operations: operations)
    }

    /// The direct dependents of each operation.
    var dependents: [[Int]] {
        var result = Array(repeating: [Int](), count: operations.count)
        for operation in operations {
            for dependency in operation.dependencies { result[dependency].append(operation.index) }
        }
        return result
    }
}
