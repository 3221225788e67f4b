import Foundation
#if canImport(CoreGraphics)
import CoreGraphics  // CGPath
#endif

/// The stored properties of one layer, with Apple's defaults ("CALayer" documentation).
///
/// Guarded by `Engine.lock`; layers never hand it out while unlocked.
struct LayerState {
    // Geometry
    var bounds = CGRect.zero
    var position = CGPoint.zero
    var zPosition: CGFloat = 0
    var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    var anchorPointZ: CGFloat = 0
    var transform = CATransform3DIdentity
    var sublayerTransform = CATransform3DIdentity
    // Appearance
    var isHidden = false
    var opacity: Float = 1
    var backgroundColor: CGColor?
    var cornerRadius: CGFloat = 0
    var borderWidth: CGFloat = 0
    var borderColor: CGColor? = LayerState.opaqueBlack
    var shadowColor: CGColor? = LayerState.opaqueBlack
    var shadowOpacity: Float = 0
    var shadowOffset = CGSize(width: 0, height: -3)
    var shadowRadius: CGFloat = 3
    var shadowPath: CGPath?
    var masksToBounds = false
    var isDoubleSided = true
    var contents: Any?
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale: CGFloat = 1
    var name: String?
    var isOpaque = false
    var needsDisplayOnBoundsChange = false
    var drawsAsynchronously = false
    var allowsGroupOpacity = true
    // Rendering, stored only (see CALayer+Rendering.swift)
    var isGeometryFlipped = false
    var mask: CALayer?
    var contentsGravity = CALayerContentsGravity.resize
    var contentsFormat = CALayerContentsFormat.RGBA8Uint
    var minificationFilter = CALayerContentsFilter.linear
    var magnificationFilter = CALayerContentsFilter.linear
    var minificationFilterBias: Float = 0
    var edgeAntialiasingMask: CAEdgeAntialiasingMask = [
        .layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge,
    ]
    var allowsEdgeAntialiasing = false
    var maskedCorners: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    var cornerCurve = CALayerCornerCurve.circular
    var compositingFilter: Any?
    var filters: [Any]?
    var backgroundFilters: [Any]?
    var shouldRasterize = false
    var rasterizationScale: CGFloat = 1
    // CAMediaTiming
    var beginTime: CFTimeInterval = 0
    /// Infinite: a layer's duration reads as infinite on Apple's QuartzCore (measured; see
    /// `CALayer.duration`), although `CAMediaTiming.h` gives 0 for the protocol.
    var duration: CFTimeInterval = .infinity
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    var fillMode = CAMediaTimingFillMode.removed
    // Keys the class does not declare (CALayer is a key-value container).
    var custom: [String: Any] = [:]

    /// The default border and shadow color, shared: `CGColor` is immutable, and every layer
    /// (and every presentation copy, whose defaults are overwritten at once) would otherwise
    /// allocate two.
    private static let opaqueBlack = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
}

/// How key-value coding reads and writes one declared layer property.
struct LayerProperty: Sendable {
    /// Where the value is stored: read in place (`state[keyPath:]`), without copying the state.
    /// A key path to a stored property of a value type is immutable, so sharing it is safe.
    nonisolated(unsafe) let storedAt: PartialKeyPath<LayerState>
    /// Writes a boxed value; false when the value has the wrong type.
    let set: @Sendable (inout LayerState, Any?) -> Bool
    /// Whether Core Animation can animate the property.
    let isAnimatable: Bool
    /// Whether a change runs Core Animation's implicit animation (`defaultAction(forKey:)`).
    let hasImplicitAnimation: Bool

    /// An animatable property; `implicitly: false` for one that a change does not animate
    /// by default (Core Animation Programming Guide, "Animatable Properties": `doubleSided`
    /// has "no default implied animation").
    static func animatable<V>(_ keyPath: WritableKeyPath<LayerState, V>, implicitly: Bool = true,
                              _ convert: @escaping @Sendable (Any?) -> V?) -> LayerProperty {
        // Key paths to stored properties of a value type are immutable; safe to share.
        nonisolated(unsafe) let keyPath = keyPath
        return LayerProperty(storedAt: keyPath, set: { state, value in
            guard let converted = convert(value) else { return false }
            state[keyPath: keyPath] = converted
            return true
        }, isAnimatable: true, hasImplicitAnimation: implicitly)
    }

    static func plain<V>(_ keyPath: WritableKeyPath<LayerState, V>, _ convert: @escaping @Sendable (Any?) -> V?) -> LayerProperty {
        let property = animatable(keyPath, convert)
        return LayerProperty(storedAt: property.storedAt, set: property.set, isAnimatable: false, hasImplicitAnimation: false)
    }

    /// A `CAMediaTiming` property of the layer. A change to one of the three that map time
    /// (`beginTime`, `speed`, `timeOffset`) retimes the running animations at commit.
    static func timing<V>(_ keyPath: WritableKeyPath<LayerState, V>, _ convert: @escaping @Sendable (Any?) -> V?) -> LayerProperty {
        plain(keyPath, convert)
    }

    /// Every property declared by `CALayer`, by its key-value coding key.
    static let table: [String: LayerProperty] = [
        "bounds": .animatable(\.bounds, { Convert.rect($0)?.standardized }),
        "position": .animatable(\.position, Convert.point),
        "zPosition": .animatable(\.zPosition, Convert.cgFloat),
        "anchorPoint": .animatable(\.anchorPoint, Convert.point),
        "anchorPointZ": .animatable(\.anchorPointZ, Convert.cgFloat),
        "transform": .animatable(\.transform, Convert.transform),
        "sublayerTransform": .animatable(\.sublayerTransform, Convert.transform),
        "hidden": .animatable(\.isHidden, Convert.bool),
        "opacity": .animatable(\.opacity, Convert.float),
        "backgroundColor": .animatable(\.backgroundColor, Convert.optional),
        "cornerRadius": .animatable(\.cornerRadius, Convert.cgFloat),
        "borderWidth": .animatable(\.borderWidth, Convert.cgFloat),
        "borderColor": .animatable(\.borderColor, Convert.optional),
        "shadowColor": .animatable(\.shadowColor, Convert.optional),
        "shadowOpacity": .animatable(\.shadowOpacity, Convert.float),
        "shadowOffset": .animatable(\.shadowOffset, Convert.size),
        "shadowRadius": .animatable(\.shadowRadius, Convert.cgFloat),
        // Apple ("shadowPath"): "as with all CGPathRef animatable properties", no implicit animation.
        "shadowPath": .animatable(\.shadowPath, implicitly: false, Convert.path),
        "masksToBounds": .animatable(\.masksToBounds, Convert.bool),
        "doubleSided": .animatable(\.isDoubleSided, implicitly: false, Convert.bool),
        "contents": .animatable(\.contents, { .some($0) }),
        "contentsRect": .animatable(\.contentsRect, Convert.rect),
        "contentsCenter": .animatable(\.contentsCenter, Convert.rect),
        "contentsScale": .animatable(\.contentsScale, Convert.cgFloat),
        // CALayer.h marks these three "Animatable", though nothing is drawn with them here.
        "minificationFilterBias": .animatable(\.minificationFilterBias, Convert.float),
        "shouldRasterize": .animatable(\.shouldRasterize, Convert.bool),
        "rasterizationScale": .animatable(\.rasterizationScale, Convert.cgFloat),
        "name": .plain(\.name, Convert.optional),
        "opaque": .plain(\.isOpaque, Convert.bool),
        "needsDisplayOnBoundsChange": .plain(\.needsDisplayOnBoundsChange, Convert.bool),
        "drawsAsynchronously": .plain(\.drawsAsynchronously, Convert.bool),
        "allowsGroupOpacity": .plain(\.allowsGroupOpacity, Convert.bool),
        "geometryFlipped": .plain(\.isGeometryFlipped, Convert.bool),
        "mask": .plain(\.mask, Convert.optional),
        "contentsGravity": .plain(\.contentsGravity, Convert.named),
        "contentsFormat": .plain(\.contentsFormat, Convert.named),
        "minificationFilter": .plain(\.minificationFilter, Convert.named),
        "magnificationFilter": .plain(\.magnificationFilter, Convert.named),
        "edgeAntialiasingMask": .plain(\.edgeAntialiasingMask, Convert.options),
        "allowsEdgeAntialiasing": .plain(\.allowsEdgeAntialiasing, Convert.bool),
        "maskedCorners": .plain(\.maskedCorners, Convert.options),
        "cornerCurve": .plain(\.cornerCurve, Convert.named),
        // CALayer.h marks `filters` "Animatable", and the guide's table gives it the default
        // implied CABasicAnimation; an array of filters switches discretely.
        "filters": .animatable(\.filters, Convert.optional),
        // CALayer.h marks `compositingFilter` and `backgroundFilters` "Animatable" too: an
        // explicit animation switches their presentation value, as it does `filters`'. A change
        // runs no implied basic animation; their implied action is a fade transition
        // (`impliedTransitionKeys`).
        "compositingFilter": .animatable(\.compositingFilter, implicitly: false, { .some($0) }),
        "backgroundFilters": .animatable(\.backgroundFilters, implicitly: false, Convert.optional),
        "beginTime": .timing(\.beginTime, Convert.double),
        "duration": .timing(\.duration, Convert.double),
        "speed": .timing(\.speed, Convert.float),
        "timeOffset": .timing(\.timeOffset, Convert.double),
        "repeatCount": .timing(\.repeatCount, Convert.float),
        "repeatDuration": .timing(\.repeatDuration, Convert.double),
        "autoreverses": .timing(\.autoreverses, Convert.bool),
        "fillMode": .timing(\.fillMode, Convert.named),
    ]
}

/// Conversions from boxed key-value coding values to property types.
enum Convert {
    static func double(_ value: Any?) -> Double? { value.flatMap(AnimatableValue.number)?.value }
    static func cgFloat(_ value: Any?) -> CGFloat? { double(value).map { CGFloat($0) } }
    static func float(_ value: Any?) -> Float? { double(value).map { Float($0) } }
    /// An array of numbers as `NSNumber`s, whatever numeric type each was given as.
    static func numbers(_ value: Any?) -> [NSNumber]? {
        if let numbers = value as? [NSNumber] { return numbers }
        guard let array = value as? [Any] else { return nil }
        let numbers = array.compactMap { AnimatableValue.number($0).map { NSNumber(value: $0.value) } }
        return numbers.count == array.count ? numbers : nil
    }
    static func bool(_ value: Any?) -> Bool? { value as? Bool ?? (value as? NSNumber)?.boolValue }
    /// A string constant (`CAMediaTimingFillMode`, `CATransitionType`, …), given as itself or
    /// as its string (Apple bridges both to `NSString`).
    static func named<Name: RawRepresentable<String>>(_ value: Any?) -> Name? {
        value as? Name ?? (value as? String).flatMap(Name.init(rawValue:))
    }

    static func point(_ value: Any?) -> CGPoint? {
        guard let v = AnimatableValue(value), v.kind == .point else { return nil }
        return v.boxed as? CGPoint
    }

    static func size(_ value: Any?) -> CGSize? {
        guard let v = AnimatableValue(value), v.kind == .size else { return nil }
        return v.boxed as? CGSize
    }

    static func rect(_ value: Any?) -> CGRect? {
        guard let v = AnimatableValue(value), v.kind == .rect else { return nil }
        return v.boxed as? CGRect
    }

    /// A transform, given as itself or boxed (`NSValue(caTransform3D:)`, as Apple code boxes
    /// it for key-value coding and `style`).
    static func transform(_ value: Any?) -> CATransform3D? {
        value as? CATransform3D ?? (value as? NSValue)?.unboxed(CATransform3D.self)
    }

    /// A value of an optional property (a `T`, or nil itself); `.none` for a value of another
    /// type.
    static func optional<T>(_ value: Any?) -> T?? {
        guard let value else { return .some(nil) }
        return (value as? T).map { .some($0) }
    }

    /// A copy of a path ("Upon assignment the path is copied"), or nil: the outer optional
    /// is nil for a value that is not a path.
    static func path(_ value: Any?) -> CGPath?? {
        guard let value else { return .some(nil) }
        return PathReading.cgPath(value).map { .some($0.copy() ?? $0) }
    }

    /// An option set, given as itself or as its raw number (as key-value coding boxes it).
    static func options<Options: OptionSet>(_ value: Any?) -> Options? where Options.RawValue: BinaryInteger {
        value as? Options ?? double(value).map { Options(rawValue: Options.RawValue(truncatingIfNeeded: Int($0))) }
    }
}
