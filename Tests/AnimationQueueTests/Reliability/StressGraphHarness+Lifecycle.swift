#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

@testable import AnimationQueue
import Foundation

// Retargets, takeovers and background trips, injected into the scheduler and the oracle
// alike.
extension StressGraphHarness {
    /// Whether `key` names the settling animation of a retarget of an ended step, which
    /// belongs to no operation and takes itself off when it ends.
    static func isSettling(_ key: String) -> Bool { key.contains(".settle.") }

    /// Whether `key` names motion that plays on after its step: a retarget's settling, or
    /// what plays on of a step taken over (its offsets, moved on to the newer steps, and the
    /// rest of its motion). It takes itself off when it ends.
    static func playsOn(_ key: String) -> Bool {
        isSettling(key) || key.hasSuffix(".playsOn") || key.range(of: #"\.over\d+$"#, options: .regularExpression) != nil
    }

    /// Whether `animation`, or an animation in it at any depth, moves `channel`.
    static func moves(_ animation: CAAnimation, _ channel: StressChannel) -> Bool {
        if let group = animation as? CAAnimationGroup {
            return (group.animations ?? []).contains { moves($0, channel) }
        }
        return (animation as? CAPropertyAnimation)?.keyPath == channel.keyPath
    }

    /// A takeover, as a gesture would start one: a new operation on the layer and channel of
    /// a random operation of the graph (running, mostly; else one pending, not added or
    /// ended), from what the layer holds mostly, else from a value of its own, with linear
    /// timing, added alone to the graph's queue on the main queue. A third of the time that
    /// turn then sets a transaction property, as a gesture handler may change a layer after
    /// adding a step: the main thread's implicit transaction is pending as the step's batch
    /// begins, and holds the commit of its animation, and of any step that begins in the same
    /// turn and takes it over, until the implicit transaction commits.
    ///
    /// Not while a plan's run is paused, nor once it was (the run's retiming of its layers
    /// would move the new operation too). Not, in a gapless plan, on a channel where a step
    /// has yet to begin: a step committed ahead there is not taken over by the newer one, and
    /// does not take it over as it begins on time (it adopts its commit), which this model
    /// leaves out.
    func takeOverRandomOperation(at time: TimeInterval, lifetimes: LifetimeTracker, threads: ThreadCounter,
                                 using random: inout SeededGenerator) async -> Bool {
        guard isLaunched, let queue, !oracle.isPaused, !oracle.hasBeenPaused else { return false }
        let live = spec.operations.filter { item in
            layers[item.layer] != nil && (spec.kind != .gaplessPlan || !spec.operations.contains {
                $0.layer == item.layer && $0.channel == item.channel && oracle.outcome($0.index) == nil
                    && !oracle.isRunning($0.index)
            })
        }
        let running = live.filter { oracle.isRunning($0.index) }
        let older = running.isEmpty || random.chance(0.2) ? live.randomElement(using: &random) : running.randomElement(using: &random)
        guard let older else { return false }
        let item = StressOperationSpec(
            index: spec.operations.count, layer: older.layer, channel: older.channel,
            from: random.chance(0.25) ? older.channel.randomValue(using: &random) : nil,
            to: older.channel.randomValue(using: &random),
            delay: 0, duration: Double.random(in: 0.05...0.8, using: &random),
            policy: [.holdPresentation, .revert, .complete].randomElement(using: &random)!,
            dependencyPolicy: .cancel, dependencies: [], isDeferred: false, isTakeover: true)
        let operation = makeTakeover(item, lifetimes: lifetimes, threads: threads)
        let state = oracle.outcome(older.index).map { "ended \($0)" }
            ?? (oracle.isRunning(older.index) ? "running" : "\(oracle.phases[older.index])")
        let box = UncheckedSendableBox((queue, operation))
        let leavesTransactionPending = random.chance(1.0 / 3)
        await onMainQueue {
            box.value.0.addOperation(box.value.1)
            if leavesTransactionPending { CATransaction.setValue(true, forKey: "stress.pending") }
        }
        oracle.addTakeover(item, atTime: time)
        log.append("t=\(time) took over operation \(older.index) (\(state)) with operation \(item.index) \(item.channel) "
                   + "\(item.from.map { "from \($0) " } ?? "")to \(item.to) in \(item.duration)")
        return true
    }

    /// Retargets a random operation of a live layer to a random value of its channel, on the
    /// main queue: one running or not started yet (only one without dependents, and without
    /// another step yet to begin on its channel, whose turned end, which a spring settles,
    /// moves no other start and decides no takeover; not a gapless plan's step that has not
    /// started, whose early commit the oracle would have to move), or one that has ended
    /// while no other step moves its channel (a later step without a from-value starts from the
    /// model value, the retarget's target, with the settling spring carried on above it; not,
    /// in a gapless plan, while a step has yet to begin there: one committed ahead adopts its
    /// commit as it begins, without taking the spring along or off, which this model leaves
    /// out).
    func retargetRandomOperation(at time: TimeInterval, using random: inout SeededGenerator) async -> Bool {
        let candidates = spec.operations.filter { item in
            guard layers[item.layer] != nil, oracle.phases[item.index] != .notAdded else { return false }
            if oracle.outcome(item.index) != nil {
                return !spec.operations.contains {
                    $0.layer == item.layer && $0.channel == item.channel
                        && (oracle.isRunning($0.index) || (spec.kind == .gaplessPlan && oracle.outcome($0.index) == nil))
                }
            }
            guard oracle.dependents[item.index].isEmpty, !spec.operations.contains(where: {
                $0.index != item.index && $0.layer == item.layer && $0.channel == item.channel
                    && oracle.outcome($0.index) == nil && !oracle.isRunning($0.index)
            }) else { return false }
            return oracle.isRunning(item.index) || spec.kind != .gaplessPlan
        }
        guard let item = candidates.randomElement(using: &random) else { return false }
        let target = item.channel.randomValue(using: &random)
        let box = UncheckedSendableBox((operations[item.index], item.channel))
        await onMainQueue {
            let (operation, channel) = box.value
            switch channel {
            case .opacity: operation.retarget(.opacity, to: Float(target))
            case .positionX: operation.retarget(.positionX, to: CGFloat(target))
            case .positionY: operation.retarget(.positionY, to: CGFloat(target))
            case .cornerRadius: operation.retarget(.cornerRadius, to: CGFloat(target))
            }
        }
        let state = oracle.outcome(item.index).map { "ended \($0)" } ?? (oracle.isRunning(item.index) ? "running" : "pending")
        oracle.retarget(item.index, to: target, atTime: time)
        log.append("t=\(time) retargeted operation \(item.index) (\(state)) \(item.channel) to \(target)")
        return true
    }

    /// Brings the oracle up to what it leaves to the scheduler, once the work due by virtual
    /// time `time` has settled: turned operations the scheduler reports finished end, a
    /// model value a cancel left to a turned motion is read back from the layer, and offsets
    /// this model does not compute are gone once the layer no longer plays them.
    func reconcile(at time: TimeInterval) {
        for index in spec.operations.indices where oracle.isRunning(index) && oracle.turned[index] {
            if probe.outcomes(of: index).first == .finished {
                oracle.finishTurned(index, atTime: time)
                log.append("t=\(time) turned operation \(index) finished")
            }
        }
        for (layer, channel) in oracle.unknownValues {
            if let live = layers[layer] { oracle.adopt(channel.model(live), layer: layer, channel: channel) }
        }
        oracle.unknownValues = []
        // Away, the engine has taken every animation off; a suspended step's offsets go back
        // on with it at the return.
        guard oracle.background == nil else { return }
        for (index, layer) in layers.enumerated() {
            guard let layer else { continue }
            for channel in StressChannel.allCases where oracle.hasUnknownOffset(layer: index, channel: channel) {
                let playing = (layer.animationKeys() ?? []).contains { key in
                    Self.playsOn(key) && layer.animation(forKey: key).map { Self.moves($0, channel) } == true
                }
                if !playing { oracle.dropUnknownOffsets(layer: index, channel: channel) }
            }
        }
    }

    /// The app left at virtual time `time` (the queue heard it).
    func didEnterBackground(at time: TimeInterval, engineFirst: Bool) {
        guard isLaunched else { return }
        oracle.enterBackground(policy: backgroundPolicy, atTime: time)
        log.append("t=\(time) entered the background (\(backgroundPolicy), \(engineFirst ? "engine first" : "queue first"))")
    }

    /// The app returned at virtual time `time`.
    func didEnterForeground(at time: TimeInterval, engineFirst: Bool) {
        guard isLaunched else { return }
        oracle.enterForeground(atTime: time)
        log.append("t=\(time) returned to the foreground (\(engineFirst ? "engine first" : "queue first"))")
    }
}
#endif
