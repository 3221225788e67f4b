import Foundation

/// One kind of particle a `CAEmitterLayer` emits, as QuartzCore's `CAEmitterCell`.
///
/// A cell is a key-value container with the property model of `CALayer` (`CAEmitterCell.h`:
/// "Emitter cells implement the same property model as defined by CALayer"): every property
/// is stored under Apple's key with `CAEmitterCell.h`'s default, a key the class does not
/// declare is stored too, and `defaultValue(forKey:)` gives the value of a key never set.
/// Nothing is drawn headless, so no particle is emitted; the values are read back, reached
/// through the layer's key paths and animated there.
///
/// A cell's `name` builds the key paths that reach it from its layer
/// (`emitterCells.<name>.<property>`), so an animation added to the layer can animate it:
///
/// ```swift
/// let spark = CAEmitterCell()
/// spark.name = "spark"
/// spark.birthRate = 40
/// emitter.emitterCells = [spark]
/// let fade = CABasicAnimation(keyPath: "emitterCells.spark.birthRate")
/// fade.toValue = 0
/// emitter.add(fade, forKey: "stop")
/// ```
open class CAEmitterCell: NSObject, NSSecureCoding, CAMediaTiming {
    // Thread safety: `values` is guarded by `Engine.lock`, as a layer's storage is: the engine
    // reads a layer's cells while it evaluates a presentation copy, on whichever thread asks.
    /// The values set, by key; `.some(nil)` for a key set to nil, which then reads nil rather
    /// than its default.
    private var values: [String: Any?] = [:]

    /// Creates a cell with `CAEmitterCell.h`'s defaults.
    public required override init() {
        super.init()
    }

    /// Creates a cell from an archive; OpenQuartzCore archives nothing, so it has the defaults.
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// Archives the cell: OpenQuartzCore archives nothing.
    open func encode(with coder: NSCoder) {}

    /// True, as in Core Animation.
    open class var supportsSecureCoding: Bool { true }

    /// Creates and returns a cell.
    ///
    /// ```swift
    /// let smoke = CAEmitterCell.emitterCell()
    /// ```
    open class func emitterCell() -> Self { self.init() }

    /// The default value of `key`: `CAEmitterCell.h`'s for a declared property (1 for
    /// `scale`, opaque white for `color`, the unit rectangle for `contentsRect`), nil for
    /// other keys. A subclass may give any key a default and calls `super` for the others.
    open class func defaultValue(forKey key: String) -> Any? { properties.defaultValue(forKey: key) }

    /// Whether `key`'s value is archived; true by default.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    // MARK: Key-value coding

    // The four key-value methods have Apple's spellings. On Apple platforms NSObject declares
    // them (key-value coding), so they override; Linux Foundation's NSObject has no KVC.
#if canImport(ObjectiveC)
    /// Returns the value set for `key`, else the class's ``defaultValue(forKey:)``.
    open override func value(forKey key: String) -> Any? { KeyValueBridging.exported(storedValue(forKey: key)) }

    /// Sets the value for `key`; keys the class does not declare are stored as well.
    open override func setValue(_ value: Any?, forKey key: String) { store(value, forKey: key) }

    /// Reads a dotted key path: a sub-cell by name (`"emitterCells.ember.birthRate"`) or a
    /// component of a structured value (`"contentsRect.size.width"`).
    open override func value(forKeyPath keyPath: String) -> Any? { keyPathValue(keyPath) }

    /// Writes a dotted key path, as ``value(forKeyPath:)`` reads it.
    open override func setValue(_ value: Any?, forKeyPath keyPath: String) { setKeyPathValue(value, keyPath) }
#else
    /// Returns the value set for `key`, else the class's ``defaultValue(forKey:)``.
    open func value(forKey key: String) -> Any? { KeyValueBridging.exported(storedValue(forKey: key)) }

    /// Sets the value for `key`; keys the class does not declare are stored as well.
    open func setValue(_ value: Any?, forKey key: String) { store(value, forKey: key) }

    /// Reads a dotted key path: a sub-cell by name (`"emitterCells.ember.birthRate"`) or a
    /// component of a structured value (`"contentsRect.size.width"`).
    open func value(forKeyPath keyPath: String) -> Any? { keyPathValue(keyPath) }

    /// Writes a dotted key path, as ``value(forKeyPath:)`` reads it.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) { setKeyPathValue(value, keyPath) }
#endif

    /// The value set for `key`, else the `style` hierarchy's, else the class's default.
    private func storedValue(forKey key: String) -> Any? {
        let (set, style) = Engine.locked { (values[key], values[Key.style] ?? nil) }
        if let set { return set }
        if key != Key.style, let inherited = CALayer.styleValue(forKey: key, in: style as? [AnyHashable: Any]) {
            return inherited
        }
        return type(of: self).defaultValue(forKey: key)
    }

    private func store(_ value: Any?, forKey key: String) {
        let assigned = Self.properties.assigned(value, forKey: key)
        Engine.locked { values[key] = .some(assigned) }
    }

    /// A copy of the cell and of its sub-cells, every value included, for a presentation
    /// layer whose animations change cells without touching the model's.
    func presentationCopy() -> CAEmitterCell {
        let copy = type(of: self).init()
        let values = Engine.locked { self.values }
        let copied = values.mapValues { value -> Any? in
            guard let cells = value as? [CAEmitterCell] else { return value }
            return cells.map { $0.presentationCopy() }
        }
        Engine.locked { copy.values = copied }
        return copy
    }

    /// The keys the properties are stored under: Apple's names.
    enum Key {
        static let name = "name"
        static let enabled = "enabled"
        static let birthRate = "birthRate"
        static let lifetime = "lifetime"
        static let lifetimeRange = "lifetimeRange"
        static let emissionLatitude = "emissionLatitude"
        static let emissionLongitude = "emissionLongitude"
        static let emissionRange = "emissionRange"
        static let velocity = "velocity"
        static let velocityRange = "velocityRange"
        static let xAcceleration = "xAcceleration"
        static let yAcceleration = "yAcceleration"
        static let zAcceleration = "zAcceleration"
        static let scale = "scale"
        static let scaleRange = "scaleRange"
        static let scaleSpeed = "scaleSpeed"
        static let spin = "spin"
        static let spinRange = "spinRange"
        static let color = "color"
        static let redRange = "redRange"
        static let greenRange = "greenRange"
        static let blueRange = "blueRange"
        static let alphaRange = "alphaRange"
        static let redSpeed = "redSpeed"
        static let greenSpeed = "greenSpeed"
        static let blueSpeed = "blueSpeed"
        static let alphaSpeed = "alphaSpeed"
        static let contents = "contents"
        static let contentsRect = "contentsRect"
        static let contentsScale = "contentsScale"
        static let minificationFilter = "minificationFilter"
        static let magnificationFilter = "magnificationFilter"
        static let minificationFilterBias = "minificationFilterBias"
        static let emitterCells = "emitterCells"
        static let style = "style"
        static let beginTime = "beginTime"
        static let duration = "duration"
        static let speed = "speed"
        static let timeOffset = "timeOffset"
        static let repeatCount = "repeatCount"
        static let repeatDuration = "repeatDuration"
        static let autoreverses = "autoreverses"
        static let fillMode = "fillMode"
    }

    /// `CAEmitterCell.h`'s defaults; keys without one (`name`, `contents`, `emitterCells`,
    /// `style`) default to nil.
    private static let properties = LayerSubclassProperties(
        keys: [],
        implicitlyAnimated: [],
        defaults: [
            Key.enabled: true,
            Key.birthRate: Float(0), Key.lifetime: Float(0), Key.lifetimeRange: Float(0),
            Key.emissionLatitude: CGFloat(0), Key.emissionLongitude: CGFloat(0), Key.emissionRange: CGFloat(0),
            Key.velocity: CGFloat(0), Key.velocityRange: CGFloat(0),
            Key.xAcceleration: CGFloat(0), Key.yAcceleration: CGFloat(0), Key.zAcceleration: CGFloat(0),
            Key.scale: CGFloat(1), Key.scaleRange: CGFloat(0), Key.scaleSpeed: CGFloat(0),
            Key.spin: CGFloat(0), Key.spinRange: CGFloat(0),
            Key.color: CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1),
            Key.redRange: Float(0), Key.greenRange: Float(0), Key.blueRange: Float(0), Key.alphaRange: Float(0),
            Key.redSpeed: Float(0), Key.greenSpeed: Float(0), Key.blueSpeed: Float(0), Key.alphaSpeed: Float(0),
            Key.contentsRect: CGRect(x: 0, y: 0, width: 1, height: 1),
            Key.contentsScale: CGFloat(1),
            Key.minificationFilter: CALayerContentsFilter.linear.rawValue,
            Key.magnificationFilter: CALayerContentsFilter.linear.rawValue,
            Key.minificationFilterBias: Float(0),
            Key.beginTime: CFTimeInterval(0), Key.duration: CFTimeInterval(0), Key.speed: Float(1),
            Key.timeOffset: CFTimeInterval(0), Key.repeatCount: Float(0), Key.repeatDuration: CFTimeInterval(0),
            Key.autoreverses: false, Key.fillMode: CAMediaTimingFillMode.removed,
        ],
        // Declared `copy` in `CAEmitterCell.h`: an object assigned is copied.
        copiedOnAssignment: [Key.name, Key.minificationFilter, Key.magnificationFilter, Key.emitterCells, Key.style])
}
