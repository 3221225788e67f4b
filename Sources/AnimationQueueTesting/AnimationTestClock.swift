import AnimationQueue
import Foundation
#if !canImport(QuartzCore)
import OpenQuartzCore

/// Virtual time for testing animation chains, plans and graphs deterministically.
///
/// Layers made by (or bound to) the clock run on virtual time: nothing moves until you call
/// ``advance(by:)``, which lets every cascade that time triggers settle before it returns —
/// completions fire, dependents start, and their animations are added at the virtual time
/// their predecessors ended. Tests never sleep, and tests running in parallel, each with its
/// own clock, never interfere.
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
/// Available where AnimationQueue runs on OpenQuartzCore (Linux and other non-Apple
/// platforms); on Apple platforms Core Animation's render server keeps real time.
public final class AnimationTestClock: @unchecked Sendable {
    // Immutable after init; the manual clock is thread-safe.
    /// The engine clock that layers of this test run on.
    public let engineClock: OQC.ManualClock
    /// How long ``advance(by:)`` waits, in real seconds, for a cascade to settle before it
    /// reports the work still in flight (5 s).
    public let settleTimeout: TimeInterval

    /// Creates a clock reading `now`.
    public init(now: TimeInterval = 0, settleTimeout: TimeInterval = 5) {
        engineClock = OQC.ManualClock(now: now)
        self.settleTimeout = settleTimeout
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
    public func drive(_ layer: CALayer) {
        OQC.setClock(engineClock, for: layer)
    }

    /// Moves virtual time forward by `interval`, settling every cascade on the way.
    ///
    /// Time stops at each scheduled event (an animation's end, a completion) so that work
    /// it triggers — a dependent operation starting on another thread and hopping to the
    /// main thread — happens at that virtual instant, before time moves on.
    public func advance(by interval: TimeInterval) async {
        await advance(to: now + interval)
    }

    /// Moves virtual time forward to `deadline`, settling every cascade on the way.
    public func advance(to deadline: TimeInterval) async {
        await settle()
        while let next = engineClock.nextDeadline, next <= deadline {
            OQC.withClock(engineClock) { engineClock.advance(to: max(next, now)) }
            await settle()
        }
        OQC.withClock(engineClock) { engineClock.advance(to: max(deadline, now)) }
        await settle()
    }

    /// Advances until no scheduled work is left, or until `limit` seconds of virtual time pass.
    public func runUntilIdle(limit: TimeInterval = 3600) async {
        let end = now + limit
        await settle()
        while let next = engineClock.nextDeadline, next <= end {
            await advance(to: max(next, now))
        }
    }

    /// Work that is still pending: scheduled engine events (animations not yet ended,
    /// completions not yet delivered) and unfinished operations. Empty at the end of a test
    /// that played everything it started.
    public var pendingWork: [String] {
        var work: [String] = []
        if engineClock.pendingCount > 0 {
            work.append("\(engineClock.pendingCount) engine event(s) scheduled, the next at t = \(engineClock.nextDeadline ?? now)")
        }
        return work + workInFlight.map(\.description)
            + SchedulerActivity.unfinishedOperations(onLayersWhere: runsOnThisClock).map(\.description)
    }

    /// Whether `layer`'s tree runs on this clock.
    private func runsOnThisClock(_ layer: CALayer) -> Bool {
        OQC.clock(of: layer) === engineClock
    }

    /// This clock's work in flight: animation operations on its layers hopping to the main
    /// thread, and what will run without time passing in every queue that holds an
    /// operation on its layers. Other clocks' queues are not looked at, however large.
    private var workInFlight: [SchedulerActivity.Entry] {
        SchedulerActivity.workInFlight(onLayersWhere: runsOnThisClock)
    }

    /// Lets work that needs no time (main-thread hops, queue scheduling, completions due
    /// now) run, until nothing is in flight.
    public func settle() async {
        let start = Date()
        var quietRounds = 0
        while quietRounds < 2 {
            OQC.withClock(engineClock) { engineClock.advance(by: 0) }
            await MainQueue.drain()
            let busy = !workInFlight.isEmpty
                || (engineClock.nextDeadline.map { $0 <= now } ?? false)
            quietRounds = busy ? 0 : quietRounds + 1
            if busy {
                guard Date().timeIntervalSince(start) < settleTimeout else {
                    let work = workInFlight.map(\.description).joined(separator: "; ")
                    FileHandle.standardError.write(Data("AnimationTestClock: work did not settle within \(settleTimeout) s: \(work)\n".utf8))
                    return
                }
                await Task.yield()
            }
        }
    }
}

/// Waits for the main queue to run everything enqueued before the call.
enum MainQueue {
    static func drain() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { continuation.resume() }
        }
    }
}
#endif
