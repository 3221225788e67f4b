#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

@testable import AnimationQueue
import AnimationQueueTesting
import Foundation

/// One random graph on the scheduler, next to its ``StressOracle``: launches it, injects
/// events into both, and compares them (see ``violations(at:)``).
final class StressGraphHarness: @unchecked Sendable {
    // Used from the test task only, except `launch` and `addDeferred`, which the test runs on
    // a background thread while it waits for them: no two threads touch it at once.
    let id: Int
    /// The graph, and the operations takeover events added to it.
    private(set) var spec: StressGraphSpec
    var oracle: StressOracle
    let probe: StressProbe
    /// Strong references; nil once the test released the layer.
    private(set) var layers: [CALayer?]
    private let weakLayers: [WeakReference<CALayer>]
    private(set) var operations: [AnimationOperation] = []
    private(set) var queue: AnimationQueue?
    private(set) var run: AnimationRun?
    private(set) var isLaunched = false
    private(set) var hasDeferred: Bool
    /// The events injected, for the report of a failure.
    var log: [String] = []
    /// The queue's background policy, chosen at random.
    let backgroundPolicy: BackgroundPolicy

    init(id: Int, spec: StressGraphSpec, clock: AnimationTestClock, random: inout SeededGenerator) {
        self.id = id
        self.spec = spec
        probe = StressProbe(spec: spec)
        var initial: [[StressChannel: Double]] = []
        var layers: [CALayer] = []
        for _ in 0..<spec.layerCount {
            let values = Dictionary(uniqueKeysWithValues: StressChannel.allCases.map { ($0, $0.randomValue(using: &random)) })
            initial.append(values)
            layers.append(clock.makeLayer {
                let layer = CALayer()
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                layer.opacity = Float(values[.opacity]!)
                layer.position = CGPoint(x: values[.positionX]!, y: values[.positionY]!)
                layer.cornerRadius = CGFloat(values[.cornerRadius]!)
                CATransaction.commit()
                return layer
            })
        }
        self.layers = layers
        weakLayers = layers.map(WeakReference.init)
        oracle = StressOracle(spec: spec, initialValues: initial)
        hasDeferred = spec.operations.contains { $0.isDeferred }
        backgroundPolicy = [.pause, .complete, .interrupt, .keepWallClockTime].randomElement(using: &random)!
    }

    /// The layer a plan's run keeps as its timing host (its first step's), which the test
    /// therefore cannot release.
    private var hostLayer: Int? { spec.kind == .queue ? nil : spec.operations[0].layer }

    // MARK: Launching (any thread)

    /// Creates the operation of a takeover event, with the index `item` gives it, and records
    /// it (it is added to the queue by the caller).
    func makeTakeover(_ item: StressOperationSpec, lifetimes: LifetimeTracker, threads: ThreadCounter) -> AnimationOperation {
        precondition(item.isTakeover && item.index == operations.count)
        let animation = TrackedAnimation(base: item.animation(), lifetimes: lifetimes, threads: threads)
        let operation = AnimationOperation(layer: layers[item.layer]!, animation: animation)
        operation.name = "s\(item.index)"
        operation.cancellationPolicy = item.policy
        operation.motion = .full
        spec.operations.append(item)
        operations.append(operation)
        probe.extend()
        probe.observe(operation, index: item.index)
        lifetimes.track(operation, as: "operation")
        return operation
    }

    /// Creates the operations (or plan) and adds the first batch to a new queue.
    func launch(lifetimes: LifetimeTracker, threads: ThreadCounter) {
        let queue = AnimationQueue(name: "stress-\(id)-\(UUID())")
        queue.backgroundPolicy = backgroundPolicy
        self.queue = queue
        lifetimes.track(queue, as: "queue")
        let animations = spec.operations.map { TrackedAnimation(base: $0.animation(), lifetimes: lifetimes, threads: threads) }
        switch spec.kind {
        case .queue:
            operations = spec.operations.map { item in
                let operation = AnimationOperation(layer: layers[item.layer]!, animation: animations[item.index])
                operation.name = "s\(item.index)"
                operation.cancellationPolicy = item.policy
                operation.onCancelledDependency = item.dependencyPolicy
                operation.motion = .full
                return operation
            }
            for item in spec.operations {
                for dependency in item.dependencies { operations[item.index].addDependency(operations[dependency]) }
                probe.observe(operations[item.index], index: item.index)
            }
            queue.addOperations(spec.operations.filter { !$0.isDeferred }.map { operations[$0.index] })
        case .plan, .gaplessPlan:
            let steps = spec.operations.map { item in
                var step = Step(layers[item.layer]!, animations[item.index]).named("s\(item.index)")
                    .cancellationPolicy(item.policy).onCancelledDependency(item.dependencyPolicy)
                for dependency in item.dependencies { step = step.after("s\(dependency)") }
                return step
            }
            // Suspended, so the hooks are in place before any step starts.
            queue.isSuspended = true
            let run = queue.run(AnimationPlan(scheduling: spec.kind == .gaplessPlan ? .gapless : .afterCompletion) {
                Parallel { for step in steps { step } }
            }, motion: .full)
            self.run = run
            lifetimes.track(run, as: "run")
            let byName = Dictionary(uniqueKeysWithValues: queue.unfinished.compactMap { operation in
                (operation as? AnimationOperation).map { ($0.name ?? "", $0) }
            })
            operations = spec.operations.map { byName["s\($0.index)"]! }
            for (index, operation) in operations.enumerated() { probe.observe(operation, index: index) }
            queue.isSuspended = false
        }
        for operation in operations { lifetimes.track(operation, as: "operation") }
        for layer in layers.compactMap({ $0 }) { lifetimes.track(layer, as: "layer") }
    }

    /// Adds the deferred operations of a queue graph.
    func addDeferred() {
        queue?.addOperations(spec.operations.filter(\.isDeferred).map { operations[$0.index] })
    }

    /// Records the launch (or the deferred batch) in the oracle, at virtual time `time`.
    func didLaunch(at time: TimeInterval) {
        isLaunched = true
        oracle.add(spec.operations.filter { !$0.isDeferred }.map(\.index), at: time)
        log.append("t=\(time) launched \(spec.kind) with \(spec.operations.count) operations")
    }

    func didAddDeferred(at time: TimeInterval) {
        hasDeferred = false
        oracle.add(spec.operations.filter(\.isDeferred).map(\.index), at: time)
        log.append("t=\(time) added the deferred operations from a background thread")
    }

    // MARK: Events (test task)

    func advanceOracle(to time: TimeInterval) { oracle.advance(to: time) }

    /// Cancels a random operation that was added and has not finished.
    func cancelRandomOperation(at time: TimeInterval, using random: inout SeededGenerator) -> Bool {
        let candidates = spec.operations.indices.filter { oracle.phases[$0] != .notAdded && oracle.outcome($0) == nil }
        guard let index = candidates.randomElement(using: &random) else { return false }
        operations[index].cancel()
        oracle.cancel(index, atTime: time)
        log.append("t=\(time) cancelled operation \(index)")
        return true
    }

    /// `run.cancel()` for plans, `queue.cancelAll()` for queue graphs.
    func cancelEverything(at time: TimeInterval) -> Bool {
        guard !oracle.isFinished else { return false }
        if let run { run.cancel() } else { queue?.cancelAll() }
        // A run's cancel leaves the operations of takeover events alone: they are not its steps.
        oracle.cancelAll(atTime: time, includingTakeovers: run == nil)
        log.append("t=\(time) cancelled the \(run == nil ? "queue" : "run")")
        return true
    }

    /// Removes one running animation with `removeAnimation(forKey:)`, on the main queue, and
    /// commits the removal at once (see ``removeOnMainQueue(_:)``).
    func removeRandomAnimation(at time: TimeInterval, using random: inout SeededGenerator) async -> Bool {
        let now = oracle.localTime(time)
        var candidates: [(layer: CALayer, key: String, index: Int)] = []
        for (layerIndex, layer) in layers.enumerated() {
            guard let layer else { continue }
            for key in layer.animationKeys() ?? [] {
                // A running animation began already; one committed ahead begins later.
                // A retarget's settling animation belongs to no operation, and what plays on
                // of a step taken over is not that of the step running now.
                guard !Self.playsOn(key), let animation = layer.animation(forKey: key), animation.beginTime <= now + 1e-9,
                      let channel = Self.channel(of: animation),
                      let index = spec.operations.first(where: {
                          $0.layer == layerIndex && $0.channel == channel && oracle.isRunning($0.index)
                      })?.index else { continue }
                candidates.append((layer, key, index))
            }
        }
        guard let target = candidates.randomElement(using: &random) else { return false }
        let box = UncheckedSendableBox((target.layer, target.key))
        await removeOnMainQueue { box.value.0.removeAnimation(forKey: box.value.1) }
        oracle.removeAnimation(of: target.index, atTime: time)
        log.append("t=\(time) removed the animation of operation \(target.index)")
        return true
    }

    /// `removeAllAnimations()` on a random live layer, on the main queue.
    func removeAllAnimations(at time: TimeInterval, using random: inout SeededGenerator) async -> Bool {
        guard let index = layers.indices.filter({ layers[$0]?.animationKeys() != nil }).randomElement(using: &random),
              let layer = layers[index] else { return false }
        let box = UncheckedSendableBox(layer)
        await removeOnMainQueue { box.value.removeAllAnimations() }
        oracle.removeAllAnimations(layer: index, atTime: time)
        log.append("t=\(time) removed all animations of layer \(index)")
        return true
    }

    /// Runs `removal` on the main queue and commits the main thread's implicit transaction at
    /// once, as the end of the turn would. A removal takes effect when its transaction
    /// commits (the layer shows it and the delegate hears of it then); the oracle has it take
    /// effect at this instant, so the harness's next advance of the clock, from another
    /// thread, must find it committed.
    private func removeOnMainQueue(_ removal: @escaping @Sendable () -> Void) async {
        await onMainQueue {
            removal()
            CATransaction.flush()
        }
    }

    /// Drops the test's only reference to a random layer.
    func releaseRandomLayer(at time: TimeInterval, using random: inout SeededGenerator) -> Bool {
        guard let index = layers.indices.filter({ layers[$0] != nil && $0 != hostLayer }).randomElement(using: &random)
        else { return false }
        layers[index] = nil
        oracle.releaseLayer(index, atTime: time)
        log.append("t=\(time) released layer \(index)")
        return true
    }

    /// Pauses or resumes the run of a plan graph.
    /// Not once a takeover event added an operation on the run's layers, which the run's
    /// retiming would move too, and put back by the paused time as the run ends.
    func togglePause(at time: TimeInterval) -> Bool {
        guard let run, !oracle.isFinished, !spec.operations.contains(where: \.isTakeover) else { return false }
        if oracle.isPaused {
            run.resume()
            oracle.resume(at: time)
        } else {
            run.pause()
            oracle.pause(at: time)
        }
        log.append("t=\(time) \(oracle.isPaused ? "paused" : "resumed") the run")
        return true
    }

    /// Resumes a paused run, so the graph can finish.
    func resumeIfPaused(at time: TimeInterval) {
        guard let run, oracle.isPaused else { return }
        run.resume()
        oracle.resume(at: time)
        log.append("t=\(time) resumed the run to finish")
    }

    /// Drops every reference the harness holds.
    func releaseEverything() {
        layers = layers.map { _ in nil }
        operations = []
        queue = nil
        run = nil
    }

    /// Whether the layer with `index` still exists.
    func releasedLayerIsAlive(_ index: Int) -> Bool { weakLayers[index].object != nil }

    static func channel(of animation: CAAnimation) -> StressChannel? {
        let property = (animation as? CAPropertyAnimation)
            ?? ((animation as? CAAnimationGroup)?.animations?.first as? CAPropertyAnimation)
        return StressChannel.allCases.first { $0.keyPath == property?.keyPath }
    }
}
#endif
