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
    /// `finishing` belongs to the one call that posts the change to `isFinished`: a cancel
    /// racing the latency's end finds it taken and posts nothing.
    private enum State: Equatable { case ready, executing, finishing(wasExecuting: Bool), finished }

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
    public override var isExecuting: Bool {
        lock.withLock { state == .executing || state == .finishing(wasExecuting: true) }
    }
    /// Whether the request has finished (or was cancelled).
    public override var isFinished: Bool { lock.withLock { state == .finished } }

    /// Starts the request; it finishes `latency` seconds later.
    public override func start() {
        guard !isCancelled else { finish(); return }
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

    /// Finishes the request unless another call already did; true for the call that
    /// posted the change to `isFinished`.
    @discardableResult
    func finish() -> Bool {
        let wasExecuting: Bool? = lock.withLock {
            switch state {
            case .ready: state = .finishing(wasExecuting: false); return false
            case .executing: state = .finishing(wasExecuting: true); return true
            case .finishing, .finished: return nil
            }
        }
        guard let wasExecuting else { return false }
        willChangeValue(forKey: "isFinished")
        if wasExecuting { willChangeValue(forKey: "isExecuting") }
        lock.withLock { state = .finished }
        if wasExecuting { didChangeValue(forKey: "isExecuting") }
        didChangeValue(forKey: "isFinished")
        return true
    }
}
