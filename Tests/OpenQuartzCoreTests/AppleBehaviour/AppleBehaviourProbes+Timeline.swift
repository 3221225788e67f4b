// Probes of what a whole timeline of animations attached ahead relies on (a scrubbed plan:
// every step attached at its planned begin, time moved with a paused host's `timeOffset`),
// where Apple's documentation is silent. Written with Apple's API only, like the probes in
// AppleBehaviourProbes.swift. The first two read presentation values under a paused host,
// with no callback and no wait; the last waits for callbacks, with deadlines.
#if canImport(QuartzCore)
import QuartzCore
#else
import OpenQuartzCore
#endif
import Dispatch
import Foundation

extension AppleBehaviourProbes {
    // MARK: Which animation of one key path shows

    /// A `position.x` ramp from `from` to `to` over 1 s from `begin` (local time), filling
    /// both ways.
    static func filledRamp(from: CGFloat, to: CGFloat, begin: CFTimeInterval) -> CABasicAnimation {
        let ramp = positionXRamp(from: from, to: to)
        ramp.beginTime = begin
        ramp.duration = 1
        ramp.fillMode = .both
        return ramp
    }

    /// Two animations of `position.x` on one layer, both filling both ways: the first,
    /// added first, runs over [1, 2], 0 → 100; the second, added after it, over [3, 4],
    /// 200 → 300. At local time 1.5 the first is active and the second only fills
    /// backwards. `animationKeys()` "matches the order in which animations will be
    /// applied"; Apple does not say whether an animation that only fills is applied.
    static func fillingAnimationOverridesAnEarlierActiveOne() -> ProbeResult {
        let (host, layer) = layerUnderPausedHost(at: 0)
        layer.add(filledRamp(from: 0, to: 100, begin: 1), forKey: "first")
        layer.add(filledRamp(from: 200, to: 300, begin: 3), forKey: "second")
        CATransaction.flush()
        seek(host, to: 1.5)
        let shown = layer.presentation().map { Double($0.position.x) } ?? .nan
        return ProbeResult(
            question: "which of two animations of one key path shows while the earlier-added one is active and the later-added one only fills backwards",
            openQuartzCoreChoice: "the later-added one, filling: 200 (every animation that fills is applied, in the order added)",
            alternativeMode: nil,
            observed: "position.x \(shown) (the active one would show 50)",
            matches: abs(shown - 200) < 1e-6
        )
    }

    /// The order of `animationKeys()` after an animation is added again under a key already
    /// in use: "Only one animation per unique key is added to the layer", but Apple does not
    /// say where the new one goes in the order in which animations are applied.
    static func reAddingUnderAKeyMovesItLast() -> ProbeResult {
        let (host, layer) = layerUnderPausedHost(at: 0)
        layer.add(filledRamp(from: 0, to: 100, begin: 1), forKey: "first")
        layer.add(filledRamp(from: 200, to: 300, begin: 1), forKey: "second")
        layer.add(filledRamp(from: 400, to: 500, begin: 1), forKey: "first")
        CATransaction.flush()
        seek(host, to: 1.5)
        let keys = layer.animationKeys() ?? []
        let shown = layer.presentation().map { Double($0.position.x) } ?? .nan
        return ProbeResult(
            question: "where an animation added again under a key in use goes in the order animations are applied",
            openQuartzCoreChoice: "last: keys [second, first], and the re-added one shows (450)",
            alternativeMode: nil,
            observed: "keys \(keys), position.x \(shown)",
            matches: keys == ["second", "first"] && abs(shown - 450) < 1e-6
        )
    }

    // MARK: An ended animation that stays attached, played again

    /// An animation kept on its layer (`isRemovedOnCompletion = false`) reports its end. Its
    /// host is then paused (QA1673) halfway through the animation and resumed, so the layer's
    /// time passes the animation's end a second time. Apple documents that
    /// `animationDidStop(_:finished:)` comes when the animation "has completed its active
    /// duration", not whether it comes again each time the layer's time passes the end.
    static func keptAnimationReportsItsEndOnce() async -> ProbeResult {
        let log = CallbackLog()
        let host = committedLayer()
        let layer = committedLayer(in: host)
        let ramp = positionXRamp(from: 0, to: 100)
        ramp.duration = 2 * duration
        ramp.fillMode = .forwards
        ramp.isRemovedOnCompletion = false
        ramp.delegate = StopRecorder(log: log)
        layer.add(ramp, forKey: "ramp")
        CATransaction.flush()
        let ended = await log.wait(atMost: callbackTimeout) { $0.contains("stop(finished: true)") }
        let begin = layer.animation(forKey: "ramp")?.beginTime ?? .nan
        // Paused halfway through the animation (in the layer's time, which is the host's).
        let halfway = begin + duration
        host.speed = 0
        host.timeOffset = halfway
        CATransaction.flush()
        let shown = layer.presentation().map { Double($0.position.x) } ?? .nan
        // Resumed (QA1673): the layer's time runs on from halfway, past the end again.
        host.speed = 1
        host.timeOffset = 0
        host.beginTime = 0
        host.beginTime = host.convertTime(CACurrentMediaTime(), from: nil) - halfway
        CATransaction.flush()
        let reportedAgain = await log.wait(atMost: absenceWait + 2 * duration) { events in
            events.filter { $0 == "stop(finished: true)" }.count >= 2
        }
        withExtendedLifetime((host, layer)) {}
        let stops = log.events.filter { $0.hasPrefix("stop(") }
        return ProbeResult(
            question: "whether a kept animation (isRemovedOnCompletion = false) reports its end again when its layer's time is moved back into it and passes the end a second time",
            openQuartzCoreChoice: "once: the second pass shows the motion (50 halfway) but reports nothing",
            alternativeMode: nil,
            observed: (ended ? "" : "no first stop within \(callbackTimeout) s; ") + "halfway position.x \(shown); stops \(stops)",
            matches: ended && abs(shown - 50) < 1e-6 && !reportedAgain
        )
    }
}
