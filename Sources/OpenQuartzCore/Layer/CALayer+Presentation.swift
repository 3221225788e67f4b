import Foundation

extension CALayer {
    /// Returns a copy of the layer with every active animation applied at the current time.
    ///
    /// The copy is made through `init(layer:)`, so it is an instance of the receiver's class.
    /// Returns nil until a transaction that includes the layer has committed (Apple).
    /// Called on a presentation layer, it returns itself.
    public func presentation() -> Self? {
        if isPresentationCopy { return self }
        guard Engine.locked({ isCommitted }) else { return nil }
        return presentation(atLocalTime: localTimeNow)
    }

    /// Returns the model layer: the receiver itself, or the layer a presentation copy came from.
    public func model() -> Self {
        guard isPresentationCopy, let model = modelLayer as? Self else { return self }
        return model
    }

    /// The presentation copy at a given local time (engine machinery; also used by renderers).
    func presentation(atLocalTime localTime: Double) -> Self {
        let copy = PresentationCopy.create { Self(__presentationOf: self) }
        let active: [CAAnimation] = Engine.locked {
            copy.storage = committedStorage
            copy.modelLayer = self
            copy.isCommitted = true
            return attachments.filter { $0.phase != .pending }.map(\.animation)
        }
        for animation in active {
            animation.contribute(to: copy, atParentTime: localTime)
        }
        return copy
    }

    /// The presentation value at `key` right now, or the model value before the first commit.
    func presentationValue(forKey key: String) -> Any? {
        (presentation() ?? self).value(forKey: key)
    }
}
