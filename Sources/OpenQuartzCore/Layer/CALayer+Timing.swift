import Foundation

/// An affine map from clock time to a layer's local time: `local = scale · t + offset`.
struct TimeMap {
    var scale = 1.0
    var offset = 0.0

    /// Appends one timing link: `child = (parent − beginTime) · speed + timeOffset`.
    func then(beginTime: Double, speed: Double, timeOffset: Double) -> TimeMap {
        TimeMap(scale: scale * speed, offset: (offset - beginTime) * speed + timeOffset)
    }

    func local(_ clockTime: Double) -> Double { scale * clockTime + offset }

    /// The clock time at which local time reaches `local`; nil if local time does not move
    /// forward (a paused or reversed ancestor).
    func clockTime(_ local: Double) -> Double? {
        scale > 0 ? (local - offset) / scale : nil
    }
}

extension CALayer {
    /// Maps clock time to this layer's local time through every ancestor; lock held.
    ///
    /// Composed from the root down (the same arithmetic order as Core Animation's chain of
    /// links), by recursion rather than a collected array, so it allocates nothing.
    ///
    /// - Parameter committed: false (the default) reads the model's timing properties, as
    ///   `convertTime` on a model layer does (QA1673 converts right after setting `speed`);
    ///   true reads them as of each layer's last commit, which is what the render tree plays:
    ///   presentation values and animation callbacks. A timing change takes effect on screen
    ///   when its transaction commits, all at once, never halfway through a retiming.
    func timeMapLocked(committed: Bool = false) -> TimeMap {
        let parent = treeParentLocked?.timeMapLocked(committed: committed) ?? TimeMap()
        let state = committed ? committedStorage : storage
        return parent.then(beginTime: state.beginTime, speed: Double(state.speed),
                           timeOffset: state.timeOffset)
    }

    /// The render tree's map: timing as of the last commit; lock held.
    func renderTimeMapLocked() -> TimeMap { timeMapLocked(committed: true) }

    /// This layer's local time now.
    var localTimeNow: Double {
        let clock = self.clock
        return Engine.locked { timeMapLocked().local(clock.now) }
    }

    /// Re-times the start and end callbacks of every running animation in this subtree,
    /// after a change to the tree or the clock.
    func rescheduleTimingOfSubtree() {
        let clock = self.clock
        Engine.locked { rescheduleSubtreeLocked(clock: clock) }
    }

    /// Re-times the running animations of this subtree on `clock` (the tree's); lock held.
    /// A commit calls it for a layer whose timing (speed, timeOffset, beginTime) changed.
    func rescheduleSubtreeLocked(clock: any OQC.Clock) {
        for layer in subtree() {
            let map = layer.renderTimeMapLocked()
            for attachment in layer.attachments where attachment.phase == .running {
                layer.schedule(attachment, map: map, clock: clock)
            }
        }
    }

    /// Schedules `animationDidStart` and the end of `attachment`; lock held.
    func schedule(_ attachment: Attachment, map: TimeMap, clock: any OQC.Clock) {
        attachment.cancelWork()
        let timing = ActiveTiming(attachment.animation)
        let weakSelf = UncheckedSendable(WeakLayer(self))
        let box = UncheckedSendable(attachment)
        if !attachment.didStart, attachment.animation.delegate != nil,
           let start = clockTime(reaching: timing.beginTime, map: map, clock: clock, whenFrozen: true) {
            attachment.startWork = clock.schedule(at: max(start, clock.now)) {
                weakSelf.value.layer?.attachmentDidStart(box.value)
            }
        }
        // Time frozen by a paused ancestor past the end completes nothing, unless under
        // `OQC.Variance.pausedCompletes`.
        if let end = timing.activeEndInParent,
           let endTime = clockTime(reaching: end, map: map, clock: clock, whenFrozen: clock.variance.contains(.pausedCompletes)) {
            attachment.stopWork = clock.schedule(at: endTime) {
                weakSelf.value.layer?.attachmentReachedEnd(box.value)
            }
        }
    }

    /// The clock time at which local time reaches `local` (an animation's begin or end): nil
    /// if it never does. Local time frozen by a paused ancestor at or past `local` has reached
    /// it, now, if `whenFrozen`: an animation added to a paused layer begins at the layer's
    /// frozen time, so it is in its active duration at once.
    private func clockTime(reaching local: Double, map: TimeMap, clock: any OQC.Clock, whenFrozen: Bool) -> Double? {
        if let time = map.clockTime(local) { return time }
        let now = clock.now
        return whenFrozen && map.scale == 0 && map.local(now) >= local ? now : nil
    }

    private func attachmentDidStart(_ attachment: Attachment) {
        let animation: CAAnimation? = Engine.locked {
            guard attachment.phase == .running, !attachment.didStart else { return nil }
            attachment.didStart = true
            return attachment.animation
        }
        guard let animation else { return }
        animation.delegate?.animationDidStart(animation)
    }

    private func attachmentReachedEnd(_ attachment: Attachment) {
        let clock = self.clock
        let shouldEnd: Bool = Engine.locked {
            guard attachment.phase == .running else { return false }
            if attachment.animation.isRemovedOnCompletion {
                attachments.removeAll { $0 === attachment }
                committedAttachments?.removeAll { $0 === attachment }
            }
            return true
        }
        guard shouldEnd else { return }
        let delegate = attachment.animation.delegate
        if !Engine.locked({ attachment.didStart }), delegate != nil {
            Engine.locked { attachment.didStart = true }
            delegate?.animationDidStart(attachment.animation)
        }
        attachment.end(finished: true, on: clock, deliverNow: true)
    }
}

/// A weak reference to a layer, for callbacks that must not keep it alive.
final class WeakLayer {
    weak var layer: CALayer?
    init(_ layer: CALayer) { self.layer = layer }
}
