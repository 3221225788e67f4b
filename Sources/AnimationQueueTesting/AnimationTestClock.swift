import AnimationQueue
import Foundation
#if !canImport(QuartzCore)
import OpenQuartzCore

/// Virtual time for testing animation chains, plans and graphs deterministically.
///
/// Layers made by (or bound to) the clock run on virtual time: nothing moves until you call
/// ``advance(by:fileID:filePath:line:column:)``, which lets every cascade that time triggers
/// settle before it returns — completions fire, dependents start, and their animations are
/// added at the virtual time their predecessors ended. Tests never sleep, and tests running
/// in parallel, each with its own clock, never interfere.
///
/// ```swift
/// let clock = AnimationTestClock()
/// let card = clock.makeLayer()
/// let run = AnimationQueue(name: "test").run(AnimationPlan {
///     Step(card, BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3))
/// })
/// await clock.advance(by: 0.3)
/// #expect(await run.outcome == .finished)
/// #expect(clock.pendingWork.isEmpty)
/// ```
///
/// **Platforms.** Available where AnimationQueue runs on OpenQuartzCore (Linux and the other
/// platforms without QuartzCore): it drives the engine's clock, which schedules every
/// completion. On Apple platforms Core Animation's render server keeps real time and no
/// API moves it, so the type is unavailable there; sample presentation values at exact
/// times with ``PresentationSampler``, which works on every platform.
///
/// **Work that does not settle.** Operations created for layers on this clock record the
/// work they have in flight with the clock (operations on other clocks record nothing).
/// If that work makes no progress for ``settleTimeout`` real seconds, the call that was
/// settling records a test failure listing what was still in flight (``UnsettledWork``):
/// an issue in Swift Testing, which XCTest reports as a failure of the running test through
/// the toolchain's interoperability, and a line on standard error in any case. So does
/// engine work that keeps falling due at one instant for a million callbacks (a completion
/// block that schedules another at the same time, without end).
///
/// **One mover at a time.** The calls that move the clock (`advance`, `runUntilIdle` and
/// `settle`) run one at a time: await each before making the next. One made while another is
/// under way, from another task, stops the program with a message.
public final class AnimationTestClock: @unchecked Sendable {
    // Immutable after init, but for `isMoving`, which `movingLock` guards; the manual clock
    // and the activity are thread-safe.
    /// The engine clock that layers of this test run on.
    public let engineClock: OQC.ManualClock
    /// How long a settle waits, in real seconds, while work that needs no virtual time (main
    /// thread hops, operations queued) makes no progress, before it fails the test (5 s).
    public let settleTimeout: TimeInterval
    /// The work in flight of the operations on this clock's layers.
    private let activity: SchedulerActivity
    /// The most engine callbacks one step of time runs (a million): far more than a burst of
    /// thousands of animations ending together needs, and reached in seconds by work that
    /// schedules more work at the same instant without end, which then fails the test.
    let callbackLimit: Int
    private let movingLock = NSLock()
    /// Whether a call is moving the clock (``advance(by:fileID:filePath:line:column:)`` and
    /// its siblings); guarded by `movingLock`.
    private var isMoving = false

    /// Runs `body`, a call named `call` that moves the clock, as the only one: two at once
    /// would run callbacks on two threads and interleave `now`.
    private func moving(_ call: String, _ body: () async -> Void) async {
        let busy = movingLock.withLock { () -> Bool in
            defer { isMoving = true }
            return isMoving
        }
        precondition(!busy, "AnimationTestClock.\(call) was called while another call was moving the same clock; await each call before making the next.")
        await body()
        movingLock.withLock { isMoving = false }
    }

    /// Creates a clock reading `now`.
    ///
    /// - Parameters:
    ///   - now: The virtual time the clock starts at.
    ///   - settleTimeout: Real seconds a settle waits without progress before it reports
    ///     ``UnsettledWork``.
    ///   - variance: The undocumented Core Animation behaviours the clock's layers follow
    ///     (`OQC.Variance`); by default the process's (`OPENQUARTZCORE_VARIANCE`).
    ///
    /// - Precondition: `settleTimeout` is finite and greater than zero.
    public convenience init(now: TimeInterval = 0, settleTimeout: TimeInterval = 5,
                            variance: OQC.Variance = .processDefault) {
        self.init(now: now, settleTimeout: settleTimeout, callbackLimit: 1_000_000, variance: variance)
    }

    /// Creates a clock that runs at most `callbackLimit` engine callbacks in one step of time.
    init(now: TimeInterval, settleTimeout: TimeInterval, callbackLimit: Int,
         variance: OQC.Variance = .processDefault) {
        precondition(settleTimeout.isFinite && settleTimeout > 0,
                     "AnimationTestClock(settleTimeout:) needs a finite timeout greater than zero; got \(settleTimeout).")
        engineClock = OQC.ManualClock(now: now, variance: variance)
        self.settleTimeout = settleTimeout
        self.callbackLimit = callbackLimit
        activity = SchedulerActivity.track(engineClock)
    }

    deinit {
        SchedulerActivity.stopTracking(engineClock)
    }

    /// The current virtual time.
    public var now: TimeInterval { engineClock.now }

    /// Creates a `CALayer` that runs on this clock.
    public func makeLayer() -> CALayer { makeLayer { CALayer() } }

    /// Creates a layer with `make` on this clock, committed so it has a presentation layer.
    public func makeLayer<L: CALayer>(_ make: () -> L) -> L {
        let layer = OQC.withClock(engineClock) { make() }
        OQC.withClock(engineClock) {
            CATransaction.begin()
            CATransaction.commit()
        }
        return layer
    }

    /// Makes an existing layer's tree run on this clock.
    ///
    /// Operations created for the layer's tree from now on are tracked by this clock; drive
    /// a layer before creating the operations that animate it.
    public func drive(_ layer: CALayer) {
        OQC.setClock(engineClock, for: layer)
    }

    /// Runs `body` with this clock as the engine's current clock, and returns its result.
    ///
    /// Layers created in `body` run on virtual time, and so do the waits of a plan that
    /// animates no layer when it is run in `body` (such a plan times its waits on a layer of
    /// its own, made as it starts). A plan with layers needs no such call: it times its
    /// waits on its first layer, made with ``makeLayer()`` or bound with ``drive(_:)``.
    ///
    /// ```swift
    /// let run = clock.withVirtualTime {
    ///     queue.run(AnimationPlan { Wait(1); Perform { tips.show() } })
    /// }
    /// await clock.advance(by: 1)
    /// ```
    public func withVirtualTime<Result>(_ body: () throws -> Result) rethrows -> Result {
        try OQC.withClock(engineClock, body)
    }

    /// Moves virtual time forward by `interval`, settling every cascade on the way. An event
    /// a rounding error after the deadline (a chain of 0.1 s and 0.2 s steps ends at
    /// 0.30000000000000004) counts as due by it.
    ///
    /// Time stops at each scheduled event (an animation's end, a completion) so that work
    /// it triggers — a dependent operation starting on another thread and hopping to the main
    /// thread — happens at that virtual instant, before time moves on. Work that does not
    /// settle fails the test at the caller's source location (see ``UnsettledWork``).
    ///
    /// - Precondition: `interval` is finite and not negative: virtual time only moves forward.
    public func advance(
        by interval: TimeInterval,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async {
        precondition(interval.isFinite && interval >= 0,
                     "AnimationTestClock.advance(by:) needs a finite, non-negative interval; got \(interval). Virtual time only moves forward.")
        await advance(to: now + interval, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Moves virtual time forward to `deadline`, settling every cascade on the way; a
    /// deadline already passed settles the work due now.
    ///
    /// - Precondition: `deadline` is finite.
    public func advance(
        to deadline: TimeInterval,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async {
        precondition(deadline.isFinite, "AnimationTestClock.advance(to:) needs a finite deadline; got \(deadline).")
        await moving("advance") {
            await advance(to: deadline, reportingAt: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        }
    }

    /// Advances until no scheduled work is left, or until `limit` seconds of virtual time pass.
    ///
    /// - Precondition: `limit` is finite and not negative.
    public func runUntilIdle(
        limit: TimeInterval = 3600,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async {
        precondition(limit.isFinite && limit >= 0,
                     "AnimationTestClock.runUntilIdle(limit:) needs a finite, non-negative limit; got \(limit).")
        let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await moving("runUntilIdle") {
            let end = now + limit
            guard await settle(reportingAt: location) else { return }
            while let next = engineClock.nextDeadline, next <= end {
                guard await advance(to: max(next, now), reportingAt: location) else { return }
            }
        }
    }

    /// How far past a deadline an event may fall and still count as due by it: a rounding
    /// error of binary floating point, not a time anyone animates (0.1 + 0.2 is
    /// 0.30000000000000004, so a chain of 0.1 s and 0.2 s steps ends that much after 0.3).
    static let deadlineTolerance: TimeInterval = 1e-9

    /// Advances to `deadline`, and stops at the first settle that fails. Events due within
    /// ``deadlineTolerance`` after it run too, at their own time.
    /// - Returns: Whether everything settled.
    @discardableResult
    private func advance(to deadline: TimeInterval, reportingAt location: CallSite) async -> Bool {
        guard await settle(reportingAt: location) else { return false }
        while let next = engineClock.nextDeadline, next <= deadline + Self.deadlineTolerance {
            guard runEngine(to: max(next, now), reportingAt: location) else { return false }
            guard await settle(reportingAt: location) else { return false }
        }
        guard runEngine(to: max(deadline, now), reportingAt: location) else { return false }
        return await settle(reportingAt: location)
    }


    /// Moves the engine clock to `time`, running what falls due; false, with a failure
    /// recorded at `location`, if work kept falling due at one instant (`callbackLimit`).
    private func runEngine(to time: TimeInterval, reportingAt location: CallSite) -> Bool {
        guard let endless = runEngineOrReport(to: time) else { return true }
        endless.record(at: location)
        return false
    }

    /// Moves the engine clock to `time`; nil if it got there, else the work that kept falling
    /// due at one instant.
    private func runEngineOrReport(to time: TimeInterval) -> UnsettledWork? {
        let finished = OQC.withClock(engineClock) { engineClock.advance(to: time, runningAtMost: callbackLimit) }
        guard !finished else { return nil }
        return UnsettledWork(timeout: settleTimeout, virtualTime: now, workInFlight: [
            "engine work kept falling due at t = \(now): \(callbackLimit) callbacks ran at this instant, each scheduling more (a completion block or action that schedules work at the same time without end)",
        ])
    }

    /// Work that is still pending: scheduled engine events (animations not yet ended,
    /// completions not yet delivered) and unfinished operations. Empty at the end of a test
    /// that played everything it started.
    public var pendingWork: [String] {
        var work: [String] = []
        if engineClock.pendingCount > 0 {
            work.append("\(engineClock.pendingCount) engine event(s) scheduled, the next at t = \(engineClock.nextDeadline ?? now)")
        }
        return work + activity.workInFlight.map(\.description) + activity.unfinishedOperations.map(\.description)
    }

    /// Lets work that needs no time (main-thread hops, queue scheduling, completions due
    /// now) run, until nothing is in flight. Work that makes no progress for
    /// ``settleTimeout`` fails the test (see ``UnsettledWork``).
    public func settle(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async {
        await moving("settle") {
            await settle(reportingAt: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        }
    }

    /// Settles, and reports work that did not settle as a test failure at `location`.
    /// - Returns: Whether everything settled.
    @discardableResult
    private func settle(reportingAt location: CallSite) async -> Bool {
        guard let unsettled = await settleWithinTimeout() else { return true }
        unsettled.record(at: location)
        return false
    }

    /// Lets work that needs no time run until nothing is in flight.
    ///
    /// A long cascade at one instant may take many rounds, and many real seconds on a loaded
    /// machine or under Thread Sanitizer; it settles as long as it progresses (engine work
    /// ran, or the work in flight changed). It gives up when nothing progressed for
    /// ``settleTimeout`` real seconds, or after 20 times that in all, or when the main thread
    /// does not turn for 20 times that (it is blocked). Only scheduler work
    /// in flight makes it fail: engine events that keep falling due at this instant with no
    /// scheduler work in flight (seen under Thread Sanitizer on a loaded machine) are
    /// written to standard error and time moves on.
    ///
    /// - Returns: nil when everything settled, else what was still in flight. Nothing is
    ///   recorded; ``settle(fileID:filePath:line:column:)`` records it.
    func settleWithinTimeout() async -> UnsettledWork? {
        let start = Date()
        var lastProgress = start
        var previous: [String] = []
        var quietRounds = 0
        while quietRounds < 2 {
            let ranWork = engineClock.nextDeadline.map { $0 <= now } ?? false
            if let endless = runEngineOrReport(to: now) { return endless }
            guard await MainQueue.drain(within: 20 * settleTimeout) else {
                return UnsettledWork(timeout: settleTimeout, virtualTime: now, workInFlight: activity.workInFlight.map(\.description) + [
                    "the main thread did not turn for \(20 * settleTimeout) s: something on it (a Perform block, a callback) does not return",
                ])
            }
            let inFlight = activity.workInFlight.map(\.description)
            let dueNow = engineClock.nextDeadline.map { $0 <= now } ?? false
            let busy = !inFlight.isEmpty || dueNow
            quietRounds = busy ? 0 : quietRounds + 1
            guard busy else { continue }
            let clockTime = Date()
            if ranWork || inFlight != previous { lastProgress = clockTime }
            previous = inFlight
            let stalled = clockTime.timeIntervalSince(lastProgress) >= settleTimeout
            let tooLong = clockTime.timeIntervalSince(start) >= 20 * settleTimeout
            if stalled || tooLong {
                // Engine events that keep falling due with no scheduler work in flight are
                // the engine's own; they are reported, not failed.
                if inFlight.isEmpty {
                    FileHandle.standardError.write(Data("AnimationTestClock: engine events kept falling due at t = \(now) for \(settleTimeout) s with no scheduler work in flight; time moves on\n".utf8))
                    return nil
                }
                var work = inFlight
                if dueNow { work.append("engine events due at t = \(now) keep being scheduled") }
                if tooLong && !stalled { work.append("still progressing after \(20 * settleTimeout) s") }
                return UnsettledWork(timeout: settleTimeout, virtualTime: now, workInFlight: work)
            }
            await Task.yield()
        }
        return nil
    }
}

/// Waits for the main queue to run everything enqueued before the call.
enum MainQueue {
    /// Waits for the main queue to run everything enqueued before the call, for at most
    /// `timeout` real seconds. Returns false if the main thread did not get there in time:
    /// it is blocked.
    static func drain(within timeout: TimeInterval) async -> Bool {
        let wait = FirstResult()
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            wait.attach(continuation)
            DispatchQueue.main.async { wait.deliver(true) }
            // Whichever comes second finds the continuation resumed and does nothing.
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { wait.deliver(false) }
        }
    }

    /// Resumes a continuation with the first of two results.
    private final class FirstResult: @unchecked Sendable {
        // `lock` guards `continuation`; it is resumed outside the lock.
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Bool, Never>?

        func attach(_ continuation: CheckedContinuation<Bool, Never>) {
            lock.withLock { self.continuation = continuation }
        }

        func deliver(_ result: Bool) {
            let waiting = lock.withLock { () -> CheckedContinuation<Bool, Never>? in
                defer { continuation = nil }
                return continuation
            }
            waiting?.resume(returning: result)
        }
    }
}
#endif
