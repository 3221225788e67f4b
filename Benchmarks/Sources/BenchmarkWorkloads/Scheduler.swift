import AnimationQueue
import Dispatch
import Foundation
#if !canImport(QuartzCore)
import OpenQuartzCore
import Synchronization

/// One timed run of a graph of operations.
public struct GraphRun: Sendable {
    public var seconds: Double
    public var count: Int
    public var mallocs: Int
    /// CPU time of the main thread over the run, where it can be measured (``MainThreadCPU``).
    public var mainThreadSeconds: Double?
    /// Heap growth with every operation added and none started, per operation.
    public var pendingHeapBytesPerOp: Double
    /// Bytes requested from malloc, live with every operation pending, per operation.
    public var pendingRequestedBytesPerOp: Double

    public var secondsPerOp: Double { seconds / Double(count) }
    public var mainThreadSecondsPerOp: Double? { mainThreadSeconds.map { $0 / Double(count) } }
    public var mallocsPerOp: Double { Double(mallocs) / Double(count) }
}

/// The scheduler workloads and their baselines.
public enum SchedulerWorkloads {
    /// The animation of every step: one pass of 0.1 s of virtual time.
    static let step = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.1)
    static let sentinelQueue = OperationQueue()

    /// AnimationQueue: the graph as `AnimationOperation`s on an `AnimationQueue`, on a
    /// driven manual clock, from building the operations to the last one finishing.
    @MainActor
    public static func animationQueue(_ spec: GraphSpec, clock: DrivenClock = .shared) async -> GraphRun {
        let layers = (0..<spec.layerCount).map { _ in clock.makeLayer() }
        var queue: AnimationQueue?
        var pendingHeap = 0, pendingRequested = 0
        let probe = HeapProbe()
        let mainCPU = MainThreadCPU()
        let elapsed = await seconds {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                let animationQueue = AnimationQueue(name: "bench")
                animationQueue.isSuspended = true
                let operations = spec.layerOf.map { AnimationOperation(layer: layers[$0], animation: step) }
                for (index, deps) in spec.dependencies.enumerated() {
                    for dep in deps { operations[index].addDependency(operations[dep]) }
                }
                let sentinel = BlockOperation { done.resume() }
                for sink in spec.sinks { sentinel.addDependency(operations[sink]) }
                animationQueue.addOperations(operations)
                pendingHeap = probe.heapGrowth
                pendingRequested = probe.liveRequestedBytes
                sentinelQueue.addOperation(sentinel)
                animationQueue.isSuspended = false
                queue = animationQueue
            }
        }
        let mainSeconds = mainCPU?.seconds
        probe.stop()
        blackHole(queue)
        return GraphRun(seconds: elapsed, count: spec.count, mallocs: probe.mallocs, mainThreadSeconds: mainSeconds,
                        pendingHeapBytesPerOp: Double(pendingHeap) / Double(spec.count),
                        pendingRequestedBytesPerOp: Double(pendingRequested) / Double(spec.count))
    }

    /// Baseline (b): the same graph as empty `BlockOperation`s linked by dependencies on
    /// an `OperationQueue`.
    @MainActor
    public static func blockOperations(_ spec: GraphSpec) async -> GraphRun {
        var queue: OperationQueue?
        var pendingHeap = 0, pendingRequested = 0
        let probe = HeapProbe()
        let elapsed = await seconds {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                let operationQueue = OperationQueue()
                operationQueue.isSuspended = true
                let operations = (0..<spec.count).map { _ in BlockOperation {} }
                for (index, deps) in spec.dependencies.enumerated() {
                    for dep in deps { operations[index].addDependency(operations[dep]) }
                }
                let sentinel = BlockOperation { done.resume() }
                for sink in spec.sinks { sentinel.addDependency(operations[sink]) }
                operationQueue.addOperations(operations, waitUntilFinished: false)
                pendingHeap = probe.heapGrowth
                pendingRequested = probe.liveRequestedBytes
                sentinelQueue.addOperation(sentinel)
                operationQueue.isSuspended = false
                queue = operationQueue
            }
        }
        probe.stop()
        blackHole(queue)
        return GraphRun(seconds: elapsed, count: spec.count, mallocs: probe.mallocs,
                        pendingHeapBytesPerOp: Double(pendingHeap) / Double(spec.count),
                        pendingRequestedBytesPerOp: Double(pendingRequested) / Double(spec.count))
    }

    /// Baseline (a): `count` round trips from a background queue to the main queue and back,
    /// the floor of a step that ends off the main thread and starts on it.
    @MainActor
    public static func mainQueuePingPong(_ count: Int) async -> GraphRun {
        let probe = HeapProbe()
        let elapsed = await seconds {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                PingPong(count: count, done: done).serve()
            }
        }
        probe.stop()
        return GraphRun(seconds: elapsed, count: count, mallocs: probe.mallocs,
                        pendingHeapBytesPerOp: 0, pendingRequestedBytesPerOp: 0)
    }

    /// Baseline (c): the chain written as nested `CATransaction` completion blocks on the
    /// engine, each setting the model value with actions disabled and adding the animation.
    @MainActor
    public static func nestedTransactions(_ count: Int, clock: DrivenClock = .shared) async -> GraphRun {
        let layer = clock.makeLayer()
        let probe = HeapProbe()
        let mainCPU = MainThreadCPU()
        let elapsed = await seconds {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                NestedCompletions(layer: layer, remaining: count, done: done).step()
            }
        }
        let mainSeconds = mainCPU?.seconds
        probe.stop()
        return GraphRun(seconds: elapsed, count: count, mallocs: probe.mallocs, mainThreadSeconds: mainSeconds,
                        pendingHeapBytesPerOp: 0, pendingRequestedBytesPerOp: 0)
    }

    /// A plan of `count` serial steps on one layer, run on an `AnimationQueue`.
    ///
    /// Returns nil if the run has not finished after `timeout` seconds: on 2026-11-22 a
    /// 1,000-step plan sometimes never finished (every thread idle, nothing pending on the
    /// clock), which would otherwise hang the whole benchmark.
    @MainActor
    public static func planChain(_ count: Int, clock: DrivenClock = .shared, timeout: Double = 60) async -> GraphRun? {
        let layer = clock.makeLayer()
        let queue = AnimationQueue(name: "bench.plan")
        let probe = HeapProbe()
        var outcome: AnimationOutcome?
        let elapsed = await seconds {
            let plan = AnimationPlan {
                for _ in 0..<count { Step(layer, step) }
            }
            let run = queue.run(plan)
            outcome = await withCheckedContinuation { (done: CheckedContinuation<AnimationOutcome?, Never>) in
                let once = ResumeOnce(done)
                Task { once.resume(await run.outcome) }
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { once.resume(nil) }
            }
        }
        probe.stop()
        guard let outcome else { return nil }
        precondition(outcome == .finished, "plan benchmark ended \(outcome)")
        return GraphRun(seconds: elapsed, count: count, mallocs: probe.mallocs,
                        pendingHeapBytesPerOp: 0, pendingRequestedBytesPerOp: 0)
    }
}

/// Resumes a continuation once, whichever of two racers comes first.
private final class ResumeOnce<T: Sendable>: @unchecked Sendable {
    // `lock` guards `continuation`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, Never>?
    init(_ continuation: CheckedContinuation<T, Never>) { self.continuation = continuation }
    func resume(_ value: T) {
        let taken: CheckedContinuation<T, Never>? = lock.withLock {
            defer { continuation = nil }
            return continuation
        }
        taken?.resume(returning: value)
    }
}

/// Baseline (a)'s round trips. Each hop captures only `self`, so a hop's closure needs no
/// context of its own; the count is atomic because the hops run on two threads in turn.
private final class PingPong: Sendable {
    private let remaining: Atomic<Int>
    private let done: CheckedContinuation<Void, Never>
    private let background = DispatchQueue(label: "bench.pong")

    init(count: Int, done: CheckedContinuation<Void, Never>) {
        remaining = Atomic(count)
        self.done = done
    }

    func serve() {
        background.async { [self] in
            guard remaining.load(ordering: .relaxed) > 0 else { return done.resume() }
            remaining.subtract(1, ordering: .relaxed)
            DispatchQueue.main.async { [self] in serve() }
        }
    }
}

/// Baseline (c)'s steps. Not `Sendable`: it is only reached through the completion blocks
/// it sets, which Core Animation runs one after the other.
private final class NestedCompletions {
    private let layer: CALayer
    private var remaining: Int
    private let done: CheckedContinuation<Void, Never>

    init(layer: CALayer, remaining: Int, done: CheckedContinuation<Void, Never>) {
        self.layer = layer
        self.remaining = remaining
        self.done = done
    }

    func step() {
        guard remaining > 0 else { return done.resume() }
        remaining -= 1
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = Float(0)
        fade.toValue = Float(1)
        fade.duration = 0.1
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = 1
        CATransaction.setCompletionBlock { [self] in step() }
        layer.add(fade, forKey: "step")
        CATransaction.commit()
    }
}
#endif
