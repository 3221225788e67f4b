/// The shape of a benchmark graph: which layer each operation animates and which earlier
/// operations it waits for.
public struct GraphSpec: Sendable {
    public let count: Int
    public let layerOf: [Int]
    public let dependencies: [[Int]]
    /// Operations nothing waits for; the run ends when they all have finished.
    public let sinks: [Int]
    public let layerCount: Int

    init(layerOf: [Int], dependencies: [[Int]], layerCount: Int) {
        count = layerOf.count
        self.layerOf = layerOf
        self.dependencies = dependencies
        self.layerCount = layerCount
        var hasDependent = [Bool](repeating: false, count: layerOf.count)
        for deps in dependencies { for d in deps { hasDependent[d] = true } }
        sinks = hasDependent.indices.filter { !hasDependent[$0] }
    }

    /// A chain of `count` steps on one layer.
    public static func chain(_ count: Int) -> GraphSpec {
        GraphSpec(layerOf: Array(repeating: 0, count: count),
                  dependencies: (0..<count).map { $0 == 0 ? [] : [$0 - 1] }, layerCount: 1)
    }

    /// A random DAG: each operation animates a random layer and waits for one or two
    /// random operations among the previous `window` (so about `window` run at once).
    public static func randomDAG(_ count: Int, layers: Int = 100, window: Int = 100, seed: UInt64 = 42) -> GraphSpec {
        var rng = SplitMix64(seed: seed)
        var layerOf: [Int] = []
        var dependencies: [[Int]] = []
        for index in 0..<count {
            layerOf.append(Int(rng.next() % UInt64(layers)))
            guard index > 0 else { dependencies.append([]); continue }
            let low = max(0, index - window)
            let wanted = 1 + Int(rng.next() % 2)
            var deps: Set<Int> = []
            for _ in 0..<wanted { deps.insert(low + Int(rng.next() % UInt64(index - low))) }
            dependencies.append(deps.sorted())
        }
        return GraphSpec(layerOf: layerOf, dependencies: dependencies, layerCount: layers)
    }
}

/// A small deterministic generator, so every run builds the same graphs.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
