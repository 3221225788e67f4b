import Foundation

/// Stands in for a network request in the examples: an asynchronous `Operation` that
/// finishes `latency` seconds after it starts, on the demo's clock (so `--fast` needs no
/// waiting). In an app, this is your own operation around `URLSession`.
///
/// ```swift
/// let fetch = SimulatedFetch(latency: 1)
/// reveal.addDependency(fetch)
/// AnimationQueue.main.addOperations([fetch, reveal])
/// ```
public final class SimulatedFetch: Operation, @unchecked Sendable {
    // `lock` guards `state`; KVO notifications are sent outside it.
    private let lock = NSLock()
    private var state = State.ready
    private enum State { case ready, executing, finished }

    /// How long the request takes, in seconds.
    public let latency: TimeInterval

    /// Creates a request that takes `latency` seconds.
    public init(latency: TimeInterval) {
        self.latency = latency
        super.init()
    }

    /// True: the request finishes later, on the demo's clock.
    public override var isAsynchronous: Bool { true }
    /// Whether the request is in flight.
    public override var isExecuting: Bool { lock.withLock { state == .executing } }
    /// Whether the request has finished (or was cancelled).
    public override var isFinished: Bool { lock.withLock { state == .finished } }

    /// Starts the request; it finishes `latency` seconds later.
    public override func start() {
        guard !isCancelled else { return finish() }
        willChangeValue(forKey: "isExecuting")
        lock.withLock { state = .executing }
        didChangeValue(forKey: "isExecuting")
        DemoClock.current.schedule(after: latency) { [self] in finish() }
    }

    /// Cancels the request, finishing it at once if it is in flight.
    public override func cancel() {
        super.cancel()
        if isExecuting { finish() }
    }

    private func finish() {
        let wasExecuting: Bool? = lock.withLock {
            guard state != .finished else { return nil }
            return state == .executing
        }
        guard let wasExecuting else { return }
        willChangeValue(forKey: "isFinished")
        if wasExecuting { willChangeValue(forKey: "isExecuting") }
        lock.withLock { state = .finished }
        if wasExecuting { didChangeValue(forKey: "isExecuting") }
        didChangeValue(forKey: "isFinished")
    }
}
