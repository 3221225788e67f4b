import Dispatch
import Foundation

/// One animation attached to a layer: the stored copy plus the engine's bookkeeping.
///
/// Guarded by `Engine.lock`.
final class Attachment {
    /// `pending` until its transaction commits, then `running`; `ended` once its end has
    /// been reported (or, in the background, dropped unreported). `detached`: taken off its
    /// layer (removed in a transaction not committed yet, or by a clock entering the
    /// background), its end not reported yet.
    enum Phase { case pending, running, detached, ended }

    let key: String?
    let animation: CAAnimation
    var phase = Phase.pending
    /// Completion blocks waiting for this animation (one per enclosing transaction scope).
    var groups: [CompletionGroup] = []
    var startWork: (any OQC.ScheduledWork)?
    var stopWork: (any OQC.ScheduledWork)?
    var didStart = false

    init(key: String?, animation: CAAnimation) {
        self.key = key
        self.animation = animation
    }

    func cancelWork() {
        startWork?.cancel()
        stopWork?.cancel()
        startWork = nil
        stopWork = nil
    }

    /// Takes the attachment off its layer's timeline, as a removal or entering the background
    /// does: its start and end no longer fire (a callback already under way finds it
    /// detached and does nothing), and ``end(finished:on:deliverNow:)`` or
    /// ``endUnreported()`` ends it later. Call with the engine lock held.
    func detach() {
        guard phase != .ended else { return }
        phase = .detached
        cancelWork()
    }

    /// Ends the attachment without a callout: the delegate is not told, and the completion
    /// groups are let go without counting it, so a block that waited for it never runs.
    ///
    /// - Returns: The groups it held, for the caller to release after unlocking (a block's
    ///   captures may run user code as they are freed).
    func endUnreported() -> [CompletionGroup] {
        Engine.locked {
            guard phase != .ended else { return [] }
            phase = .ended
            cancelWork()
            defer { groups = [] }
            return groups
        }
    }

    /// Ends the attachment once: tells the delegate and releases the completion groups.
    ///
    /// The order is undocumented by Apple; the clock's ``OQC/Variance`` picks it: by default
    /// `animationDidStop(_:finished:)` and then the completion block, in one callout;
    /// ``OQC/Variance/completionFirst`` the reverse; ``OQC/Variance/delegateLate`` the block,
    /// then the delegate in a later main-queue turn.
    ///
    /// - Parameters:
    ///   - finished: Whether the active duration completed without removal.
    ///   - clock: The clock to deliver on when not delivering now.
    ///   - deliverNow: true when already running on the clock's callback; otherwise the
    ///     callbacks are scheduled for the clock's current time (Apple delivers removal
    ///     callbacks asynchronously, after the call that removed the animation).
    func end(finished: Bool, on clock: any OQC.Clock, deliverNow: Bool) {
        let groups: [CompletionGroup]? = Engine.locked {
            guard phase != .ended else { return nil }
            phase = .ended
            cancelWork()
            defer { self.groups = [] }
            return self.groups
        }
        guard let groups else { return }
        let delegate = animation.delegate
        let animation = self.animation
        let variance = clock.variance
        let stop = { delegate?.animationDidStop(animation, finished: finished) }
        let release = { for group in groups { group.release(on: clock) } }
        let deliver: () -> Void
        if variance.contains(.delegateLate) {
            deliver = {
                release()
                guard delegate != nil else { return }
                let box = UncheckedSendable(stop)
                DispatchQueue.main.async {
                    ClockContext.with(clock) {
                        box.value()
                        Transactions.endOfTurn()
                    }
                }
            }
        } else if variance.contains(.completionFirst) {
            deliver = { release(); stop() }
        } else {
            deliver = { stop(); release() }
        }
        if deliverNow {
            deliver()
        } else {
            let box = UncheckedSendable(deliver)
            _ = clock.schedule(at: clock.now) { ClockContext.with(clock) { box.value() } }
        }
    }
}

/// A transaction completion block and the animations it waits for.
///
/// Apple: the block runs once every animation added after it was set, in that transaction,
/// has completed or been removed; if there are none, right after the commit or as soon as
/// another block replaces it.
/// Guarded by `Engine.lock`.
final class CompletionGroup {
    let block: (() -> Void)?
    private var outstanding = 0
    private var armed = false
    private var fired = false
    private var clock: (any OQC.Clock)?

    init(block: (() -> Void)?) { self.block = block }

    /// Counts one more animation to wait for.
    func retain(clock: any OQC.Clock) {
        Engine.locked {
            outstanding += 1
            if self.clock == nil { self.clock = clock }
        }
    }

    /// One awaited animation ended; runs the block now if it was the last one.
    func release(on clock: any OQC.Clock) {
        let run = Engine.locked { () -> Bool in
            outstanding -= 1
            return takeFireIfDone()
        }
        if run { block?() }
    }

    /// Whether no animation was ever added to the group (one added and since removed still
    /// counts: the block runs once it ends, as Apple's "completed (or been removed)").
    var waitsForNoAnimation: Bool {
        Engine.locked { clock == nil }
    }

    /// The clock of the first animation the block waits for, else `fallback`.
    func clock(fallback: any OQC.Clock) -> any OQC.Clock {
        Engine.locked { clock ?? fallback }
    }

    /// The transaction committed: from now on the block may run. With nothing outstanding
    /// it runs on `fallbackClock`'s next turn (the main queue's, for the real clock).
    func arm(fallbackClock: any OQC.Clock) {
        let clock: (any OQC.Clock)? = Engine.locked {
            armed = true
            return takeFireIfDone() ? (self.clock ?? fallbackClock) : nil
        }
        guard let clock, let block else { return }
        let box = UncheckedSendable(block)
        _ = clock.schedule(at: clock.now) { ClockContext.with(clock) { box.value() } }
    }

    private func takeFireIfDone() -> Bool {
        guard armed, outstanding <= 0, !fired else { return false }
        fired = true
        return true
    }
}
