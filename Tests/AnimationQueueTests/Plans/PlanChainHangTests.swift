import AnimationQueue
import Foundation
import Testing
#if !canImport(QuartzCore)
import OpenQuartzCore

/// A long serial gapless plan on a clock that a thread of its own advances as soon as
/// anything is scheduled (the benchmark's `DrivenClock`): engine callbacks then race the
/// main thread, as Core Animation's render server does. Every run must finish.
@Suite(.hangGuard)
struct PlanChainHangTests {
    static let step = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.1)

    /// Runs `runs` plans of `steps` serial steps; a run that stops making progress is
    /// reported with the state it stopped in. Before the fix, a step that adopted its commit
    /// ahead while that animation's transaction completed on the clock's thread never
    /// finished: the first run stalled at step 2 or 3 in 6 of 6 tries.
    @Test func everyRunOfALongSerialPlanFinishesOnADrivenClock() async {
        let clock = RacingClock()
        defer { clock.stop() }
        let queue = AnimationQueue(name: "plan-chain-hang-\(UUID())")
        let runs = 4, steps = 250
        var finished = 0
        for attempt in 0..<runs {
            let layer = clock.makeLayer()
            let run = queue.run(AnimationPlan(scheduling: .gapless) {
                for _ in 0..<steps { Step(layer, Self.step) }
            }, motion: .full)
            guard let outcome = await outcome(of: run, stall: 30) else {
                let events = run.recordedEvents
                let started = events.filter { $0.kind == .started }.count
                let ended = events.count - started
                Issue.record("""
                    run \(attempt + 1) of \(runs) stalled: \(started) of \(steps) steps started, \
                    \(ended) ended; last events: \(events.suffix(3).map(\.description)); \
                    layer animations: \(layer.animationKeys() ?? []); \
                    clock: \(clock.manual.pendingCount) pending, next at \(clock.manual.nextDeadline.map { "\($0)" } ?? "none"), now \(clock.manual.now)
                    """)
                break
            }
            #expect(outcome == .finished)
            #expect(layer.opacity == 1)
            #expect(layer.animationKeys() == nil)
            finished += 1
        }
        #expect(finished == runs)
    }

    /// The run's outcome, or nil if it stalls: no step starts or ends for `stall` real
    /// seconds (a slow machine only makes a run slower, never silent that long).
    func outcome(of run: AnimationRun, stall: TimeInterval) async -> AnimationOutcome? {
        let result = OutcomeBox()
        Task { result.set(await run.outcome) }
        var seen = -1, lastProgress = Date()
        while true {
            if let outcome = result.value { return outcome }
            let count = run.recordedEvents.count
            if count != seen {
                seen = count
                lastProgress = Date()
            } else if Date().timeIntervalSince(lastProgress) > stall {
                return nil
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}

/// A manual clock that a dedicated thread advances to the next deadline as soon as anything
/// is scheduled, concurrently with the main thread and the operation queues.
///
/// To make the races of a render server with a busy main thread frequent, the driver waits
/// `driverDelay` before each deadline (so a step's start on the main thread often comes
/// before its commit ahead ends), and a read of `now` on the main thread takes
/// `mainReadDelay` (so the driver often runs while the main thread is between two reads).
private final class RacingClock: OQC.Clock, @unchecked Sendable {
    // `lock` guards `isStopped`; the manual clock and the semaphore are thread-safe.
    let manual = OQC.ManualClock(now: 10)
    private let wake = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var isStopped = false
    private let driverDelay: UInt32
    private let mainReadDelay: UInt32
    private static let mainKey: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()

    /// - Parameters: microseconds.
    init(driverDelay: UInt32 = 100, mainReadDelay: UInt32 = 200) {
        self.driverDelay = driverDelay
        self.mainReadDelay = mainReadDelay
        _ = Self.mainKey
        let thread = Thread { [self] in drive() }
        thread.name = "RacingClock"
        thread.start()
    }

    var now: CFTimeInterval {
        if DispatchQueue.getSpecific(key: Self.mainKey) == 1 { usleep(mainReadDelay) }
        return manual.now
    }

    func schedule(at deadline: CFTimeInterval, _ work: @escaping @Sendable () -> Void) -> any OQC.ScheduledWork {
        let token = manual.schedule(at: deadline, work)
        wake.signal()
        return token
    }

    func stop() {
        lock.withLock { isStopped = true }
        wake.signal()
    }

    private func drive() {
        while !lock.withLock({ isStopped }) {
            _ = wake.wait(timeout: .now() + .milliseconds(50))
            while let next = manual.nextDeadline {
                usleep(driverDelay)
                manual.advance(to: max(next, manual.now))
            }
        }
    }

    func makeLayer() -> CALayer {
        OQC.withClock(self) {
            let layer = CALayer()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.opacity = 0
            CATransaction.commit()
            return layer
        }
    }
}

/// The outcome of a run, once it has one.
private final class OutcomeBox: @unchecked Sendable {
    // `lock` guards `stored`.
    private let lock = NSLock()
    private var stored: AnimationOutcome?
    var value: AnimationOutcome? { lock.withLock { stored } }
    func set(_ outcome: AnimationOutcome) { lock.withLock { stored = outcome } }
}
#endif
