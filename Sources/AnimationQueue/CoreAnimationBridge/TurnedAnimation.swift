import Foundation

/// The Core Animation side of a retarget: a running animation turned toward a new target,
/// keeping its position and velocity, as UIKit composes overlapping animations.
///
/// The running animation cannot be changed, so it is replaced by a group that begins now and
/// plays:
/// 1. if another animation of the key path is on the layer beneath it, a hold of the new
///    target, not additive, so the group shows the new target plus offsets whatever that
///    animation shows (else the model, which holds the new target, is the base);
/// 2. the running animation, unchanged in its timing (it begins in the group's past, when it
///    began), its motion of the key path made an offset from the old target (`from − old`,
///    `to − old`, every keyframe `− old`), so it still moves exactly as before and ends at an
///    offset of 0;
/// 3. two settling springs, additive, at rest, that together carry an offset from
///    `old − new` to 0 and whose accelerations cancel at the turn
///    (``RetargetSpring/settlingParts``).
///
/// At the turn the layer shows `new + (shown − old) + (old − new)`, the value it showed, and
/// moves at the running animation's velocity and acceleration, since the springs add neither
/// yet; then the old motion plays out as an offset while the springs carry the difference to
/// the new target.
/// Core Animation times all of it: nothing is computed per frame. A second turn replaces the
/// group by another built the same way, dropping the hold and the springs that have ended.
///
/// Only values Core Animation adds componentwise can be offset (``RetargetableValue``).
enum TurnedAnimation {
    /// Marks the holds and settling springs a turn adds, and the groups it builds.
    private static let partKey = "AnimationQueue.turn"

    /// The group that replaces `running` (what the layer holds under the operation's key), of
    /// a step that began at `begin` and lasts `activeDuration` from there, both in the layer's
    /// time; `now` is the layer's time now. `from` is the model value before the turn (the old
    /// target). Animations of `dropping` key paths (which later operations own) are left out.
    /// Nil if a value of the key path cannot be made an offset.
    static func group(turning running: CAAnimation, keyPath: String, from old: Any, to target: Any,
                      spring: RetargetSpring?, begin: CFTimeInterval, activeDuration: CFTimeInterval,
                      now: CFTimeInterval, staysAttached: Bool, dropping: Set<String>,
                      holdsBase: Bool) -> CAAnimation? {
        var failed = false
        let parts = topLevelParts(of: running, stepBegin: begin, now: now).compactMap { part -> CAAnimation? in
            offsetting(part, keyPath: keyPath, from: old, dropping: dropping, failed: &failed)
        }
        guard !failed, let delta = difference(old, minus: target), let zero = difference(target, minus: target) else {
            return nil
        }
        let springs = settlingSprings(keyPath: keyPath, from: delta, to: zero,
                                      spring: spring ?? RetargetSpring.matching(running, keyPath: keyPath,
                                                                                activeDuration: activeDuration))
        let duration = max(activeDuration - (now - begin), springs.first?.duration ?? 0)
        if staysAttached { for settle in springs { settle.fillMode = .forwards } }
        var hold: [CAAnimation] = []
        if holdsBase {
            let base = CABasicAnimation(keyPath: keyPath)
            base.fromValue = target
            base.toValue = target
            base.duration = duration
            markPart(base)
            if staysAttached { base.fillMode = .forwards }
            hold = [base]
        }
        let group = beginningNow(hold + parts + springs, now: now, duration: duration, staysAttached: staysAttached)
        markPart(group)
        return group
    }

    /// A step's motion as its run's timeline plays it, `running` (timed from the step's begin),
    /// turned toward `target` `turn` seconds after the step begins, for a model that holds
    /// `target` while the step plays. The motion, made an offset from the old target `old`,
    /// plays as written; the settling springs carry an offset from `old − target` to 0 from
    /// the turn on, and hold it before: so up to the turn the layer shows the motion exactly
    /// as written, and from the turn on it turns as a running step does, keeping its value,
    /// velocity and acceleration. Nil if a value of the key path cannot be made an offset.
    /// A step turned before keeps one flat group: its parts (the offset motion and the springs
    /// of each turn) join the new springs, however many turns there are.
    static func planned(turning running: CAAnimation, keyPath: String, from old: Any, to target: Any,
                        spring: RetargetSpring?, at turn: CFTimeInterval) -> CAAnimation? {
        let turnedBefore = isPart(running) ? running as? CAAnimationGroup : nil
        let motion = (turnedBefore?.animations ?? [running]).map { part -> CAAnimation in
            let copy = part.copy() as! CAAnimation
            copy.delegate = nil
            // Its delay shows its start, as the timeline shows a step's delay.
            if copy.beginTime > 0, copy.fillMode == .removed, !isPart(copy) { copy.fillMode = .backwards }
            return copy
        }
        var failed = false
        let offsets = motion.compactMap { offsetting($0, keyPath: keyPath, from: old, dropping: [], failed: &failed) }
        guard !failed, let delta = difference(old, minus: target), let zero = difference(target, minus: target) else {
            return nil
        }
        let springs = settlingSprings(keyPath: keyPath, from: delta, to: zero,
                                      spring: spring ?? RetargetSpring.matching(running, keyPath: keyPath,
                                                                                activeDuration: ActiveDuration.of(running)))
        for settle in springs {
            settle.beginTime = turn
            settle.fillMode = .backwards
        }
        let parts = offsets + springs
        let group = CAAnimationGroup()
        group.animations = parts
        group.duration = parts.reduce(0) { max($0, $1.beginTime + ActiveDuration.of($1)) }
        markPart(group)
        return group
    }

    /// A group of `parts`, whose begin times are already relative to it, that begins `now` (the
    /// layer's time) and lasts `duration`. (At a layer time of 0 Core Animation reads a begin
    /// time of 0 as "at the commit", which is now as well.) It fills backwards: in a paused run,
    /// the run's resume may land a hair before its begin, and it shows its start then. With
    /// `staysAttached` it also fills forwards and stays on the layer, as the step it replaces
    /// would have.
    static func beginningNow(_ parts: [CAAnimation], now: CFTimeInterval, duration: CFTimeInterval,
                             staysAttached: Bool) -> CAAnimationGroup {
        let group = CAAnimationGroup()
        group.animations = parts
        group.beginTime = now
        group.duration = duration
        group.fillMode = .backwards
        if staysAttached {
            group.fillMode = .both
            group.isRemovedOnCompletion = false
        }
        return group
    }

    /// An animation that moves `keyPath` from what the layer shows, `shown`, to the model's
    /// `target`, starting at rest: the settling springs, as an additive offset from
    /// `shown − target` to 0, in a group. Nil if the value cannot be offset.
    static func settling(_ keyPath: String, from shown: Any, to target: Any, spring: RetargetSpring) -> CAAnimation? {
        guard let delta = difference(shown, minus: target), let zero = difference(target, minus: target) else { return nil }
        let springs = settlingSprings(keyPath: keyPath, from: delta, to: zero, spring: spring)
        let group = CAAnimationGroup()
        group.animations = springs
        group.duration = springs.first?.duration ?? 0
        return group
    }

    /// The running animation's parts, as children of a group beginning at `now`: the children
    /// of a group an earlier turn built, moved to the new group's time, else the animation
    /// itself, at the begin time Core Animation gave it, or, not committed yet (a begin time
    /// of 0), the step's, `stepBegin`. The two differ for the group that puts a step back
    /// after a trip to the background, which begins at the return and plays the step from
    /// where it was. The springs of an earlier turn that have settled by now are left out
    /// (they rest at an offset of 0).
    static func topLevelParts(of running: CAAnimation, stepBegin: CFTimeInterval,
                              now: CFTimeInterval) -> [CAAnimation] {
        guard isPart(running), let group = running as? CAAnimationGroup else {
            let copy = running.copy() as! CAAnimation
            // The group gets an observer of its own; the copy must not keep the old one.
            copy.delegate = nil
            copy.beginTime = (running.beginTime != 0 ? running.beginTime : stepBegin) - now
            return [copy]
        }
        let shift = group.beginTime - now
        return (group.animations ?? []).compactMap { child in
            if isPart(child), child is CASpringAnimation, child.beginTime + shift + child.duration <= 0 { return nil }
            let copy = child.copy() as! CAAnimation
            copy.beginTime += shift
            return copy
        }
    }

    /// `animation` (a copy the caller owns) with its motion of `keyPath` made an offset from
    /// `base`; nil to leave it out: an earlier turn's hold, or an animation of a `dropping` key
    /// path. Sets `failed` if a value cannot be offset.
    static func offsetting(_ animation: CAAnimation, keyPath: String, from base: Any, dropping: Set<String>,
                           failed: inout Bool) -> CAAnimation? {
        if let group = animation as? CAAnimationGroup {
            group.animations = (group.animations ?? []).compactMap {
                offsetting($0.copy() as! CAAnimation, keyPath: keyPath, from: base, dropping: dropping, failed: &failed)
            }
            return group
        }
        guard let copy = animation as? CAPropertyAnimation, let path = copy.keyPath else { return animation }
        if dropping.contains(path) { return nil }
        guard path == keyPath else { return animation }
        // A hold is replaced by the new one; a settling spring stays while it moves.
        if isPart(animation) { return animation is CASpringAnimation ? animation : nil }
        guard !copy.isAdditive else { return animation }
        copy.isAdditive = true
        func offset(_ value: Any?) -> Any? {
            guard let value else { return nil }
            guard let result = difference(value, minus: base) else {
                failed = true
                return nil
            }
            return result
        }
        switch copy {
        case let basic as CABasicAnimation:
            // Resolved animations carry explicit from- and to-values; a by-value is a change,
            // the same as an offset.
            basic.fromValue = offset(basic.fromValue)
            basic.toValue = offset(basic.toValue)
        case let keyframes as CAKeyframeAnimation:
            if let path = keyframes.path {
                guard let origin = base as? CGPoint else {
                    failed = true
                    return nil
                }
                var shift = CGAffineTransform(translationX: -origin.x, y: -origin.y)
                keyframes.path = path.copy(using: &shift)
            } else {
                keyframes.values = keyframes.values?.map { offset($0) as Any }
            }
        default:
            failed = true
        }
        return copy
    }

    /// Whether another animation on `layer` than the one under `key` replaces the value of
    /// `keyPath` (or of a key path that contains it, or that it contains): then a turn holds
    /// its base. Additive animations only offset the base, as the turn does.
    static func othersAnimate(_ keyPath: String, on layer: CALayer, besides key: String) -> Bool {
        func animates(_ animation: CAAnimation) -> Bool {
            if let group = animation as? CAAnimationGroup { return (group.animations ?? []).contains(where: animates) }
            guard let property = animation as? CAPropertyAnimation, let path = property.keyPath,
                  !property.isAdditive else { return false }
            return keyPathsOverlap(path, keyPath)
        }
        for other in layer.animationKeys() ?? [] where other != key {
            if let animation = layer.animation(forKey: other), animates(animation) { return true }
        }
        return false
    }

    /// Whether `a` and `b` name the same property or one lies inside the other (`position`
    /// and `position.x`).
    static func keyPathsOverlap(_ a: String, _ b: String) -> Bool {
        a == b || a.hasPrefix(b + ".") || b.hasPrefix(a + ".")
    }

    /// Marks `animation` as added by a turn.
    static func markPart(_ animation: CAAnimation) { animation.setValue(true, forKey: partKey) }

    /// Whether a turn added `animation` (a hold, a settling spring, or a turn's group).
    static func isPart(_ animation: CAAnimation) -> Bool {
        animation.value(forKey: partKey) as? Bool == true
    }

    /// The springs that carry an additive offset from `delta` to `zero`, at rest when they
    /// begin (``RetargetSpring/settlingParts``), each lasting the pair's settling duration.
    private static func settlingSprings(keyPath: String, from delta: Any, to zero: Any,
                                        spring: RetargetSpring) -> [CASpringAnimation] {
        let duration = spring.settlingDuration
        return spring.settlingParts.compactMap { part in
            guard let from = scaled(delta, by: part.weight) else { return nil }
            let settle = CASpringAnimation(keyPath: keyPath)
            settle.mass = CGFloat(part.mass)
            settle.stiffness = CGFloat(part.stiffness)
            settle.damping = CGFloat(part.damping)
            settle.initialVelocity = 0
            settle.fromValue = from
            settle.toValue = zero
            settle.isAdditive = true
            settle.timingFunction = CAMediaTimingFunction(name: .linear)
            settle.duration = duration
            markPart(settle)
            return settle
        }
    }

    /// `value × factor`, boxed as `value` is, for the values ``difference(_:minus:)`` takes.
    static func scaled(_ value: Any, by factor: Double) -> Any? {
        componentwise(value, value) { v, _ in v * CGFloat(factor) }
    }

    /// `value − base`, boxed as `value` is, for numbers, points, sizes and rectangles; nil for
    /// other values.
    static func difference(_ value: Any, minus base: Any) -> Any? {
        componentwise(value, base) { v, b in v - b }
    }
}
