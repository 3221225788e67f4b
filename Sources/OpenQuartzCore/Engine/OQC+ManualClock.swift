import Foundation

extension OQC {
    /// Virtual time for tests: nothing happens until you call ``advance(by:)``.
    ///
    /// Due work runs in (deadline, insertion order) on the thread that advances the clock,
    /// with ``now`` already set to the work's deadline, and with the clock's lock released,
    /// so a callback may schedule more work, which runs in the same call if it falls due.
    /// While callbacks run, this clock is ``OQC/currentClock`` on that thread, so
    /// `CACurrentMediaTime()` returns virtual time inside them.
    ///
    /// ```swift
    /// let clock = OQC.ManualClock()
    /// let layer = OQC.withClock(clock) { CALayer() }
    /// layer.add(fade, forKey: "fade")
    /// clock.advance(by: 0.1)            // presentation() now shows t = 0.1
    /// ```
    public final class ManualClock: Clock, @unchecked Sendable {
        // `lock` guards `state`. It is never held while work runs.
        private let lock = NSLock()
        private var state = State()

        private struct State {
            var now: CFTimeInterval
            var pending = Schedule()
            init(now: CFTimeInterval = 0) { self.now = now }
        }

        /// The variance of the layer trees on this clock.
        public let variance: Variance

        /// Creates a clock that reads `now` until advanced.
        ///
        /// - Parameters:
        ///   - now: The initial virtual time.
        ///   - variance: How the layer trees on this clock behave where Apple's documentation
        ///     is silent; by default ``Variance/processDefault``, which
        ///     `OPENQUARTZCORE_VARIANCE` sets.
        public init(now: CFTimeInterval = 0, variance: Variance = .processDefault) {
            state = State(now: now)
            self.variance = variance
        }

        /// The current virtual time.
        public var now: CFTimeInterval {
            lock.lock()
            defer { lock.unlock() }
            return state.now
        }

        /// The number of scheduled items that have not run or been cancelled.
        public var pendingCount: Int {
            lock.lock()
            defer { lock.unlock() }
            return state.pending.liveCount
        }

        /// The deadline of the earliest scheduled item, if any.
        public var nextDeadline: CFTimeInterval? {
            lock.lock()
            defer { lock.unlock() }
            // The heap's top, after dropping cancelled work (a driver asks after every step).
            return state.pending.first()?.deadline
        }

        /// Schedules `work` to run when the clock is advanced to `deadline` or beyond.
        public func schedule(
            at deadline: CFTimeInterval,
            _ work: @escaping @Sendable () -> Void
        ) -> any ScheduledWork {
            let item = Work(work)
            lock.lock()
            let safeDeadline = deadline.isNaN ? state.now : deadline
            state.pending.insert(item, at: safeDeadline)
            lock.unlock()
            return item
        }

        /// Moves time forward by `interval`, running everything that falls due on the way.
        ///
        /// `advance(by: 0)` runs the work that is due now, such as completions of
        /// transactions that added no animation.
        public func advance(by interval: CFTimeInterval) {
            precondition(interval >= 0 && interval.isFinite,
                         "ManualClock.advance(by:) needs a finite, non-negative interval; got \(interval)")
            advance(to: now + interval)
        }

        /// Moves time forward to `deadline`, running everything that falls due on the way.
        ///
        /// Changes the calling thread made outside `CATransaction.begin()`/`commit()` are
        /// committed first, as the end of a run-loop turn commits them before any time passes
        /// on Apple platforms; other threads' implicit transactions commit on their own. Each
        /// callback is a turn of its own: changes it makes outside a transaction are
        /// committed when it returns, at its instant.
        public func advance(to deadline: CFTimeInterval) {
            _ = advance(to: deadline, runningAtMost: .max)
        }

        /// Moves time forward to `deadline` as ``advance(to:)`` does, but runs at most `limit`
        /// callbacks. Returns false if it stopped with work still due by `deadline` (work
        /// that keeps scheduling more at one instant would otherwise run for ever); time then
        /// stays at the instant of the last callback.
        package func advance(to deadline: CFTimeInterval, runningAtMost limit: Int) -> Bool {
            ClockContext.with(self) { Transactions.endOfTurn() }
            var ran = 0
            while let entry = popDue(until: deadline) {
                ClockContext.with(self) {
                    entry.work.run()
                    Transactions.endOfTurn()
                }
                ran += 1
                if ran >= limit, let next = nextDeadline, next <= deadline { return false }
            }
            lock.lock()
            state.now = max(state.now, deadline)
            lock.unlock()
            return true
        }

        /// Runs scheduled work until none is left, advancing time to each deadline.
        ///
        /// - Parameter limit: The latest time to advance to; work scheduled after it stays pending.
        public func run(until limit: CFTimeInterval = .greatestFiniteMagnitude) {
            while let next = nextDeadline, next <= limit {
                advance(to: max(next, now))
            }
        }

        private func popDue(until deadline: CFTimeInterval) -> Schedule.Entry? {
            lock.lock()
            defer { lock.unlock() }
            guard let entry = state.pending.removeFirst(dueBy: deadline) else { return nil }
            state.now = max(state.now, entry.deadline)
            return entry
        }

        /// One scheduled closure that runs at most once.
        final class Work: ScheduledWork, @unchecked Sendable {
            // `lock` guards `body`; nil once run or cancelled.
            private let lock = NSLock()
            private var body: (@Sendable () -> Void)?

            init(_ body: @escaping @Sendable () -> Void) { self.body = body }

            var isCancelled: Bool {
                lock.lock()
                defer { lock.unlock() }
                return body == nil
            }

            func run() {
                lock.lock()
                let work = body
                body = nil
                lock.unlock()
                work?()
            }

            func cancel() {
                lock.lock()
                body = nil
                lock.unlock()
            }
        }
    }
}
