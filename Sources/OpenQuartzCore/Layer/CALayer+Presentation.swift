import Foundation

extension CALayer {
    /// Returns a copy of the layer with every active animation applied at the current time.
    ///
    /// As `CALayer.h` says, the properties are "as they were at the start of the current
    /// transaction, with any active animations applied": the values and the animations the
    /// last commit left. A change, an add or a removal in a transaction still open shows only
    /// once it commits.
    ///
    /// The copy is made through `init(layer:)`, so it is an instance of the receiver's class.
    /// Returns nil until a transaction that includes the layer has committed (Apple).
    /// Called on a presentation layer, it returns itself.
    public func presentation() -> Self? {
        if isPresentationCopy { return self }
        let clock = self.clock
        // One lock for the committed check and the time map (no allocation on the way up).
        guard let localTime = Engine.locked({ isCommitted ? renderTimeMapLocked().local(clock.now) : nil }) else { return nil }
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
        evaluation(atLocalTime: localTime, copy: copy).store()
        return copy
    }

    /// The presentation values now, evaluated as the render server evaluates its tree: into
    /// a `LayerState`, without a presentation layer object unless an animation of a custom
    /// key or a transform sub-path needs one. Nil before the first commit.
    func presentationState() -> LayerState? {
        let clock = self.clock
        guard let localTime = Engine.locked({ isCommitted ? renderTimeMapLocked().local(clock.now) : nil }) else { return nil }
        return evaluation(atLocalTime: localTime, copy: nil).state
    }

    /// Evaluates the active animations at `localTime` over the committed values.
    private func evaluation(atLocalTime localTime: Double, copy: CALayer?) -> PresentationEvaluation {
        var evaluation: PresentationEvaluation = Engine.locked {
            var active: [CAAnimation] = []
            active.reserveCapacity(attachments.count)
            for attachment in committedAttachments ?? attachments where attachment.phase != .pending {
                active.append(attachment.animation)
            }
            if let copy {
                copy.modelLayer = self
                copy.isCommitted = true
            }
            return PresentationEvaluation(model: self, copy: copy, state: committedStorage, active: active)
        }
        for animation in evaluation.active {
            animation.contribute(to: &evaluation, atParentTime: localTime)
        }
        return evaluation
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
    let model: CALayer
    /// The presentation copy; made on demand for render-tree evaluation.
    private(set) var copy: CALayer?
    var state: LayerState
    let active: [CAAnimation]

    init(model: CALayer, copy: CALayer?, state: LayerState, active: [CAAnimation]) {
        self.model = model
        self.copy = copy
        self.state = state
        self.active = active
    }

    /// Runs `body` on the copy holding the values evaluated so far (the key-value path).
    mutating func withCopy(_ body: (CALayer) -> Void) {
        let copy = self.copy ?? model.presentationCopyForEvaluation()
        self.copy = copy
        store()
        body(copy)
        state = Engine.locked { copy.storage }
    }

    /// Stores the evaluated values into the copy, if there is one.
    func store() {
        guard let copy else { return }
        Engine.locked { copy.storage = state }
    }
}

extension CALayer {
    /// A presentation copy of this layer's class, for evaluation that needs one.
    fileprivate func presentationCopyForEvaluation() -> CALayer {
        let copy = PresentationCopy.create { type(of: self).init(__presentationOf: self) }
        Engine.locked {
            copy.modelLayer = self
            copy.isCommitted = true
        }
        return copy
    }
}

/// Marks layers created as presentation copies on this thread.
enum PresentationCopy {
    private final class Marker: Sendable {}
    private static let marker = Marker()
    private static let flag = ThreadLocal<Marker>()

    static var isCreating: Bool { flag.value != nil }

    static func create<L: CALayer>(_ body: () -> L) -> L {
        let saved = flag.value
        flag.value = marker
        defer { flag.value = saved }
        return body()
    }
}
