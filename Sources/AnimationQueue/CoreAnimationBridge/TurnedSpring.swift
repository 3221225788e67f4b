import Foundation

/// A retarget of a step that moves a number on a spring: the spring's own motion is known in
/// closed form, so its turn needs two springs where ``TurnedAnimation`` needs the old motion
/// and two more.
///
/// At the turn the spring shows `x0` and moves at `v0` with acceleration `a0`. It is replaced,
/// in a group that begins now, by:
/// 1. the settling spring, not additive, from `x0 − q` to the new target, with `v0` as its
///    initial velocity: the spring's anchor moves, as a physical spring retargets;
/// 2. a critically damped spring twice as fast, additive and at rest, from `q` to 0.
///
/// Value and velocity add up to `x0` and `v0`. The offset `q` is chosen so that the
/// accelerations add up to `a0` as well: the settling spring alone would accelerate toward
/// the new target at once, and `q`'s spring, pulled the other way, cancels that at the turn
/// and fades twice as fast. So position, velocity and acceleration are all continuous, as in
/// a turn of any other motion. The springs' parameters are the retarget's settling spring if
/// one is given, else the step's own.
///
/// A spring that was turned this way turns again the same way: its group holds one spring
/// that is not additive, and settling springs that keep playing out.
enum TurnedSpring {
    /// The group that replaces `running` (what the layer holds under the operation's key, its
    /// begin time 0 if it was not committed yet, when the step began at `stepBegin`), turned
    /// toward `target` at `now` (layer times). Nil if `running` is not a lone spring of
    /// `keyPath` moving a number, or the turn cannot be written as two springs: then
    /// ``TurnedAnimation`` turns it.
    static func group(turning running: CAAnimation, keyPath: String, to target: Any, spring given: RetargetSpring?,
                      stepBegin: CFTimeInterval, now: CFTimeInterval, staysAttached: Bool) -> CAAnimation? {
        guard let target1 = animationNumber(target), let (spring, begin, kept) = anchor(of: running, keyPath: keyPath),
              let from = animationNumber(spring.fromValue), let to = animationNumber(spring.toValue) else { return nil }
        let elapsed = now - (begin != 0 ? begin : stepBegin)
        guard elapsed >= 0, elapsed < spring.duration else { return nil }
        let own = (mass: Double(spring.mass), stiffness: Double(spring.stiffness), damping: Double(spring.damping))
        let overdamps = allowsOverdamping(spring)
        let motion = SpringMath.motion(at: elapsed, mass: own.mass, stiffness: own.stiffness, damping: own.damping,
                                       velocity: Double(spring.initialVelocity), allowsOverdamping: overdamps)
        let x0 = from + (to - from) * motion.progress
        let v0 = (to - from) * motion.velocity
        let a0 = (to - from) * motion.acceleration

        let settling = given.map { (parameters: $0.physical, overdamps: false) } ?? (parameters: own, overdamps: overdamps)
        let (mass, stiffness, damping) = settling.parameters
        let w = (stiffness / mass).squareRoot()
        var zeta = SpringMath.dampingRatio(mass: mass, stiffness: stiffness, damping: damping)
        if zeta > 1, !settling.overdamps { zeta = 1 }
        // The settling spring from x0 − q accelerates by −ω²(x0 − q − target) − 2ζω·v0, the
        // offset's spring by −(2ω)²·q: their sum is a0 for this q.
        let q = -(a0 + w * w * (x0 - target1) + 2 * zeta * w * v0) / (3 * w * w)
        let start = x0 - q
        let distance = target1 - start
        let velocity = v0 / distance
        guard distance != 0, velocity.isFinite, abs(velocity) < 1e6 else { return nil }

        let anchorSpring = CASpringAnimation(keyPath: keyPath)
        anchorSpring.mass = CGFloat(mass)
        anchorSpring.stiffness = CGFloat(stiffness)
        anchorSpring.damping = CGFloat(damping)
        if settling.overdamps { setAllowsOverdamping(anchorSpring) }
        anchorSpring.initialVelocity = CGFloat(velocity)
        anchorSpring.fromValue = boxed(start, like: target)
        anchorSpring.toValue = target
        let offset = CASpringAnimation(keyPath: keyPath)
        offset.stiffness = CGFloat(4 * w * w)
        offset.damping = CGFloat(4 * w)
        offset.fromValue = boxed(q, like: target)
        offset.toValue = boxed(0, like: target)
        offset.isAdditive = true
        TurnedAnimation.markPart(offset)

        // The offset's spring, critically damped at 2ω from rest, keeps (1 + 2ωt)·e^(−2ωt) of
        // q: within 0.001 of it, as Core Animation settles a spring, once 2ωt ≥ 9.2334.
        let duration = max(SpringMath.settlingDuration(mass: mass, stiffness: stiffness, damping: damping,
                                                       velocity: velocity, allowsOverdamping: settling.overdamps),
                           9.2334 / (2 * w))
        guard duration.isFinite else { return nil }
        for part in [anchorSpring, offset] {
            part.duration = duration
            if staysAttached { part.fillMode = .forwards }
        }
        // The anchor replaces what lies beneath it: the settling springs go above it.
        let settlingSprings = kept(now)
        var parts: [CAAnimation] = []
        parts.reserveCapacity(settlingSprings.count + 2)
        parts.append(anchorSpring)
        parts += settlingSprings
        parts.append(offset)
        let length = parts.reduce(duration) { max($0, $1.beginTime + $1.duration) }
        let group = TurnedAnimation.beginningNow(parts, now: now, duration: length, staysAttached: staysAttached)
        TurnedAnimation.markPart(group)
        return group
    }

    /// The spring that sets where `running` is heading: `running` itself, or the one spring
    /// that is not additive in a group a turn of this kind built. Also its begin time in the
    /// layer's time (0 if not committed yet), and, for a group, its settling springs that
    /// still move, as children of a group beginning at a given time.
    private static func anchor(of running: CAAnimation, keyPath: String)
        -> (CASpringAnimation, CFTimeInterval, (CFTimeInterval) -> [CAAnimation])? {
        guard plainlyTimed(running) else { return nil }
        if let spring = running as? CASpringAnimation {
            guard isAnchor(spring, keyPath: keyPath) else { return nil }
            return (spring, spring.beginTime, { _ in [] })
        }
        guard TurnedAnimation.isPart(running), let group = running as? CAAnimationGroup else { return nil }
        var anchor: CASpringAnimation?
        var settling: [CASpringAnimation] = []
        for child in group.animations ?? [] {
            guard let spring = child as? CASpringAnimation, spring.keyPath == keyPath, plainlyTimed(spring) else {
                return nil
            }
            if isAnchor(spring, keyPath: keyPath), anchor == nil {
                anchor = spring
            } else if spring.isAdditive, TurnedAnimation.isPart(spring) {
                settling.append(spring)
            } else {
                return nil
            }
        }
        guard let anchor else { return nil }
        let groupBegin = group.beginTime
        return (anchor, groupBegin + anchor.beginTime, { now in
            settling.compactMap { spring in
                let begin = spring.beginTime + groupBegin - now
                guard begin + spring.duration > 0 else { return nil }
                let copy = spring.copy() as! CAAnimation
                copy.beginTime = begin
                return copy
            }
        })
    }

    /// A spring that is the step's motion of `keyPath`: not additive, not cumulative, with no
    /// value function. (Its timing is checked by the caller.) Not a turn's part either: the
    /// springs a turn adds are all additive.
    private static func isAnchor(_ spring: CASpringAnimation, keyPath: String) -> Bool {
        spring.keyPath == keyPath && !spring.isAdditive && !spring.isCumulative && spring.valueFunction == nil
    }

    /// Timed as written: speed 1, no offset, no repeat, no autoreverse, and a linear (or no)
    /// timing function, so that its local time is the layer's time since its begin.
    private static func plainlyTimed(_ animation: CAAnimation) -> Bool {
        guard animation.speed == 1, animation.timeOffset == 0, animation.repeatCount == 0,
              animation.repeatDuration == 0, !animation.autoreverses else { return false }
        guard let timing = animation.timingFunction else { return true }
        var first: [Float] = [0, 0], second: [Float] = [0, 0]
        timing.getControlPoint(at: 1, values: &first)
        timing.getControlPoint(at: 2, values: &second)
        return first[0] == first[1] && second[0] == second[1]
    }

    /// `value` boxed as `like` is (`CGFloat`, `Float` or `Double`).
    private static func boxed(_ value: Double, like: Any) -> Any {
        if exactly(like, as: CGFloat.self) != nil { return CGFloat(value) }
        switch like {
        case is CGFloat: return CGFloat(value)
        case is Float: return Float(value)
        default: return value
        }
    }

    /// Whether `spring` over-damps past critical damping (it can only from iOS 17, macOS 14
    /// and tvOS 17; earlier, such a spring moves as a critically damped one).
    private static func allowsOverdamping(_ spring: CASpringAnimation) -> Bool {
        if #available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *) { return spring.allowsOverdamping }
        return false
    }

    private static func setAllowsOverdamping(_ spring: CASpringAnimation) {
        if #available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *) { spring.allowsOverdamping = true }
    }
}
