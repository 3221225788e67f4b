import AnimationQueue
import Foundation

/// An independent model of what the scheduler must do with one stress graph: outcomes,
/// start times and the value of every channel, computed from the specs, the virtual time
/// and the events injected — never from the code under test.
///
/// Times are the graph's local time: virtual time minus the time its run spent paused
/// (pausing a run freezes its layers' time, QA1673). The rules, from the README and the
/// DocC guides:
/// - an operation starts when its dependencies have finished; it writes its to-value to
///   the model at once (model first) and ends `delay + duration` later; without a
///   from-value it plays from the channel's model value when it is resolved;
/// - cancelled before it starts, it ends `.cancelled` and leaves the layer alone; while
///   animating, its policy decides the model value (what it shows, the value before it
///   started, or its to-value);
/// - cancelling an operation cancels its dependents with `.cancel`, transitively;
/// - an animation removed by other code, or a layer released, ends `.interrupted`, which
///   does not cancel dependents;
/// - an operation that becomes ready while its run is paused starts when it resumes, unless
///   its layer is released meanwhile: then it ends `.interrupted` at once;
/// - gapless plans commit a step ahead when the last of its dependencies starts, to begin
///   at their planned end; if that animation is removed before the step starts on
///   time, the step ends `.interrupted` as it starts;
/// - a step that begins on a channel another step is still moving takes it over (the rules
///   are in `StressOracle+Takeover.swift`).
struct StressOracle {
    enum Phase: Equatable {
        case notAdded, pending, parked
        case running(start: TimeInterval)
        case finished(AnimationOutcome)
    }

    /// A step committed ahead: when it begins and ends, the from-value it was resolved with
    /// at the commit, and whether other code removed it.
    struct Ahead { var begin: TimeInterval; var end: TimeInterval; var from: Double; var removed = false }

    private(set) var spec: StressGraphSpec
    private(set) var dependents: [[Int]]
    var phases: [Phase]
    /// Local time each operation announced its start; nil if it never started.
    private(set) var startTimes: [TimeInterval?]
    var aheads: [Ahead?]
    var plannedEnds: [TimeInterval?]
    /// The from-value each started operation plays from: its own, or, without one, what the
    /// layer showed when it was resolved (the model value: no other operation animates the
    /// channel then), at its start or, adopted, at its commit ahead.
    var resolvedFroms: [Double]
    /// What a `.revert` cancel of each started operation writes: its from-value, as the
    /// animation was resolved (without one, what the layer showed then, which a takeover's
    /// start from the model value does not change); nil where this model does not know what
    /// the layer showed.
    var revertValues: [Double?]
    /// The model value of each layer's channels.
    var values: [[StressChannel: Double]]
    private(set) var layerAlive: [Bool]
    private(set) var isPaused = false
    private var pausedTotal: TimeInterval = 0
    private var pausedAt: TimeInterval = 0
    /// Whether the run (or queue) as a whole was cancelled.
    private(set) var wasCancelledAsAWhole = false
    /// Running operations turned by a retarget: a spring settles the turn, so their end is
    /// not known here, and they end when the scheduler reports it (see `finishTurned`).
    var turned: [Bool]
    /// The latest target a retarget gave each operation: kept until it starts if it has
    /// not, then its final value.
    var retargets: [Double?]
    /// Channels whose model value a cancel set to what a turned motion showed, which this
    /// model does not compute: the harness reads them back from the layer.
    var unknownValues: [(layer: Int, channel: StressChannel)] = []
    /// The app is in the background: nothing starts or ends until it returns.
    var background: Background?
    /// Whether the app has been in the background since the graph was launched.
    var hasBeenInBackground = false
    /// Whether the run has ever been paused.
    private(set) var hasBeenPaused = false
    /// The motion that plays on above each layer's channels as additive offsets: that of
    /// steps taken over, and a retarget's settling of a step that had ended.
    var offsets: [[StressChannel: [Offset]]]
    /// Operations a newer step took over (they ended `.interrupted`, with a takeover).
    var takenOver: [Bool]

    init(spec: StressGraphSpec, initialValues: [[StressChannel: Double]]) {
        self.spec = spec
        dependents = spec.dependents
        let count = spec.operations.count
        phases = Array(repeating: .notAdded, count: count)
        startTimes = Array(repeating: nil, count: count)
        aheads = Array(repeating: nil, count: count)
        plannedEnds = Array(repeating: nil, count: count)
        resolvedFroms = Array(repeating: .nan, count: count)
        revertValues = Array(repeating: nil, count: count)
        values = initialValues
        layerAlive = Array(repeating: true, count: spec.layerCount)
        turned = Array(repeating: false, count: count)
        retargets = Array(repeating: nil, count: count)
        offsets = Array(repeating: [:], count: spec.layerCount)
        takenOver = Array(repeating: false, count: count)
    }

    /// Makes room for an operation a takeover event adds, with the next index and no
    /// dependencies, not added yet.
    mutating func append(_ operation: StressOperationSpec) {
        precondition(operation.index == spec.operations.count && operation.dependencies.isEmpty)
        spec.operations.append(operation)
        dependents.append([])
        phases.append(.notAdded)
        startTimes.append(nil)
        aheads.append(nil)
        plannedEnds.append(nil)
        resolvedFroms.append(.nan)
        revertValues.append(nil)
        turned.append(false)
        retargets.append(nil)
        takenOver.append(false)
    }

    /// The graph's local time at virtual time `time`.
    func localTime(_ time: TimeInterval) -> TimeInterval {
        time - pausedTotal - (isPaused ? time - pausedAt : 0)
    }

    func outcome(_ index: Int) -> AnimationOutcome? {
        if case .finished(let outcome) = phases[index] { return outcome }
        return nil
    }

    var isFinished: Bool { phases.allSatisfy { if case .finished = $0 { true } else { false } } }

    func isRunning(_ index: Int) -> Bool {
        if case .running = phases[index] { return true }
        return false
    }

    /// What the channel shows at local time `now`: the running operation's value, else the
    /// model, plus the offsets playing on above it.
    func shown(layer: Int, channel: StressChannel, at now: TimeInterval) -> Double {
        var base = values[layer][channel]!
        for operation in spec.operations where operation.layer == layer && operation.channel == channel {
            if case .running(let start) = phases[operation.index] {
                base = operation.value(atElapsed: now - start, from: resolvedFroms[operation.index])
                break
            }
        }
        return base + (offsets[layer][channel] ?? []).reduce(0) { $0 + offsetValue($1, at: now) }
    }

    /// How many animations the layer must hold: one per running operation, plus one per
    /// operation committed ahead that has not started (and whose animation was not removed).
    func attachedCount(layer: Int) -> Int {
        spec.operations.filter { operation in
            guard operation.layer == layer else { return false }
            switch phases[operation.index] {
            case .running: return true
            case .pending, .parked: return aheads[operation.index].map { !$0.removed } ?? false
            default: return false
            }
        }.count
    }

    // MARK: Time

    /// Plays natural ends up to virtual time `time`.
    mutating func advance(to time: TimeInterval) {
        guard background == nil else { return }
        let now = localTime(time)
        while true {
            var earliest: (index: Int, end: TimeInterval)?
            for operation in spec.operations {
                guard case .running(let start) = phases[operation.index], !turned[operation.index] else { continue }
                let end = start + operation.delay + operation.duration
                if end <= now, end < (earliest?.end ?? .infinity) { earliest = (operation.index, end) }
            }
            guard let (index, end) = earliest else { return }
            phases[index] = .finished(.finished)
            startReady(at: end)
        }
    }

    // MARK: Events

    /// Operations are added to the queue (all of a batch at the same instant).
    mutating func add(_ indices: [Int], at time: TimeInterval) {
        let now = localTime(time)
        for index in indices { phases[index] = .pending }
        // Added after a dependency was cancelled: cancelled now, with its dependents.
        for index in indices where phases[index] == .pending && spec.operations[index].dependencyPolicy == .cancel {
            if spec.operations[index].dependencies.contains(where: { outcome($0) == .cancelled }) {
                cancel(index, at: now)
            }
        }
        startReady(at: now)
    }

    mutating func cancel(_ index: Int, atTime time: TimeInterval) {
        let now = localTime(time)
        cancel(index, at: now)
        startReady(at: now)
    }

    /// `AnimationRun.cancel()` or `AnimationQueue.cancelAll()`: resumes a paused run, then
    /// cancels every operation added and not finished (a run's cancel, not those of
    /// takeover events, and nothing once its steps have all finished: the run has ended).
    mutating func cancelAll(atTime time: TimeInterval, includingTakeovers: Bool = true) {
        guard includingTakeovers || spec.operations.contains(where: { !$0.isTakeover && outcome($0.index) == nil }) else {
            return
        }
        wasCancelledAsAWhole = true
        if isPaused {
            // The run's timing resumes first; steps parked at its gate start only to end
            // cancelled, so they never start.
            isPaused = false
            pausedTotal += time - pausedAt
        }
        let now = localTime(time)
        for operation in spec.operations where phases[operation.index] != .notAdded && (includingTakeovers || !operation.isTakeover) {
            cancel(operation.index, at: now)
        }
        startReady(at: now)
    }

    /// Every animation on the layer is removed by other code.
    mutating func removeAllAnimations(layer: Int, atTime time: TimeInterval) {
        let now = localTime(time)
        for operation in spec.operations where operation.layer == layer {
            if isRunning(operation.index) { phases[operation.index] = .finished(.interrupted) }
            aheads[operation.index]?.removed = true
        }
        offsets[layer] = [:]
        startReady(at: now)
    }

    /// The running operation's animation is removed by other code.
    mutating func removeAnimation(of index: Int, atTime time: TimeInterval) {
        guard isRunning(index) else { return }
        phases[index] = .finished(.interrupted)
        startReady(at: localTime(time))
    }

    /// The test drops the last reference to the layer.
    mutating func releaseLayer(_ layer: Int, atTime time: TimeInterval) {
        layerAlive[layer] = false
        offsets[layer] = [:]
        // Running operations, and those held at a paused run's gate, end at once.
        for operation in spec.operations
        where operation.layer == layer && (isRunning(operation.index) || phases[operation.index] == .parked) {
            phases[operation.index] = .finished(.interrupted)
        }
        startReady(at: localTime(time))
    }

    mutating func pause(at time: TimeInterval) {
        guard !isPaused else { return }
        isPaused = true
        hasBeenPaused = true
        pausedAt = time
    }

    mutating func resume(at time: TimeInterval) {
        guard isPaused else { return }
        isPaused = false
        pausedTotal += time - pausedAt
        let now = localTime(time)
        for operation in spec.operations where phases[operation.index] == .parked {
            start(operation.index, at: now)
        }
        startReady(at: now)
    }

    // MARK: Rules

    private mutating func cancel(_ index: Int, at now: TimeInterval) {
        let operation = spec.operations[index]
        switch phases[index] {
        case .notAdded, .finished:
            return
        case .pending, .parked:
            break
        case .running:
            let shownKnown = isShownKnown(layer: operation.layer, channel: operation.channel)
            let value: Double? = switch operation.policy {
            case .holdPresentation: shownKnown ? shown(layer: operation.layer, channel: operation.channel, at: now) : nil
            case .revert: revertValues[index]
            case .complete: retargets[index] ?? operation.to
            }
            if layerAlive[operation.layer] {
                if let value { values[operation.layer][operation.channel] = value } else {
                    unknownValues.append((operation.layer, operation.channel))
                }
            }
            dropOwnedOffsets(of: index)
        }
        phases[index] = .finished(.cancelled)
        for dependent in dependents[index] where spec.operations[dependent].dependencyPolicy == .cancel {
            cancel(dependent, at: now)
        }
    }

    /// Starts every added operation whose dependencies have all finished.
    mutating func startReady(at now: TimeInterval) {
        guard background == nil else { return }
        var changed = true
        while changed {
            changed = false
            for operation in spec.operations where phases[operation.index] == .pending {
                guard operation.dependencies.allSatisfy({ outcome($0) != nil }) else { continue }
                if isPaused {
                    phases[operation.index] = .parked
                } else {
                    start(operation.index, at: now)
                }
                changed = true
            }
        }
    }

    private mutating func start(_ index: Int, at now: TimeInterval) {
        begin(index, at: now)
        // A retarget asked for before the start turns the motion as it begins.
        if let target = retargets[index], isRunning(index) {
            values[spec.operations[index].layer][spec.operations[index].channel] = target
            turned[index] = true
        }
    }

    private mutating func begin(_ index: Int, at now: TimeInterval) {
        let operation = spec.operations[index]
        guard layerAlive[operation.layer] else {
            phases[index] = .finished(.interrupted)
            return
        }
        let shownKnown = isShownKnown(layer: operation.layer, channel: operation.channel)
        revertValues[index] = operation.from ?? (shownKnown ? shown(layer: operation.layer, channel: operation.channel, at: now) : nil)
        takeOverChannel(for: index, at: now)
        resolvedFroms[index] = operation.from ?? values[operation.layer][operation.channel]!
        values[operation.layer][operation.channel] = operation.to
        if let ahead = aheads[index], now >= ahead.begin - 1e-6 {
            // Adopts the animation committed ahead; it began at its planned time. Earlier
            // than that (beyond rounding), it would show the end value until then: a fresh
            // animation starts instead.
            aheads[index] = nil
            resolvedFroms[index] = ahead.from
            revertValues[index] = ahead.from
            startTimes[index] = ahead.begin
            plannedEnds[index] = ahead.end
            phases[index] = .running(start: ahead.begin)
            // Its commit was removed: it ends interrupted at once, and its planned end,
            // which will not come, commits nothing ahead.
            if ahead.removed {
                phases[index] = .finished(.interrupted)
            } else {
                commitDependentsAhead(of: index)
            }
            return
        }
        aheads[index] = nil
        startTimes[index] = now
        plannedEnds[index] = now + operation.delay + operation.duration
        phases[index] = .running(start: now)
        commitDependentsAhead(of: index)
    }

    /// Gapless plans: commits each dependent whose dependencies all have a planned end.
    mutating func commitDependentsAhead(of index: Int) {
        guard spec.kind == .gaplessPlan else { return }
        for dependent in dependents[index] where phases[dependent] == .pending && aheads[dependent] == nil {
            let step = spec.operations[dependent]
            guard layerAlive[step.layer] else { continue }
            var begin = -TimeInterval.infinity
            var qualifies = true
            for dependency in step.dependencies {
                // Only a dependency that started has a known end (finished ones keep theirs).
                let ends = outcome(dependency).map { $0 == .finished ? plannedEnds[dependency] : nil }
                    ?? (isRunning(dependency) ? plannedEnds[dependency] : nil)
                guard let end = ends, layerAlive[spec.operations[dependency].layer] else {
                    qualifies = false
                    break
                }
                begin = max(begin, end)
            }
            guard qualifies else { continue }
            aheads[dependent] = Ahead(begin: begin, end: begin + step.delay + step.duration,
                                      from: step.from ?? values[step.layer][step.channel]!)
        }
    }
}
