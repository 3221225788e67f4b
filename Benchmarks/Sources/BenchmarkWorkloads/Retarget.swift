import AnimationQueue
import Dispatch
import Foundation
#if !canImport(QuartzCore)
import OpenQuartzCore

/// One retarget of many running springs, on the main thread.
public struct RetargetRun: Sendable {
    public var count: Int
    /// The main thread's CPU seconds from the first call to the return of the last: the
    /// measure. For the package, `count` calls of `retarget(_:to:settling:)`, each committing
    /// its own transaction; by hand, one transaction of `count` new springs.
    public var mainThreadSeconds: Double
    /// The main thread's CPU seconds to the end of what the span left behind: the stops of the
    /// replaced animations, which Core Animation delivers after the commit, and the main-queue
    /// turn after them (information, not the measure).
    public var toStopsDelivered: Double
    /// Heap allocations over the measured span, on every thread.
    public var mallocs: Int

    public var mainThreadSecondsPerLayer: Double { mainThreadSeconds / Double(count) }
    public var mallocsPerLayer: Double { Double(mallocs) / Double(count) }
}

/// A retarget of `count` springs in flight: every layer slides along `position.x` from 0 to
/// 100 on a spring (mass 1, stiffness 100, damping 10, Core Animation's defaults), 0.1 s in, as
/// a list of cards follows a drag; then every slide is sent to 200, one layer after another,
/// as a gesture's change sends each card its new place. Ways (``Way``):
/// - the package: the springs are `AnimationOperation`s started with
///   `AnimationQueue.addOperations`, each turned with `retarget(.positionX, to: 200)` from the
///   main thread, so the turn is on the layer when the call returns;
/// - by hand: the springs are `CASpringAnimation`s, and the retarget is one `CATransaction`
///   that sets every model value and adds a new `CASpringAnimation` with the same parameters
///   under the running one's key, replacing it. It has no from-value, so Core Animation starts
///   it from what the layer shows (the render tree's value); velocity is lost: the floor.
///
/// Time stands still (a manual clock that only the workload moves), so the span holds the
/// retarget's own work; the springs' starts have been delivered before it.
public enum RetargetWorkloads {
    /// The running slide, and the parameters the by-hand springs copy.
    static let slide = SpringAnimation(.positionX, from: 0, to: 100, mass: 1, stiffness: 100, damping: 10)
    /// How far into the slides the retarget comes.
    static let elapsed: CFTimeInterval = 0.1
    static let target: CGFloat = 200
    /// The key the by-hand springs run under.
    static let byHandKey = "slide"

    /// A way to retarget the springs.
    public enum Way: String, CaseIterable, Sendable {
        /// `AnimationOperation.retarget(_:to:settling:)`, once per operation.
        case retarget
        /// The same calls inside one `CATransaction` the caller begins and commits, so each
        /// retarget's own transaction is nested and the commit is one: information, not the
        /// measure (it shows what the per-call commits cost).
        case retargetInOneTransaction
        /// One `CATransaction` adding a new `CASpringAnimation` per layer under the running
        /// one's key, without a from-value.
        case byHand
        /// The same with each spring's from-value read from the layer's `presentation()`, as
        /// code that wants it explicit does: information, not a baseline.
        case byHandFromPresentation

        /// The two ways the ratio compares.
        public static let compared: [Way] = [.retarget, .byHand]
    }

    /// Starts `count` slides the way `way` needs, moves time `elapsed` into them, retargets
    /// them all on the main thread and times that; then lets everything end.
    @MainActor
    public static func run(_ way: Way, _ count: Int) async -> RetargetRun {
        precondition(Thread.isMainThread, "a retarget is timed on the main thread")
        let clock = OQC.ManualClock()
        let layers = OQC.withClock(clock) {
            let layers = (0..<count).map { _ in CALayer() }
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for layer in layers { layer.position = .zero }
            CATransaction.commit()
            return layers
        }
        let measured: RetargetRun
        switch way {
        case .retarget, .retargetInOneTransaction:
            let queue = AnimationQueue(name: "bench.retarget")
            let operations = layers.map { AnimationOperation(layer: $0, animation: slide) }
            queue.addOperations(operations)
            // The batch begins the springs on the main queue's next turn; time then moves into
            // them, delivering their starts.
            for _ in 0..<5 { _ = await Signal.nextMainQueueTurn() }
            clock.advance(by: elapsed)
            for _ in 0..<5 { _ = await Signal.nextMainQueueTurn() }
            precondition(operations.allSatisfy(\.isExecuting), "a spring had not begun before the retarget")
            let inOneTransaction = way == .retargetInOneTransaction
            measured = await measure(count, clock: clock) {
                if inOneTransaction { CATransaction.begin() }
                for operation in operations { operation.retarget(.positionX, to: target) }
                if inOneTransaction { CATransaction.commit() }
            }
            precondition(layers.allSatisfy { layer in
                layer.position.x == target && (layer.animationKeys() ?? []).contains { $0.hasSuffix(".turn1") }
            }, "a layer was not turned in the measured span")
            clock.advance(by: 10)
            await Signal.whenFinished(queue).wait()
        case .byHand, .byHandFromPresentation:
            OQC.withClock(clock) {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                for layer in layers {
                    let spring = makeSpring(to: slide.to)
                    spring.fromValue = CGFloat(0)
                    layer.position.x = slide.to
                    layer.add(spring, forKey: byHandKey)
                }
                CATransaction.commit()
            }
            clock.advance(by: elapsed)
            let fromPresentation = way == .byHandFromPresentation
            measured = await measure(count, clock: clock) {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                for layer in layers {
                    let spring = makeSpring(to: target)
                    if fromPresentation { spring.fromValue = layer.presentation()?.position.x }
                    layer.position.x = target
                    layer.add(spring, forKey: byHandKey)
                }
                CATransaction.commit()
            }
            precondition(layers.allSatisfy { $0.position.x == target && $0.animationKeys() == [byHandKey] },
                         "a layer was not retargeted in the measured span")
            clock.advance(by: 10)
        }
        // The layers stay alive throughout, as on screen: operations hold them weakly.
        withExtendedLifetime(layers) {}
        return measured
    }

    /// A by-hand spring along `position.x` to `value`, with the slide's parameters and
    /// Core Animation's settling duration.
    static func makeSpring(to value: CGFloat) -> CASpringAnimation {
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.mass = CGFloat(slide.mass)
        spring.stiffness = CGFloat(slide.stiffness)
        spring.damping = CGFloat(slide.damping)
        spring.toValue = value
        spring.duration = spring.settlingDuration
        return spring
    }

    /// Times `body` on the main thread, then what it left: the replaced animations' stops, due
    /// now on `clock`, and the main-queue turn after them.
    @MainActor
    static func measure(_ count: Int, clock: OQC.ManualClock, _ body: () -> Void) async -> RetargetRun {
        let heap = HeapProbe()
        let start = threadCPUNanoseconds()
        body()
        let end = threadCPUNanoseconds()
        let mallocs = heap.mallocs
        clock.advance(by: 0)
        let after = await Signal.nextMainQueueTurn()
        return RetargetRun(count: count, mainThreadSeconds: Double(end - start) / 1e9,
                           toStopsDelivered: Double(after - start) / 1e9, mallocs: mallocs)
    }
}
#endif
