import Foundation

/// The Core Animation side of a takeover (``AnimationTakeover``): a step begins on a key path
/// that an older step is still moving on the same layer.
///
/// The older step's animation comes off and is replaced by what plays on, from now to its
/// end, in groups that remove themselves:
/// - its motion of each blended key path, made an offset from its target, the model value
///   there before the newer step writes (`from − old`, `to − old`, every keyframe `− old`, as
///   a retarget makes it: ``TurnedAnimation``), so it goes on exactly as it was moving and
///   ends at 0;
/// - its motion of the key paths the newer step leaves alone, unchanged: the model already
///   holds their final values.
///
/// The newer step's basic or spring animation of a blended key path starts from that same
/// old target instead of from what the layer showed, and the offsets are added after it. At
/// the takeover the layer shows `old + (shown − old)`, the value it showed, and moves at the
/// older motion's velocity plus the newer one's. UIKit composes overlapping animations the
/// same way.
///
/// Offsets from earlier takeovers and retargets that are still playing on the key path are
/// moved above the newer step's animation as well, which would otherwise hide them. The newer
/// step owns every offset it adds or moves: a cancel of it takes them off with its own
/// animation, since the layer shows their sum.
enum TakenOverAnimation {
    /// Marks an offset that carries motion on top of the model: the older motion of a
    /// takeover, or a retarget's settling of a step that had ended.
    static let offsetKey = "AnimationQueue.offset"
    /// Marks a basic or spring animation whose from-value its resolution read from the layer
    /// (no explicit from-value): a takeover may start it from the older target instead.
    static let fromShownKey = "AnimationQueue.fromShown"

    static func markOffset(_ animation: CAAnimation) { animation.setValue(true, forKey: offsetKey) }

    static func isOffset(_ animation: CAAnimation) -> Bool { animation.value(forKey: offsetKey) as? Bool == true }

    static func markFromShown(_ animation: CAAnimation) { animation.setValue(true, forKey: fromShownKey) }

    /// The basic and spring animations in `animation` (itself or a group's children, at any
    /// depth) whose from-value was read from the layer.
    static func startingFromShown(in animation: CAAnimation) -> [CABasicAnimation] {
        if let group = animation as? CAAnimationGroup {
            return (group.animations ?? []).flatMap(startingFromShown(in:))
        }
        guard let basic = animation as? CABasicAnimation, basic.value(forKey: fromShownKey) as? Bool == true,
              !basic.isAdditive, basic.keyPath != nil else { return [] }
        return [basic]
    }

    /// Whether values like `value` can be offset: numbers, points, sizes and rectangles.
    static func canOffset(_ value: Any?) -> Bool {
        guard let value else { return false }
        return TurnedAnimation.difference(value, minus: value) != nil
    }

    /// What plays on of `running`, the animation of a step that began at `begin` and lasts
    /// `activeDuration` from there (both in the layer's time), taken over at `now`:
    /// - `offsets`: its motion of the key paths of `bases`, each made an offset from its base;
    /// - `rest`: its motion of the other key paths, but for those of `dropping` (which the
    ///   newer step, or a still later one, owns).
    ///
    /// Each is a group beginning now that lasts to the step's end and removes itself; nil when
    /// there is nothing to play (an endless step plays nothing on).
    static func remainder(of running: CAAnimation, begin: CFTimeInterval, activeDuration: CFTimeInterval,
                          now: CFTimeInterval, offsetting bases: [String: Any],
                          dropping: Set<String>) -> (offsets: CAAnimation?, rest: CAAnimation?) {
        let remaining = begin + activeDuration - now
        guard remaining > 0, remaining.isFinite else { return (nil, nil) }
        let parts = TurnedAnimation.topLevelParts(of: running, stepBegin: begin, now: now)
        var offsets: [CAAnimation] = []
        if !bases.isEmpty {
            offsets = parts.compactMap { part -> CAAnimation? in
                var failed = false
                var kept = keeping(part.copy() as! CAAnimation) { path in bases.keys.contains(path) }
                for (keyPath, base) in bases {
                    kept = kept.flatMap { TurnedAnimation.offsetting($0, keyPath: keyPath, from: base, dropping: [],
                                                                     failed: &failed) }
                }
                return failed ? nil : kept
            }
        }
        let rest = parts.compactMap { part in
            keeping(part) { path in !bases.keys.contains(path) && !dropping.contains(path) }
        }
        let offsetGroup = playing(offsets, from: now, for: remaining)
        if let offsetGroup { markOffset(offsetGroup) }
        return (offsetGroup, playing(rest, from: now, for: remaining))
    }

    /// `animation` with only its animations of the key paths `keeps` accepts; nil if none is
    /// left. Groups are kept with what is left in them.
    private static func keeping(_ animation: CAAnimation, _ keeps: (String) -> Bool) -> CAAnimation? {
        if let group = animation as? CAAnimationGroup {
            let children = (group.animations ?? []).compactMap { keeping($0, keeps) }
            guard !children.isEmpty else { return nil }
            group.animations = children
            return group
        }
        guard let path = (animation as? CAPropertyAnimation)?.keyPath else { return nil }
        return keeps(path) ? animation : nil
    }

    /// A group of `parts` (already moved to its time) that begins at `now`, lasts `duration`
    /// and removes itself; nil without parts.
    private static func playing(_ parts: [CAAnimation], from now: CFTimeInterval,
                                for duration: CFTimeInterval) -> CAAnimation? {
        guard !parts.isEmpty else { return nil }
        for part in parts where !part.isRemovedOnCompletion {
            // Only the group decides when it all comes off.
            part.isRemovedOnCompletion = true
        }
        return TurnedAnimation.beginningNow(parts, now: now, duration: duration, staysAttached: false)
    }

    /// The offsets on `layer` that move a key path overlapping one of `keyPaths`, with their
    /// keys: those a newer step's animation would hide.
    static func offsets(on layer: CALayer, moving keyPaths: [String]) -> [(key: String, animation: CAAnimation)] {
        guard !keyPaths.isEmpty else { return [] }
        return (layer.animationKeys() ?? []).compactMap { key in
            guard let animation = layer.animation(forKey: key), isOffset(animation),
                  keyPaths.contains(where: { animates(animation, overlapping: $0) }) else { return nil }
            return (key, animation)
        }
    }

    /// Whether `animation` (or a child of it, at any depth) animates a key path overlapping
    /// `keyPath`.
    static func animates(_ animation: CAAnimation, overlapping keyPath: String) -> Bool {
        if let group = animation as? CAAnimationGroup {
            return (group.animations ?? []).contains { animates($0, overlapping: keyPath) }
        }
        guard let path = (animation as? CAPropertyAnimation)?.keyPath else { return false }
        return TurnedAnimation.keyPathsOverlap(path, keyPath)
    }
}
