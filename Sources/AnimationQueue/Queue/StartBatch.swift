import Foundation

/// Begins animation operations on the main thread in batches.
///
/// Every ``AnimationOperation`` whose start reaches the main thread before the main queue
/// next turns begins in that turn, inside one `CATransaction`: steps that become ready
/// together share one hop to the main thread and one commit, and their animations get one
/// begin time.
///
/// Each operation still adds its animation in a transaction of its own, nested in the
/// batch's, with its own completion block, so it keeps its own outcome and cancellation:
/// the batch only groups the moment they begin. The beginning is made in phases over the
/// whole batch: every operation checks its run's gate and resolves its animation against
/// its layer as it was when the batch began, then every one begins (its lifecycle moves on
/// and its animation is attached), then every start known before the commit is announced.
/// Nested transactions take effect when the batch's transaction commits, so Core Animation
/// fixes every begin time then; after its commit the batch reads them back for the
/// operations whose start someone hears. The batch commits the main thread's pending implicit
/// transaction (`CATransaction.flush()`) before it begins, so that its own takes effect at
/// its commit and not at the end of the turn.
///
/// Operations arrive in the order their starts were queued. An operation that becomes ready
/// while a batch is being started (its dependency ended at once) is started by the same
/// drain, in a batch of its own after the current one, never by recursion, so a long chain of
/// steps that end at once does not deepen the stack. A drain that has run for longer than
/// ``turnBudget`` leaves the batches still queued to the main queue's next turn, so such a
/// chain (thousands of zero-length steps) never holds the main thread for more than about a
/// frame: input, layout and other work get their turns in between. A batch itself is never
/// split.
final class StartBatch: @unchecked Sendable {
    /// The batch of the whole process: there is one main thread.
    static let shared = StartBatch()

    // Thread safety: `lock` guards `pending`, `isHopScheduled` and `isDraining`. Operations
    // and Core Animation are called outside it.
    private let lock = NSLock()
    private var pending: [AnimationOperation] = []
    /// A block on the main queue will drain the batch.
    private var isHopScheduled = false
    /// The main thread is draining; it takes whatever is queued meanwhile before it stops.
    private var isDraining = false
    /// The number of the last batch taken, for diagnostics and tests.
    private var batchesTaken = 0

    private init() {}

    /// Queues the arrival of `operations` on the main thread, together: a drain takes all of
    /// them or none. The caller then calls ``beginQueued(nowOnMainThread:)``.
    func enqueue(_ operations: [AnimationOperation]) {
        lock.withLock { pending += operations }
    }

    /// Begins what is queued: on the main thread with `nowOnMainThread`, before returning
    /// (inside a drain, that drain takes it next); else on the main queue's next turn.
    ///
    /// Now on the main thread is for operations that became ready there (a dependency ended
    /// in Core Animation's callback): they begin in the same turn, as a completion block that
    /// adds the next animation would.
    func beginQueued(nowOnMainThread: Bool) {
        if nowOnMainThread, MainThread.isCurrent {
            drain()
        } else {
            scheduleHopIfNeeded()
        }
    }

    private func scheduleHopIfNeeded() {
        let schedule = lock.withLock { () -> Bool in
            guard !pending.isEmpty, !isHopScheduled, !isDraining else { return false }
            isHopScheduled = true
            return true
        }
        guard schedule else { return }
        DispatchQueue.main.async { [self] in
            lock.withLock { isHopScheduled = false }
            drain()
        }
    }

    /// How long one drain may run before it leaves the rest to the main queue's next turn:
    /// one frame at 120 Hz.
    static let turnBudget: UInt64 = 8_333_333  // nanoseconds

    /// Begins queued operations, batch after batch, until none is left or the turn's budget
    /// is spent (main thread).
    private func drain() {
        let claimed = lock.withLock { () -> Bool in
            guard !isDraining else { return false }
            isDraining = true
            return true
        }
        guard claimed else { return }
        let deadline = DispatchTime.now().uptimeNanoseconds + Self.turnBudget
        var isOverBudget = false
        while let (number, batch) = takeBatchOrStop(overBudget: isOverBudget) {
            // A transaction begun while the main thread's implicit one is pending (a layer
            // changed earlier in this turn) nests in it and takes effect only at the end of the
            // turn; until then the layer, and its presentation, do not show the animations
            // added. Committing the pending one first lets the batch take effect at its own
            // commit: the steps begin now, and those that begin after them in this turn (a
            // dependent of a step taken over) read what the layer shows with them on it.
            CATransaction.flush()
            CATransaction.begin()
            let systemReducesMotion = MotionPolicy.systemPrefersReducedMotion
            var beginnings = batch.map { operation in
                operation.passesGate() ? operation.prepareBeginning(systemReducesMotion: systemReducesMotion) : (nil, nil)
            }
            // What a phase prepared for an operation is moved out of its array, an empty value
            // left behind, as the next phase hands it to the operation.
            var progress: [OperationLifecycle.Progress] = []
            progress.reserveCapacity(batch.count)
            for (index, operation) in batch.enumerated() {
                var beginning: (OperationLifecycle.Beginning?, AnimationOperation.PreparedAdd?) = (nil, nil)
                swap(&beginning, &beginnings[index])
                progress.append(operation.arrive(inBatch: number, beginning: beginning.0, prepared: beginning.1))
            }
            for (index, operation) in batch.enumerated() {
                var announced = OperationLifecycle.Progress.none
                swap(&announced, &progress[index])
                operation.perform(announced)
            }
            CATransaction.commit()
            for operation in batch { operation.batchDidCommit() }
            isOverBudget = DispatchTime.now().uptimeNanoseconds > deadline
        }
    }

    /// The queued operations, or nil (and the drain ends) when there are none, or when the
    /// drain is over its budget (a hop then takes the rest on the next turn): one step, so an
    /// operation queued from another thread either joins a batch or schedules its own hop.
    private func takeBatchOrStop(overBudget: Bool) -> (number: Int, operations: [AnimationOperation])? {
        let (batch, isLeftOver) = lock.withLock { () -> ((number: Int, operations: [AnimationOperation])?, Bool) in
            guard !pending.isEmpty, !overBudget else {
                isDraining = false
                return (nil, !pending.isEmpty)
            }
            defer { pending = [] }
            batchesTaken += 1
            return ((batchesTaken, pending), false)
        }
        if isLeftOver { scheduleHopIfNeeded() }
        return batch
    }
}
