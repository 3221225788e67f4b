import Foundation

/// An object that allows multiple animations to be grouped and run concurrently.
///
/// The children run in the group's time space: a child's `beginTime` is relative to the
/// group's start, and the group's duration clips them (Apple, "CAAnimationGroup"). A child
/// that sets no duration spans the group.
open class CAAnimationGroup: CAAnimation {
    // Stored properties are `@exclusivity(unchecked)`, as in `CAAnimation` (see there why).
    /// The animations to run concurrently.
    @exclusivity(unchecked) open var animations: [CAAnimation]?

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CAAnimationGroup else { return }
        // `copy(with:)` directly: `copy()` first asks whether the object is `NSCopying`.
        animations = other.animations?.map { $0.copy(with: nil) as! CAAnimation }
    }

    override func knownValue(forKey key: String) -> Any? {
        key == "animations" ? animations : super.knownValue(forKey: key)
    }

    override func setKnownValue(_ value: Any?, forKey key: String) -> Bool {
        guard key == "animations" else { return super.setKnownValue(value, forKey: key) }
        animations = value as? [CAAnimation]
        return true
    }

    override func animatesKeyPath(where matches: (String) -> Bool) -> Bool {
        (animations ?? []).contains { $0.animatesKeyPath(where: matches) }
    }

    override func contribute(to presentation: inout PresentationEvaluation, atParentTime parentTime: Double, fill: InheritedFill = .none) {
        let timing = ActiveTiming(self).filling(fill)
        guard let sample = timing.sample(atParentTime: parentTime) else { return }
        // A group that never ends has no progress to warp: its children run in its local time.
        let groupTime = duration.isFinite
            ? (timingFunction?.evaluate(sample.progress) ?? sample.progress) * duration
            : sample.localTime
        // Filling forwards, the group stands at its end: children that end with it hold there.
        let childFill = InheritedFill(holdsExactEnd: timing.phase(atParentTime: parentTime) == .after)
        for child in animations ?? [] {
            child.contribute(to: &presentation, atParentTime: groupTime, fill: childFill)
        }
    }

    /// A child whose `duration` is 0 or less (or NaN) spans the group: it takes the group's
    /// duration, which `add(_:forKey:)` has already resolved. Apple's `CAAnimationGroup`
    /// example groups a 1 s fade with a scale that sets no duration, in a 1 s group, and
    /// describes the scale growing while the opacity drops; the transaction's 0.25 s would
    /// end the scale a quarter of the way in.
    override func prepareForAttachment(_ preparation: inout AttachmentPreparation) {
        for child in animations ?? [] {
            if child.setsNoDuration { child.duration = duration }
            child.prepareForAttachment(&preparation)
        }
    }
}
