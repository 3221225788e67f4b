#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

@testable import AnimationQueue
import Foundation

extension StressGraphHarness {
    /// Every difference between the scheduler and the oracle at virtual time `time`, after
    /// the work due by then has settled. Empty when the invariants hold:
    /// - every operation finishes at most once, and with the outcome the oracle expects;
    /// - it starts once, at the local time the oracle expects, and only after all of its
    ///   dependencies finished;
    /// - a cancelled operation's dependents that follow cancellation are cancelled;
    /// - each live layer holds exactly the animations of its running operations (plus those
    ///   committed ahead), so none stays after its operation finished; what plays on as an
    ///   offset aside (a retarget's settling, a taken-over step's motion), which the drain
    ///   checks is gone;
    /// - an operation carries a takeover exactly when the oracle has it taken over;
    /// - each live layer's model and presentation values are the oracle's;
    /// - a released layer is deallocated.
    func violations(at time: TimeInterval) -> [String] {
        guard isLaunched else { return [] }
        var found = probe.orderingViolations
        let now = oracle.localTime(time)
        for item in spec.operations {
            let index = item.index
            let outcomes = probe.outcomes(of: index)
            let expected = oracle.outcome(index)
            if outcomes.count > 1 { found.append("operation \(index) finished \(outcomes.count) times: \(outcomes)") }
            if outcomes.first != expected || operations[index].outcome != expected {
                found.append("operation \(index): outcome \(String(describing: operations[index].outcome)) (announced \(outcomes)), expected \(String(describing: expected))")
            }
            let starts = probe.startTimes(of: index)
            if starts.count > 1 { found.append("operation \(index) started \(starts.count) times") }
            switch (starts.first, oracle.startTimes[index]) {
            case (nil, nil): break
            case let (actual?, expected?) where abs(actual - expected) <= 1e-6: break
            case let (actual, expected):
                found.append("operation \(index) started at \(String(describing: actual)), expected \(String(describing: expected))")
            }
            if oracle.takenOver[index] != (operations[index].takeover != nil) {
                found.append("operation \(index): takeover \(String(describing: operations[index].takeover)), expected \(oracle.takenOver[index] ? "one" : "none")")
            }
            if outcomes.first == .cancelled {
                for dependent in spec.operations where dependent.dependencies.contains(index) && dependent.dependencyPolicy == .cancel {
                    let outcome = operations[dependent.index].outcome
                    if oracle.phases[dependent.index] != .notAdded, outcome != .cancelled {
                        found.append("operation \(dependent.index) is \(String(describing: outcome)) although its dependency \(index) was cancelled")
                    }
                }
            }
        }
        for (index, layer) in layers.enumerated() {
            guard let layer else { continue }
            let keys = layer.animationKeys() ?? []
            // A retarget's settling animation, whose spring the oracle does not model, is left
            // out, and so is what the layer shows on its channel while it plays; the drain
            // checks that it took itself off.
            let settling = keys.filter(Self.isSettling)
            let attached = keys.count - keys.filter(Self.playsOn).count
            let expected = oracle.attachedRange(layer: index)
            if !expected.contains(attached) {
                found.append("layer \(index) holds \(attached) animation(s) \(keys), expected \(expected)")
            }
            for channel in StressChannel.allCases {
                let model = channel.model(layer), expectedModel = oracle.values[index][channel]!
                if abs(model - expectedModel) > channel.tolerance * max(1, abs(expectedModel)) {
                    found.append("layer \(index) \(channel) model \(model), expected \(expectedModel)")
                }
                guard oracle.isShownKnown(layer: index, channel: channel),
                      !settling.contains(where: { $0.hasSuffix(".settle." + channel.keyPath) }) else { continue }
                let shown = channel.shown(layer), expectedShown = oracle.shown(layer: index, channel: channel, at: now)
                if abs(shown - expectedShown) > 1e-4 * max(1, abs(expectedShown)) {
                    let animations = (layer.animationKeys() ?? []).compactMap { key in
                        layer.animation(forKey: key).map { "\(key) begins \($0.beginTime)" }
                    }
                    found.append("layer \(index) \(channel) shows \(shown), expected \(expectedShown) at local time \(now); animations: \(animations)")
                }
            }
        }
        for (index, layer) in layers.enumerated() where layer == nil && releasedLayerIsAlive(index) {
            found.append("layer \(index) is still alive after the test released it")
        }
        return found
    }

    /// The run's outcome the oracle expects, from AnimationRun's rule: cancelled if the run
    /// was, else interrupted if a step was, else cancelled if a step was, else finished.
    var expectedRunOutcome: AnimationOutcome {
        let outcomes = Set(spec.operations.filter { !$0.isTakeover }.compactMap { oracle.outcome($0.index) })
        if oracle.wasCancelledAsAWhole { return .cancelled }
        if outcomes.contains(.interrupted) { return .interrupted }
        if outcomes.contains(.cancelled) { return .cancelled }
        return .finished
    }
}
#endif
