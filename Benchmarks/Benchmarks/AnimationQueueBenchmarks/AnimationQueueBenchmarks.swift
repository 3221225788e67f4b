// package-benchmark suite: `swift package benchmark` runs it with the harness's own
// statistics (wall clock, mallocs, peak memory). Each iteration is a 1,000-step workload,
// so divide the figures by 1,000 for per-step values. The ratio table against the
// baselines comes from `swift run -c release AnimationQueueRatios`.
import Benchmark
import BenchmarkWorkloads

let steps = 1_000

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(3),
        maxIterations: 50
    )

    Benchmark("Chain step ×1000: AnimationQueue") { (_: Benchmark) async in
        _ = await SchedulerWorkloads.animationQueue(.chain(steps))
    }
    Benchmark("Chain step ×1000: (a) main-queue ping-pong") { (_: Benchmark) async in
        _ = await SchedulerWorkloads.mainQueuePingPong(steps)
    }
    Benchmark("Chain step ×1000: (b) BlockOperation chain") { (_: Benchmark) async in
        _ = await SchedulerWorkloads.blockOperations(.chain(steps))
    }
    Benchmark("Chain step ×1000: (c) nested CATransaction") { (_: Benchmark) async in
        _ = await SchedulerWorkloads.nestedTransactions(steps)
    }
    Benchmark("Plan step ×1000: AnimationQueue.run") { (_: Benchmark) async in
        _ = await SchedulerWorkloads.planChain(steps)
    }
    Benchmark("Random DAG ×1000, 100 layers: AnimationQueue") { (_: Benchmark) async in
        _ = await SchedulerWorkloads.animationQueue(.randomDAG(steps))
    }
    for kind in EngineWorkloads.Kind.allCases {
        Benchmark("Engine frame, 10k layers: \(kind.rawValue)") { benchmark, scene in
            for _ in benchmark.scaledIterations {
                scene.nextFrame()
                scene.evaluateFrame()
            }
        } setup: {
            EngineWorkloads.Scene(count: 10_000, kind: kind)
        }
        Benchmark("Engine render-tree frame, 10k layers: \(kind.rawValue)") { benchmark, scene in
            for _ in benchmark.scaledIterations {
                scene.nextFrame()
                scene.evaluateRenderFrame()
            }
        } setup: {
            EngineWorkloads.Scene(count: 10_000, kind: kind)
        }
    }
}
