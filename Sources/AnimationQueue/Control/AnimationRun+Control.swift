import Foundation

/// Pause, resume and time scale of a run, on the render server's timing.
///
/// Each of the run's layers (the topmost ones: a layer whose ancestor also belongs to the run
/// is timed through that ancestor) is retimed with Apple's QA1673 recipe generalised to any
/// rate, so the layer's local time continues from where it is at the new rate: paused, `speed`
/// 0 and `timeOffset` the local time (`beginTime` unchanged); running at rate r, `speed` r
/// times the layer's own speed from before the run (1 unless the app set another),
/// `timeOffset` 0 and `beginTime` the parent time minus the local time divided by that
/// speed (see ``retime(_:to:)``). Core Animation keeps timing every running animation, so
/// paused steps stay exactly where they are and nothing is driven frame by frame.
///
/// When a run that was paused, resumed or sped up ends, its layers get back the timing they
/// had before the run first retimed them (usually `speed` 1, `timeOffset` 0, `beginTime` 0),
/// so their local time is media time again: `layer.convertTime(CACurrentMediaTime(), from:
/// nil)` reads the current media time, and animations added later with an absolute
/// `beginTime` start when they should. The restore happens before ``outcome`` returns.
///
/// ``pause()``, ``resume()`` and a new speed take effect on the run (``isPaused``, the steps
/// it holds back) at once, from any thread. The layers are retimed on the main thread: at
/// once when called there, else on the main queue's next turn.
///
/// - Note: The retiming applies to everything on those layers and their sublayers, including
///   animations that are not part of the run; an animation of other code still running on
///   one of them when the run ends jumps by the time the run's pauses took. Two runs that
///   retime the same layer at once restore it in the order they end.
extension AnimationRun {
    /// Freezes every running step and holds back pending ones until ``resume()``. Does
    /// nothing once the run has ended: its layers keep the timing they got back.
    ///
    /// ```swift
    /// permissionAlert.onShow { run.pause() }
    /// permissionAlert.onDismiss { run.resume() }
    /// ```
    public func pause() {
        guard !isFinished, control.setPaused(true) else { return }
        gate.close()
        applyRate()
    }

    /// Continues a paused run from where it stopped.
    public func resume() {
        guard control.setPaused(false) else { return }
        applyRate()
        gate.open()
    }

    /// Whether the run is paused; false once it has ended.
    public var isPaused: Bool { control.state.paused && !isFinished }

    /// The run's time scale: 2 plays twice as fast, 0.5 half as fast (1). Must be greater
    /// than 0; use ``pause()`` to stop time. Once the run has ended it reads 1 (its layers
    /// have their own timing back), and setting it does nothing.
    public var speed: Float {
        get { control.state.speed }
        set {
            guard newValue.isFinite, newValue > 0 else {
                APIViolationInvalidRunSpeed(newValue)
            }
            guard !isFinished else { return }
            control.setSpeed(newValue)
            applyRate()
        }
    }

    /// Retimes the run's layers to the current rate (0 while paused) times each layer's own
    /// speed from before the run retimed it, on the main thread, unless the run has ended by
    /// then (its layers have their timing back). A layer the app runs at 2× plays at 2× × the
    /// run's speed, and goes on at 2× after a resume.
    ///
    /// The rate is read on the main thread, so pauses, resumes and speeds set from several
    /// threads at once leave the layers at the rate the run reports last.
    func applyRate() {
        MainThread.run { [self] in
            guard !isFinished else { return }
            let rate = control.rate
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for timed in timedLayers {
                guard let layer = timed.layer else { continue }
                let original = timed.original ?? LayerTiming(of: layer)
                timed.original = original
                Self.retime(layer, to: rate * original.speed)
            }
            CATransaction.commit()
            timeline?.rateChanged(to: rate)
        }
    }

    /// Gives the layers this run retimed their timing from before the run (main thread).
    ///
    /// Their local time jumps by the time the run's pauses and speed took. The animations of
    /// the run's own steps that stay attached (``MediaTiming/fillsForwards``) are moved by the
    /// same amount, so each keeps showing its last frame.
    func restoreTiming() {
        guard let retimed = foundTimedLayers else { return }  // never retimed
        // A run on its timeline shows its steps with animations of its own, which come off;
        // its steps' own animations were taken off as it went on its timeline.
        timeline?.letGo()
        let filled = timeline == nil ? attachedStepAnimations() : []
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for timed in retimed {
            guard let original = timed.original else { continue }
            timed.original = nil
            if let layer = timed.layer { original.apply(to: layer) }
        }
        for step in filled {
            let jump = step.layer.convertTime(MediaClock.now(for: step.layer), from: nil) - step.localTime
            // A copy: Core Animation's attached animations are not to be changed in place.
            guard jump != 0, jump.isFinite, let moved = step.animation.copy() as? CAAnimation else { continue }
            moved.beginTime += jump
            step.layer.add(moved, forKey: step.key)
        }
        CATransaction.commit()
    }

    /// The animations of the run's finished steps still attached to their layers, each with
    /// its layer's local time now.
    func attachedStepAnimations() -> [(layer: CALayer, key: String, animation: CAAnimation, localTime: CFTimeInterval)] {
        var found: [(layer: CALayer, key: String, animation: CAAnimation, localTime: CFTimeInterval)] = []
        for case let step as AnimationOperation in operations where step.outcome == .finished {
            guard let layer = step.layer else { continue }
            for key in [step.animationKey, step.animationKey + ".ahead"] {
                guard let animation = layer.animation(forKey: key) else { continue }
                found.append((layer, key, animation, layer.convertTime(MediaClock.now(for: layer), from: nil)))
            }
        }
        return found
    }

    /// Changes `layer`'s rate while keeping its local time continuous, with Apple's QA1673
    /// values: paused, `speed` 0 and `timeOffset` the local time (`beginTime` as it was);
    /// running at `rate`, `timeOffset` 0 and `beginTime` the parent time minus the local
    /// time (divided by the rate), which for a resume at 1 is QA1673's
    /// `convertTime(CACurrentMediaTime(), from: nil) − pausedTime`.
    static func retime(_ layer: CALayer, to rate: Float) {
        guard layer.speed != rate else { return }
        retime(layer, to: rate, localTime: layer.convertTime(MediaClock.now(for: layer), from: nil))
    }

    /// Gives `layer` the rate `rate` and the local time `localTime` now, with QA1673's values:
    /// paused, `speed` 0 and `timeOffset` the local time; running, `timeOffset` 0 and
    /// `beginTime` the parent time minus the local time divided by the rate.
    static func retime(_ layer: CALayer, to rate: Float, localTime: CFTimeInterval) {
        guard rate != 0 else {
            if layer.speed != 0 { layer.speed = 0 }
            layer.timeOffset = localTime
            return
        }
        let now = MediaClock.now(for: layer)
        let parentNow = layer.superlayer?.convertTime(now, from: nil) ?? now
        layer.speed = rate
        layer.timeOffset = 0
        layer.beginTime = parentNow - localTime / Double(rate)
    }

    /// The topmost distinct layers among `layers`, in their first order: those with no
    /// ancestor among `layers`.
    static func topmost(_ layers: [CALayer]) -> [CALayer] {
        var seen = Set<ObjectIdentifier>(minimumCapacity: layers.count)
        let unique = layers.filter { seen.insert(ObjectIdentifier($0)).inserted }
        return unique.filter { layer in
            var ancestor = layer.superlayer
            while let current = ancestor {
                if seen.contains(ObjectIdentifier(current)) { return false }
                ancestor = current.superlayer
            }
            return true
        }
    }
}

/// The pause state and speed of a run.
final class RunControl: @unchecked Sendable {
    // `lock` guards `storage`.
    private let lock = NSLock()
    private var storage = (paused: false, speed: Float(1))

    var state: (paused: Bool, speed: Float) { lock.withLock { storage } }

    /// The rate layers run at: 0 while paused, else the speed.
    var rate: Float { lock.withLock { storage.paused ? 0 : storage.speed } }

    /// Sets the pause state; false if it was already so.
    func setPaused(_ paused: Bool) -> Bool {
        lock.withLock {
            guard storage.paused != paused else { return false }
            storage.paused = paused
            return true
        }
    }

    func setSpeed(_ speed: Float) { lock.withLock { storage.speed = speed } }
}
