#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// A thread-safe, ordered record of events, each stamped with the virtual time it happened at.
///
/// ```swift
/// let log = ProbeLog(clock: clock)
/// log.record("fade started")
/// #expect(log.events == ["fade started"])
/// ```
final class ProbeLog: @unchecked Sendable {
    // `lock` guards `entries`.
    private let lock = NSLock()
    private var entries: [(event: String, time: TimeInterval)] = []
    private let clock: AnimationTestClock

    init(clock: AnimationTestClock) { self.clock = clock }

    /// Appends `event`, stamped with the clock's current virtual time.
    func record(_ event: String) {
        let now = clock.now
        lock.withLock { entries.append((event, now)) }
    }

    /// Appends `event`, stamped with `time`.
    func record(_ event: String, at time: TimeInterval) {
        lock.withLock { entries.append((event, time)) }
    }

    /// The events in the order they happened.
    var events: [String] { lock.withLock { entries.map(\.event) } }

    /// How often `event` was recorded.
    func count(_ event: String) -> Int { lock.withLock { entries.filter { $0.event == event }.count } }

    /// The virtual time of the first `event`, if any.
    func time(of event: String) -> TimeInterval? { lock.withLock { entries.first { $0.event == event }?.time } }
}

/// An ``AnimationOperation`` that reports its lifecycle to a ``ProbeLog`` without KVO
/// observers:
/// - `"<label> executing"` when `start()` runs without a prior cancel (the state machine
///   then becomes executing);
/// - `"<label> started"` when its animation was added, at the layer's media time;
/// - `"<label> finished"` each time it announces its finish (the operation's finish hook
///   runs once per announcement), at the layer's media time;
/// - `"<label> completion"` each time its `completionBlock` runs.
final class ProbedAnimationOperation: AnimationOperation, @unchecked Sendable {
    let label: String
    let log: ProbeLog

    init(_ label: String, layer: CALayer, animation: some LayerAnimation, log: ProbeLog) {
        self.label = label
        self.log = log
        super.init(layer: layer, animation: animation)
        name = label
        completionBlock = { [label, log] in log.record("\(label) completion") }
        addHooks { hooks in
            hooks.didStart.append { [label, log] _, time in log.record("\(label) started", at: time) }
            hooks.willFinish.append { [label, log] _, _, time in log.record("\(label) finished", at: time) }
        }
    }

    override func start() {
        if !isCancelled { log.record("\(label) executing") }
        super.start()
    }

    /// How many times the operation announced that it finished.
    var finishCount: Int { log.count("\(label) finished") }
    /// How many times its completion block ran.
    var completionCount: Int { log.count("\(label) completion") }
    /// Whether its animation was ever added (or its values committed).
    var everStarted: Bool { log.count("\(label) started") > 0 }
    /// Whether it ever became executing (started animating or hopping to the main thread).
    var everExecuted: Bool { log.count("\(label) executing") > 0 }
}

/// A plain asynchronous `Operation` standing in for a network fetch: it executes until the
/// test calls ``finish()``.
final class SimulatedFetch: Operation, @unchecked Sendable {
    // `lock` guards `executing` and `finished`.
    private let lock = NSLock()
    private var executing = false
    private var finished = false

    override var isAsynchronous: Bool { true }
    override var isExecuting: Bool { lock.withLock { executing } }
    override var isFinished: Bool { lock.withLock { finished } }

    override func start() {
        if isCancelled {
            finish()
            return
        }
        willChangeValue(forKey: "isExecuting")
        lock.withLock { executing = true }
        didChangeValue(forKey: "isExecuting")
    }

    /// Ends the fetch, as its network response would.
    func finish() {
        let wasExecuting = lock.withLock { executing }
        willChangeValue(forKey: "isFinished")
        if wasExecuting { willChangeValue(forKey: "isExecuting") }
        lock.withLock {
            executing = false
            finished = true
        }
        if wasExecuting { didChangeValue(forKey: "isExecuting") }
        didChangeValue(forKey: "isFinished")
    }
}

/// A layer on `clock` whose model opacity was set to `opacity` without animation.
func probeLayer(on clock: AnimationTestClock, opacity: Float) -> CALayer {
    clock.makeLayer {
        let layer = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = opacity
        CATransaction.commit()
        return layer
    }
}

/// The opacity `layer` shows now.
func shownOpacity(_ layer: CALayer) -> Double {
    Double(layer.presentation()?.opacity ?? .nan)
}

/// The begin time of the single animation attached to `layer`, or nil when none is.
func attachedBeginTime(_ layer: CALayer) -> TimeInterval? {
    guard let keys = layer.animationKeys(), keys.count == 1 else { return nil }
    return layer.animation(forKey: keys[0])?.beginTime
}

/// Whether `a` is within `tolerance` of `b`.
func isClose(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}

/// Lets time-free work settle until `condition` holds, for work the test clock does not
/// track (`OperationQueue.main`, plain operations, `completionBlock`s, which Foundation runs
/// asynchronously). Virtual time does not move. Returns whether `condition` came to hold.
///
/// Gives up after 2,000 rounds and at least `patience` real seconds: a round is quick on
/// an idle machine, while on a starved one Foundation's worker threads may not run for
/// seconds, so a count of rounds alone would give up before they do.
@discardableResult
func settle(_ clock: AnimationTestClock, patience: TimeInterval = 60, until condition: () -> Bool) async -> Bool {
    let start = Date()
    var rounds = 0
    while rounds < 2_000 || Date().timeIntervalSince(start) < patience {
        if condition() { return true }
        await clock.advance(by: 0)
        rounds += 1
    }
    return condition()
}

/// Checks the KVO-visible state of a finished operation and that it finished exactly once:
/// one finish announcement and one `completionBlock` run.
///
/// - Parameter cancelled: the expected `isCancelled`; nil expects it exactly for `.cancelled`.
func expectFinishedOnce(_ operation: ProbedAnimationOperation, _ outcome: AnimationOutcome,
                        cancelled: Bool? = nil, clock: AnimationTestClock,
                        sourceLocation: SourceLocation = #_sourceLocation) async {
    #expect(operation.outcome == outcome, "outcome of \(operation.label)", sourceLocation: sourceLocation)
    #expect(operation.isFinished, "\(operation.label) isFinished", sourceLocation: sourceLocation)
    #expect(!operation.isExecuting, "\(operation.label) isExecuting", sourceLocation: sourceLocation)
    if let cancelled = cancelled ?? (outcome == .cancelled ? true : outcome == .finished ? false : nil) {
        #expect(operation.isCancelled == cancelled, "\(operation.label) isCancelled", sourceLocation: sourceLocation)
    }
    // Foundation runs completion blocks asynchronously: give it a chance to run a second time.
    await settle(clock) { operation.completionCount > 0 }
    await clock.advance(by: 0)
    #expect(operation.finishCount == 1, "\(operation.label) announced its finish \(operation.finishCount) times",
            sourceLocation: sourceLocation)
    #expect(operation.completionCount == 1, "\(operation.label) ran its completionBlock \(operation.completionCount) times",
            sourceLocation: sourceLocation)
}
#endif
