import AnimationQueue
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif
#if !canImport(QuartzCore)
import OpenQuartzCore

/// One timed start of many steps at once, on the driven clock.
public struct BurstRun: Sendable {
    /// Wall time from the call that starts the steps to the last `add(_:forKey:)`.
    public var seconds: Double
    /// CPU time the main thread spent over the same span.
    public var mainThreadSeconds: Double
    /// The main thread's CPU time from the call to the end of the main-queue turn that
    /// committed the burst's transaction (information: not the measure).
    public var toCommitTurnEnd: Double
    public var count: Int
    /// Heap allocations over the same span, on every thread.
    public var mallocs: Int

    public var mallocsPerStep: Double { Double(mallocs) / Double(count) }
    public var secondsPerStep: Double { seconds / Double(count) }
    public var mainThreadSecondsPerStep: Double { mainThreadSeconds / Double(count) }
}

/// One start of many steps at once under an app's conditions (``BurstWorkloads/appConditions(_:_:)``):
/// the main thread's CPU time at each point of the burst, from the call that starts it.
public struct AppBurstRun: Sendable {
    /// Main-thread CPU seconds to the last `add(_:forKey:)`.
    public var toLastAdd: Double
    /// Main-thread CPU seconds to the end of the main-queue turn that committed the burst's
    /// transaction (for a queue, the turn its hop to the main queue began).
    public var toCommitTurnEnd: Double
    /// Main-thread CPU seconds until the main thread is done with the burst: the commit's
    /// turn and then the callbacks Core Animation scheduled for the moment of the commit
    /// (`animationDidStart(_:)` for animations with a delegate). This is the measure.
    public var mainThreadSeconds: Double
    /// Wall seconds over the same span.
    public var wallSeconds: Double
    public var count: Int
    /// Heap allocations over the same span, on every thread.
    public var mallocs: Int

    public var mainThreadSecondsPerStep: Double { mainThreadSeconds / Double(count) }
    public var mallocsPerStep: Double { Double(mallocs) / Double(count) }
}

/// A burst: `count` opacity fades on `count` layers that all become ready at the same moment,
/// as a grid of cells animating in does. Three ways to start them (``Way``):
/// - by hand, in one `CATransaction` (raw Core Animation): the floor;
/// - `AnimationQueue.addOperations` with one `AnimationOperation` per layer;
/// - an `AnimationPlan` with one `Parallel` block of `Step`s, run on an `AnimationQueue`.
///
/// Each is measured in two set-ups:
/// - on a driven clock held still (`raw(_:clock:)`, `addOperations(_:clock:)`,
///   `plan(_:clock:)`), from the call to the last `add(_:forKey:)`: the package's own
///   measure of the start path, repeatable and cheap to sample;
/// - under an app's conditions (``appConditions(_:_:)``): the real clock, until the main
///   thread is done with the burst.
///
/// Each timing includes building what that way needs (the `CABasicAnimation`s, the
/// operations, the plan), since a caller pays for that too.
public enum BurstWorkloads {
    static let fade = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3)

    /// A way to start the burst.
    public enum Way: String, CaseIterable, Sendable {
        /// Raw Core Animation: every layer's model value set with actions disabled and its
        /// animation added, in one transaction whose completion ends the run.
        case raw
        /// The same with a delegate on every animation (one object for all, whose methods do
        /// nothing), as code that wants each animation's end by hand has: information, not a
        /// baseline. Core Animation schedules `animationDidStart(_:)` only for an animation
        /// with a delegate.
        case rawWithDelegates
        /// `AnimationQueue.addOperations` with one operation per layer.
        case addOperations
        /// A plan of one `Parallel` block with a `Step` per layer, run on an `AnimationQueue`,
        /// whose run is held until it ends (as a caller that awaits its outcome holds it: a
        /// run records every step's events while someone holds it).
        case plan

        /// The three ways the ratios compare.
        public static let compared: [Way] = [.raw, .addOperations, .plan]

        /// Starts the burst on `scene`'s layers; returns what tells when every step has
        /// ended. That function is called only once the measured span is over, so waiting
        /// for the end costs nothing in it: a raw transaction's completion block is set
        /// inside the span, as a caller would; waiting for a queue's operations is not part
        /// of starting them.
        @MainActor
        func start(_ scene: Scene) -> () -> Signal {
            switch self {
            case .raw, .rawWithDelegates:
                let finished = Signal()
                let delegate = self == .rawWithDelegates ? IgnoringDelegate.shared : nil
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                CATransaction.setCompletionBlock { finished.fire() }
                for layer in scene.layers {
                    let animation = CABasicAnimation(keyPath: "opacity")
                    animation.fromValue = Float(0)
                    animation.toValue = Float(1)
                    animation.duration = 0.3
                    if let delegate { animation.delegate = delegate }
                    layer.opacity = 1
                    layer.add(animation, forKey: "fade")
                }
                CATransaction.commit()
                return { finished }
            case .addOperations:
                let queue = scene.queue!
                let operations = scene.layers.map { AnimationOperation(layer: $0, animation: fade) }
                queue.addOperations(operations)
                return { Signal.whenFinished(queue) }
            case .plan:
                let plan = AnimationPlan {
                    Parallel {
                        for layer in scene.layers { Step(layer, fade) }
                    }
                }
                let run = scene.queue!.run(plan)
                return { Signal.whenEnded(run) }
            }
        }
    }

    @MainActor
    public static func raw(_ count: Int, clock: DrivenClock = .burst) async -> BurstRun {
        await driven(.raw, count, clock: clock)
    }

    @MainActor
    public static func addOperations(_ count: Int, clock: DrivenClock = .burst) async -> BurstRun {
        await driven(.addOperations, count, clock: clock)
    }

    @MainActor
    public static func plan(_ count: Int, clock: DrivenClock = .burst) async -> BurstRun {
        await driven(.plan, count, clock: clock)
    }

    /// The burst on a driven clock held still, timed from the call to the last
    /// `add(_:forKey:)`. Virtual time stands still meanwhile, so nothing Core Animation
    /// schedules (starts, ends) runs in the span; scheduling it costs the manual clock a
    /// heap insert. The fades then play to their end, at once, before the next run.
    @MainActor
    public static func driven(_ way: Way, _ count: Int, clock: DrivenClock = .burst) async -> BurstRun {
        let scene = Scene(count: count, clock: clock, way: way)
        precondition(Thread.isMainThread, "a burst starts on the main thread")
        let startWall = DispatchTime.now().uptimeNanoseconds
        let startCPU = threadCPUNanoseconds()
        scene.counter.arm(startWall: startWall, startCPU: startCPU, heap: HeapProbe())
        clock.isHeld = true
        let whenFinished = way.start(scene)
        await scene.reached.wait()
        let finished = whenFinished()
        // Time moves once the main thread has finished its turn (the batch's commit).
        let commitTurnEnd = await Signal.nextMainQueueTurn()
        clock.isHeld = false
        await finished.wait()
        let (wall, cpu, mallocs) = scene.counter.measured
        return BurstRun(seconds: Double(wall) / 1e9, mainThreadSeconds: Double(cpu) / 1e9,
                        toCommitTurnEnd: Double(commitTurnEnd - startCPU) / 1e9, count: count, mallocs: mallocs)
    }

    /// The burst as an app meets it: layers on the engine's real clock
    /// (`OQC.RealClock.shared`, which `CACurrentMediaTime()` reads), the steps started from
    /// the main thread, whose run loop drains the main queue (the ratio runner's
    /// `RunLoop.main.run()`). Measured as the main thread's CPU time
    /// (`CLOCK_THREAD_CPUTIME_ID`, read on the main thread) from the call until the main
    /// thread is done with the burst:
    /// 1. the call (for a queue: building the operations or the plan and adding them);
    /// 2. for a queue, the hop to the main queue's next turn, where the batch makes its adds;
    /// 3. the commit of the transaction, which schedules each animation's end, and the start
    ///    of each animation that has a delegate, on the real clock (a Dispatch timer each);
    /// 4. the callbacks scheduled for the moment of the commit: `animationDidStart(_:)` for
    ///    every animation with a delegate (the queue's; raw Core Animation's have none).
    ///
    /// The span ends in a callback of the real clock scheduled, in the turn after the
    /// commit's, for that moment: the clock's callbacks run in the order of their times, so
    /// it runs after the starts. Its one timer is the only thing in the span that the burst
    /// itself did not cause, the same for every way. No animation ends within it (they last
    /// 0.3 s). Afterwards every animation is removed, so the next run starts on a quiet
    /// main thread without waiting 0.3 s; that removal is outside the span.
    @MainActor
    public static func appConditions(_ way: Way, _ count: Int) async -> AppBurstRun {
        let clock = OQC.RealClock.shared
        let scene = Scene(count: count, clock: clock, way: way)
        // The layers' own commit and anything it left on the main queue come first.
        _ = await Signal.nextMainQueueTurn()
        precondition(Thread.isMainThread, "a burst starts on the main thread")
        let marks = AppBurstMarks()
        let done = Signal()
        let startMallocs = HeapProbe.mallocsSoFar
        let startWall = DispatchTime.now().uptimeNanoseconds
        let startCPU = threadCPUNanoseconds()
        scene.counter.arm(startWall: startWall, startCPU: startCPU, heap: HeapProbe())
        let whenFinished = way.start(scene)
        // Queued after the hop a queue's start queued (if any): it runs once the batch's turn,
        // and with it the commit, is over.
        DispatchQueue.main.async {
            marks.commitTurnEnd = threadCPUNanoseconds()
            _ = clock.schedule(at: clock.now) {
                marks.end = (threadCPUNanoseconds(), DispatchTime.now().uptimeNanoseconds,
                             HeapProbe.mallocsSoFar - startMallocs)
                done.fire()
            }
        }
        await done.wait()
        let finished = whenFinished()
        let toLastAdd = scene.counter.measured.cpu
        let (endCPU, endWall, mallocs) = marks.end
        precondition(scene.counter.added == count && toLastAdd > 0, "a step was not added in the measured span")
        CATransaction.begin()
        for layer in scene.layers { layer.removeAllAnimations() }
        CATransaction.commit()
        await finished.wait()
        return AppBurstRun(toLastAdd: Double(toLastAdd) / 1e9,
                           toCommitTurnEnd: Double(marks.commitTurnEnd - startCPU) / 1e9,
                           mainThreadSeconds: Double(endCPU - startCPU) / 1e9,
                           wallSeconds: Double(endWall - startWall) / 1e9, count: count, mallocs: mallocs)
    }

    /// `count` layers on `clock`, committed, that report their `count`-th animation added,
    /// and the queue that starts them (made before the measured span, as an app's queue is).
    @MainActor
    final class Scene {
        let layers: [CountingLayer]
        let reached = Signal()
        let counter: AddCounter
        /// Nil for raw Core Animation.
        let queue: AnimationQueue?

        init(count: Int, clock: any OQC.Clock, way: Way) {
            queue = way == .raw || way == .rawWithDelegates ? nil : AnimationQueue(name: way == .plan ? "bench.burst.plan" : "bench.burst")
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
    }
}

/// The delegate of `Way.rawWithDelegates`: hears every start and end, does nothing.
private final class IgnoringDelegate: NSObject, CAAnimationDelegate {
    @MainActor static let shared = IgnoringDelegate()
    func animationDidStart(_ anim: CAAnimation) {}
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The readings an app-conditions burst takes on the main thread after its start.
private final class AppBurstMarks: @unchecked Sendable {
    // `lock` guards both stored properties.
    private let lock = NSLock()
    private var commitTurnEndCPU: UInt64 = 0
    private var endReading: (cpu: UInt64, wall: UInt64, mallocs: Int) = (0, 0, 0)

    var commitTurnEnd: UInt64 {
        get { lock.withLock { commitTurnEndCPU } }
        set { lock.withLock { commitTurnEndCPU = newValue } }
    }

    var end: (cpu: UInt64, wall: UInt64, mallocs: Int) {
        get { lock.withLock { endReading } }
        set { lock.withLock { endReading = newValue } }
    }
}

/// Counts `add(_:forKey:)` calls across a scene's layers; at the target, records the time.
final class AddCounter: @unchecked Sendable {
    // `lock` guards every stored property.
    private let lock = NSLock()
    private let target: Int
    private let onTarget: @Sendable () -> Void
    private var adds = 0
    private var start: (wall: UInt64, cpu: UInt64) = (0, 0)
    private var heap = HeapProbe()
    private var elapsed: (wall: UInt64, cpu: UInt64, mallocs: Int) = (0, 0, 0)

    init(target: Int, onTarget: @escaping @Sendable () -> Void) {
        self.target = target
        self.onTarget = onTarget
    }

    func arm(startWall: UInt64, startCPU: UInt64, heap: HeapProbe) {
        lock.withLock {
            adds = 0
            start = (startWall, startCPU)
            self.heap = heap
        }
    }

    /// Called on the thread that adds (the main thread): its CPU clock is the main thread's.
    func count() {
        let reached = lock.withLock { () -> Bool in
            adds += 1
            guard adds == target else { return false }
            precondition(Thread.isMainThread, "the burst's animations are added off the main thread")
            elapsed = (DispatchTime.now().uptimeNanoseconds - start.wall, threadCPUNanoseconds() - start.cpu, heap.mallocs)
            return true
        }
        if reached { onTarget() }
    }

    var measured: (wall: UInt64, cpu: UInt64, mallocs: Int) { lock.withLock { elapsed } }

    /// The adds counted since `arm`.
    var added: Int { lock.withLock { adds } }
}

/// A layer that counts the animations added to it (timing steps only: the added animation
/// is stored as usual).
final class CountingLayer: CALayer {
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

    /// Waits on the caller's actor (no hop to another executor).
    func wait(isolation: isolated (any Actor)? = #isolation) async {
        await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, Never>) in
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
        Task.detached {
            await queue.waitUntilAllOperationsAreFinished()
            signal.fire()
        }
        return signal
    }
}

extension Signal {
    /// Returns on the main queue's next turn, after whatever the main queue holds now, with
    /// the main thread's CPU time (`threadCPUNanoseconds()`) read as that turn began.
    @MainActor
    static func nextMainQueueTurn() async -> UInt64 {
        await withCheckedContinuation { (turned: CheckedContinuation<UInt64, Never>) in
            DispatchQueue.main.async { turned.resume(returning: threadCPUNanoseconds()) }
        }
    }

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

#endif
