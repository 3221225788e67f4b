import Foundation

/// A run on its timeline: scrubbed (``AnimationRun/seek(to:)``,
/// ``AnimationRun/fractionComplete``) or reversed (``AnimationRun/isReversed``). Main
/// thread only.
///
/// The run then shows its plan as a gapless run plays it, from plan time 0 to its
/// ``AnimationRun/duration``, with animations of its own and on Core Animation's timing:
/// - Every animation step's motion is resolved up front, each step from where the steps
///   before it leave the layer, and attached once to its layer as a copy, kept there
///   (`isRemovedOnCompletion` false) and shown only during the step's span of plan time
///   (`fillMode` removed). Played backwards, the copies play backwards too (`speed` −1 from
///   their end). Each step's operation takes its own animation off.
/// - The run's topmost layers carry plan time: their local time is plan time plus an offset
///   per layer. A seek moves their `timeOffset` (paused) or `beginTime` (playing), as a
///   pause does: nothing is tweened from the main thread.
/// - The model follows plan time: each key path holds the final value of the last step
///   that began on it, or the value from before the run. A seek writes the key paths whose
///   steps it crosses.
/// - The steps finish `.finished` the first time plan time passes their end, by a seek or
///   as the run plays: a marker animation on a topmost layer ends at the next begin or end
///   ahead. A step whose operation has not reached the main thread yet finishes when it
///   does. A ``Perform`` step's closure runs when plan time first passes it, once.
/// - Played back to plan time 0, the run ends at its start: every layer's model gets back
///   its value from before the run, and the steps that had not finished end `.cancelled`.
/// - A retarget of a step edits the plan, which is resolved again with it
///   (RunTimeline+Retarget.swift).
///
/// Main thread only. Its members are internal, not private, so that its extensions
/// (RunTimeline+Moving.swift, RunTimeline+Marker.swift, RunTimeline+Retarget.swift) reach
/// them; only the run calls it.
final class RunTimeline {
    /// One step of the plan.
    struct Step {
        let operation: Operation
        let begin: TimeInterval
        let end: TimeInterval
        /// The layer and the topmost layer whose time it follows; nil for blocks.
        let layer: WeakReference<CALayer>?
        let host: Int?
        /// The motion, as resolved for the timeline; nil when there is nothing to show.
        var resolved: ResolvedAnimation?
        /// The model of the layer the step writes, in `models`.
        var model: Int?
        /// Plan time has passed its end: it finishes once its operation is on the timeline.
        var isPassed = false
        /// A ``Perform`` step the timeline holds until plan time passes it.
        var isHeld = false
    }

    /// The model of one layer that the run's steps write: at a plan time, its values from
    /// before the run, then the final values of each step that has begun, in begin order. A
    /// layer is always written whole, so that steps writing a key path and a key path inside
    /// it (`position`, then `position.x`) leave what they would one after the other.
    struct LayerModel {
        let layer: WeakReference<CALayer>
        /// The values from before the run, at every key path the steps write.
        var before: [(keyPath: String, value: Any?)] = []
        /// The steps that write it, in begin order, with their final values.
        var writers: [(step: Int, values: [(keyPath: String, value: Any?)])] = []
    }

    weak var run: AnimationRun?
    var steps: [Step] = []
    /// Indices of `steps` by begin, and by end (ties in dependency order).
    let byBegin: [Int]
    let byEnd: [Int]
    /// Each step's place in `byBegin`.
    let beginRank: [Int]
    /// Steps whose begin plan time passed since their starts were last announced.
    var begunSinceAnnounced: [Int] = []
    var models: [LayerModel] = []
    let stepIndex: [ObjectIdentifier: Int]
    /// The topmost layers, each with its speed from before the run: plan time `t` is local
    /// time `anchor + (t − anchorTime)` played forwards, `anchor − (t − anchorTime)` backwards.
    var hosts: [(layer: WeakReference<CALayer>, anchor: CFTimeInterval, speed: Float)] = []
    var anchorTime: TimeInterval
    var isReversed: Bool
    let duration: TimeInterval
    /// Plan time as last moved to (read live from the layers while playing: ``planTime``).
    var time: TimeInterval
    /// How many steps, in `byBegin`, have begun; how many, in `byEnd`, have been passed.
    var begunCount = 0
    var passedCount = 0
    let keyPrefix: String
    var markerGeneration = 0
    /// The retargets asked for on the timeline, by step, in the order they came
    /// (RunTimeline+Retarget.swift).
    var turns: [Int: [PlannedTurn]] = [:]
    /// Whether the timeline has let go of the layers (the run ended or was cancelled).
    var isOver = false

    /// Puts `run` on its timeline at plan time `time`, `reversed` or not (main thread).
    init(run: AnimationRun, graph: PlanGraph, schedule: PlanSchedule, at time: TimeInterval, reversed: Bool) {
        self.run = run
        duration = schedule.duration ?? 0
        self.time = time
        anchorTime = time
        isReversed = reversed
        keyPrefix = "AnimationQueue.timeline.\(ObjectIdentifier(run).hashValue)."
        var index: [ObjectIdentifier: Int] = [:]
        var rankOf: [Int] = []
        let hostLayers = run.timedLayers
        let liveHosts = hostLayers.compactMap(\.layer)
        for (position, operation) in graph.operations.enumerated() {
            guard let times = schedule.times[position] else { continue }
            let layer = (operation as? AnimationOperation)?.layer
            let host = layer.flatMap { Self.host(of: $0, among: liveHosts) }
            index[ObjectIdentifier(operation)] = steps.count
            rankOf.append(schedule.dependencyRank[position])
            steps.append(Step(operation: operation, begin: times.begin, end: times.end,
                              layer: layer.map(WeakReference.init), host: host))
        }
        stepIndex = index
        let spans = steps.map { ($0.begin, $0.end) }
        byBegin = spans.indices.sorted { (spans[$0].0, rankOf[$0]) < (spans[$1].0, rankOf[$1]) }
        byEnd = spans.indices.sorted { (spans[$0].1, rankOf[$0]) < (spans[$1].1, rankOf[$1]) }
        var beginRank = Array(repeating: 0, count: spans.count)
        for (rank, index) in byBegin.enumerated() { beginRank[index] = rank }
        self.beginRank = beginRank

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for layer in liveHosts {
            let timed = hostLayers.first { $0.layer === layer }
            let original = timed?.original ?? LayerTiming(of: layer)
            timed?.original = original
            hosts.append((WeakReference(layer), layer.convertTime(MediaClock.now(for: layer), from: nil), original.speed))
        }
        for step in steps { (step.operation as? AnimationOperation)?.joinTimeline() }
        // Finished steps that fill forwards keep their animations on their layers; the
        // timeline shows their motion now, and the model holds their final values.
        for filled in run.attachedStepAnimations() { filled.layer.removeAnimation(forKey: filled.key) }
        resolveSteps()
        moveModel(to: time)
        attachCopies()
        CATransaction.commit()
    }

    /// The index of the topmost layer among `hosts` that `layer` is, or is under.
    static func host(of layer: CALayer, among hosts: [CALayer]) -> Int? {
        var current: CALayer? = layer
        while let candidate = current {
            if let index = hosts.firstIndex(where: { $0 === candidate }) { return index }
            current = candidate.superlayer
        }
        return nil
    }

    /// Finishes the steps whose end has passed, and starts timing the steps ahead.
    func start(rate: Float) {
        passEnds()
        armMarker(rate: rate)
    }

    // MARK: Resolving the plan

    /// Resolves every animation step, in the order they begin, each from the model the steps
    /// before it leave (as a gapless run resolves a step committed ahead), and records what
    /// they write. The model is left as the run found it before its first step.
    func resolveSteps() {
        guard let run else { return }
        // The model as it was before the run: the values the run's steps wrote over go back,
        // the last kept first, so that a key path kept after a key path containing it was
        // written (`position.x` after `position`) ends as it was before either.
        for kept in run.modelBeforeRun.all.reversed() { LayerModelAccess.set(kept.value, at: kept.keyPath, of: kept.layer) }
        var modelIndex: [ObjectIdentifier: Int] = [:]
        // Each key path as the simulation first wrote it, with what it held then.
        var overwritten: [(model: Int, keyPath: String, value: Any?)] = []
        var seen: [Int: Set<String>] = [:]
        for index in byBegin {
            guard let operation = steps[index].operation as? AnimationOperation, !(operation is WaitOperation),
                  let layer = operation.layer else { continue }
            let isMotionReduced = operation.motion.isReduced
            var resolved = LayerReading.$resolvesAhead.withValue(true) {
                operation.resolvedAnimation(for: layer, isMotionReduced: isMotionReduced)
            }
            for turn in turns[index] ?? [] { resolved = Self.turning(resolved, turn) }
            steps[index].resolved = resolved
            guard !resolved.finalValues.isEmpty else { continue }
            let model = modelIndex[ObjectIdentifier(layer)] ?? {
                models.append(LayerModel(layer: WeakReference(layer)))
                modelIndex[ObjectIdentifier(layer)] = models.count - 1
                return models.count - 1
            }()
            steps[index].model = model
            models[model].writers.append((index, resolved.finalValues))
            for (keyPath, value) in resolved.finalValues {
                if seen[model, default: []].insert(keyPath).inserted {
                    overwritten.append((model, keyPath, LayerModelAccess.value(of: layer, at: keyPath)))
                }
                LayerModelAccess.set(value, at: keyPath, of: layer)
            }
        }
        // Undone in reverse, then read back: the values from before the run.
        for entry in overwritten.reversed() {
            guard let layer = models[entry.model].layer.object else { continue }
            LayerModelAccess.set(entry.value, at: entry.keyPath, of: layer)
        }
        for entry in overwritten {
            guard let layer = models[entry.model].layer.object else { continue }
            models[entry.model].before.append((entry.keyPath, LayerModelAccess.value(of: layer, at: entry.keyPath)))
        }
    }

    /// Writes `model`'s layer as plan time has it now: the values from before the run, then
    /// each begun step's final values in begin order.
    func write(_ model: LayerModel) {
        guard let layer = model.layer.object else { return }
        for (keyPath, value) in model.before { LayerModelAccess.set(value, at: keyPath, of: layer) }
        for writer in model.writers where beginRank[writer.step] < begunCount {
            for (keyPath, value) in writer.values { LayerModelAccess.set(value, at: keyPath, of: layer) }
        }
    }

    // MARK: The copies

    /// Attaches every step's motion for the current direction, in the order the steps begin
    /// (a later step shows over an earlier one, as in a run that plays).
    func attachCopies() {
        for index in byBegin {
            guard let resolved = steps[index].resolved, let base = resolved.animation, !(base is CATransition),
                  let layer = steps[index].layer?.object, let host = steps[index].host,
                  let hostLayer = hosts[host].layer.object else { continue }
            let copy = Self.copy(of: base, delay: resolved.delay, reversed: isReversed)
            // Played forwards, the copy begins at the step's begin; backwards, when plan time
            // comes back down to its end (the step's, or later for a turn that settles after it).
            let planBegin = steps[index].begin + (isReversed ? copy.duration : 0)
            let hostTime = hosts[host].anchor + (isReversed ? anchorTime - planBegin : planBegin - anchorTime)
            var begin = layer === hostLayer ? hostTime : layer.convertTime(hostTime, from: hostLayer)
            // A `beginTime` of 0 means "now" to Core Animation: the nearest time before it
            // is used instead, which shows the same.
            if begin == 0 { begin = -.leastNonzeroMagnitude }
            copy.beginTime = begin
            layer.add(copy, forKey: keyPrefix + "\(index)")
        }
    }

    /// A group that plays `animation` after `delay` from its begin time on (set by the
    /// caller), and shows nothing outside that span; backwards from its end if `reversed`.
    static func copy(of animation: CAAnimation, delay: TimeInterval, reversed: Bool) -> CAAnimationGroup {
        let inner = animation.copy() as! CAAnimation
        inner.beginTime = delay
        if delay > 0, inner.fillMode == .removed { inner.fillMode = .backwards }
        let group = CAAnimationGroup()
        group.animations = [inner]
        group.duration = delay + ActiveDuration.of(inner)
        group.isRemovedOnCompletion = false
        if reversed {
            group.speed = -1
            group.timeOffset = group.duration
        }
        return group
    }

    func removeCopies() {
        for index in steps.indices where steps[index].resolved?.animation != nil {
            steps[index].layer?.object?.removeAnimation(forKey: keyPrefix + "\(index)")
        }
    }
}
