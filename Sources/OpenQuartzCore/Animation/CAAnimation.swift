import Foundation

/// The abstract superclass for animations in Core Animation.
///
/// An animation describes how a layer property changes over time; adding it to a layer
/// (`CALayer.add(_:forKey:)`) stores a copy that the engine times and evaluates.
///
/// ```swift
/// let fade = CABasicAnimation(keyPath: "opacity")
/// fade.fromValue = 0
/// fade.duration = 0.3
/// layer.add(fade, forKey: "fade")
/// ```
open class CAAnimation: NSObject, NSCopying, NSSecureCoding, CAMediaTiming, CAAction {
    /// Creates an animation with Apple's defaults, or the class's `defaultValue(forKey:)` for
    /// a declared property that a subclass gives a default.
    public override init() {
        super.init()
        for (key, value) in CAAnimation.subclassDefaults.defaults(for: type(of: self)) {
            _ = setKnownValue(value, forKey: key)
        }
    }

    /// The defaults that each class's `defaultValue(forKey:)` gives declared properties.
    static let subclassDefaults = ClassDefaults<[(key: String, value: Any)]>(
        ownClasses: [CAAnimation.self, CAPropertyAnimation.self, CABasicAnimation.self, CASpringAnimation.self,
                     CAKeyframeAnimation.self, CAAnimationGroup.self, CATransition.self],
        none: []
    ) { animationClass in
        guard let animationType = animationClass as? CAAnimation.Type else { return [] }
        return declaredKeys.compactMap { key in animationType.defaultValue(forKey: key).map { (key, $0) } }
    }

    /// The key-value coding keys of the properties the animation classes declare.
    static let declaredKeys = [
        "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses",
        "fillMode", "removedOnCompletion", "timingFunction", "delegate", "preferredFrameRateRange",
        "keyPath", "additive", "cumulative", "valueFunction", "fromValue", "toValue", "byValue",
        "values", "path", "keyTimes", "timingFunctions", "calculationMode", "tensionValues", "continuityValues",
        "biasValues", "rotationMode",
        "mass", "stiffness", "damping", "initialVelocity", "allowsOverdamping",
        "type", "subtype", "startProgress", "endProgress", "animations",
    ]

    /// Creates an animation from an archive; OpenQuartzCore archives nothing and returns defaults.
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// Archives the animation: OpenQuartzCore archives nothing. Subclasses may override it.
    open func encode(with coder: NSCoder) {}

    /// True, as in Core Animation.
    open class var supportsSecureCoding: Bool { true }

    /// Creates a copy of `other`, of `other`'s dynamic type. Engine machinery for `copy()`.
    public required convenience init(__copying other: CAAnimation) {
        self.init()
        copyState(from: other)
    }

    // MARK: Animation attributes
    //
    // The stored properties of the animation classes are `@exclusivity(unchecked)`: every
    // copy that `add(_:forKey:)` makes and every frame reads them, and the runtime's check of
    // each access to a class's stored property costs more than the access. The check would
    // catch an access that overlaps a modification in progress (a property passed `inout`
    // to code that also reads it); OpenQuartzCore makes none: it reads and assigns these
    // properties, and changes one in place only within a single assignment.

    /// An optional timing function defining the pacing of the animation (nil: `CAAnimation.h`,
    /// "Defaults to nil indicating linear pacing"). `add(_:forKey:)` gives the stored copy the
    /// transaction's `animationTimingFunction()` when that is set.
    @exclusivity(unchecked) open var timingFunction: CAMediaTimingFunction?

    /// The delegate, held strongly (Apple documents this exception to delegate ownership);
    /// nil by default (`CAAnimation.h`).
    @exclusivity(unchecked) open var delegate: (any CAAnimationDelegate)?

    /// Whether the animation is removed from the layer when its active duration completes
    /// (true: `CAAnimation.h`, "Defaults to YES").
    @exclusivity(unchecked) open var isRemovedOnCompletion: Bool = true

    /// The frame rates the animation asks to be drawn at (`.default`); headless nothing is
    /// drawn, so it changes no timing.
    @exclusivity(unchecked) open var preferredFrameRateRange: CAFrameRateRange = .default

    // MARK: CAMediaTiming
    //
    // Every default is the one `CAMediaTiming.h` gives, for every animation class: no
    // subclass changes one. `init(perceptualDuration:bounce:)` of `CASpringAnimation` is the
    // one initializer that sets a timing property (`duration`).

    /// The begin time in the parent's time space (0). `add(_:forKey:)` stores a copy whose
    /// `beginTime` of 0 becomes the layer's local time when the transaction commits; a
    /// `beginTime` that is set is kept.
    @exclusivity(unchecked) open var beginTime: CFTimeInterval = 0
    /// The basic duration of one pass (0). `add(_:forKey:)` gives a stored copy whose
    /// duration is 0 or less the transaction's `animationDuration()`, 0.25 s unless set
    /// (`CALayer.h`, `addAnimation:forKey:`: it "is given the default duration"), so the
    /// copy reads that duration back; the animation added keeps its own.
    @exclusivity(unchecked) open var duration: CFTimeInterval = 0
    /// The rate of the animation's time relative to its parent's (1).
    @exclusivity(unchecked) open var speed: Float = 1
    /// An additional offset in active local time (0).
    @exclusivity(unchecked) open var timeOffset: CFTimeInterval = 0
    /// The number of passes, possibly fractional (0, which means one pass);
    /// `.greatestFiniteMagnitude` or `.infinity` repeats forever.
    @exclusivity(unchecked) open var repeatCount: Float = 0
    /// How long to repeat, in seconds (0, which means unused).
    @exclusivity(unchecked) open var repeatDuration: CFTimeInterval = 0
    /// Whether each pass plays forward then backward (false).
    @exclusivity(unchecked) open var autoreverses: Bool = false
    /// What the animation shows outside its active duration (`.removed`).
    @exclusivity(unchecked) open var fillMode: CAMediaTimingFillMode = .removed

    // MARK: Key-value container

    /// Values stored for keys the class does not declare (Apple: CAAnimation is a key-value
    /// container).
    @exclusivity(unchecked) var customValues = CustomValues()
    /// Whether this is Core Animation's own implicit animation of a property, made by
    /// `CALayer.defaultAction(forKey:)` (a never-committed layer does not run it).
    @exclusivity(unchecked) var isBuiltInImplicitAnimation = false

    /// The default value for `key`, used when no value was set; nil by default.
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// Whether `key`'s value is archived; true by default.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    // The four key-value methods have Apple's spellings. On Apple platforms NSObject declares
    // them (key-value coding), so they override; Linux Foundation's NSObject has no KVC.
#if canImport(ObjectiveC)
    /// Returns the value for `key`: a declared property, else a stored custom value, else
    /// the class's ``defaultValue(forKey:)``.
    open override func value(forKey key: String) -> Any? { KeyValueBridging.exported(containerValue(forKey: key)) }

    /// Sets the value for `key`; keys the class does not declare are stored as custom values.
    open override func setValue(_ value: Any?, forKey key: String) { setContainerValue(value, forKey: key) }

    /// Reads a dotted key path: the first key's value, then the rest of the path in it, a
    /// structure field (`"toValue.x"`, `"custom.size.width"`, `"custom.rotation.z"`) or, for
    /// a layer or an animation, its own key path.
    open override func value(forKeyPath keyPath: String) -> Any? { keyPathValue(keyPath) }

    /// Sets a dotted key path: changes the structure field in the first key's value and sets
    /// that value back, or sets the rest of the path on a layer or an animation.
    open override func setValue(_ value: Any?, forKeyPath keyPath: String) { setKeyPathValue(value, keyPath) }
#else
    /// Returns the value for `key`: a declared property, else a stored custom value, else
    /// the class's ``defaultValue(forKey:)``.
    open func value(forKey key: String) -> Any? { KeyValueBridging.exported(containerValue(forKey: key)) }

    /// Sets the value for `key`; keys the class does not declare are stored as custom values.
    open func setValue(_ value: Any?, forKey key: String) { setContainerValue(value, forKey: key) }

    /// Reads a dotted key path: the first key's value, then the rest of the path in it, a
    /// structure field (`"toValue.x"`, `"custom.size.width"`, `"custom.rotation.z"`) or, for
    /// a layer or an animation, its own key path.
    open func value(forKeyPath keyPath: String) -> Any? { keyPathValue(keyPath) }

    /// Sets a dotted key path: changes the structure field in the first key's value and sets
    /// that value back, or sets the rest of the path on a layer or an animation.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) { setKeyPathValue(value, keyPath) }
#endif

    /// A declared property, else a stored custom value, else the class's default value.
    func containerValue(forKey key: String) -> Any? {
        // Key-value coding finds a Boolean property by its getter's name too (`isAdditive`).
        let key = key.utf8.first == UInt8(ascii: "i") ? Self.getterKeys[key] ?? key : key
        // A key is stored as a custom value only when the class does not declare it, so the
        // list (short, often empty) can be searched first.
        if let custom = customValues.value(forKey: key) { return custom }
        if Self.isDeclared(key), let known = knownValue(forKey: key) { return known }
        return type(of: self).defaultValue(forKey: key)
    }

    /// Sets a declared property, or stores a custom value for an undeclared key.
    func setContainerValue(_ value: Any?, forKey key: String) {
        if !Self.isDeclared(key) || !setKnownValue(value, forKey: key) { customValues.set(value, forKey: key) }
    }

    /// The Boolean properties whose getters are named `is…`, by getter: key-value coding reads
    /// them under either name (and sets them only under the property's).
    private static let getterKeys = ["isRemovedOnCompletion": "removedOnCompletion", "isAdditive": "additive",
                                     "isCumulative": "cumulative"]

    /// Every key ``knownValue(forKey:)`` answers: ``declaredKeys``, the springs' read-only
    /// properties and a transition's `filter`. A custom key is told from these with one
    /// lookup, not a comparison with each in turn.
    private static let declaredKeySet = Set(declaredKeys + ["settlingDuration", "perceptualDuration", "bounce", "filter"])

    /// Whether `key` is in ``declaredKeySet``. A key whose first byte begins none of them is
    /// told at once, without hashing it: apps' own keys are often prefixed ("App.marker").
    private static func isDeclared(_ key: String) -> Bool {
        guard let first = key.utf8.first, declaredFirstBytes[Int(first)] else { return false }
        return declaredKeySet.contains(key)
    }

    /// For each byte value, whether a key of ``declaredKeySet`` begins with it.
    private static let declaredFirstBytes: [Bool] = {
        var bytes = [Bool](repeating: false, count: 256)
        for key in declaredKeySet { if let first = key.utf8.first { bytes[Int(first)] = true } }
        return bytes
    }()

    /// The declared property `key` of this class, boxed; nil if undeclared.
    func knownValue(forKey key: String) -> Any? {
        switch key {
        case "beginTime": return beginTime
        case "duration": return duration
        case "speed": return speed
        case "timeOffset": return timeOffset
        case "repeatCount": return repeatCount
        case "repeatDuration": return repeatDuration
        case "autoreverses": return autoreverses
        case "fillMode": return fillMode
        case "removedOnCompletion": return isRemovedOnCompletion
        case "timingFunction": return timingFunction
        case "delegate": return delegate
        case "preferredFrameRateRange": return preferredFrameRateRange
        default: return nil
        }
    }

    /// Sets the declared property `key`; false if the class does not declare it.
    func setKnownValue(_ value: Any?, forKey key: String) -> Bool {
        let number = value.flatMap(AnimatableValue.number)?.value
        switch key {
        case "beginTime": beginTime = number ?? 0
        case "duration": duration = number ?? 0
        case "speed": speed = Float(number ?? 1)
        case "timeOffset": timeOffset = number ?? 0
        case "repeatCount": repeatCount = Float(number ?? 0)
        case "repeatDuration": repeatDuration = number ?? 0
        // Key-value coding unwraps a number with `boolValue` (Key-Value Coding Programming
        // Guide, "Representing Non-Object Values"), so `1` and `NSNumber(value: 0)` set too.
        case "autoreverses": autoreverses = Convert.bool(value) ?? false
        case "removedOnCompletion": isRemovedOnCompletion = Convert.bool(value) ?? true
        case "fillMode": fillMode = Convert.named(value) ?? .removed
        case "timingFunction": timingFunction = value as? CAMediaTimingFunction
        case "delegate": delegate = value as? any CAAnimationDelegate
        case "preferredFrameRateRange": preferredFrameRateRange = value as? CAFrameRateRange ?? .default
        default: return false
        }
        return true
    }

    // MARK: Copying

    /// Returns a copy of the animation, of the same class, with every property copied.
    open func copy(with zone: NSZone? = nil) -> Any {
        type(of: self).init(__copying: self)
    }

    /// Copies every property of `other` into `self`; subclasses extend it.
    func copyState(from other: CAAnimation) {
        timingFunction = other.timingFunction
        delegate = other.delegate
        isRemovedOnCompletion = other.isRemovedOnCompletion
        preferredFrameRateRange = other.preferredFrameRateRange
        beginTime = other.beginTime
        duration = other.duration
        speed = other.speed
        timeOffset = other.timeOffset
        repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses
        fillMode = other.fillMode
        customValues = other.customValues
    }

    // MARK: CAAction

    /// Adds the animation to `anObject` (a layer) under the key `event`.
    ///
    /// A property animation without a `keyPath` animates the property `event` names: an
    /// action found for a property change is often made without one (Apple's example for
    /// `CAAction` runs a `CABasicAnimation()` for the key `"transform"`). The animation
    /// itself is left as it is; the layer gets a copy with that key path.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        if let property = self as? CAPropertyAnimation, property.keyPath == nil,
           let keyed = property.copy() as? CAPropertyAnimation {
            keyed.keyPath = event
            layer.add(keyed, forKey: event)
        } else {
            layer.add(self, forKey: event)
        }
    }

    // MARK: Engine hooks

    /// Applies the animation's effect at `parentTime` (its layer's local time, or its
    /// group's) to the presentation being built. The base class animates nothing.
    ///
    /// - Parameter fill: Fill directions imposed by an enclosing group that is itself
    ///   filling, so a group's `.forwards` holds its children's final values.
    func contribute(to presentation: inout PresentationEvaluation, atParentTime parentTime: Double, fill: InheritedFill = .none) {}

    /// Whether the animation changes a key path that `matches` (for `needsDisplay(forKey:)`).
    func animatesKeyPath(where matches: (String) -> Bool) -> Bool { false }

    /// Whether the animation sets no usable duration (0 or less, or NaN): added to a layer it
    /// takes the transaction's, and in a group the group's.
    var setsNoDuration: Bool { duration <= 0 || duration.isNaN }

    /// Called on the copy stored by `add(_:forKey:)` before it joins the preparation's layer:
    /// resolves values that depend on the layer's state at that moment. The base class does
    /// nothing.
    func prepareForAttachment(_ preparation: inout AttachmentPreparation) {}
}

// Key paths into structure fields, in an extension so that they add no overridable members.
extension CAAnimation {
    /// ``value(forKeyPath:)``: Core Animation's key paths into structure fields work for
    /// animations as for layers (Core Animation Programming Guide, "Key-Value Coding
    /// Extensions": "CAAnimation provides support for accessing the fields of selected
    /// structures using key paths", with `setValue:forKeyPath:` and `valueForKeyPath:`). A
    /// path without a dot is one key.
    func keyPathValue(_ keyPath: String) -> Any? {
        guard let (rootKey, subpath) = NestedKeyPath.split(keyPath) else { return value(forKey: keyPath) }
        let root = value(forKey: rootKey)
        if let nested = NestedKeyPath.value(in: root, at: subpath) { return nested }
        return root.flatMap { SubPath.read(Self.structure($0), subpath) }
    }

    /// ``setValue(_:forKeyPath:)``: reads the first key's value, changes the field, and sets
    /// the value back (a structure, as a layer stores it, even if it was boxed in an
    /// `NSValue`). A path that names no field of that value is reported and ignored.
    func setKeyPathValue(_ value: Any?, _ keyPath: String) {
        guard let (rootKey, subpath) = NestedKeyPath.split(keyPath) else { return setValue(value, forKey: keyPath) }
        let root = self.value(forKey: rootKey)
        if NestedKeyPath.setValue(value, in: root, at: subpath) { return }
        guard let value, let root, let updated = SubPath.write(Self.structure(root), subpath, value) else {
            OQC.report(.invalidValue, key: keyPath, "cannot set '\(keyPath)' on \(type(of: self)) to \(value.map { "\($0)" } ?? "nil"): '\(rootKey)' holds no structure with that field, or the value's type does not match; the value is ignored.")
            return
        }
        setValue(updated, forKey: rootKey)
    }

    /// A point, size, rect or transform boxed in an `NSValue`, unboxed; other values as they are.
    private static func structure(_ value: Any) -> Any {
        guard value is NSValue, !(value is NSNumber) else { return value }
        if let point = Convert.point(value) { return point }
        if let size = Convert.size(value) { return size }
        if let rect = Convert.rect(value) { return rect }
        return Convert.transform(value) ?? value
    }
}

/// The values an animation stores for keys its class does not declare. An animation carries
/// a handful at most, most often one (a mark its owner reads back), so the first is kept
/// inline and the rest in a list, searched in order: no table to hash the key into, and no
/// allocation for the first.
struct CustomValues {
    // The first entry's key and value are kept apart, so that a lookup compares the key
    // without copying the value.
    private var firstKey: String?
    private var firstValue: Any = ()
    private var rest: [(key: String, value: Any)] = []

    func value(forKey key: String) -> Any? {
        if firstKey == key { return firstValue }
        return rest.isEmpty ? nil : rest.first { $0.key == key }?.value
    }

    /// Stores `value` for `key`; nil removes it.
    mutating func set(_ value: Any?, forKey key: String) {
        if firstKey == key {
            if let value {
                firstValue = value
            } else if rest.isEmpty {
                firstKey = nil
                firstValue = ()
            } else {
                (firstKey, firstValue) = rest.removeFirst()
            }
        } else if let index = rest.firstIndex(where: { $0.key == key }) {
            if let value { rest[index].value = value } else { rest.remove(at: index) }
        } else if let value {
            if firstKey == nil {
                firstKey = key
                firstValue = value
            } else {
                rest.append((key, value))
            }
        }
    }
}
