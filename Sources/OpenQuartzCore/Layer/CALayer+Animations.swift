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
        guard let copy = anim.copy(with: nil) as? CAAnimation else { return }
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
        var preparation = AttachmentPreparation(layer: self, previousValues: Engine.locked { previousValues })
        copy.prepareForAttachment(&preparation)
        let attachment = Attachment(key: key, animation: copy)
        let groups = Transactions.groupsForNewAnimation()
        let clock = self.clock
        for group in groups { group.retain(clock: clock) }
        Engine.locked {
            attachment.groups = groups
            if let key, let index = attachments.firstIndex(where: { $0.key == key }) {
                takeOff(attachments[index])
                attachments.remove(at: index)
            }
            attachments.append(attachment)
            AnimatedLayers.note(self)
        }
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

    /// Takes `attachment` off the layer as of the next commit, before the caller removes it
    /// from ``attachments``: until then `presentation()` still applies it
    /// (``committedAttachments``), and its end, reported as not finished, waits for that
    /// commit (``removedBeforeCommit``), while its own start and end no longer fire. Engine
    /// lock held.
    private func takeOff(_ attachment: Attachment) {
        if committedAttachments == nil { committedAttachments = attachments.filter { $0.phase != .pending } }
        attachment.detach()
        removedBeforeCommit.append(attachment)
    }

    /// Removes the animation under `key`. Once the transaction commits, its delegate gets
    /// `animationDidStop(_:finished:)` with `finished == false`, and it counts as complete for
    /// its transaction's block.
    func detachAnimation(forKey key: String) {
        remove { $0.key == key }
    }

    /// Removes every attached animation, each reported as not finished.
    func detachAllAnimations() {
        remove { _ in true }
    }

    private func remove(where predicate: (Attachment) -> Bool) {
        let removedAny: Bool = Engine.locked {
            guard attachments.contains(where: predicate) else { return false }
            // What the last commit left attached, kept before the list changes (``takeOff(_:)``).
            if committedAttachments == nil { committedAttachments = attachments.filter { $0.phase != .pending } }
            attachments.removeAll { attachment in
                guard predicate(attachment) else { return false }
                takeOff(attachment)
                return true
            }
            return true
        }
        if removedAny { Transactions.noteChange(to: self) }
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
    /// `presentation()` and the render tree's timing see, and the animations taken off since
    /// the last commit are gone from the presentation and report their ends. Called with the
    /// engine lock held, for every layer of a transaction before any of them
    /// ``commitAnimations(timingChanged:)``, so a timing change anywhere in the transaction
    /// applies to all of its animations at once.
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
        // The animations taken off report their ends on the clock's next turn, as Core
        // Animation reports a removal after the commit that made it: before the starts of the
        // animations this commit adds, which ``commitAnimations(timingChanged:)`` schedules.
        let removed = removedBeforeCommit
        removedBeforeCommit = []
        for attachment in removed { attachment.end(finished: false, on: clock, deliverNow: false) }
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
        var started: [CAAnimation] = []
        for attachment in attachments where attachment.phase == .pending {
            if attachment.animation.beginTime == 0 { attachment.animation.beginTime = localNow }
            attachment.phase = .running
            if !timingChanged { schedule(attachment, map: map, clock: clock) }
            started.append(attachment.animation)
        }
        // Retimes every running animation below, the ones just started included.
        if timingChanged { rescheduleSubtreeLocked(clock: clock) }
        let displayNeeded = needsDisplayFlag
        needsDisplayFlag = false
        let layoutNeeded = needsLayoutFlag
        return [{ [self] in
            let layerClass = type(of: self)
            if started.contains(where: { $0.animatesKeyPath { layerClass.needsDisplay(forKey: Self.rootKey(of: $0)) } }) {
                FrameDriver.register(self, clock: clock)
            }
            if layoutNeeded { layoutIfNeeded() }
            if displayNeeded { display() }
        }]
    }

    /// The key a key path starts with (`"position"` for `"position.x"`).
    static func rootKey(of keyPath: String) -> String {
        // The dot is one byte, so its index is a character boundary.
        guard let dot = keyPath.utf8.firstIndex(of: UInt8(ascii: ".")) else { return keyPath }
        return String(keyPath[..<dot])
    }
}
