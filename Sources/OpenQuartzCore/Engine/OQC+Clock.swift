import Foundation

extension OQC {
    /// A source of media time and a scheduler of work at media times.
    ///
    /// Every layer tree runs on one clock: its root layer's. The engine schedules
    /// completions, `animationDidStart(_:)`/`animationDidStop(_:finished:)` and per-frame
    /// `display()` calls through it, so a ``ManualClock`` makes all of them deterministic.
    public protocol Clock: AnyObject, Sendable {
        /// The current media time, in seconds.
        var now: CFTimeInterval { get }

        /// Runs `work` once, as soon as `now` reaches `deadline`.
        ///
        /// - Returns: A token whose ``ScheduledWork/cancel()`` prevents the work from running.
        func schedule(at deadline: CFTimeInterval, _ work: @escaping @Sendable () -> Void) -> ScheduledWork

        /// The modes in which the layer trees on this clock differ where Apple's documentation
        /// is silent; ``Variance/processDefault`` unless the clock carries its own.
        var variance: Variance { get }
    }

    /// A handle to work scheduled on a ``Clock``.
    public protocol ScheduledWork: AnyObject, Sendable {
        /// Prevents the work from running, if it has not run yet.
        func cancel()
    }

    /// The clock used by code that does not name one: the innermost ``withClock(_:_:)``
    /// scope, else the clock whose work is running on this thread, else ``RealClock/shared``.
    ///
    /// `CACurrentMediaTime()` reads this clock, so QA1673-style pause code run inside a
    /// test's `withClock` scope, or inside a manual clock's callbacks, sees virtual time.
    public static var currentClock: any Clock {
        if let clock = taskClock { return clock }
        if let clock = ClockContext.threadClock { return clock }
        return RealClock.shared
    }

    @TaskLocal static var taskClock: (any Clock)?

    /// Runs `body` with `clock` as ``currentClock``; layers created inside run on it.
    ///
    /// The binding is task-local, so tests running in parallel, each with its own manual
    /// clock, never see each other's time.
    public static func withClock<R>(_ clock: any Clock, _ body: () throws -> R) rethrows -> R {
        try $taskClock.withValue(clock, operation: body)
    }

    /// Runs the async `body` with `clock` as ``currentClock``.
    public static func withClock<R>(
        _ clock: any Clock,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> R
    ) async rethrows -> R {
        try await $taskClock.withValue(clock, operation: body, isolation: isolation)
    }

    /// Makes `layer`'s whole tree run on `clock` from now on.
    ///
    /// A layer takes ``currentClock`` when it is created; a sublayer always runs on its root's.
    /// Animations already attached are rescheduled on the new clock.
    public static func setClock(_ clock: any Clock, for layer: CALayer) {
        layer.root.assignClock(clock)
    }

    /// The clock that `layer`'s tree runs on.
    public static func clock(of layer: CALayer) -> any Clock {
        layer.clock
    }
}

/// The clock whose work is running on the current thread, so code called back by a
/// manual clock sees that clock as current.
enum ClockContext {
    private static let current = ThreadLocal<ClockBox>()

    static var threadClock: (any OQC.Clock)? {
        current.value?.clock
    }

    static func with<R>(_ clock: any OQC.Clock, _ body: () throws -> R) rethrows -> R {
        let saved = current.value
        current.value = ClockBox(clock: clock)
        defer { current.value = saved }
        return try body()
    }

    private final class ClockBox {
        let clock: any OQC.Clock
        init(clock: any OQC.Clock) { self.clock = clock }
    }
}
