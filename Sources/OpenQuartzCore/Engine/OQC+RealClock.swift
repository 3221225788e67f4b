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
        public func schedule(
            at deadline: CFTimeInterval,
            _ work: @escaping @Sendable () -> Void
        ) -> any ScheduledWork {
            let timer = DispatchSource.makeTimerSource(flags: .strict, queue: .main)
            let token = TimerWork(timer: timer)
            let delay = max(0, deadline - now)
            timer.schedule(deadline: .now() + delay, leeway: .nanoseconds(0))
            timer.setEventHandler { [weak token] in
                guard let token, token.claim() else { return }
                work()
            }
            timer.resume()
            return token
        }
    }

    /// A one-shot Dispatch timer that runs at most once.
    final class TimerWork: ScheduledWork, @unchecked Sendable {
        // `lock` guards `state`; the timer object itself is thread-safe.
        private let lock = NSLock()
        private var state: (timer: DispatchSourceTimer?, done: Bool)

        init(timer: DispatchSourceTimer) { state = (timer, false) }

        /// Marks the work as run; false if it was cancelled or already ran.
        func claim() -> Bool {
            lock.lock()
            defer { lock.unlock() }
            guard !state.done else { return false }
            state.done = true
            state.timer?.cancel()
            state.timer = nil
            return true
        }

        func cancel() {
            _ = claim()
        }
    }
}
