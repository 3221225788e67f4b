import Foundation

extension CALayer {
    /// Adds a **copy** of `anim` to the layer under `key`, replacing any animation with that key.
    ///
    /// - An animation whose `duration` is 0 or less takes the transaction's
    ///   `animationDuration()` (0.25 s unless set); so does one whose duration is NaN,
    ///   reported as invalid. An infinite duration is kept: the animation never ends (a
    ///   spring then runs on its own time; other animations stay at their start).
    /// - While the transaction has an `animationTimingFunction()`, the animation takes it,
    ///   replacing its own (Apple, `CATransaction.h`: "any animations added to layers will
    ///   have this value set as their timingFunction property"; and on
    ///   `kCATransactionAnimationTimingFunction`: it "overrides the timing function for all
    ///   animations triggered within the transaction group").
    /// - An animation whose `beginTime` is 0 starts when the transaction commits.
    /// - A `CATransition` is always stored under `"transition"`.
    /// - A nil key is allowed; such animations cannot be looked up or removed by key.
    func attach(_ anim: CAAnimation, forKey key: String?) {
        guard let copy = anim.copy() as? CAAnimation else { return }
        let key = anim is CATransition ? kCATransition : key
        if copy.setsNoDuration {
            if copy.duration < 0 || copy.duration.isNaN {
                OQC.report(.ignoredInput, key: key ?? "", "an animation duration of \(copy.duration) is invalid; Core Animation uses the transaction duration (\(CATransaction.animationDuration()) s) instead. Use a duration of 0 or more.")
            }
            copy.duration = CATransaction.animationDuration()
        }
        if let function = CATransaction.animationTimingFunction() {
            copy.timingFunction = function
        }
        let previous = Engine.locked { previousValues }
        copy.prepareForAttachment(to: self, previousValues: previous)
        let attachment = Attachment(key: key, animation: copy)
        let groups = Transactions.groupsForNewAnimation()
        let clock = self.clock
        for group in groups { group.retain(clock: clock) }
        let replaced: Attachment? = Engine.locked {
            attachment.groups = groups
            var replaced: Attachment?
            if let key, let index = attachments.firstIndex(where: { $0.key == key }) {
                keepCommittedAttachments()
                replaced = attachments.remove(at: index)
            }
            attachments.append(attachment)
            AnimatedLayers.note(self)
            return replaced
        }
        replaced?.end(finished: false, on: clock, deliverNow: false)
        Transactions.noteChange(to: self)
    }

    /// Returns the animation stored under `key`: the copy made by `add(_:forKey:)`. Do not
    /// modify it (Apple: the behaviour is undefined).
    public func animation(forKey key: String) -> CAAnimation? {
        Engine.locked { attachments.last { $0.key == key }?.animation }
    }

    /// The keys of the attached animations, in the order they apply; nil if there are none.
    public func animationKeys() -> [String]? {
        let keys = Engine.locked { attachments.compactMap(\.key) }
        return keys.isEmpty ? nil : keys
    }

    /// Keeps the attachments as committed for `presentation()` before a change takes one off
    /// the layer, until the change commits (``committedAttachments``); engine lock held.
    func keepCommittedAttachments() {
        if committedAttachments == nil { committedAttachments = attachments.filter { $0.phase != .pending } }
    }

    /// Removes the animation under `key`. Its delegate gets `animationDidStop(_:finished:)`
    /// with `finished == false`, and it counts as complete for its transaction's block.
    func detachAnimation(forKey key: String) {
        remove { $0.key == key }
    }

    /// Removes every attached animation, each reported as not finished.
    func detachAllAnimations() {
        remove { _ in true }
    }

    private func remove(where predicate: (Attachment) -> Bool) {
        let clock = self.clock
        let removed: [Attachment] = Engine.locked {
            let removed = attachments.filter(predicate)
            if !removed.isEmpty { keepCommittedAttachments() }
            attachments.removeAll(where: predicate)
            return removed
        }
        for attachment in removed {
            attachment.end(finished: false, on: clock, deliverNow: false)
        }
        if !removed.isEmpty { Transactions.noteChange(to: self) }
    }

    /// Takes off the layer the animations whose `isRemovedOnCompletion` is true, as iOS does
    /// when the app enters the background, and returns them detached but not ended: the
    /// caller reports their end, holds it, or drops it. Animations that are not removed on
    /// completion stay, on the same timing. Call with the engine lock held.
    func detachAnimationsRemovedOnCompletion() -> [Attachment] {
        let removed = attachments.filter { $0.animation.isRemovedOnCompletion }
        guard !removed.isEmpty else { return [] }
        attachments.removeAll { $0.animation.isRemovedOnCompletion }
        committedAttachments?.removeAll { $0.animation.isRemovedOnCompletion }
        for attachment in removed { attachment.detach() }
        Transactions.noteChange(to: self)
        return removed
    }

    /// Commits this layer's model values, first step of a commit: from now on they are what
    /// `presentation()` and the render tree's timing see. Called with the engine lock held,
    /// for every layer of a transaction before any of them ``commitAnimations(timingChanged:)``,
    /// so a timing change anywhere in the transaction applies to all of its animations at once.
    ///
    /// - Returns: Whether the layer's timing (`beginTime`, `speed`, `timeOffset`) changed. A
    ///   layer never committed had the default timing until now, as its descendants assumed.
    func commitState() -> Bool {
        let before = committedStorage
        let timingChanged = before.beginTime != storage.beginTime
            || before.speed != storage.speed || before.timeOffset != storage.timeOffset
        isCommitted = true
        committedStorage = storage
        committedAttachments = nil
        previousValues.removeAll()
        return timingChanged
    }

    /// Commits this layer's animations, second step of a commit: new ones get their begin
    /// times and callbacks, and if the timing of the layer changed, the running animations
    /// of its subtree are retimed. Called with the engine lock held.
    ///
    /// - Returns: Work that calls user code (`needsDisplay(forKey:)`, `layoutSublayers()`,
    ///   `display()`), to run after unlocking.
    func commitAnimations(timingChanged: Bool) -> [() -> Void] {
        let clock = root.ownClock
        let map = renderTimeMapLocked()
        let localNow = map.local(clock.now)
        var started: [String] = []
        for attachment in attachments where attachment.phase == .pending {
            if attachment.animation.beginTime == 0 { attachment.animation.beginTime = localNow }
            attachment.phase = .running
            if !timingChanged { schedule(attachment, map: map, clock: clock) }
            started += attachment.animation.animatedKeyPaths
        }
        // Retimes every running animation below, the ones just started included.
        if timingChanged { rescheduleSubtreeLocked(clock: clock) }
        let displayNeeded = needsDisplayFlag
        needsDisplayFlag = false
        let layoutNeeded = needsLayoutFlag
        return [{ [self] in
            let layerClass = type(of: self)
            if started.contains(where: { layerClass.needsDisplay(forKey: Self.rootKey(of: $0)) }) {
                FrameDriver.register(self, clock: clock)
            }
            if layoutNeeded { layoutIfNeeded() }
            if displayNeeded { display() }
        }]
    }

    static func rootKey(of keyPath: String) -> String {
        keyPath.split(separator: ".", maxSplits: 1).first.map(String.init) ?? keyPath
    }
}
