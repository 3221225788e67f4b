// Probes of Core Animation behaviour that Apple's documentation leaves open, written with
// Apple's API only (QuartzCore, Foundation, Dispatch) so that they run against the real
// QuartzCore on a Mac (AppleBehaviourProbeTests) and, with the same code, against
// OpenQuartzCore on Linux. Each probe states OpenQuartzCore's choice, the
// OPENQUARTZCORE_VARIANCE mode that models the alternative, and what it saw.
#if canImport(QuartzCore)
import QuartzCore
#else
import OpenQuartzCore
#endif
import Dispatch
import Foundation

/// What one probe saw, against what OpenQuartzCore assumes.
struct ProbeResult: CustomStringConvertible, Sendable {
    /// The question, e.g. "order of completion block and animationDidStop".
    let question: String
    /// What OpenQuartzCore does by default.
    let openQuartzCoreChoice: String
    /// The `OPENQUARTZCORE_VARIANCE` mode that models the alternative, if there is one.
    let alternativeMode: String?
    /// What the probe saw.
    let observed: String
    /// Whether what it saw is OpenQuartzCore's choice.
    let matches: Bool

    var description: String {
        let verdict: String
        if matches {
            verdict = "same as OpenQuartzCore"
        } else if let alternativeMode {
            verdict = "DIFFERS from OpenQuartzCore: this is what OPENQUARTZCORE_VARIANCE=\(alternativeMode) models;"
                + " the scheduler's suites must pass under it"
        } else {
            verdict = "DIFFERS from OpenQuartzCore, and no OPENQUARTZCORE_VARIANCE mode models it"
        }
        return "[apple-probe] \(question): saw \(observed). OpenQuartzCore assumes \(openQuartzCoreChoice). \(verdict)."
    }
}

/// Events in the order they arrived, with a wait that always ends.
final class CallbackLog: @unchecked Sendable {
    // `lock` guards `recorded`, `waiters` and `nextWaiter`; continuations are resumed
    // outside it.
    private let lock = NSLock()
    private var recorded: [String] = []
    private var waiters: [Int: Waiter] = [:]
    private var nextWaiter = 0

    private struct Waiter {
        let condition: @Sendable ([String]) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
    }

    /// The events so far, in order.
    var events: [String] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// Records `event`, synchronously, from whichever thread Core Animation calls back on.
    func record(_ event: String) {
        lock.lock()
        recorded.append(event)
        let events = recorded
        let satisfied = waiters.filter { $0.value.condition(events) }
        for id in satisfied.keys { waiters[id] = nil }
        lock.unlock()
        for waiter in satisfied.values { waiter.continuation.resume(returning: true) }
    }

    /// Waits until `condition` holds for the events, or `timeout` real seconds pass.
    /// - Returns: Whether the condition held.
    func wait(atMost timeout: TimeInterval, until condition: @escaping @Sendable ([String]) -> Bool) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            lock.lock()
            if condition(recorded) {
                lock.unlock()
                continuation.resume(returning: true)
                return
            }
            let id = nextWaiter
            nextWaiter += 1
            waiters[id] = Waiter(condition: condition, continuation: continuation)
            lock.unlock()
            DispatchQueue.main.asyncAfter(deadline: .now() + timeout) { self.timeOut(id) }
        }
    }

    private func timeOut(_ id: Int) {
        lock.lock()
        let waiter = waiters.removeValue(forKey: id)
        lock.unlock()
        waiter?.continuation.resume(returning: false)
    }
}

/// Records `animationDidStop(_:finished:)` in a log; work it dispatches to the main queue is
/// recorded as "<name>-dispatched".
final class StopRecorder: NSObject, CAAnimationDelegate, @unchecked Sendable {
    // Immutable after init; the log is thread-safe.
    private let log: CallbackLog
    private let name: String

    init(log: CallbackLog, name: String = "stop") {
        self.log = log
        self.name = name
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        log.record("\(name)(finished: \(flag))")
        let log = self.log, name = self.name
        DispatchQueue.main.async { log.record("\(name)-dispatched") }
    }
}

/// Records `animationDidStart(_:)` and `animationDidStop(_:finished:)` in a log.
final class StartStopRecorder: NSObject, CAAnimationDelegate, @unchecked Sendable {
    // Immutable after init; the log is thread-safe.
    private let log: CallbackLog

    init(log: CallbackLog) { self.log = log }

    func animationDidStart(_ anim: CAAnimation) { log.record("start") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { log.record("stop(finished: \(flag))") }
}

/// A layer delegate that records each action it is asked for and gives none.
final class ActionAskingDelegate: NSObject, CALayerDelegate, @unchecked Sendable {
    // Immutable after init; the log is thread-safe.
    private let log: CallbackLog

    init(log: CallbackLog) { self.log = log }

    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        log.record("action(\(event))")
        return nil
    }
}

/// The probes. Each needs the main run loop (or, on Linux, the main queue) to run while it
/// awaits, and takes well under a second.
@MainActor
enum AppleBehaviourProbes {
    /// How long a probe waits for a callback that should come (real seconds).
    static let callbackTimeout: TimeInterval = 10
    /// How long a probe waits for a callback that OpenQuartzCore says does not come.
    static let absenceWait: TimeInterval = 0.4
    /// The animations' duration: short, so the probes stay fast.
    static let duration: CFTimeInterval = 0.1

    /// A layer tree that has been committed, so its layers have presentation layers.
    static func committedLayer(in parent: CALayer? = nil) -> CALayer {
        let layer = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        parent?.addSublayer(layer)
        CATransaction.commit()
        CATransaction.flush()
        return layer
    }

    /// A committed layer under a committed host paused (QA1673) at local time `time`.
    static func layerUnderPausedHost(at time: CFTimeInterval) -> (host: CALayer, layer: CALayer) {
        let host = committedLayer()
        host.speed = 0
        host.timeOffset = time
        CATransaction.flush()
        return (host, committedLayer(in: host))
    }

    /// The `position.x` that a new layer under a paused host shows at local time `time`
    /// with `animation` added at time 0 (NaN without a presentation layer).
    static func positionX(showing animation: CAAnimation, at time: CFTimeInterval) -> Double {
        let (host, layer) = layerUnderPausedHost(at: 0)
        layer.add(animation, forKey: "probe")
        CATransaction.flush()
        seek(host, to: time)
        return layer.presentation().map { Double($0.position.x) } ?? .nan
    }

    /// A `position.x` animation from `from` to `to`, all else at its defaults.
    static func positionXRamp(from: CGFloat, to: CGFloat) -> CABasicAnimation {
        let ramp = CABasicAnimation(keyPath: "position.x")
        ramp.fromValue = from
        ramp.toValue = to
        return ramp
    }

    /// Moves a paused host to local time `time` and commits it.
    static func seek(_ host: CALayer, to time: CFTimeInterval) {
        host.timeOffset = time
        CATransaction.flush()
    }

    /// Adds a `fade(duration:)` to `layer` under `"fade"` in a transaction of its own,
    /// recording the delegate's `animationDidStop(_:finished:)` and the transaction's
    /// completion block in `log`.
    static func addRecordedFade(to layer: CALayer, duration: CFTimeInterval = duration, log: CallbackLog) {
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.record("completion") }
        let fade = fade(duration: duration)
        fade.delegate = StopRecorder(log: log)
        layer.add(fade, forKey: "fade")
        CATransaction.commit()
    }

    /// The result of a probe that reads numbers, `seen`, where OpenQuartzCore expects
    /// `expected`, one for one (each to within 1e-3), and that no variance mode models.
    static func reading(
        _ seen: [Double], expected: [Double], question: String, openQuartzCoreChoice: String
    ) -> ProbeResult {
        ProbeResult(
            question: question,
            openQuartzCoreChoice: openQuartzCoreChoice,
            alternativeMode: nil,
            observed: seen.map { "\($0)" }.joined(separator: " and "),
            matches: seen.count == expected.count && zip(seen, expected).allSatisfy { abs($0 - $1) < 1e-3 }
        )
    }

    static func fade(duration: CFTimeInterval = duration) -> CABasicAnimation {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = duration
        return fade
    }

    // MARK: Completion block and animationDidStop

    /// The order of a transaction's completion block and the delegate's
    /// `animationDidStop(_:finished:)` for an animation that ends, and whether the second
    /// comes before main-queue work the first dispatched (one callout) or after it.
    static func completionAndStopOrder() async -> [ProbeResult] {
        let log = CallbackLog()
        let layer = committedLayer()
        CATransaction.begin()
        CATransaction.setCompletionBlock {
            log.record("completion")
            DispatchQueue.main.async { log.record("completion-dispatched") }
        }
        let fade = fade()
        fade.delegate = StopRecorder(log: log)
        layer.add(fade, forKey: "fade")
        CATransaction.commit()
        CATransaction.flush()
        let both = await log.wait(atMost: callbackTimeout) { events in
            events.contains("completion") && events.contains { $0.hasPrefix("stop(") }
                && events.contains("completion-dispatched") && events.contains("stop-dispatched")
        }
        let events = log.events
        let seen = both ? events.joined(separator: ", ") : "only [\(events.joined(separator: ", "))] within \(callbackTimeout) s"
        let completion = events.firstIndex(of: "completion")
        let stop = events.firstIndex { $0.hasPrefix("stop(") }
        let completionFirst = completion.flatMap { c in stop.map { c < $0 } } ?? false
        // The second callback came after work that the first one dispatched to the main queue.
        let later: Bool = {
            guard let completion, let stop else { return false }
            let first = min(completion, stop), second = max(completion, stop)
            let dispatched = completion < stop ? "completion-dispatched" : "stop-dispatched"
            guard let d = events.firstIndex(of: dispatched) else { return false }
            return first < d && d < second
        }()
        return [
            ProbeResult(
                question: "which comes first, animationDidStop(_:finished:) or the transaction's completion block",
                openQuartzCoreChoice: "animationDidStop(_:finished: true) first, then the completion block",
                alternativeMode: "completion-first",
                observed: seen,
                matches: both && !completionFirst && events[stop!] == "stop(finished: true)"
            ),
            ProbeResult(
                question: "whether the completion block and animationDidStop(_:finished:) come in one main-queue turn",
                openQuartzCoreChoice: "one callout: the second comes before main-queue work the first dispatched",
                alternativeMode: "delegate-late",
                observed: seen,
                matches: both && !later
            ),
        ]
    }

    /// Whether the completion block of a transaction nested in another runs when the
    /// animations added in the nested transaction end, or waits for the enclosing
    /// transaction's. The scheduler begins the steps that are ready together inside one
    /// transaction, each step in a nested transaction of its own, and each step finishes on
    /// its own completion block.
    static func nestedCompletionWaitsOnlyForItsOwnAnimations() async -> ProbeResult {
        let log = CallbackLog()
        let short = committedLayer()
        let long = committedLayer()
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.record("outer") }
        long.add(fade(duration: 4 * duration), forKey: "long")
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.record("nested") }
        short.add(fade(), forKey: "short")
        CATransaction.commit()
        CATransaction.commit()
        let both = await log.wait(atMost: callbackTimeout) { $0.contains("outer") && $0.contains("nested") }
        // The short animation ends 3 durations before the long one: "nested" must come first.
        let observed = both ? log.events.joined(separator: ", ") : "within \(callbackTimeout) s only: \(log.events)"
        return ProbeResult(
            question: "when a nested transaction's completion block runs",
            openQuartzCoreChoice: "when the animations added in the nested transaction end, before the enclosing transaction's",
            alternativeMode: nil,
            observed: observed,
            matches: log.events == ["nested", "outer"]
        )
    }

    // MARK: A paused layer

    /// Whether an animation on a layer paused with QA1673's recipe completes when the
    /// layer's `timeOffset` is moved past the animation's end.
    static func pausedLayerCompletion() async -> ProbeResult {
        let log = CallbackLog()
        let layer = committedLayer()
        addRecordedFade(to: layer, log: log)
        CATransaction.flush()
        // Pause (QA1673), then move the paused time past the animation's end.
        let pausedAt = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = pausedAt
        CATransaction.flush()
        layer.timeOffset = pausedAt + 2 * duration
        CATransaction.flush()
        let completed = await log.wait(atMost: absenceWait) { $0.contains("completion") || $0.contains { $0.hasPrefix("stop(") } }
        let whilePaused = log.events
        // Control: resumed, the animation is past its end and must complete, else the probe
        // could not have seen a completion at all.
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - (pausedAt + 2 * duration)
        CATransaction.flush()
        let resumed = await log.wait(atMost: callbackTimeout) { $0.contains("completion") && $0.contains { $0.hasPrefix("stop(") } }
        let observed = (completed ? "while paused: \(whilePaused.joined(separator: ", "))" : "nothing while paused (waited \(absenceWait) s)")
            + (resumed ? "; after resuming: \(log.events.joined(separator: ", "))" : "; after resuming, no completion within \(callbackTimeout) s (the probe cannot judge)")
        return ProbeResult(
            question: "whether a paused layer's animation completes when its timeOffset passes the animation's end",
            openQuartzCoreChoice: "no: it completes only once time runs again",
            alternativeMode: "paused-completes",
            observed: observed,
            matches: !completed && resumed
        )
    }

    // MARK: Removing a layer from its superlayer

    /// Whether a standalone layer keeps its animations after `removeFromSuperlayer()`.
    static func detachedLayerKeepsAnimations() async -> ProbeResult {
        let log = CallbackLog()
        let parent = committedLayer()
        let child = committedLayer(in: parent)
        let fade = fade(duration: 2 * duration)
        fade.delegate = StopRecorder(log: log)
        child.add(fade, forKey: "fade")
        CATransaction.flush()
        child.removeFromSuperlayer()
        let keysAtOnce = child.animationKeys() ?? []
        CATransaction.flush()
        let keysAfterCommit = child.animationKeys() ?? []
        let stopped = await log.wait(atMost: callbackTimeout) { $0.contains { $0.hasPrefix("stop(") } }
        let observed = "animationKeys \(keysAtOnce) after removeFromSuperlayer(), \(keysAfterCommit) after the commit; "
            + (stopped ? log.events.joined(separator: ", ") : "no animationDidStop within \(callbackTimeout) s")
        return ProbeResult(
            question: "whether a standalone layer keeps its animations after removeFromSuperlayer()",
            openQuartzCoreChoice: "it keeps them; they end with animationDidStop(finished: true)",
            alternativeMode: "detach-removes",
            observed: observed,
            matches: keysAtOnce == ["fade"] && keysAfterCommit == ["fade"] && log.events.first == "stop(finished: true)"
        )
    }

    // MARK: presentation()

    /// `presentation()` of a layer never committed, and after its first commit.
    static func presentationBeforeFirstCommit() -> ProbeResult {
        let layer = CALayer()
        let before = layer.presentation()
        CATransaction.flush()
        let after = layer.presentation()
        return ProbeResult(
            question: "presentation() before the layer's first commit",
            openQuartzCoreChoice: "nil before the first commit, a layer after it (CATransaction.flush())",
            alternativeMode: nil,
            observed: "\(before == nil ? "nil" : "a layer") before, \(after == nil ? "nil" : "a layer") after the flush",
            matches: before == nil && after != nil
        )
    }

    // MARK: beginTime of an added animation

    /// `beginTime` of an animation added with `beginTime` 0 in an explicit transaction
    /// begun while the turn's implicit transaction is pending: before and after the flush.
    static func beginTimeInsidePendingImplicitTransaction() -> ProbeResult {
        let layer = committedLayer()
        let other = committedLayer()
        other.opacity = 0.5 // outside begin/commit: the turn now has an implicit transaction
        CATransaction.begin()
        layer.add(fade(), forKey: "fade")
        CATransaction.commit()
        let atCommit = layer.animation(forKey: "fade")?.beginTime
        let earliest = layer.convertTime(CACurrentMediaTime(), from: nil)
        CATransaction.flush()
        let latest = layer.convertTime(CACurrentMediaTime(), from: nil)
        let afterFlush = layer.animation(forKey: "fade")?.beginTime
        let resolved = afterFlush.map { $0 >= earliest && $0 <= latest } ?? false
        return ProbeResult(
            question: "beginTime of an animation added in an explicit transaction nested in the turn's pending implicit one",
            openQuartzCoreChoice: "0 after the explicit commit(); the layer's time at the flush (the implicit commit) after it",
            alternativeMode: "nested-commits-immediately",
            observed: "\(describe(atCommit)) after commit(), \(describe(afterFlush)) after flush() (layer time was \(earliest)…\(latest))",
            matches: atCommit == 0 && resolved
        )
    }

    /// `beginTime` of an animation added with `beginTime` 0 in an outermost explicit
    /// transaction, with no implicit transaction pending.
    static func beginTimeInOutermostExplicitTransaction() -> ProbeResult {
        let layer = committedLayer()
        CATransaction.flush()
        let earliest = layer.convertTime(CACurrentMediaTime(), from: nil)
        CATransaction.begin()
        layer.add(fade(), forKey: "fade")
        let beforeCommit = layer.animation(forKey: "fade")?.beginTime
        CATransaction.commit()
        let latest = layer.convertTime(CACurrentMediaTime(), from: nil)
        let atCommit = layer.animation(forKey: "fade")?.beginTime
        let resolved = atCommit.map { $0 >= earliest && $0 <= latest } ?? false
        return ProbeResult(
            question: "beginTime of an animation added in an outermost explicit transaction (no implicit one pending)",
            openQuartzCoreChoice: "0 before commit(); the layer's time at commit() after it",
            alternativeMode: nil,
            observed: "\(describe(beforeCommit)) before commit(), \(describe(atCommit)) after it (layer time was \(earliest)…\(latest))",
            matches: beforeCommit == 0 && resolved
        )
    }

    // MARK: Time under a paused ancestor

    /// `convertTime(_:from: nil)` of a layer whose ancestor has `speed = 0`.
    static func convertTimeUnderPausedAncestor() -> ProbeResult {
        let parent = committedLayer()
        let child = committedLayer(in: parent)
        parent.speed = 0
        parent.timeOffset = 5
        CATransaction.flush()
        let now = CACurrentMediaTime()
        let first = child.convertTime(now, from: nil)
        let later = child.convertTime(now + 10, from: nil)
        return ProbeResult(
            question: "convertTime(_:from: nil) under an ancestor with speed 0 and timeOffset 5",
            openQuartzCoreChoice: "5 whatever the time converted (the ancestor's frozen time)",
            alternativeMode: nil,
            observed: "\(first) for now, \(later) for now + 10",
            matches: abs(first - 5) < 1e-9 && abs(later - 5) < 1e-9
        )
    }

    // MARK: What PresentationSampler relies on

    /// An animation added under a paused host begins at the host's frozen time, and moving
    /// the host's `timeOffset` then flushing shows it at exactly the new time.
    static func pausedHostShowsExactTime() -> ProbeResult {
        let (host, layer) = layerUnderPausedHost(at: 1)
        let fade = fade(duration: 0.4)
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(fade, forKey: "fade")
        CATransaction.flush()
        let begin = layer.animation(forKey: "fade")?.beginTime
        seek(host, to: 1.1)
        let at01 = layer.presentation()?.opacity
        seek(host, to: 1.3)
        let at03 = layer.presentation()?.opacity
        let matches = begin == 1 && at01.map { abs($0 - 0.25) < 1e-4 } == true && at03.map { abs($0 - 0.75) < 1e-4 } == true
        return ProbeResult(
            question: "sampling a paused host: beginTime of an added animation, and presentation() after moving timeOffset and flushing",
            openQuartzCoreChoice: "beginTime 1 (the host's timeOffset); a linear 0→1 fade of 0.4 s shows 0.25 at +0.1 s and 0.75 at +0.3 s",
            alternativeMode: nil,
            observed: "beginTime \(describe(begin)); opacity \(describe(at01.map { Double($0) })) at +0.1 s, \(describe(at03.map { Double($0) })) at +0.3 s",
            matches: matches
        )
    }

    // MARK: Readings of Apple's headers

    /// `CATransaction.h`: with a timing function set, "any animations added to layers will
    /// have this value set as their timingFunction property"; the reference of
    /// `kCATransactionAnimationTimingFunction` says it "overrides" theirs. Whether an
    /// animation's own timing function is replaced too.
    static func transactionTimingFunctionOnAddedAnimations() -> ProbeResult {
        let layer = committedLayer()
        let easeIn = CAMediaTimingFunction(name: .easeIn), linear = CAMediaTimingFunction(name: .linear)
        let own = fade()
        own.timingFunction = linear
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(easeIn)
        layer.add(fade(), forKey: "plain")
        layer.add(own, forKey: "own")
        CATransaction.commit()
        let plain = layer.animation(forKey: "plain")?.timingFunction
        let kept = layer.animation(forKey: "own")?.timingFunction
        return ProbeResult(
            question: "the transaction's timing function and animations added with and without one",
            openQuartzCoreChoice: "both take the transaction's easeIn, the one with its own linear function too",
            alternativeMode: nil,
            observed: "without: \(plain.map { "\($0)" } ?? "nil"); with its own linear: \(kept.map { "\($0)" } ?? "nil")",
            matches: plain == easeIn && kept == easeIn
        )
    }

    /// `CATransaction.h`: "reading a key searches for the innermost scope that has set it".
    /// Whether setting nil in an inner scope counts as setting it, and so whether an animation
    /// added there keeps its own timing function (animations added while the property is set
    /// get it): what a caller's timing function around a scheduler's transaction would do.
    static func nilInAnInnerScopeHidesTheOuterValue() -> ProbeResult {
        let layer = committedLayer()
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(nil)
        let inner = CATransaction.animationTimingFunction()
        layer.add(positionXRamp(from: 0, to: 10), forKey: "probe")
        CATransaction.commit()
        CATransaction.commit()
        CATransaction.flush()
        let added = layer.animation(forKey: "probe")?.timingFunction
        return ProbeResult(
            question: "animationTimingFunction() after an inner transaction sets nil over an outer easeIn, and the timing function of an animation added there",
            openQuartzCoreChoice: "nil and nil (the inner scope set it; the animation keeps its own)",
            alternativeMode: nil,
            observed: "\(inner.map { "\($0)" } ?? "nil") and \(added.map { "\($0)" } ?? "nil")",
            matches: inner == nil && added == nil
        )
    }

    /// `CAAnimation.h`: `animationDidStart(_:)` is "Called when the animation begins its
    /// active duration". Whether an animation added to a paused layer (which begins at the
    /// layer's frozen time) reports its start.
    static func animationAddedToAPausedLayerStarts() async -> ProbeResult {
        let log = CallbackLog()
        let layer = committedLayer()
        layer.speed = 0
        layer.timeOffset = layer.convertTime(CACurrentMediaTime(), from: nil)
        CATransaction.flush()
        let fade = fade()
        fade.delegate = StartStopRecorder(log: log)
        layer.add(fade, forKey: "fade")
        CATransaction.flush()
        let started = await log.wait(atMost: callbackTimeout) { $0.contains("start") }
        layer.removeAllAnimations()
        return ProbeResult(
            question: "animationDidStart for an animation added to a paused layer",
            openQuartzCoreChoice: "it is called (the animation is in its active duration at once)",
            alternativeMode: nil,
            observed: started ? "called" : "not called within \(callbackTimeout) s",
            matches: started
        )
    }

    /// `CAMediaTiming.h`: t = (tp − begin) · speed + offset. At speed −1 with `timeOffset`
    /// equal to the duration, t runs from the end back to 0: whether the animation then
    /// ends (is removed and reports a finished stop) after its duration.
    static func negativeSpeedEnds() async -> ProbeResult {
        let log = CallbackLog()
        let layer = committedLayer()
        let fade = fade()
        fade.speed = -1
        fade.timeOffset = duration
        fade.delegate = StartStopRecorder(log: log)
        layer.add(fade, forKey: "fade")
        CATransaction.flush()
        let stopped = await log.wait(atMost: callbackTimeout) { $0.contains("stop(finished: true)") }
        let keys = layer.animationKeys()
        return ProbeResult(
            question: "an animation at speed −1 with timeOffset = duration",
            openQuartzCoreChoice: "it plays backwards and ends after its duration: a finished stop, then removed",
            alternativeMode: nil,
            observed: (stopped ? "stop(finished: true)" : "no finished stop within \(callbackTimeout) s") + "; keys \(keys ?? [])",
            matches: stopped && keys == nil
        )
    }

    /// `position.x` a quarter and three quarters into the middle segment of cubic keyframes
    /// 0, 10, 0, 10 over 3 s (10 → 0), configured by `configure`, under a paused host.
    static func middleSegmentOfCubicKeyframes(_ configure: (CAKeyframeAnimation) -> Void) -> [Double] {
        let (host, layer) = layerUnderPausedHost(at: 1)
        let keyframes = CAKeyframeAnimation(keyPath: "position.x")
        keyframes.values = [CGFloat(0), CGFloat(10), CGFloat(0), CGFloat(10)]
        keyframes.calculationMode = .cubic
        keyframes.duration = 3
        configure(keyframes)
        layer.add(keyframes, forKey: "keyframes")
        CATransaction.flush()
        return [2.25, 2.75].map { offset in
            seek(host, to: offset)
            return layer.presentation().map { Double($0.position.x) } ?? .nan
        }
    }

    /// `CAAnimation.h` on `continuityValues`: "positive values give sharp corners, negative
    /// values give inverted corners", for what the header calls a Kochanek–Bartels spline,
    /// whose usual statement has the opposite sign. Values 0, 10, 0, 10 over 3 s in cubic
    /// mode with every continuity +1, sampled a quarter and three quarters into the middle
    /// segment under a paused host.
    static func positiveContinuityGivesSharpCorners() -> ProbeResult {
        let seen = middleSegmentOfCubicKeyframes { $0.continuityValues = [1, 1, 1, 1] }
        return reading(
            seen, expected: [7.5, 2.5],
            question: "cubic keyframes 0, 10, 0, 10 with continuity +1: position.x a quarter and three quarters into 10 → 0",
            openQuartzCoreChoice: "straight segments, as the header says (sharp corners): 7.5 and 2.5 (the opposite sign gives 9.375 and 0.625)"
        )
    }

    /// `CAAnimation.h` on `biasValues`: "positive values move the curve before the control
    /// point, negative values move it after the control point", the opposite sign to the
    /// usual statement of the Kochanek–Bartels spline, as for continuity. Values 0, 10, 0, 10
    /// over 3 s in cubic mode with every bias +1, sampled a quarter and three quarters into
    /// the middle segment under a paused host.
    static func positiveBiasMovesTheCurveBeforeTheKeyframe() -> ProbeResult {
        let seen = middleSegmentOfCubicKeyframes { $0.biasValues = [1, 1, 1, 1] }
        return reading(
            seen, expected: [6.5625, -0.3125],
            question: "cubic keyframes 0, 10, 0, 10 with bias +1: position.x a quarter and three quarters into 10 → 0",
            openQuartzCoreChoice: "the curve turns before each keyframe, as the header says: 6.5625 and −0.3125 (the opposite sign gives 10.3125 and 3.4375)"
        )
    }

    /// `CATransaction.h`: unless actions are disabled, `actionForKey:` is used "for each
    /// layer property change". Whether a layer that has never been committed asks its
    /// delegate, and whether it gets Core Animation's own implicit animation.
    static func neverCommittedLayerSearchesForActions() -> ProbeResult {
        let log = CallbackLog()
        let delegate = ActionAskingDelegate(log: log)
        let layer = CALayer()
        layer.delegate = delegate
        layer.opacity = 0.5
        let keys = layer.animationKeys()
        CATransaction.flush()
        withExtendedLifetime(delegate) {}
        let asked = log.events.contains("action(opacity)")
        return ProbeResult(
            question: "setting opacity on a layer that has never been committed",
            openQuartzCoreChoice: "the delegate is asked for the action; no implicit animation is added",
            alternativeMode: nil,
            observed: "delegate \(asked ? "asked" : "not asked"); animation keys \(keys ?? [])",
            matches: asked && keys == nil
        )
    }

    /// The Core Animation Programming Guide's Table B-1 gives `sublayers` "the default
    /// implied CABasicAnimation object". Whether adding a sublayer to a committed standalone
    /// layer asks its delegate for `"sublayers"`, and adds that animation to the superlayer.
    static func addingASublayerRunsTheSublayersAction() -> ProbeResult {
        let log = CallbackLog()
        let delegate = ActionAskingDelegate(log: log)
        let parent = committedLayer()
        parent.delegate = delegate
        CATransaction.begin()
        parent.addSublayer(CALayer())
        CATransaction.commit()
        let implied = parent.animation(forKey: "sublayers")
        let transition = parent.animation(forKey: kCATransition)
        parent.removeAllAnimations()
        withExtendedLifetime(delegate) {}
        let asked = log.events.contains("action(sublayers)")
        let basic = implied as? CABasicAnimation
        let seen = implied.map { "\(type(of: $0)) of \($0.duration) s under \"sublayers\"" } ?? "nothing under \"sublayers\""
        return ProbeResult(
            question: "adding a sublayer to a committed standalone layer",
            openQuartzCoreChoice: "the delegate is asked for \"sublayers\", and the superlayer gets a CABasicAnimation of 0.25 s under \"sublayers\" (no transition)",
            alternativeMode: nil,
            observed: "delegate \(asked ? "asked" : "not asked"); \(seen); \(transition == nil ? "no transition" : "a transition")",
            matches: asked && basic?.keyPath == "sublayers" && basic?.duration == 0.25 && transition == nil
        )
    }

    /// `CALayer.h`: `defaultValueForKey:` "Returns the default value of the named property,
    /// or nil if no default value is known". What it returns for CALayer's own properties.
    static func defaultValueOfDeclaredProperties() -> ProbeResult {
        let opacity = (CALayer.defaultValue(forKey: "opacity") as? NSNumber)?.floatValue
            ?? CALayer.defaultValue(forKey: "opacity") as? Float
        let anchor = CALayer.defaultValue(forKey: "anchorPoint")
        let color = CALayer.defaultValue(forKey: "backgroundColor")
        let bounds = CALayer.defaultValue(forKey: "bounds")
        return ProbeResult(
            question: "CALayer.defaultValue(forKey:) for opacity, anchorPoint, backgroundColor and bounds",
            openQuartzCoreChoice: "a new layer's values: 1, (0.5, 0.5), nil; nil for the zero bounds",
            alternativeMode: nil,
            observed: [opacity as Any?, anchor, color, bounds].map { $0.map { "\($0)" } ?? "nil" }.joined(separator: ", "),
            matches: opacity == 1 && anchor != nil && color == nil && bounds == nil
        )
    }

    /// `CALayer.h`: `defaultActionForKey:` "returns a suitable animation object for events
    /// posted by animatable properties, nil otherwise". Whether it does for `opacity`, and
    /// whether a bare layer's `actionForKey:` gives that animation.
    static func defaultActionOfAnAnimatableProperty() -> ProbeResult {
        let classDefault = CALayer.defaultAction(forKey: "opacity")
        let found = CALayer().action(forKey: "opacity")
        let describe = { (action: (any CAAction)?) in action.map { "\(type(of: $0))" } ?? "nil" }
        return ProbeResult(
            question: "CALayer.defaultAction(forKey: \"opacity\") and a bare layer's action(forKey: \"opacity\")",
            openQuartzCoreChoice: "both a CABasicAnimation (the implicit animation, as the header describes)",
            alternativeMode: nil,
            observed: "\(describe(classDefault)), \(describe(found))",
            matches: classDefault is CABasicAnimation && found is CABasicAnimation
        )
    }

    /// `CALayer.h` marks `minificationFilterBias`, `shouldRasterize` and
    /// `rasterizationScale` "Animatable", though the Core Animation Programming Guide's table
    /// of animatable properties leaves them out. Whether `defaultActionForKey:` gives each an
    /// implicit animation, and whether changing `rasterizationScale` on a committed
    /// standalone layer adds one.
    static func rasterizationPropertiesAnimateImplicitly() -> ProbeResult {
        let keys = ["minificationFilterBias", "shouldRasterize", "rasterizationScale"]
        let defaults = keys.map { CALayer.defaultAction(forKey: $0) }
        let layer = committedLayer()
        CATransaction.begin()
        layer.rasterizationScale = 2
        CATransaction.commit()
        let added = layer.animationKeys() ?? []
        layer.removeAllAnimations()
        let describe = { (action: (any CAAction)?) in action.map { "\(type(of: $0))" } ?? "nil" }
        return ProbeResult(
            question: "CALayer.defaultAction(forKey:) for minificationFilterBias, shouldRasterize and rasterizationScale, and the animations a rasterizationScale change adds",
            openQuartzCoreChoice: "a CABasicAnimation for each (the header marks them Animatable); the change adds one under \"rasterizationScale\"",
            alternativeMode: nil,
            observed: defaults.map(describe).joined(separator: ", ") + "; animation keys \(added)",
            matches: defaults.allSatisfy { $0 is CABasicAnimation } && added == ["rasterizationScale"]
        )
    }

    /// `CAAnimation.h` on `cumulative`: "the value at the end of the previous repeat cycle,
    /// plus the value of the current repeat cycle". An autoreversing 0 → 10 ramp repeated
    /// twice, sampled a quarter into its second cycle under a paused host.
    static func cumulativeAutoreversingRepeats() -> ProbeResult {
        let bounce = positionXRamp(from: 0, to: 10)
        bounce.duration = 1
        bounce.repeatCount = 2
        bounce.autoreverses = true
        bounce.isCumulative = true
        let seen = positionX(showing: bounce, at: 2.5)
        return reading(
            [seen], expected: [5],
            question: "cumulative, autoreversing 0 → 10 ramp (1 s each way), position.x at 2.5 s",
            openQuartzCoreChoice: "5 (each cycle ends where it began, so nothing accumulates; one pass's change per cycle would give 15)"
        )
    }

    /// `CAAnimation.h` on `cumulative`: "the value at the end of the previous repeat cycle,
    /// plus the value of the current repeat cycle". A 5 → 10 ramp repeated three times: read
    /// as one pass's change per cycle (each cycle goes on from where the last ended, as
    /// RealityKit's `.cumulative` repeat mode documents), x is 12.5 halfway through the second
    /// cycle; read as SMIL's "sum" (the end value, 10, added to the cycle's own 5 → 10), it is
    /// 17.5.
    static func cumulativeRepeatsFromANonZeroStart() -> ProbeResult {
        let ramp = positionXRamp(from: 5, to: 10)
        ramp.duration = 1
        ramp.repeatCount = 3
        ramp.isCumulative = true
        ramp.timingFunction = CAMediaTimingFunction(name: .linear)
        let seen = positionX(showing: ramp, at: 1.5)
        return reading(
            [seen], expected: [12.5],
            question: "cumulative 5 → 10 linear ramp (1 s, 3 repeats), position.x at 1.5 s",
            openQuartzCoreChoice: "12.5 (each cycle adds one pass's change, 5; adding the end value, 10, would give 17.5)"
        )
    }

    /// `CAValueFunction.h` does not say where an animation with a value function starts when
    /// its from-value is nil: the layer's transform cannot be read back as the function's
    /// input. A `translateX` to 40 over 1 s, linear, on a layer whose transform is a
    /// translation by 100, sampled at 0.25 s.
    static func valueFunctionWithoutFromValue() -> ProbeResult {
        let (host, layer) = layerUnderPausedHost(at: 0)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.transform = CATransform3DMakeTranslation(100, 0, 0)
        CATransaction.commit()
        let slide = CABasicAnimation(keyPath: "transform")
        slide.valueFunction = CAValueFunction(name: .translateX)
        slide.toValue = CGFloat(40)
        slide.duration = 1
        slide.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(slide, forKey: "slide")
        CATransaction.flush()
        seek(host, to: 0.25)
        let seen = layer.presentation().map { Double($0.transform.m41) } ?? .nan
        return reading(
            [seen], expected: [10],
            question: "valueFunction translateX, toValue 40 only, on a layer translated by 100: m41 at 0.25 s",
            openQuartzCoreChoice: "10 (from the function's identity, 0; from the layer's own x offset, 100, it would be 85)"
        )
    }

    /// `CAAnimationGroup`'s documentation groups a 1 s fade with a scale that sets no
    /// duration and describes them together; it does not say which duration the scale
    /// takes. A `position.x` 0 → 100 ramp with no duration in a 1 s group, sampled at 0.5 s.
    static func groupChildWithoutADuration() -> ProbeResult {
        let ramp = positionXRamp(from: 0, to: 100)
        ramp.timingFunction = CAMediaTimingFunction(name: .linear)
        let group = CAAnimationGroup()
        group.animations = [ramp]
        group.duration = 1
        let seen = positionX(showing: group, at: 0.5)
        return reading(
            [seen], expected: [50],
            question: "a 0 → 100 position.x ramp with no duration in a 1 s group: position.x at 0.5 s",
            openQuartzCoreChoice: "50 (the child spans the group; with the transaction's 0.25 s it would have ended, showing the model's 0)"
        )
    }

    // MARK: Paths

    /// A keyframe animation along a path of two straight segments, (0, 0) → (100, 0) →
    /// (100, 300), in linear mode over 1 s: where the layer is at 0.25 s and 0.75 s. Equal
    /// time per segment (one keyframe per segment end) gives (50, 0) and (100, 150).
    static func keyframePathTiming() -> ProbeResult {
        let path = CGMutablePath()
        path.addLines(between: [.zero, CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 300)])
        let follow = CAKeyframeAnimation(keyPath: "position")
        follow.path = path
        follow.timingFunction = CAMediaTimingFunction(name: .linear)
        follow.duration = 1
        let (host, layer) = layerUnderPausedHost(at: 0)
        layer.add(follow, forKey: "probe")
        CATransaction.flush()
        let seen = [0.25, 0.75].map { time -> CGPoint in
            seek(host, to: time)
            return layer.presentation()?.position ?? CGPoint(x: CGFloat.nan, y: .nan)
        }
        let expected = [CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 150)]
        return ProbeResult(
            question: "a linear keyframe path (0, 0) → (100, 0) → (100, 300) over 1 s: position at 0.25 s and 0.75 s",
            openQuartzCoreChoice: "(50, 0) and (100, 150): each segment of the path is one keyframe segment, timed alike",
            alternativeMode: nil,
            observed: seen.map { "(\($0.x), \($0.y))" }.joined(separator: " and "),
            matches: zip(seen, expected).allSatisfy { abs($0.x - $1.x) < 1e-3 && abs($0.y - $1.y) < 1e-3 }
        )
    }

    /// Whether `rotationMode = .rotateAuto` shows in the presentation layer's `transform`
    /// while a layer follows a path straight down (+y), halfway.
    static func rotationModeInThePresentationTransform() -> ProbeResult {
        let path = CGMutablePath()
        path.addLines(between: [.zero, CGPoint(x: 0, y: 100)])
        let follow = CAKeyframeAnimation(keyPath: "position")
        follow.path = path
        follow.rotationMode = .rotateAuto
        follow.duration = 1
        let (host, layer) = layerUnderPausedHost(at: 0)
        layer.add(follow, forKey: "probe")
        CATransaction.flush()
        seek(host, to: 0.5)
        let transform = layer.presentation()?.transform ?? CATransform3DIdentity
        let isIdentity = CATransform3DIsIdentity(transform)
        return ProbeResult(
            question: "rotationMode .rotateAuto along a path going +y: the presentation layer's transform halfway",
            openQuartzCoreChoice: "the identity (rotationMode is stored; the engine does not turn the presentation layer)",
            alternativeMode: nil,
            observed: isIdentity ? "the identity" : "m11 \(transform.m11), m12 \(transform.m12), m21 \(transform.m21), m22 \(transform.m22)",
            matches: isIdentity
        )
    }

    /// Where `CGPath(roundedRect:…)` starts: its first element's point.
    static func roundedRectStart() -> ProbeResult {
        let path = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 60, height: 20), cornerWidth: 10, cornerHeight: 10, transform: nil)
        var first: CGPoint?
        path.applyWithBlock { element in
            if first == nil { first = element.pointee.points[0] }
        }
        let seen = first ?? CGPoint(x: CGFloat.nan, y: .nan)
        return ProbeResult(
            question: "the first point of CGPath(roundedRect: (0, 0, 60, 20), cornerWidth: 10, cornerHeight: 10)",
            openQuartzCoreChoice: "(10, 0): where the minimum-y edge's straight part begins",
            alternativeMode: nil,
            observed: "(\(seen.x), \(seen.y))",
            matches: abs(seen.x - 10) < 1e-9 && abs(seen.y) < 1e-9
        )
    }

    // MARK: Frame rates

    /// `CAFrameRateRange.default` is what an animation has until it sets a range; Apple does
    /// not document its fields.
    static func defaultFrameRateRange() -> ProbeResult {
        let range = CAFrameRateRange.default
        let fresh = CABasicAnimation(keyPath: "opacity").preferredFrameRateRange
        return ProbeResult(
            question: "CAFrameRateRange.default's minimum, maximum and preferred, and a new animation's range",
            openQuartzCoreChoice: "0, 0 and nil; a new animation has .default",
            alternativeMode: nil,
            observed: "\(range.minimum), \(range.maximum), \(range.preferred.map { "\($0)" } ?? "nil"); new animation's is default: \(fresh == range)",
            matches: range.minimum == 0 && range.maximum == 0 && range.preferred == nil && fresh == range
        )
    }

    // MARK: Emitter cells

    /// Apple documents that an animation added to an emitter layer under the key path
    /// `emitterCells.<name>.<property>` animates that cell's property, not what the layer's
    /// presentation copy shows for it. A 40 → 0 `birthRate` ramp of the cell "spark" over
    /// 1 s, sampled at 0.25 s: the presentation copy's value there, and the model cell's.
    static func emitterCellKeyPathInThePresentation() -> ProbeResult {
        let host = committedLayer()
        host.speed = 0
        host.timeOffset = 0
        CATransaction.flush()
        let emitter = CAEmitterLayer()
        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.birthRate = 40
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        emitter.emitterCells = [spark]
        host.addSublayer(emitter)
        CATransaction.commit()
        CATransaction.flush()
        let ramp = CABasicAnimation(keyPath: "emitterCells.spark.birthRate")
        ramp.fromValue = Float(40)
        ramp.toValue = Float(0)
        ramp.duration = 1
        ramp.timingFunction = CAMediaTimingFunction(name: .linear)
        emitter.add(ramp, forKey: "probe")
        CATransaction.flush()
        seek(host, to: 0.25)
        let shown = (emitter.presentation()?.value(forKeyPath: "emitterCells.spark.birthRate") as? NSNumber)?.doubleValue
            ?? (emitter.presentation()?.value(forKeyPath: "emitterCells.spark.birthRate") as? Float).map(Double.init)
        let model = Double(spark.birthRate)
        return ProbeResult(
            question: "emitterCells.spark.birthRate 40 → 0 over 1 s at 0.25 s: the presentation copy's value, and the model cell's",
            openQuartzCoreChoice: "30 in the presentation copy (its own copies of the cells), 40 in the model's cell",
            alternativeMode: nil,
            observed: "presentation \(describe(shown)), model \(model)",
            matches: shown.map { abs($0 - 30) < 1e-3 } == true && model == 40
        )
    }

    private static func describe(_ value: Double?) -> String {
        value.map { "\($0)" } ?? "nil"
    }
}
