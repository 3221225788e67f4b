import Foundation

/// An object that manages image-based content and allows you to perform animations on it.
///
/// OpenQuartzCore's `CALayer` keeps Apple's names, defaults and semantics: a model layer
/// holds property values; `add(_:forKey:)` attaches animations; `presentation()` returns a
/// copy with the animations applied at the current time. Nothing is drawn.
///
/// Subclasses declare custom animatable properties as computed properties over
/// `value(forKey:)`/`setValue(_:forKey:)` (Apple code often uses `@NSManaged`, which Linux
/// cannot compile), override `needsDisplay(forKey:)`, `init(layer:)` and `display()`:
///
/// ```swift
/// final class ProgressLayer: CALayer {
///     var progress: CGFloat {
///         get { value(forKey: "progress") as? CGFloat ?? 0 }
///         set { setValue(newValue, forKey: "progress") }
///     }
///     override class func needsDisplay(forKey key: String) -> Bool {
///         key == "progress" || super.needsDisplay(forKey: key)
///     }
/// }
/// ```
///
/// - Note: Thread safety: every stored property is guarded by the engine's lock, so layers
///   may be read and changed from any thread, like Apple's. User code (actions, delegates,
///   `display()`, `init(layer:)`) is never called with that lock held. Like Apple's, the
///   class is not `Sendable`, so subclasses need not restate a conformance.
open class CALayer: NSObject, CAMediaTiming, NSSecureCoding {
    /// Stored properties; guarded by `Engine.lock`.
    var storage = LayerState()
    /// Attached animations in the order they apply; guarded by `Engine.lock`.
    var attachments: [Attachment] = []
    /// The attachments as the last commit left them, kept from a removal until its transaction
    /// commits: a removal reaches the screen, and `presentation()`, at the commit, as an add
    /// does; guarded by `Engine.lock`.
    var committedAttachments: [Attachment]?
    /// Animations taken off (removed, or replaced under their key) in a transaction not
    /// committed yet: their ends are reported once it commits, as the removal then reaches the
    /// screen; guarded by `Engine.lock`.
    var removedBeforeCommit: [Attachment] = []
    /// The tree; guarded by `Engine.lock`.
    var storedSublayers: [CALayer]?
    weak var storedSuperlayer: CALayer?
    /// The clock this layer was created on; the tree runs on its root's.
    var ownClock: any OQC.Clock
    /// Whether a transaction including this layer has committed (presentation() is then non-nil).
    var isCommitted = false
    /// The model values as of the last commit: what the render tree, and so `presentation()`,
    /// sees. Uncommitted changes are not on screen yet (Apple).
    var committedStorage = LayerState()
    /// Values before changes made in the current transaction, for animations added without values.
    var previousValues: [String: Any] = [:]
    var needsDisplayFlag = false
    /// Marked by `setNeedsLayout()`; cleared when `layoutSublayers()` runs.
    var needsLayoutFlag = false
    /// `layoutSublayers()` is running: changes it makes do not mark the layer again.
    var isLayingOut = false
    var storedActions: [String: any CAAction]?
    /// The `style` dictionary; guarded by `Engine.lock`.
    var storedStyle: [AnyHashable: Any]?
    /// The declared properties set on this layer (not given by a class default or a style),
    /// which a style does not override; guarded by `Engine.lock`.
    var explicitlySetKeys: Set<String> = []
    /// For a presentation copy: its model layer. Presentation copies never run actions.
    var modelLayer: CALayer?
    let isPresentationCopy: Bool
    /// The delegate that may provide actions and display content.
    open weak var delegate: (any CALayerDelegate)?

    /// Creates a layer with Apple's default property values.
    public override init() {
        ownClock = OQC.currentClock
        isPresentationCopy = PresentationCopy.isCreating
        super.init()
        applyClassDefaults()
        if !isPresentationCopy { Transactions.noteCreation(of: self) }
    }

    /// Creates a copy of `layer`'s properties; Core Animation calls it to make presentation
    /// layers. Subclasses override it to copy their own stored properties.
    public init(layer: Any) {
        // A copy runs on its original's clock; only a non-layer argument needs the current one.
        // (One dynamic cast: `presentation()` makes a copy per layer per frame.)
        let other = layer as? CALayer
        ownClock = other.map { other in Engine.locked { other.ownClock } } ?? OQC.currentClock
        isPresentationCopy = PresentationCopy.isCreating
        super.init()
        guard let other else { return }
        Engine.locked {
            storage = other.storage
            storedStyle = other.storedStyle
            ownClock = other.ownClock
        }
        if !isPresentationCopy { Transactions.noteCreation(of: self) }
    }

    /// Creates a layer from an archive; OpenQuartzCore archives nothing and returns defaults.
    public required init?(coder: NSCoder) {
        ownClock = OQC.currentClock
        isPresentationCopy = false
        super.init()
        applyClassDefaults()
        Transactions.noteCreation(of: self)
    }

    /// Archives the layer: OpenQuartzCore archives nothing. Subclasses may override it.
    open func encode(with coder: NSCoder) {}

    /// True, as in Core Animation.
    open class var supportsSecureCoding: Bool { true }

    /// Creates an instance of the receiver's dynamic class through `init(layer:)`. Engine
    /// machinery for `presentation()`; inherited by every subclass that overrides all of
    /// `init()`, `init(layer:)` and `init?(coder:)`, or none of them.
    public required convenience init(__presentationOf layer: CALayer) {
        self.init(layer: layer)
    }

    // MARK: Overridable entry points
    //
    // Swift cannot override members declared in extensions, so every method that Apple-platform
    // subclasses commonly override is declared here and forwards to the engine.

    /// Returns the default value for `key`, used when no value was set: Core Animation's
    /// default for a declared property (1 for `opacity`, (0.5, 0.5) for `anchorPoint`), nil
    /// for other keys ("nil if no default value is known"). A subclass may give any key a
    /// default, declared properties included, and calls `super` for the others: a new layer
    /// of the subclass starts with them. Core Animation's own subclasses (`CAShapeLayer`, …)
    /// give their headers' defaults for their properties. A string constant comes back as the
    /// `NSString` it is on Apple platforms (`"non-zero"` for `fillRule`).
    open class func defaultValue(forKey key: String) -> Any? {
        KeyValueBridging.exported(subclassProperties?.defaultValue(forKey: key) ?? builtInDefaultValue(forKey: key))
    }

    /// Whether changes to `key` require the layer to be redisplayed; false by default.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// Returns the class's default action for `event`: for Core Animation's own animatable
    /// properties, an implicit basic animation with the transaction's duration and timing
    /// (`.default` unless the transaction sets one), also for `"sublayers"`, posted when a
    /// sublayer is added or removed; for `compositingFilter` and `backgroundFilters`, a fade
    /// `CATransition`; nil for other events (Apple: "a suitable animation object for events
    /// posted by animatable properties, nil otherwise"); the same for the animatable
    /// properties of Core Animation's own subclasses. A subclass that returns nil for a
    /// property turns its implicit animation off.
    open class func defaultAction(forKey event: String) -> (any CAAction)? {
        subclassProperties?.implicitAnimation(forKey: event) ?? implicitAnimation(forKey: event)
    }

    /// Whether the class declares `key` as a property of its own beyond `CALayer`'s (a
    /// shape layer's `path`), so it can be animated before it has a value.
    class func declaresProperty(_ key: String) -> Bool { subclassProperties?.keys.contains(key) ?? false }

    /// The properties a Core Animation subclass (`CAShapeLayer`, `CAEmitterLayer`, …) declares
    /// beyond `CALayer`'s, with their defaults, implicit animations and copy-on-assignment:
    /// the one override such a subclass needs for ``defaultValue(forKey:)``,
    /// ``defaultAction(forKey:)``, ``declaresProperty(_:)`` and `setValue(_:forKey:)`. Nil
    /// for `CALayer`.
    class var subclassProperties: LayerSubclassProperties? { nil }

    /// Whether `key`'s value is archived; true by default.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// Returns the action for `event`, searching in Apple's order:
    /// 1. the delegate's `action(for:forKey:)`;
    /// 2. the `actions` dictionary;
    /// 3. the `actions` dictionaries in the `style` hierarchy;
    /// 4. the class's `defaultAction(forKey:)`, which for Core Animation's own animatable
    ///    properties is an implicit basic animation from the previous presentation value.
    ///
    /// The first non-nil action ends the search; `NSNull` ends it with nil.
    open func action(forKey event: String) -> (any CAAction)? { lookUpAction(forKey: event) }

    /// Reloads the layer's content. The default asks the delegate's `display(_:)`; subclasses
    /// override it and read `presentation()` to draw custom animatable properties.
    ///
    /// While an animation of a key for which `needsDisplay(forKey:)` is true runs, the engine
    /// calls this once per frame (60 Hz of the layer's clock), and at no other time.
    open func display() { displayThroughDelegate() }

    /// Marks the layer's content as needing an update; `display()` runs at the next commit.
    open func setNeedsDisplay() { markNeedsDisplay() }

    /// Marks the part `r` of the layer's content as needing an update. OpenQuartzCore
    /// redisplays the whole layer: `display()` runs at the next commit.
    open func setNeedsDisplay(_ r: CGRect) { markNeedsDisplay() }

    /// Whether `p`, in the layer's own coordinates, lies within its bounds. `hitTest(_:)`
    /// asks it; override it for a hit area of another shape.
    open func contains(_ p: CGPoint) -> Bool { bounds.contains(p) }

    /// The farthest descendant of the layer, the layer included, that contains `p`, given in
    /// the coordinates of the nearest ancestor that is not a `CATransformLayer` (usually the
    /// superlayer); nil if none. Siblings are searched from the top, hidden layers are
    /// skipped, and a layer that masks to its bounds hides its sublayers outside them.
    open func hitTest(_ p: CGPoint) -> CALayer? { hitTestDescendants(p) }

    /// Tells the layer to update its sublayers' layout; the default asks the delegate.
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

    /// Adds a **copy** of `anim` to the layer under `key`, replacing any animation with that key.
    ///
    /// - An animation whose `duration` is 0 or less takes the transaction's
    ///   `animationDuration()` (0.25 s unless set).
    /// - An animation whose `beginTime` is 0 starts when the transaction commits.
    /// - A `CATransition` is always stored under `"transition"`.
    /// - A nil key is allowed; such animations cannot be looked up or removed by key.
    open func add(_ anim: CAAnimation, forKey key: String?) { attach(anim, forKey: key) }

    /// Removes the animation under `key`. The removal takes effect when the transaction
    /// commits: `presentation()` applies the animation until then, and after it the delegate
    /// gets `animationDidStop(_:finished:)` with `finished == false` (asynchronously), and the
    /// animation counts as complete for its transaction's block.
    open func removeAnimation(forKey key: String) { detachAnimation(forKey: key) }

    /// Removes every attached animation, each reported as not finished once the transaction
    /// commits.
    open func removeAllAnimations() { detachAllAnimations() }

    /// Appends `layer` to the sublayers, removing it from its previous superlayer first. The
    /// layer then runs its action for `"sublayers"` (by default, once it has been committed,
    /// an implied `CABasicAnimation` under that key; set `actions["sublayers"] = NSNull()` or
    /// disable actions to add it without one).
    open func addSublayer(_ layer: CALayer) { appendSublayer(layer) }

    /// Detaches the layer from its superlayer; a layer's `mask` leaves it the same way,
    /// setting that `mask` to nil (`CALayer.h`). Its animations stay attached and keep their
    /// timing, now relative to the layer's own clock.
    ///
    /// Apple does not document what happens to them; with ``OQC/Variance/detachRemoves``
    /// the animations of the layer and its sublayers are removed, each delegate getting
    /// `animationDidStop(_:finished:)` with `finished == false`, as when a view's layer
    /// leaves its window on iOS.
    open func removeFromSuperlayer() { detachFromSuperlayer() }

    // Key-value coding. On Apple platforms NSObject declares these four, so they override
    // it there; Linux's NSObject has no key-value coding, so they are new declarations.
#if canImport(ObjectiveC)
    /// Returns the value of the property `key`, a stored custom value, or the class's
    /// `defaultValue(forKey:)`.
    open override func value(forKey key: String) -> Any? { KeyValueBridging.exported(storedValue(forKey: key)) }

    /// Sets the property `key`, or stores a custom value. A value of the wrong type for a
    /// declared property, or one for the read-only `superlayer`, is reported and ignored.
    open override func setValue(_ value: Any?, forKey key: String) { changeValue(value, forKey: key) }

    /// Reads a dotted key path such as `"position.x"` or `"transform.rotation.z"`.
    open override func value(forKeyPath keyPath: String) -> Any? { keyPathValue(keyPath) }

    /// Writes a dotted key path: reads the root value, changes the component, and sets the
    /// root value back.
    open override func setValue(_ value: Any?, forKeyPath keyPath: String) { setKeyPathValue(value, keyPath) }
#else
    /// Returns the value of the property `key`, a stored custom value, or the class's
    /// `defaultValue(forKey:)`.
    open func value(forKey key: String) -> Any? { KeyValueBridging.exported(storedValue(forKey: key)) }

    /// Sets the property `key`, or stores a custom value. A value of the wrong type for a
    /// declared property, or one for the read-only `superlayer`, is reported and ignored.
    open func setValue(_ value: Any?, forKey key: String) { changeValue(value, forKey: key) }

    /// Reads a dotted key path such as `"position.x"` or `"transform.rotation.z"`.
    open func value(forKeyPath keyPath: String) -> Any? { keyPathValue(keyPath) }

    /// Writes a dotted key path: reads the root value, changes the component, and sets the
    /// root value back.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) { setKeyPathValue(value, keyPath) }
#endif

    deinit {
        let ended = removedBeforeCommit + attachments
        attachments.removeAll()
        removedBeforeCommit.removeAll()
        for attachment in ended {
            attachment.end(finished: false, on: ownClock, deliverNow: false)
        }
    }

    // MARK: Geometry

    /// The layer's bounds rectangle, in its own coordinate space (`.zero`). Animatable. A
    /// rectangle with a negative width or height is stored standardized, as QuartzCore does:
    /// (0, 0, −100, −50) reads back as (−100, −50, 100, 50).
    open var bounds: CGRect {
        get { read(\.bounds) }
        set { write(\.bounds, newValue.standardized, key: "bounds") }
    }

    /// The layer's position in its superlayer's coordinate space (`.zero`). Animatable.
    open var position: CGPoint {
        get { read(\.position) }
        set { write(\.position, newValue, key: "position") }
    }

    /// The layer's position on the z axis (0). Animatable.
    open var zPosition: CGFloat {
        get { read(\.zPosition) }
        set { write(\.zPosition, newValue, key: "zPosition") }
    }

    /// The anchor point of the bounds, in unit coordinates ((0.5, 0.5)). Animatable.
    open var anchorPoint: CGPoint {
        get { read(\.anchorPoint) }
        set { write(\.anchorPoint, newValue, key: "anchorPoint") }
    }

    /// The anchor point's z component (0). Animatable.
    open var anchorPointZ: CGFloat {
        get { read(\.anchorPointZ) }
        set { write(\.anchorPointZ, newValue, key: "anchorPointZ") }
    }

    /// The transform applied to the layer, relative to its anchor point (identity). Animatable.
    open var transform: CATransform3D {
        get { read(\.transform) }
        set { write(\.transform, newValue, key: "transform") }
    }

    /// The transform applied to the sublayers (identity). Animatable.
    open var sublayerTransform: CATransform3D {
        get { read(\.sublayerTransform) }
        set { write(\.sublayerTransform, newValue, key: "sublayerTransform") }
    }

    /// The layer's frame in its superlayer: derived from bounds, position, anchorPoint and
    /// transform, the transform applying about the anchor point and `anchorPointZ`
    /// (`CALayer.h`: the "reference point for position and transform"). Not animatable
    /// (Apple: animate `bounds` and `position` instead). A frame with a negative width or
    /// height is standardized before it is set.
    open var frame: CGRect {
        get {
            let (bounds, position, anchor, anchorZ, transform) = Engine.locked {
                (storage.bounds, storage.position, storage.anchorPoint, storage.anchorPointZ, storage.transform)
            }
            return Self.frame(of: bounds, at: position, anchor: anchor, anchorZ: anchorZ, transform: transform)
        }
        set {
            let newValue = newValue.standardized
            let (origin, anchor, anchorZ, transform) = Engine.locked {
                (storage.bounds.origin, storage.anchorPoint, storage.anchorPointZ, storage.transform)
            }
            let size = Self.boundsSize(framed: newValue.size, by: transform)
            let unplaced = Self.frame(of: CGRect(origin: origin, size: size), at: .zero, anchor: anchor,
                                      anchorZ: anchorZ, transform: transform)
            bounds = CGRect(origin: origin, size: size)
            position = CGPoint(x: newValue.minX - unplaced.minX, y: newValue.minY - unplaced.minY)
        }
    }

    /// The `transform` as an affine transform; the identity when the transform is not affine
    /// (it moves, scales or rotates along z, or has perspective), as QuartzCore returns.
    open func affineTransform() -> CGAffineTransform {
        let transform = self.transform
        return CATransform3DIsAffine(transform) ? CATransform3DGetAffineTransform(transform) : .identity
    }

    /// Sets the `transform` to the affine transform `m`.
    open func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }
}
