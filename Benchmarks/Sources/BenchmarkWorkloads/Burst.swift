import AnimationQueue
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif
#if !canImport(QuartzCore)
import OpenQuartzCore

/// One timed start of many steps at once.
public struct BurstRun {
    /// Wall time from the call that starts the steps to the last `add(_:forKey:)`.
    public var seconds: Double
    /// CPU time the main thread spent over the same span: what the user pays in frames.
    public var mainThreadSeconds: Double
    public var count: Int
    /// Heap allocations over the same span, on every thread.
    public var mallocs: Int

    public var mallocsPerStep: Double { Double(mallocs) / Double(count) }
    public var secondsPerStep: Double { seconds / Double(count) }
    public var mainThreadSecondsPerStep: Double { mainThreadSeconds / Double(count) }
}

/// A burst: `count` opacity fades on `count` layers that all become ready at the same moment,
/// as a grid of cells animating in does. Three ways to start them, each timed from the call
/// to the last `add(_:forKey:)`:
/// - by hand, in one `CATransaction` (raw Core Animation): the floor;
/// - `AnimationQueue.addOperations` with one `AnimationOperation` per layer;
/// - an `AnimationPlan` with one `Parallel` block of `Step`s, run on an `AnimationQueue`.
///
/// Each timing includes building what that way needs (the `CABasicAnimation`s, the
/// operations, the plan), since a caller pays for that too. The main thread's CPU time over
/// the same span is read from `CLOCK_THREAD_CPUTIME_ID`. The fades then play to their end on
/// a driven clock before the next run.
public enum BurstWorkloads {
    static let fade = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3)

    /// Raw Core Animation: every layer's model value set with actions disabled and its
    /// animation added, in one transaction whose completion ends the run.
    @MainActor
    public static func raw(_ count: Int, clock: DrivenClock = .burst) async -> BurstRun {
        let scene = Scene(count: count, clock: clock)
        let done = await scene.measure { scene -> () -> Signal in
            let finished = Signal()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            CATransaction.setCompletionBlock { finished.fire() }
            for layer in scene.layers {
                let animation = CABasicAnimation(keyPath: "opacity")
                animation.fromValue = Float(0)
                animation.toValue = Float(1)
                animation.duration = 0.3
                layer.opacity = 1
                layer.add(animation, forKey: "fade")
            }
            CATransaction.commit()
            return { finished }
        }
        return done
    }

    /// `AnimationQueue.addOperations` with one operation per layer.
    @MainActor
    public static func addOperations(_ count: Int, clock: DrivenClock = .burst) async -> BurstRun {
        let scene = Scene(count: count, clock: clock)
        let queue = AnimationQueue(name: "bench.burst")
        return await scene.measure { scene in
            let operations = scene.layers.map { AnimationOperation(layer: $0, animation: fade) }
            queue.addOperations(operations)
            return { Signal.whenFinished(queue) }
        }
    }

    /// A plan of one `Parallel` block with a `Step` per layer, run on an `AnimationQueue`,
    /// whose run is held until it ends.
    @MainActor
    public static func plan(_ count: Int, clock: DrivenClock = .burst) async -> BurstRun {
        let scene = Scene(count: count, clock: clock)
        let queue = AnimationQueue(name: "bench.burst.plan")
        return await scene.measure { scene in
            let plan = AnimationPlan {
                Parallel {
                    for layer in scene.layers { Step(layer, fade) }
                }
            }
            // Held, as a caller that awaits its outcome holds it: a run records every
            // step's events while someone holds it.
            let run = queue.run(plan)
            return { Signal.whenEnded(run) }
        }
    }

    /// `count` layers on `clock` that report their `count`-th animation added.
    @MainActor
    final class Scene {
        let layers: [CountingLayer]
        private let reached = Signal()

        init(count: Int, clock: DrivenClock) {
            self.clock = clock
            let reached = self.reached
            let counter = AddCounter(target: count) { reached.fire() }
            layers = OQC.withClock(clock) {
                let layers = (0..<count).map { _ in CountingLayer(counter: counter) }
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                for layer in layers { layer.opacity = 0 }
                CATransaction.commit()
                return layers
            }
            self.counter = counter
        }

        private let counter: AddCounter
        private let clock: DrivenClock

        /// Runs `start` on the main thread and times it to the last add; then waits for the
        /// signal that the function `start` returned gives (everything finished). That
        /// function is called after the last add, so that waiting for the end costs nothing
        /// in the timed span: a raw transaction's completion block is set inside it, as a
        /// caller would; waiting for a queue's operations is not part of starting them.
        func measure(_ start: (Scene) -> () -> Signal) async -> BurstRun {
            precondition(Thread.isMainThread, "a burst starts on the main thread")
            let startWall = DispatchTime.now().uptimeNanoseconds
            let startCPU = threadCPUNanoseconds()
            counter.arm(startWall: startWall, startCPU: startCPU, heap: HeapProbe())
            clock.isHeld = true
            let whenFinished = start(self)
            await reached.wait()
            let finished = whenFinished()
            // Time moves once the main thread has finished its turn (the batch's commit).
            await withCheckedContinuation { (turned: CheckedContinuation<Void, Never>) in
                DispatchQueue.main.async { turned.resume() }
            }
            clock.isHeld = false
            await finished.wait()
            let (wall, cpu, mallocs) = counter.measured
            return BurstRun(seconds: Double(wall) / 1e9, mainThreadSeconds: Double(cpu) / 1e9, count: layers.count,
                            mallocs: mallocs)
        }
    }
}

/// Counts `add(_:forKey:)` calls across a scene's layers; at the target, records the time.
final class AddCounter: @unchecked Sendable {
    // `lock` guards every stored property.
    private let lock = NSLock()
    private let target: Int
    private let onTarget: @Sendable () -> Void
    private var added = 0
    private var start: (wall: UInt64, cpu: UInt64) = (0, 0)
    private var heap = HeapProbe()
    private var elapsed: (wall: UInt64, cpu: UInt64, mallocs: Int) = (0, 0, 0)

    init(target: Int, onTarget: @escaping @Sendable () -> Void) {
        self.target = target
        self.onTarget = onTarget
    }

    func arm(startWall: UInt64, startCPU: UInt64, heap: HeapProbe) {
        lock.withLock {
            added = 0
            start = (startWall, startCPU)
            self.heap = heap
        }
    }

    /// Called on the thread that adds (the main thread): its CPU clock is the main thread's.
    func count() {
        let reached = lock.withLock { () -> Bool in
            added += 1
            guard added == target else { return false }
            precondition(Thread.isMainThread, "the burst's animations are added off the main thread")
            elapsed = (DispatchTime.now().uptimeNanoseconds - start.wall, threadCPUNanoseconds() - start.cpu, heap.mallocs)
            return true
        }
        if reached { onTarget() }
    }

    var measured: (wall: UInt64, cpu: UInt64, mallocs: Int) { lock.withLock { elapsed } }
}

/// A layer that counts the animations added to it (timing steps only: the added animation
/// is stored as usual).
final class CountingLayer: CALayer, @unchecked Sendable {
    // Immutable after init; the counter is thread-safe.
    private let counter: AddCounter?

    init(counter: AddCounter) {
        self.counter = counter
        super.init()
    }

    override init() {
        counter = nil
        super.init()
    }

    override init(layer: Any) {
        counter = nil
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) { nil }

    override func add(_ anim: CAAnimation, forKey key: String?) {
        super.add(anim, forKey: key)
        counter?.count()
    }
}

/// A one-shot event to await.
final class Signal: @unchecked Sendable {
    // `lock` guards `fired` and `waiter`.
    private let lock = NSLock()
    private var fired = false
    private var waiter: CheckedContinuation<Void, Never>?

    func fire() {
        let waiter = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            fired = true
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume()
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = lock.withLock { () -> Bool in
                if fired { return true }
                waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Fires once every operation added to `queue` so far has finished.
    static func whenFinished(_ queue: AnimationQueue) -> Signal {
        let signal = Signal()
        let box = UncheckedBox(queue)
        Task.detached {
            await box.value.waitUntilAllOperationsAreFinished()
            signal.fire()
        }
        return signal
    }
}

extension Signal {
    /// Fires once `run` has ended.
    static func whenEnded(_ run: AnimationRun) -> Signal {
        let signal = Signal()
        Task.detached {
            _ = await run.outcome
            signal.fire()
        }
        return signal
    }
}

private struct UncheckedBox<T>: @unchecked Sendable {
    // Read once, by the task it is handed to.
    let value: T
    init(_ value: T) { self.value = value }
}

#endif
