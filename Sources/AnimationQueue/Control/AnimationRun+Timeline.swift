import Foundation

/// Scrubbing and reversing a run: interactive onboarding, driven by a swipe and a back
/// button, on Core Animation's timing. The article "Interactive runs: scrub, reverse and retarget"
/// (AnimationQueue.docc/InteractiveRuns.md) says what a seek and a turn mean for every layer,
/// step, block and outcome; RunTimeline.swift holds the mechanism.
///
/// These take effect on the main thread: at once when called there, else on the main
/// queue's next turn.
extension AnimationRun {
    /// Where a run ended, as `UIViewPropertyAnimator`'s position says.
    public enum Position: Sendable, Hashable {
        /// Played back to its start: every layer holds its value from before the run.
        case start
        /// Played to its end.
        case end
        /// Cancelled or interrupted on the way.
        case current
    }

    /// Where the run ended; nil while it runs.
    public var endPosition: Position? { lockedState { $0.endPosition } }

    /// How far through its plan the run is, 0…1: its plan time over its ``duration`` (1 once
    /// it ended at its end, 0 at its start). Setting it moves the run there, as
    /// ``seek(to:)`` does (values outside 0…1 are clamped). See <doc:InteractiveRuns>.
    ///
    /// - Precondition: The run's length is known, and the value set is a number.
    public var fractionComplete: Double {
        get {
            switch endPosition {
            case .start: return 0
            case .end: return 1
            case .current, nil:
                guard let duration, duration > 0 else { return 0 }
                return planTime / duration
            }
        }
        set {
            let duration = requireLength("fractionComplete")
            guard !newValue.isNaN else { APIViolationInvalidFraction(newValue) }
            seek(to: min(max(newValue, 0), 1) * duration)
        }
    }

    /// Moves the run to `time` seconds of plan time (clamped to 0…``duration``): every layer
    /// shows what the plan shows at that plan time, and a playing run plays on from there.
    /// Steps whose end it passes the first time finish `.finished`. See
    /// <doc:InteractiveRuns>.
    ///
    /// ```swift
    /// pager.onDrag { offset in run.fractionComplete = offset / pageWidth }
    /// pager.onRelease { run.resume() }        // plays on to the next page
    /// backButton.onTap { run.isReversed = true }
    /// ```
    ///
    /// - Precondition: The run's length is known, and `time` is a number.
    public func seek(to time: TimeInterval) {
        requireLength("seek(to:)")
        guard !time.isNaN else { APIViolationInvalidTime("seek(to:) time", time) }
        MainThread.run { [self] in
            guard let timeline = enterTimeline(reversed: isReversed) else { return }
            timeline.seek(to: time, rate: control.rate)
            let now = timeline.planTime
            lockedState { $0.planTime = now }
            recordRunEvent(.seeked(to: now))
        }
    }

    /// Whether the run plays backwards, toward its start (false). Setting it turns the run
    /// where it is, at its speed; a paused run turns and stays paused. Played back to plan
    /// time 0, the run ends there with the values from before it (``endPosition`` `.start`).
    /// See <doc:InteractiveRuns>.
    ///
    /// - Precondition: The run's length is known.
    public var isReversed: Bool {
        get { lockedState { $0.isReversed } }
        set {
            requireLength("isReversed")
            let changed = lockedState { state -> Bool in
                defer { state.isReversed = newValue }
                return state.isReversed != newValue
            }
            guard changed else { return }
            MainThread.run { [self] in
                // The direction set last, whichever thread's hop comes last.
                let reversed = isReversed
                let entering = timeline == nil
                guard let timeline = enterTimeline(reversed: reversed) else { return }
                if timeline.isReversed != reversed {
                    timeline.reverse(reversed, rate: control.rate)
                    lockedState { $0.frame = timeline.frame }
                } else if !entering {
                    return  // another thread's turn already took it there
                }
                recordRunEvent(.reversed(reversed))
                timeline.rateChanged(to: control.rate)
            }
        }
    }

    // MARK: Putting the run on its timeline

    /// The run's plan time: on its timeline, where the timeline is (where it stopped, once
    /// cancelled); before, the furthest point its steps have reached.
    private var planTime: TimeInterval {
        let (isOnTimeline, frame, stored, isCancelled) = lockedState { ($0.isOnTimeline, $0.frame, $0.planTime, $0.isCancelled) }
        guard isOnTimeline else { return estimatedPlanTime() }
        if isCancelled { return stored }
        return frame?.planTime ?? stored
    }

    /// How far the run has played, from its steps: the end of each step that finished, and
    /// the point each running step has reached (its begin, until Core Animation fixed it).
    private func estimatedPlanTime() -> TimeInterval {
        let schedule = self.schedule
        var reached: TimeInterval = 0
        for (index, operation) in operations.enumerated() {
            guard let times = schedule.times[index] else { continue }
            if let block = operation as? MainThreadOperation {
                if block.isFinished, !block.isCancelled { reached = max(reached, times.begin) }
                continue
            }
            guard let step = operation as? AnimationOperation else { continue }
            let (outcome, attachment) = step.withLifecycle { ($0.outcome, $0.attachment) }
            if outcome == .finished { reached = max(reached, times.end) }
            guard let attachment else { continue }
            guard let begin = attachment.begin?.layer, let layer = step.layer else {
                reached = max(reached, times.begin)
                continue
            }
            let elapsed = layer.convertTime(MediaClock.now(for: layer), from: nil) - begin
            reached = max(reached, times.begin + min(max(elapsed, 0), times.end - times.begin))
        }
        return min(reached, schedule.duration ?? reached)
    }

    /// Puts the run on its timeline at the plan time it has reached, unless it is there
    /// already (main thread). Nil once the run has ended.
    private func enterTimeline(reversed: Bool) -> RunTimeline? {
        if let timeline { return timeline.isOver ? nil : timeline }
        guard !isFinished, !lockedState({ $0.isCancelled }) else { return nil }
        let timeline = RunTimeline(run: self, graph: planGraph, schedule: schedule, at: estimatedPlanTime(),
                                   reversed: reversed)
        self.timeline = timeline
        lockedState {
            $0.isOnTimeline = true
            $0.planTime = timeline.planTime
            $0.frame = timeline.frame
        }
        // One motion: a step's cancel cancels the run, unless the timeline itself ended the
        // step (the run reached its start, or its layers are gone).
        for case let step as AnimationOperation in operations {
            step.addHooks {
                $0.didCancel.append { [weak self] _ in
                    MainThread.run { [weak self] in
                        guard let self, self.timeline?.isOver == false else { return }
                        self.cancel()
                    }
                }
            }
        }
        let box = UncheckedSendableBox(timeline)
        let waiting = gate.divert { operation in
            Self.hopToMain(for: operation) { box.value.arrived(operation) }
        }
        for operation in waiting { timeline.arrived(operation) }
        timeline.start(rate: control.rate)
        return timeline
    }

    /// Runs `work` on the main queue's next turn; for an operation on a clock a test clock
    /// tracks, the hop is work in flight until it has run.
    private static func hopToMain(for operation: Operation, _ work: @escaping @Sendable () -> Void) {
        guard let activity = (operation as? QueueReportingOperation)?.activity else {
            return DispatchQueue.main.async(execute: work)
        }
        activity.hop(operation, work)
    }

    /// The run was played back to its start (main thread, before its steps are cancelled).
    func reachedStart() {
        lockedState { $0.reachedStart = true }
    }

    /// Records an event of the run itself.
    private func recordRunEvent(_ kind: Event.Kind) {
        let time = MediaClock.now(for: planGraph.timingHost)
        record(Event(step: "run", kind: kind, time: time))
    }

    /// The run's length; stops the program, naming the step without one, if it is unknown.
    @discardableResult
    private func requireLength(_ api: String) -> TimeInterval {
        let schedule = self.schedule
        if let duration = schedule.duration { return duration }
        let step = schedule.stepWithoutLength.map { planGraph.label(of: $0) } ?? "a step"
        APIViolationRunWithoutLength(api, step: step)
    }
}
