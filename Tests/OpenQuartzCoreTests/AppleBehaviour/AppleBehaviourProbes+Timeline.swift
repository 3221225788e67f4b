// Probes of what a whole timeline of animations attached ahead relies on (a scrubbed plan:
// every step attached at its planned begin, time moved with a paused host's `timeOffset`),
// where Apple's documentation is silent. Written with Apple's API only, like the probes in
// AppleBehaviourProbes.swift; each reads presentation values under a paused host, so it
// needs no callback and no wait.
#if canImport(QuartzCore)
import QuartzCore
#else
import OpenQuartzCore
#endif
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
}
