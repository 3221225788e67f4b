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
final class RunTimeline {
    /// One step of the plan.
    private struct Step {
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
    private struct LayerModel {
        let layer: WeakReference<CALayer>
        /// The values from before the run, at every key path the steps write.
        var before: [(keyPath: String, value: Any?)] = []
        /// The steps that write it, in begin order, with their final values.
        var writers: [(step: Int, values: [(keyPath: String, value: Any?)])] = []
    }

    private weak var run: AnimationRun?
    private var steps: [Step] = []
    /// Indices of `steps` by begin, and by end (ties in dependency order).
    private let byBegin: [Int]
    private let byEnd: [Int]
    /// Each step's place in `byBegin`.
    private let beginRank: [Int]
    /// Steps whose begin plan time passed since their starts were last announced.
    private var begunSinceAnnounced: [Int] = []
    private var models: [LayerModel] = []
    private let stepIndex: [ObjectIdentifier: Int]
    /// The topmost layers, each with its speed from before the run: plan time `t` is local
    /// time `anchor + (t − anchorTime)` played forwards, `anchor − (t − anchorTime)` backwards.
    private var hosts: [(layer: WeakReference<CALayer>, anchor: CFTimeInterval, speed: Float)] = []
    private var anchorTime: TimeInterval
    private(set) var isReversed: Bool
    let duration: TimeInterval
    /// Plan time as last moved to (read live from the layers while playing: ``planTime``).
    private var time: TimeInterval
    /// How many steps, in `byBegin`, have begun; how many, in `byEnd`, have been passed.
    private var begunCount = 0
    private var passedCount = 0
    private let keyPrefix: String
    private var markerGeneration = 0
    /// Whether the timeline has let go of the layers (the run ended or was cancelled).
    private(set) var isOver = false

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
    private static func host(of layer: CALayer, among hosts: [CALayer]) -> Int? {
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
    private func resolveSteps() {
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
            let resolved = LayerReading.$resolvesAhead.withValue(true) {
                operation.resolvedAnimation(for: layer, isMotionReduced: isMotionReduced)
            }
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
    private func write(_ model: LayerModel) {
        guard let layer = model.layer.object else { return }
        for (keyPath, value) in model.before { LayerModelAccess.set(value, at: keyPath, of: layer) }
        for writer in model.writers where beginRank[writer.step] < begunCount {
            for (keyPath, value) in writer.values { LayerModelAccess.set(value, at: keyPath, of: layer) }
        }
    }

    // MARK: The copies

    /// Attaches every step's motion for the current direction, in the order the steps begin
    /// (a later step shows over an earlier one, as in a run that plays).
    private func attachCopies() {
        for index in byBegin {
            guard let resolved = steps[index].resolved, let base = resolved.animation, !(base is CATransition),
                  let layer = steps[index].layer?.object, let host = steps[index].host,
                  let hostLayer = hosts[host].layer.object else { continue }
            let step = steps[index]
            // Played forwards, the copy begins at the step's begin; backwards, when plan time
            // comes back down to its end.
            let hostTime = hosts[host].anchor + (isReversed ? anchorTime - step.end : step.begin - anchorTime)
            var begin = layer === hostLayer ? hostTime : layer.convertTime(hostTime, from: hostLayer)
            // A `beginTime` of 0 means "now" to Core Animation: the nearest time before it
            // is used instead, which shows the same.
            if begin == 0 { begin = -.leastNonzeroMagnitude }
            layer.add(Self.copy(of: base, delay: resolved.delay, reversed: isReversed, at: begin), forKey: keyPrefix + "\(index)")
        }
    }

    /// A group that plays `animation` after `delay` from `begin` on, and shows nothing outside
    /// that span; backwards from its end if `reversed`.
    private static func copy(of animation: CAAnimation, delay: TimeInterval, reversed: Bool,
                             at begin: CFTimeInterval) -> CAAnimation {
        guard let inner = animation.copy() as? CAAnimation else { return animation }
        inner.beginTime = delay
        if delay > 0, inner.fillMode == .removed { inner.fillMode = .backwards }
        let group = CAAnimationGroup()
        group.animations = [inner]
        group.duration = delay + ActiveDuration.of(inner)
        group.isRemovedOnCompletion = false
        group.beginTime = begin
        if reversed {
            group.speed = -1
            group.timeOffset = group.duration
        }
        return group
    }

    private func removeCopies() {
        for index in steps.indices where steps[index].resolved?.animation != nil {
            steps[index].layer?.object?.removeAnimation(forKey: keyPrefix + "\(index)")
        }
    }

    // MARK: Moving

    /// Plan time now: read from the first topmost layer still alive, which moves while the
    /// run plays.
    var planTime: TimeInterval {
        guard !isOver else { return time }
        return frame?.planTime ?? time
    }

    /// How plan time maps to the first topmost layer's time, until the run turns.
    var frame: TimelineFrame? {
        guard let host = hosts.first(where: { $0.layer.object != nil }) else { return nil }
        return TimelineFrame(host: host.layer, anchor: host.anchor, anchorTime: anchorTime, isReversed: isReversed,
                             duration: duration)
    }

    /// Moves the run to plan time `target` (clamped to the plan): the topmost layers' time,
    /// the model of the key paths whose steps it crosses, and the steps it passes the end of.
    /// `rate` is the run's rate (0 while paused).
    func seek(to target: TimeInterval, rate: Float) {
        guard !isOver else { return }
        let target = min(max(target, 0), duration)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for host in hosts {
            guard let layer = host.layer.object else { continue }
            let local = host.anchor + (isReversed ? anchorTime - target : target - anchorTime)
            AnimationRun.retime(layer, to: rate * host.speed, localTime: local)
        }
        moveModel(to: target)
        CATransaction.commit()
        passEnds()
        armMarker(rate: rate)
    }

    /// Turns the direction the run plays in, at the plan time it is at.
    func reverse(_ reversed: Bool, rate: Float) {
        guard !isOver, reversed != isReversed else { return }
        let now = planTime
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        removeCopies()
        anchorTime = now
        for index in hosts.indices {
            guard let layer = hosts[index].layer.object else { continue }
            hosts[index].anchor = layer.convertTime(MediaClock.now(for: layer), from: nil)
        }
        isReversed = reversed
        attachCopies()
        moveModel(to: now)
        CATransaction.commit()
        armMarker(rate: rate)
    }

    /// The run's rate changed (a pause, resume or speed): the layers were retimed.
    func rateChanged(to rate: Float) {
        guard !isOver else { return }
        armMarker(rate: rate)
    }

    /// Whether `step` has begun at plan time `time`. Played backwards a step counts as begun
    /// only after its begin, so that the run shows its start at plan time 0.
    private func hasBegun(_ step: Int, at time: TimeInterval) -> Bool {
        isReversed ? steps[step].begin < time : steps[step].begin <= time
    }

    /// Writes the model of every key path whose writers begin or un-begin between the plan
    /// time the model shows and `target`.
    private func moveModel(to target: TimeInterval) {
        var changed = Set<Int>()
        while begunCount < byBegin.count, hasBegun(byBegin[begunCount], at: target) {
            if let model = steps[byBegin[begunCount]].model { changed.insert(model) }
            begunSinceAnnounced.append(byBegin[begunCount])
            begunCount += 1
        }
        while begunCount > 0, !hasBegun(byBegin[begunCount - 1], at: target) {
            begunCount -= 1
            if let model = steps[byBegin[begunCount]].model { changed.insert(model) }
        }
        for model in changed { write(models[model]) }
        time = target
    }

    /// Announces the start of each step plan time began since the last call, whose
    /// operation is on the timeline (one that gets there later announces it then); outside
    /// any transaction, since the run's hooks hear it.
    private func announceBegun() {
        let begun = begunSinceAnnounced
        begunSinceAnnounced = []
        for index in begun { (steps[index].operation as? AnimationOperation)?.timelinePassedBegin() }
    }

    /// Finishes the steps whose end plan time has passed: now if their operation is on the
    /// timeline, else when it gets there.
    private func passEnds() {
        announceBegun()
        while passedCount < byEnd.count, steps[byEnd[passedCount]].end <= time {
            let index = byEnd[passedCount]
            passedCount += 1
            steps[index].isPassed = true
            finishIfPassed(index)
        }
    }

    private func finishIfPassed(_ index: Int) {
        guard steps[index].isPassed else { return }
        switch steps[index].operation {
        case let animation as AnimationOperation:
            animation.timelinePassedEnd()
        case let block as MainThreadOperation where steps[index].isHeld:
            steps[index].isHeld = false
            block.runOnMainThread(fromTimeline: true)
        default:
            break
        }
    }

    /// `operation` reached the run's diverted gate (main thread).
    func arrived(_ operation: Operation) {
        guard let index = stepIndex[ObjectIdentifier(operation)] else { return }
        guard !isOver else { return operation.cancel() }
        if let animation = operation as? AnimationOperation {
            animation.joinTimeline()
            if beginRank[index] < begunCount { animation.timelinePassedBegin() }
        } else if operation is MainThreadOperation {
            steps[index].isHeld = true
        }
        finishIfPassed(index)
    }

    /// A step ended `.interrupted` (its layer went, or other code removed its animation):
    /// if every layer of the run is gone, nothing keeps the run's time and it ends.
    func stepInterrupted() {
        guard !isOver, !hosts.contains(where: { $0.layer.object != nil }) else { return }
        armMarker(rate: run?.control.rate ?? 0)
    }

    // MARK: The marker

    /// Attaches, in place of the last, an animation to the first topmost layer that ends when
    /// plan time reaches the next step begin or end in the direction the run plays; played
    /// backwards to plan time 0 while playing, the run ends at its start.
    private func armMarker(rate: Float) {
        guard !isOver else { return }
        markerGeneration += 1
        guard let host = hosts.first(where: { $0.layer.object != nil }), let layer = host.layer.object else {
            // Every layer of the run is gone: nothing keeps its time any more. Its animation
            // steps end `.interrupted` as their layers go; the rest end now.
            letGo()
            for operation in DependencyGraph.dependentsFirst(steps.map(\.operation).filter { !$0.isFinished }) {
                operation.cancel()
            }
            return
        }
        let markerKey = keyPrefix + "marker"
        layer.removeAnimation(forKey: markerKey)
        // The first topmost layer alive carries plan time, for readers on any thread too.
        let frame = self.frame
        run?.lockedState { $0.frame = frame }
        // From where the run is now: it may have played on, in its direction, since it was
        // last moved (the layer's time may read a rounding error behind).
        let now = isReversed ? min(planTime, time) : max(planTime, time)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        moveModel(to: now)
        CATransaction.commit()
        passEnds()
        guard !isOver else { return }
        let boundary: TimeInterval?
        if isReversed {
            boundary = begunCount > 0 ? steps[byBegin[begunCount - 1]].begin : 0
        } else {
            let nextBegin = begunCount < byBegin.count ? steps[byBegin[begunCount]].begin : nil
            let nextEnd = passedCount < byEnd.count ? steps[byEnd[passedCount]].end : nil
            boundary = [nextBegin, nextEnd].compactMap { $0 }.min()
        }
        guard let boundary else { return }
        let distance = abs(time - boundary)
        guard distance > 0 else {
            if isReversed, rate > 0 { endAtStart() }
            return
        }
        let marker = PauseAnimation.hold(for: distance)
        let local = layer.convertTime(MediaClock.now(for: layer), from: nil)
        marker.beginTime = local == 0 ? -.leastNonzeroMagnitude : local
        marker.delegate = TimelineMarker(self, generation: markerGeneration, boundary: boundary)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.add(marker, forKey: markerKey)
        CATransaction.commit()
    }

    /// The marker went before it ended: its layer was deallocated, or something other than
    /// the timeline removed it (the app went to the background). Another takes its place.
    fileprivate func markerLost(generation: Int) {
        guard !isOver, generation == markerGeneration else { return }
        armMarker(rate: run?.control.rate ?? 0)
    }

    /// Plan time reached `boundary` as the run played.
    fileprivate func markerReached(_ boundary: TimeInterval, generation: Int) {
        guard !isOver, generation == markerGeneration else { return }
        // The layer's time may read a rounding error short of the boundary.
        let now = planTime
        let target = isReversed ? min(now, boundary) : max(now, boundary)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        moveModel(to: target)
        CATransaction.commit()
        passEnds()
        guard !isOver else { return }
        armMarker(rate: run?.control.rate ?? 1)
    }

    // MARK: Ending

    /// Played back to plan time 0: the model gets back its values from before the run, the
    /// run's animations come off, and the steps that have not finished end `.cancelled`.
    private func endAtStart() {
        guard let run, !isOver else { return }
        run.reachedStart()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for model in models {
            guard let layer = model.layer.object else { continue }
            for (keyPath, value) in model.before { LayerModelAccess.set(value, at: keyPath, of: layer) }
        }
        letGo()
        CATransaction.commit()
        // Dependents first (see AnimationQueue.cancelAll()).
        for operation in DependencyGraph.dependentsFirst(steps.map(\.operation).filter { !$0.isFinished }) {
            operation.cancel()
        }
    }

    /// The run is cancelled: the steps in motion at the current plan time leave their layers
    /// as their cancellation policies say; the run's animations come off.
    func cancel() {
        guard !isOver else { return }
        let now = planTime
        run?.lockedState { $0.planTime = now }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for index in byBegin {
            let step = steps[index]
            let inMotion = isReversed ? step.begin < now && now <= step.end : step.begin <= now && now < step.end
            guard inMotion, let resolved = step.resolved, let layer = step.layer?.object,
                  let operation = step.operation as? AnimationOperation else { continue }
            operation.apply(operation.cancellationPolicy, of: resolved, to: layer, leaving: [])
        }
        letGo()
        CATransaction.commit()
    }

    /// Takes the run's animations off its layers, for good.
    func letGo() {
        guard !isOver else { return }
        isOver = true
        markerGeneration += 1
        removeCopies()
        for host in hosts { host.layer.object?.removeAnimation(forKey: keyPrefix + "marker") }
    }
}

/// How a run's plan time maps to the local time of one of its topmost layers, which moves
/// while the run plays: plan time can be read from it on any thread. It holds until the run
/// turns (a seek moves the layer's time, not the mapping).
struct TimelineFrame {
    let host: WeakReference<CALayer>
    let anchor: CFTimeInterval
    let anchorTime: TimeInterval
    let isReversed: Bool
    let duration: TimeInterval

    /// Plan time now; nil once the layer is gone.
    var planTime: TimeInterval? {
        guard let layer = host.object else { return nil }
        let local = layer.convertTime(MediaClock.now(for: layer), from: nil)
        return min(max(anchorTime + (isReversed ? anchor - local : local - anchor), 0), duration)
    }
}

/// The delegate of a timeline's marker animation: tells the timeline that plan time reached
/// the marker's boundary when the marker ends (not when it is removed).
private final class TimelineMarker: NSObject, CAAnimationDelegate, @unchecked Sendable {
    // Immutable after init; the timeline it refers to is used on the main thread only.
    private let timeline: UncheckedSendableBox<WeakReference<RunTimeline>>
    private let generation: Int
    private let boundary: TimeInterval

    init(_ timeline: RunTimeline, generation: Int, boundary: TimeInterval) {
        self.timeline = UncheckedSendableBox(WeakReference(timeline))
        self.generation = generation
        self.boundary = boundary
    }

    func animationDidStop(_ animation: CAAnimation, finished: Bool) {
        guard finished else { return }
        MainThread.run { [self] in timeline.value.object?.markerReached(boundary, generation: generation) }
    }

    /// The marker animation is released: removed, or gone with its layer. One the timeline
    /// did not replace is re-armed (the timeline ignores a marker it has replaced since).
    deinit {
        let (timeline, generation) = (self.timeline, self.generation)
        MainThread.run { timeline.value.object?.markerLost(generation: generation) }
    }
}
