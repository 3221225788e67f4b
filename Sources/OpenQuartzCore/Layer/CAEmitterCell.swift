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

    // MARK: Properties

    /// The cell's name, which key paths through its layer use (nil).
    open var name: String? {
        get { value(forKey: Key.name) as? String }
        set { setValue(newValue, forKey: Key.name) }
    }

    /// Whether the cell's particles are rendered (true).
    open var isEnabled: Bool {
        get { Convert.bool(value(forKey: Key.enabled)) ?? true }
        set { setValue(newValue, forKey: Key.enabled) }
    }

    /// Particles created every second (0). Animatable.
    open var birthRate: Float {
        get { Convert.float(value(forKey: Key.birthRate)) ?? 0 }
        set { setValue(newValue, forKey: Key.birthRate) }
    }

    /// The mean lifetime of a particle, in seconds (0). Animatable.
    open var lifetime: Float {
        get { Convert.float(value(forKey: Key.lifetime)) ?? 0 }
        set { setValue(newValue, forKey: Key.lifetime) }
    }

    /// The range of particle lifetimes about the mean (0). Animatable.
    open var lifetimeRange: Float {
        get { Convert.float(value(forKey: Key.lifetimeRange)) ?? 0 }
        set { setValue(newValue, forKey: Key.lifetimeRange) }
    }

    /// The emission angle from the z-axis, in radians (0). Animatable.
    open var emissionLatitude: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.emissionLatitude)) ?? 0 }
        set { setValue(newValue, forKey: Key.emissionLatitude) }
    }

    /// The emission angle in the xy-plane from the x-axis, in radians (0). Animatable.
    open var emissionLongitude: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.emissionLongitude)) ?? 0 }
        set { setValue(newValue, forKey: Key.emissionLongitude) }
    }

    /// The angle of the cone around the emission angle, in radians (0). Animatable.
    open var emissionRange: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.emissionRange)) ?? 0 }
        set { setValue(newValue, forKey: Key.emissionRange) }
    }

    /// The mean initial velocity of a particle (0). Animatable.
    open var velocity: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.velocity)) ?? 0 }
        set { setValue(newValue, forKey: Key.velocity) }
    }

    /// The range of initial velocities about the mean (0). Animatable.
    open var velocityRange: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.velocityRange)) ?? 0 }
        set { setValue(newValue, forKey: Key.velocityRange) }
    }

    /// The x component of the acceleration applied to particles (0). Animatable.
    open var xAcceleration: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.xAcceleration)) ?? 0 }
        set { setValue(newValue, forKey: Key.xAcceleration) }
    }

    /// The y component of the acceleration applied to particles (0). Animatable.
    open var yAcceleration: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.yAcceleration)) ?? 0 }
        set { setValue(newValue, forKey: Key.yAcceleration) }
    }

    /// The z component of the acceleration applied to particles (0). Animatable.
    open var zAcceleration: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.zAcceleration)) ?? 0 }
        set { setValue(newValue, forKey: Key.zAcceleration) }
    }

    /// The mean scale of a particle (1). Animatable.
    open var scale: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.scale)) ?? 1 }
        set { setValue(newValue, forKey: Key.scale) }
    }

    /// The range of scales about the mean (0). Animatable.
    open var scaleRange: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.scaleRange)) ?? 0 }
        set { setValue(newValue, forKey: Key.scaleRange) }
    }

    /// How fast the scale changes, per second (0). Animatable.
    open var scaleSpeed: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.scaleSpeed)) ?? 0 }
        set { setValue(newValue, forKey: Key.scaleSpeed) }
    }

    /// The mean rotation speed of a particle, in radians per second (0). Animatable.
    open var spin: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.spin)) ?? 0 }
        set { setValue(newValue, forKey: Key.spin) }
    }

    /// The range of rotation speeds about the mean (0). Animatable.
    open var spinRange: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.spinRange)) ?? 0 }
        set { setValue(newValue, forKey: Key.spinRange) }
    }

    /// The mean color of a particle (opaque white). Animatable.
    open var color: CGColor? {
        get { value(forKey: Key.color) as? CGColor }
        set { setValue(newValue, forKey: Key.color) }
    }

    /// The range of the red component about the mean color's (0). Animatable.
    open var redRange: Float {
        get { Convert.float(value(forKey: Key.redRange)) ?? 0 }
        set { setValue(newValue, forKey: Key.redRange) }
    }

    /// The range of the green component about the mean color's (0). Animatable.
    open var greenRange: Float {
        get { Convert.float(value(forKey: Key.greenRange)) ?? 0 }
        set { setValue(newValue, forKey: Key.greenRange) }
    }

    /// The range of the blue component about the mean color's (0). Animatable.
    open var blueRange: Float {
        get { Convert.float(value(forKey: Key.blueRange)) ?? 0 }
        set { setValue(newValue, forKey: Key.blueRange) }
    }

    /// The range of the alpha component about the mean color's (0). Animatable.
    open var alphaRange: Float {
        get { Convert.float(value(forKey: Key.alphaRange)) ?? 0 }
        set { setValue(newValue, forKey: Key.alphaRange) }
    }

    /// How fast the red component changes over a particle's lifetime, per second (0).
    /// Animatable.
    open var redSpeed: Float {
        get { Convert.float(value(forKey: Key.redSpeed)) ?? 0 }
        set { setValue(newValue, forKey: Key.redSpeed) }
    }

    /// How fast the green component changes over a particle's lifetime, per second (0).
    /// Animatable.
    open var greenSpeed: Float {
        get { Convert.float(value(forKey: Key.greenSpeed)) ?? 0 }
        set { setValue(newValue, forKey: Key.greenSpeed) }
    }

    /// How fast the blue component changes over a particle's lifetime, per second (0).
    /// Animatable.
    open var blueSpeed: Float {
        get { Convert.float(value(forKey: Key.blueSpeed)) ?? 0 }
        set { setValue(newValue, forKey: Key.blueSpeed) }
    }

    /// How fast the alpha component changes over a particle's lifetime, per second (0).
    /// Animatable.
    open var alphaSpeed: Float {
        get { Convert.float(value(forKey: Key.alphaSpeed)) ?? 0 }
        set { setValue(newValue, forKey: Key.alphaSpeed) }
    }

    /// The particle's image, typically a `CGImage` (nil). Animatable.
    open var contents: Any? {
        get { value(forKey: Key.contents) }
        set { setValue(newValue, forKey: Key.contents) }
    }

    /// The part of `contents` drawn, in the unit coordinate space (the unit rectangle).
    /// Animatable.
    open var contentsRect: CGRect {
        get { Convert.rect(value(forKey: Key.contentsRect)) ?? CGRect(x: 0, y: 0, width: 1, height: 1) }
        set { setValue(newValue, forKey: Key.contentsRect) }
    }

    /// The scale of `contents`, as a layer's `contentsScale` (1).
    open var contentsScale: CGFloat {
        get { Convert.cgFloat(value(forKey: Key.contentsScale)) ?? 1 }
        set { setValue(newValue, forKey: Key.contentsScale) }
    }

    /// The filter used when `contents` is drawn smaller, as a layer's (`"linear"`).
    open var minificationFilter: String {
        get { Self.filterName(value(forKey: Key.minificationFilter)) }
        set { setValue(newValue, forKey: Key.minificationFilter) }
    }

    /// The filter used when `contents` is drawn larger, as a layer's (`"linear"`).
    open var magnificationFilter: String {
        get { Self.filterName(value(forKey: Key.magnificationFilter)) }
        set { setValue(newValue, forKey: Key.magnificationFilter) }
    }

    /// The bias of the minification filter's level of detail, as a layer's (0).
    open var minificationFilterBias: Float {
        get { Convert.float(value(forKey: Key.minificationFilterBias)) ?? 0 }
        set { setValue(newValue, forKey: Key.minificationFilterBias) }
    }

    /// The cells each particle of this cell emits in turn, or nil (nil). Animatable.
    open var emitterCells: [CAEmitterCell]? {
        get { value(forKey: Key.emitterCells) as? [CAEmitterCell] }
        set { setValue(newValue, forKey: Key.emitterCells) }
    }

    /// Values that keys not set take, as a layer's `style` (nil): `CAEmitterCell.h`'s
    /// "Inherited attributes similar to in layers". A `"style"` entry inside it is searched
    /// next.
    open var style: [AnyHashable: Any]? {
        get { value(forKey: Key.style) as? [AnyHashable: Any] }
        set { setValue(newValue, forKey: Key.style) }
    }

    // MARK: CAMediaTiming

    /// The begin time relative to the emitter's (0).
    open var beginTime: CFTimeInterval {
        get { Convert.double(value(forKey: Key.beginTime)) ?? 0 }
        set { setValue(newValue, forKey: Key.beginTime) }
    }

    /// The basic duration, in seconds (0).
    open var duration: CFTimeInterval {
        get { Convert.double(value(forKey: Key.duration)) ?? 0 }
        set { setValue(newValue, forKey: Key.duration) }
    }

    /// How time maps from the emitter's into the cell's (1).
    open var speed: Float {
        get { Convert.float(value(forKey: Key.speed)) ?? 1 }
        set { setValue(newValue, forKey: Key.speed) }
    }

    /// An additional offset in the cell's active local time (0).
    open var timeOffset: CFTimeInterval {
        get { Convert.double(value(forKey: Key.timeOffset)) ?? 0 }
        set { setValue(newValue, forKey: Key.timeOffset) }
    }

    /// How many times the cell's timing repeats (0).
    open var repeatCount: Float {
        get { Convert.float(value(forKey: Key.repeatCount)) ?? 0 }
        set { setValue(newValue, forKey: Key.repeatCount) }
    }

    /// How many seconds the cell's timing repeats for (0).
    open var repeatDuration: CFTimeInterval {
        get { Convert.double(value(forKey: Key.repeatDuration)) ?? 0 }
        set { setValue(newValue, forKey: Key.repeatDuration) }
    }

    /// Whether the cell's timing plays backwards after playing forwards (false).
    open var autoreverses: Bool {
        get { Convert.bool(value(forKey: Key.autoreverses)) ?? false }
        set { setValue(newValue, forKey: Key.autoreverses) }
    }

    /// What the cell shows outside its active duration (`.removed`).
    open var fillMode: CAMediaTimingFillMode {
        get { Convert.named(value(forKey: Key.fillMode)) ?? .removed }
        set { setValue(newValue, forKey: Key.fillMode) }
    }

    /// A filter's name given as itself or as `CALayerContentsFilter`; the default's otherwise.
    private static func filterName(_ value: Any?) -> String {
        value as? String ?? (value as? CALayerContentsFilter)?.rawValue ?? CALayerContentsFilter.linear.rawValue
    }

    private enum Key {
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
