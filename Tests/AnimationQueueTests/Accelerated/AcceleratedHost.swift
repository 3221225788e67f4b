import AnimationQueue
import Dispatch
import Foundation

/// Real time, sped up: the test's layers live under a host layer whose `speed` makes Core
/// Animation play a 0.4 s step in 20 ms, so scheduler behaviour is checked against whatever
/// Core Animation the platform has (QuartzCore on Apple platforms, OpenQuartzCore's real
/// clock on Linux), without virtual time.
///
/// Durations in the tests are in the layers' own time, which runs ``speed`` times as fast as
/// real time. Assertions are outcomes, orders and end states; a time is checked only with a
/// tolerance that real-time jitter, multiplied by the speed, cannot break.
///
/// ```swift
/// let host = AcceleratedHost()
/// let card = host.makeLayer()
/// let outcome = await host.within { await card.run(BasicAnimation(.opacity, to: 1, duration: 0.4)) }
/// ```
@MainActor
final class AcceleratedHost {
    /// How much faster than real time the host's sublayers' time runs.
    static let speed: Float = 20
    /// How long, in real seconds, a wait lasts at most before the test fails instead of hanging.
    static let patience: TimeInterval = 20

    let host: CALayer

    /// A new host layer, in no window or, where one is requested, in a window
    /// (`TestWindow`).
    init() {
        host = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        host.speed = Self.speed
        TestWindow.rootLayer?.addSublayer(host)
        CATransaction.commit()
    }

    /// A new layer under the host, committed, with `opacity` (1 by default).
    func makeLayer(opacity: Float = 1) -> CALayer {
        let layer = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = opacity
        host.addSublayer(layer)
        CATransaction.commit()
        return layer
    }

    /// The host's local time now: the time the test's animations are timed in.
    var now: CFTimeInterval { host.convertTime(CACurrentMediaTime(), from: nil) }

    /// The result of `body`, or nil if it has not come within ``patience`` real seconds.
    func within<Result: Sendable>(_ body: @escaping @MainActor @Sendable () async -> Result) async -> Result? {
        await firstOf(body, orNilAfter: Self.patience)
    }

    /// Waits, in the host's time, until `seconds` have passed: lets time run for a test
    /// that checks something mid-flight. Not a wait for a result.
    func letTimePass(_ seconds: CFTimeInterval) async {
        let real = seconds / Double(Self.speed)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.asyncAfter(deadline: .now() + real) { continuation.resume() }
        }
    }
}

/// The value of `body`, or nil once `timeout` real seconds pass first. `body` keeps running
/// after a timeout; its value is then dropped.
func firstOf<Result: Sendable>(_ body: @escaping @MainActor @Sendable () async -> Result,
                               orNilAfter timeout: TimeInterval) async -> Result? {
    let once = ResumeOnce<Result?>()
    return await withCheckedContinuation { (continuation: CheckedContinuation<Result?, Never>) in
        once.set(continuation)
        Task { @MainActor in once.resume(returning: await body()) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { once.resume(returning: nil) }
    }
}

/// Resumes a continuation, set first, with the first value offered, and drops the rest.
final class ResumeOnce<Value: Sendable>: @unchecked Sendable {
    // Thread safety: `lock` guards `continuation` and `isDone`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, Never>?
    private var isDone = false

    func set(_ continuation: CheckedContinuation<Value, Never>) {
        lock.withLock { self.continuation = continuation }
    }

    func resume(returning value: Value) {
        let continuation: CheckedContinuation<Value, Never>? = lock.withLock {
            guard !isDone else { return nil }
            isDone = true
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume(returning: value)
    }
}

/// An animation operation that records in `log`, as its queue starts it, its label and
/// whether each operation it was made to wait for had finished by then. (Foundation runs
/// `completionBlock`s asynchronously, in no promised order, so they cannot show an order.)
final class StartRecordingOperation: AnimationOperation, @unchecked Sendable {
    // Immutable after init; the log is thread-safe.
    private let label: String
    private let log: OrderLog
    private let awaited: [Operation]

    init(_ label: String, layer: CALayer, animation: some LayerAnimation, after awaited: [Operation] = [], log: OrderLog) {
        self.label = label
        self.log = log
        self.awaited = awaited
        super.init(layer: layer, animation: animation)
        motion = .full
        for operation in awaited { addDependency(operation) }
    }

    override func start() {
        log.record(awaited.allSatisfy(\.isFinished) ? label : "\(label) before its dependencies finished")
        super.start()
    }
}
