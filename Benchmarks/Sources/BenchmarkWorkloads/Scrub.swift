import AnimationQueue
import Dispatch
import Foundation
#if !canImport(QuartzCore)
import OpenQuartzCore

/// A scrub: a drag moving a paused, timed plan frame by frame, as an interactive onboarding
/// does at 120 Hz (8.3 ms a frame).
public struct ScrubRun: Sendable {
    public var frames: Int
    /// The main thread's CPU seconds per frame: the whole of a frame's work is on it.
    public var mainThreadSecondsPerFrame: Double
    /// Heap allocations per frame, on every thread.
    public var mallocsPerFrame: Double
}

/// One frame of a scrub, two ways, on `count` layers that each play one 0.3 s fade, staggered
/// by 10 ms (a grid of cells fading in), paused:
/// - ``timeline(_:frames:)``: an `AnimationPlan` of one staggered `Parallel` block, run on an
///   `AnimationQueue`, paused, and moved by setting `fractionComplete` once a frame;
/// - ``byHand(_:frames:)``: the same fades attached by hand, each layer paused, and moved by
///   setting every layer's `timeOffset` in one `CATransaction` a frame: the floor.
///
/// The frames sweep the plan back and forth between 5 % and 95 %. Time stands still (a
/// manual clock nobody advances), so each frame is the scrub's own work.
public enum ScrubWorkloads {
    static let fade = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3)
    static let stagger: TimeInterval = 0.01

    /// Where frame `index` of `frames` moves the plan, as a fraction of it.
    static func fraction(_ index: Int, of frames: Int) -> Double {
        let phase = Double(index % frames) / Double(frames) * 2
        return 0.05 + 0.9 * (phase <= 1 ? phase : 2 - phase)
    }

    static func layers(_ count: Int, on clock: OQC.ManualClock) -> [CALayer] {
        OQC.withClock(clock) {
            let layers = (0..<count).map { _ in CALayer() }
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for layer in layers { layer.opacity = 0 }
            CATransaction.commit()
            return layers
        }
    }

    /// Times `frames` calls of `frame`, on the main thread.
    @MainActor
    static func measure(_ frames: Int, _ frame: (Int) -> Void) -> ScrubRun {
        let heap = HeapProbe()
        let start = threadCPUNanoseconds()
        for index in 0..<frames { frame(index) }
        let cpu = threadCPUNanoseconds() - start
        return ScrubRun(frames: frames, mainThreadSecondsPerFrame: Double(cpu) / 1e9 / Double(frames),
                        mallocsPerFrame: Double(heap.mallocs) / Double(frames))
    }

    /// Scrubbing the plan's run with `fractionComplete`.
    @MainActor
    public static func timeline(_ count: Int, frames: Int) async -> ScrubRun {
        let clock = OQC.ManualClock()
        let layers = layers(count, on: clock)
        let queue = AnimationQueue(name: "bench.scrub")
        let run = queue.run(AnimationPlan {
            Parallel(stagger: stagger) {
                for layer in layers { Step(layer, fade) }
            }
        })
        run.pause()
        // Every step reaches the main thread and parks at the paused run's gate; the first
        // seek puts the run on its timeline (not measured: a drag's first frame).
        for _ in 0..<20 { _ = await Signal.nextMainQueueTurn() }
        run.fractionComplete = fraction(0, of: frames)
        for _ in 0..<5 { _ = await Signal.nextMainQueueTurn() }
        let measured = measure(frames) { run.fractionComplete = fraction($0 + 1, of: frames) }
        run.cancel()
        _ = await run.outcome
        // The layers stay alive throughout, as on screen: steps hold them weakly.
        withExtendedLifetime(layers) {}
        return measured
    }

    /// Scrubbing the same fades by hand, with every layer's `timeOffset`.
    @MainActor
    public static func byHand(_ count: Int, frames: Int) async -> ScrubRun {
        let clock = OQC.ManualClock()
        let layers = layers(count, on: clock)
        let duration = stagger * Double(count - 1) + 0.3
        OQC.withClock(clock) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for (index, layer) in layers.enumerated() {
                let animation = CABasicAnimation(keyPath: "opacity")
                animation.fromValue = Float(0)
                animation.toValue = Float(1)
                animation.duration = 0.3
                animation.beginTime = 1 + stagger * Double(index)
                animation.fillMode = .backwards
                layer.opacity = 1
                layer.speed = 0
                layer.timeOffset = 1
                layer.add(animation, forKey: "fade")
            }
            CATransaction.commit()
        }
        return measure(frames) { index in
            let time = 1 + fraction(index + 1, of: frames) * duration
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for layer in layers { layer.timeOffset = time }
            CATransaction.commit()
        }
    }
}
#endif
