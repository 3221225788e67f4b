import Dispatch
import Foundation

extension OQC {
    /// Monotonic wall-clock time; work runs on the main queue through Dispatch timers.
    ///
    /// RunLoop timers do not fire under Swift Testing or `dispatchMain()` on Linux, so
    /// this clock uses `DispatchSourceTimer`s, which need nothing but the main queue.
    public final class RealClock: Clock {
        /// The process-wide real clock.
        public static let shared = RealClock()

        private init() {}

        /// Seconds since an arbitrary monotonic origin (`DispatchTime.now()`).
        public var now: CFTimeInterval {
            CFTimeInterval(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
        }

        /// Schedules `work` on the main queue at `deadline` with a one-shot Dispatch timer.
        ///
        /// The work runs whether or not the caller keeps the returned token, as on
        /// ``ManualClock``: the engine schedules fire-and-forget work (removal callbacks,
        /// completions of transactions that added nothing, display frames). The timer keeps
        /// the token alive until the work runs or is cancelled, and then lets both go.
        public func schedule(
            at deadline: CFTimeInterval,
            _ work: @escaping @Sendable () -> Void
        ) -> any ScheduledWork {
            let timer = DispatchSource.makeTimerSource(flags: .strict, queue: .main)
            let token = TimerWork(timer: timer, work: work)
            let delay = max(0, deadline - now)
            timer.schedule(deadline: .now() + delay, leeway: .nanoseconds(0))
            // Strong on purpose: token → timer → handler → token, broken by `take()`.
            // Each callback is a main-queue turn of its own: changes it made outside a
            // transaction commit when it returns.
            timer.setEventHandler {
                guard let work = token.take() else { return }
                work()
                Transactions.endOfTurn()
            }
            timer.resume()
            return token
        }
    }

    /// A one-shot Dispatch timer that runs at most once.
    final class TimerWork: ScheduledWork, @unchecked Sendable {
        // `lock` guards `state`; the timer object itself is thread-safe.
        private let lock = NSLock()
        private var state: (timer: DispatchSourceTimer?, work: (@Sendable () -> Void)?)

        init(timer: DispatchSourceTimer, work: @escaping @Sendable () -> Void) { state = (timer, work) }

        /// Claims the work, once: cancels the timer and releases it and the work, breaking
        /// the timer's reference back to this token. Nil if it was cancelled or already ran.
        func take() -> (@Sendable () -> Void)? {
            let (timer, work) = lock.withLock { () -> (DispatchSourceTimer?, (@Sendable () -> Void)?) in
                defer { state = (nil, nil) }
                return state
            }
            timer?.cancel()
            return work
        }

        func cancel() {
            _ = take()
        }
    }
}
