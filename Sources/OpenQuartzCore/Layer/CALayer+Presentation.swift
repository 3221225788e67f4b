import Foundation

extension CALayer {
    /// Returns a copy of the layer with every active animation applied at the current time.
    ///
    /// The copy is made through `init(layer:)`, so it is an instance of the receiver's class.
    /// Returns nil until a transaction that includes the layer has committed (Apple).
    /// Called on a presentation layer, it returns itself.
    public func presentation() -> Self? {
        if isPresentationCopy { return self }
        let clock = self.clock
        // One lock for the committed check and the time map (no allocation on the way up).
        guard let localTime = Engine.locked({ isCommitted ? timeMapLocked().local(clock.now) : nil }) else { return nil }
        return presentation(atLocalTime: localTime)
    }

    /// Returns the model layer: the receiver itself, or the layer a presentation copy came from.
    public func model() -> Self {
        guard isPresentationCopy, let model = modelLayer as? Self else { return self }
        return model
    }

    /// The presentation copy at a given local time (engine machinery; also used by renderers).
    ///
    /// The animations are evaluated into a `LayerState` value, typed, and stored into the copy
    /// once at the end; only animations of keys without a typed accessor (custom keys,
    /// transform sub-paths) go through the copy's key-value coding.
    func presentation(atLocalTime localTime: Double) -> Self {
        let copy = PresentationCopy.create { Self(__presentationOf: self) }
        var evaluation: PresentationEvaluation = Engine.locked {
            var active: [CAAnimation] = []
            active.reserveCapacity(attachments.count)
            for attachment in attachments where attachment.phase != .pending {
                active.append(attachment.animation)
            }
            copy.modelLayer = self
            copy.isCommitted = true
            return PresentationEvaluation(copy: copy, state: committedStorage, active: active)
        }
        for animation in evaluation.active {
            animation.contribute(to: &evaluation, atParentTime: localTime)
        }
        evaluation.store()
        return copy
    }

    /// The presentation value at `key` right now, or the model value before the first commit.
    func presentationValue(forKey key: String) -> Any? {
        (presentation() ?? self).value(forKey: key)
    }
}

/// A presentation copy being built: its values, evaluated in place as a `LayerState`.
///
/// Animations with a typed accessor read and write `state` directly. The others use the
/// copy's key-value coding through ``withCopy(_:)``, which stores `state` into the copy first
/// and reads it back after, so every animation sees the values of those before it.
struct PresentationEvaluation {
    let copy: CALayer
    var state: LayerState
    let active: [CAAnimation]

    /// Runs `body` on the copy holding the values evaluated so far (the key-value path).
    mutating func withCopy(_ body: (CALayer) -> Void) {
        store()
        body(copy)
        state = Engine.locked { copy.storage }
    }

    /// Stores the evaluated values into the copy.
    func store() {
        Engine.locked { copy.storage = state }
    }
}
