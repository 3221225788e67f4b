import Foundation

/// Commits the steps of a ``AnimationPlan/Scheduling/gapless`` run ahead of time.
///
/// A step qualifies when every one of its dependencies is an animation step of the plan
/// (waits included). When the last of those starts, the step's animation is committed with a
/// `beginTime` at the latest of their planned ends, converted between the layers' time spaces
/// through media time. Core Animation then starts it on time even if the main thread is busy
/// when the dependencies end. The look-ahead is one step: a step's dependents are committed
/// when it starts (or adopts its early commit), so a stall shorter than the step being played
/// leaves no gap, and a chain of 100,000 steps never has more than a step's worth attached.
///
/// Nothing else changes: the step's operation still starts when its dependencies finish,
/// and then adopts the animation (``AnimationOperation/commitAhead(at:)``).
final class GaplessScheduler: @unchecked Sendable {
    // Thread safety: immutable after init; `commitReadyDependents(of:)` runs on the main thread.
    // The steps are held weakly: the scheduler lives in the start hooks of the steps, so
    // strong references would make a cycle that leaks every step (and, through their hooks,
    // the queue). A pending step keeps its dependencies alive, and its queue keeps the step.
    /// For each qualifying step, the steps it waits for.
    private let dependencies: [ObjectIdentifier: [WeakReference<AnimationOperation>]]
    /// For each animation step, the qualifying steps that wait for it.
    private let dependents: [ObjectIdentifier: [WeakReference<AnimationOperation>]]

    init(graph: PlanGraph) {
        var dependencies: [ObjectIdentifier: [WeakReference<AnimationOperation>]] = [:]
        var dependents: [ObjectIdentifier: [WeakReference<AnimationOperation>]] = [:]
        // Steps that wait for something; none in a plan of one parallel group.
        let waiting = zip(graph.operations, graph.dependencyLists).compactMap { operation, waitsFor in
            waitsFor.isEmpty ? nil : (operation as? AnimationOperation).map { ($0, waitsFor) }
        }
        let members = waiting.isEmpty ? [] : Set(graph.operations.compactMap { $0 as? AnimationOperation }.map(ObjectIdentifier.init))
        for (step, waitsFor) in waiting {
            let all = waitsFor.compactMap { $0 as? AnimationOperation }
            guard !all.isEmpty, all.count == waitsFor.count,
                  all.allSatisfy({ members.contains(ObjectIdentifier($0)) }) else { continue }
            dependencies[ObjectIdentifier(step)] = all.map(WeakReference.init)
            for dependency in all { dependents[ObjectIdentifier(dependency), default: []].append(WeakReference(step)) }
        }
        self.dependencies = dependencies
        self.dependents = dependents
    }

    /// The animation steps to watch: those with dependents to commit ahead.
    var watched: [ObjectIdentifier] { Array(dependents.keys) }

    /// Called on the main thread when `operation` has started, that is once Core Animation
    /// fixed its begin time (at the commit, which a transaction the caller has open defers to
    /// its own commit), so its planned end is known: commits each dependent whose
    /// dependencies have all started and will end on time.
    func commitReadyDependents(of operation: AnimationOperation) {
        for case let step? in (dependents[ObjectIdentifier(operation)] ?? []).map(\.object) {
            guard let begin = plannedBegin(of: step) else { continue }
            step.commitAhead(at: begin)
        }
    }

    /// Called on the main thread when `operation`'s planned end moved (it was retargeted, or
    /// put back after the background):
    /// each dependent committed ahead to the old end, and not begun yet, is committed again
    /// to the new one.
    func recommitDependents(of operation: AnimationOperation) {
        for case let step? in (dependents[ObjectIdentifier(operation)] ?? []).map(\.object) {
            guard step.withdrawAheadNotBegun() else { continue }
            guard let begin = plannedBegin(of: step) else { continue }
            step.commitAhead(at: begin)
        }
    }

    /// When `step` should begin, in its layer's time: the latest planned end of its
    /// dependencies. Nil if one has not started, ended other than `.finished`, never ends,
    /// or its layer is gone. Nil too from the moment one is cancelled: its cancel reaches its
    /// animation on the main thread only later, and a step that starts meanwhile (often
    /// because of that very cancel) must not be committed to an end that will not come.
    private func plannedBegin(of step: AnimationOperation) -> CFTimeInterval? {
        guard let layer = step.layer, let waitsFor = dependencies[ObjectIdentifier(step)] else { return nil }
        var latest = -CFTimeInterval.infinity
        for weakDependency in waitsFor {
            guard let dependency = weakDependency.object, !dependency.isCancelled else { return nil }
            if let outcome = dependency.outcome, outcome != .finished { return nil }
            guard let end = dependency.plannedEnd, end.isFinite,
                  let dependencyLayer = dependency.layer else { return nil }
            let media = dependencyLayer.convertTime(end, to: nil)
            latest = max(latest, layer.convertTime(media, from: nil))
        }
        return latest.isFinite ? latest : nil
    }
}

