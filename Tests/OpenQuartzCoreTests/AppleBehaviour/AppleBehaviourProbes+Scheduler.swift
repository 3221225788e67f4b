// Probes of what the scheduler hands to Core Animation where Apple's documentation is
// silent, written with Apple's API only, like the probes in AppleBehaviourProbes.swift.
#if canImport(QuartzCore)
import QuartzCore
#else
import OpenQuartzCore
#endif
import Dispatch
import Foundation

extension AppleBehaviourProbes {
    // MARK: Layers in no window

    /// Whether Core Animation reports the end of an animation on a layer that is in no
    /// window and no layer tree: the delegate's `animationDidStop(_:finished:)` and the
    /// transaction's completion block. The scheduler's real-time tests use such layers.
    static func bareLayerCallsBack() async -> ProbeResult {
        let log = CallbackLog()
        let layer = CALayer()
        addRecordedFade(to: layer, log: log)
        let both = await log.wait(atMost: callbackTimeout) { events in
            events.contains("completion") && events.contains("stop(finished: true)")
        }
        withExtendedLifetime(layer) {}
        return ProbeResult(
            question: "whether an animation on a layer in no window reports its end",
            openQuartzCoreChoice: "yes: animationDidStop(finished: true) and the completion block, at the animation's end",
            alternativeMode: nil,
            observed: both ? log.events.filter { !$0.hasSuffix("-dispatched") }.joined(separator: ", ")
                : "within \(callbackTimeout) s only: \(log.events)",
            matches: both
        )
    }

    // MARK: A layer deallocated mid-animation

    /// What Core Animation reports for an animation whose layer is deallocated while it
    /// runs. The scheduler does not depend on it: a step whose layer goes away hears of it
    /// when the layer releases the animation, whose delegate reports it (`AnimationObserver`).
    static func deallocatedLayerCallbacks() async -> ProbeResult {
        let log = CallbackLog()
        weak var released: CALayer?
        do {
            let layer = CALayer()
            released = layer
            addRecordedFade(to: layer, duration: 2 * duration, log: log)
            CATransaction.flush()
        }
        let gone = released == nil
        _ = await log.wait(atMost: 4 * duration + absenceWait) { events in
            events.contains("completion") && events.contains { $0.hasPrefix("stop(") }
        }
        let events = log.events.filter { !$0.hasSuffix("-dispatched") }
        return ProbeResult(
            question: "what Core Animation reports for an animation whose layer is deallocated while it runs",
            openQuartzCoreChoice: "the layer is freed at once; its animation stops unfinished (animationDidStop(finished: false)) and the completion block runs, in the order the completion-and-stop probe records",
            alternativeMode: nil,
            observed: "layer freed at once: \(gone); then \(events.isEmpty ? "nothing" : events.joined(separator: ", "))"
                + " within \(4 * duration + absenceWait) s",
            matches: gone && events.sorted() == ["completion", "stop(finished: false)"]
        )
    }

    // MARK: A delayed animation that repeats forever

    /// How Core Animation times an animation that repeats forever, added with an absolute
    /// `beginTime` in the future and backwards fill: the shape the scheduler adds for a step
    /// with a delay whose animation never ends (`CAMediaTiming.h` documents each part).
    /// Sampled on a paused host: before the begin (the first value, filled backwards), a
    /// quarter and half into the first cycle, and a million seconds later.
    static func delayedForeverAnimation() -> ProbeResult {
        let delay = 0.2
        func sample(at time: CFTimeInterval) -> Double {
            let animation = CABasicAnimation(keyPath: "position.x")
            animation.fromValue = 0
            animation.toValue = 100
            animation.duration = 0.1
            animation.repeatCount = .greatestFiniteMagnitude
            animation.beginTime = delay          // the paused host's time is 0 when it is added
            animation.fillMode = .backwards
            return positionX(showing: animation, at: time)
        }
        let times: [CFTimeInterval] = [0.1, delay + 0.025, delay + 0.05, delay + 1_000_000.05]
        let expected: [Double] = [0, 25, 50, 50]
        let seen = times.map(sample(at:))
        let matches = zip(seen, expected).allSatisfy { abs($0 - $1) < 0.5 }
        return ProbeResult(
            question: "an animation repeating forever, begun at an absolute time in the future with backwards fill",
            openQuartzCoreChoice: "it holds its first value until its begin time and then cycles on: position.x 0, 25, 50, 50 at 0.1 s, 0.225 s, 0.25 s and 0.25 s + 10⁶ s",
            alternativeMode: nil,
            observed: "position.x " + seen.map { String(format: "%.3f", $0) }.joined(separator: ", "),
            matches: matches
        )
    }
}
