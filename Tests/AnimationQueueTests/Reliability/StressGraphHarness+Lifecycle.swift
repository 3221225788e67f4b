#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

@testable import AnimationQueue
import Foundation

// Retargets and background trips, injected into the scheduler and the oracle alike.
extension StressGraphHarness {
    /// Whether `key` names the settling animation of a retarget of an ended step, which
    /// belongs to no operation and takes itself off when it ends.
    static func isSettling(_ key: String) -> Bool { key.contains(".settle.") }

    /// Retargets a random operation of a live layer to a random value of its channel, on the
    /// main queue: one running or not started yet (only one without dependents, whose turned
    /// end, which a spring settles, moves no other start; not a gapless plan's step that has
    /// not started, whose early commit the oracle would have to move), or one that has ended
    /// and is the last of its channel (a later step without a from-value would start from what
    /// the settling spring shows).
    func retargetRandomOperation(at time: TimeInterval, using random: inout SeededGenerator) async -> Bool {
        let candidates = spec.operations.filter { item in
            guard layers[item.layer] != nil, oracle.phases[item.index] != .notAdded else { return false }
            if oracle.outcome(item.index) != nil {
                return !spec.operations.contains {
                    $0.layer == item.layer && $0.channel == item.channel && oracle.outcome($0.index) == nil
                }
            }
            guard oracle.dependents[item.index].isEmpty else { return false }
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
    /// time `time` has settled: turned operations the scheduler reports finished end, and a
    /// model value a cancel left to a turned motion is read back from the layer.
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
