import Foundation
#if canImport(CoreGraphics)
import CoreGraphics  // CGPathElementType
#endif

/// A property value in a form the engine can interpolate, add and measure.
///
/// Core Animation interpolates numbers, points, sizes, rects, transforms, colors, paths
/// (point by point, when both have the same elements) and arrays of numbers or colors
/// (element by element, when both have the same count), and switches everything else
/// discretely. Numbers arrive boxed as any Swift numeric type or
/// `NSNumber` (on Linux `Any` holding a `CGFloat` does not bridge to `Double`), so the
/// original numeric type is kept to box results back into the type the property expects.
struct AnimatableValue {
    enum Kind: Equatable {
        case number(NumericType)
        case point, size, rect, transform, color
        /// Three numbers `[x, y, z]`: the input of a ``CAValueFunction`` such as `.scale`.
        case vector
        /// A `CGPath` with these elements; its points' coordinates, in order, are the
        /// components (see ``components``).
        case path([CGPathElementType])
        /// An array of `count` numbers or colors, such as a gradient's `locations` and
        /// `colors`; each element's lanes, in order, are the components.
        case list(ListElement, count: Int)
        /// Not interpolatable: switches at the midpoint, like CSS discrete animation.
        case discrete
    }

    enum NumericType: Equatable { case cgFloat, double, float, int, nsNumber }

    /// What a ``Kind/list(_:count:)`` holds.
    enum ListElement: Equatable {
        case number(NumericType)
        case color
    }

    var kind: Kind
    /// Components: x, y (point); width, height (size); x, y, width, height (rect);
    /// r, g, b, a (color); m11…m44 (transform); the number in lane 0.
    var lanes: SIMD16<Double>
    /// The value of a discrete kind; the components of a path or a list (`[Double]`).
    var other: Any?

    init(kind: Kind, lanes: SIMD16<Double>) {
        self.kind = kind
        self.lanes = lanes
        self.other = nil
    }

    init(discrete value: Any) {
        kind = .discrete
        lanes = .zero
        other = value
    }

    init(transform: CATransform3D) {
        self.init(kind: .transform, lanes: Self.lanes(transform))
    }

    /// A number, boxed back as `type`.
    init(number: Double, type: NumericType) {
        var lanes = SIMD16<Double>.zero
        lanes[0] = number
        self.init(kind: .number(type), lanes: lanes)
    }

    /// Three numbers `[x, y, z]`.
    init(vector x: Double, _ y: Double, _ z: Double) {
        var lanes = SIMD16<Double>.zero
        (lanes[0], lanes[1], lanes[2]) = (x, y, z)
        self.init(kind: .vector, lanes: lanes)
    }

    /// Reads any value Core Animation can animate; nil for nil.
    init?(_ value: Any?) {
        guard let value else { return nil }
        // A number first, the common case: a cast sees through an optional inside the `Any`,
        // and costs far less than asking whether the value is an optional at all.
        if let number = Self.number(value) {
            self.init(number: number.value, type: number.type)
            return
        }
        guard let value = Self.unwrap(value) else { return nil }
        switch value {
        case let point as CGPoint:
            self.init(kind: .point, lanes: Self.lanes([point.x, point.y]))
        case let size as CGSize:
            self.init(kind: .size, lanes: Self.lanes([size.width, size.height]))
        case let rect as CGRect:
            self.init(kind: .rect, lanes: Self.lanes([rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]))
        case let transform as CATransform3D:
            self.init(kind: .transform, lanes: Self.lanes(transform))
        case let color as CGColor:
            self.init(kind: .color, lanes: Self.lanes(Self.rgba(color)))
        case let array as [Any]:
            self = Self.list(array) ?? AnimatableValue(discrete: value)
        case let nsValue as NSValue:
            // `NSValue(cgPoint:)` and its siblings; on Apple platforms `as CGPoint` above
            // already bridges them.
            if let point = nsValue.unboxed(CGPoint.self) {
                self.init(point)
            } else if let size = nsValue.unboxed(CGSize.self) {
                self.init(size)
            } else if let rect = nsValue.unboxed(CGRect.self) {
                self.init(rect)
            } else if let transform = nsValue.unboxed(CATransform3D.self) {
                self.init(transform)
            } else {
                self.init(discrete: value)
            }
        default:
            if let path = PathReading.path(value) {
                self.init(path: path)
            } else {
                self.init(discrete: value)
            }
        }
    }

    /// A path, its points' coordinates as components.
    init(path: (types: [CGPathElementType], components: [Double])) {
        self.init(kind: .path(path.types), lanes: .zero)
        other = path.components
    }

    /// An array of numbers or of colors, element by element; nil for an empty array or one
    /// that mixes kinds or holds anything else.
    private static func list(_ array: [Any]) -> AnimatableValue? {
        guard let first = array.first else { return nil }
        var components: [Double] = []
        let element: ListElement
        if let number = number(first) {
            element = .number(number.type)
            for value in array {
                guard let number = Self.number(value) else { return nil }
                components.append(number.value)
            }
        } else if first is CGColor {
            element = .color
            for value in array {
                guard let color = value as? CGColor else { return nil }
                components += rgba(color).map(Double.init)
            }
        } else {
            return nil
        }
        var value = AnimatableValue(kind: .list(element, count: array.count), lanes: .zero)
        value.other = components
        return value
    }

    private static func boxedList(_ element: ListElement, _ components: [Double]) -> [Any] {
        switch element {
        case .number(let type):
            return components.map { AnimatableValue(number: $0, type: type).boxed }
        case .color:
            return stride(from: 0, to: components.count - 3, by: 4).map { i in
                CGColor(srgbRed: components[i], green: components[i + 1], blue: components[i + 2], alpha: components[i + 3])
            }
        }
    }

    /// The red, green, blue and alpha components of `color`.
    private static func rgba(_ color: CGColor) -> [CGFloat] {
        let c = color.components ?? [0, 0, 0, 1]
        return c.count >= 4 ? Array(c.prefix(4)) : [c.first ?? 0, c.first ?? 0, c.first ?? 0, c.last ?? 1]
    }

    /// Whether the components are in ``components`` (paths and lists) rather than `lanes`.
    var isComposite: Bool {
        switch kind {
        case .path, .list: return true
        default: return false
        }
    }

    /// A path's or a list's components.
    var components: [Double] { other as? [Double] ?? [] }

    /// `combine` applied to each pair of components (a path or a list of one kind).
    func combined(with other: AnimatableValue, _ combine: (Double, Double) -> Double) -> AnimatableValue {
        var result = self
        result.other = zip(components, other.components).map(combine)
        return result
    }

    /// Whether values of `self` and `other` can be interpolated together.
    func isCompatible(with other: AnimatableValue) -> Bool {
        switch (kind, other.kind) {
        case (.number, .number): return true
        case (.discrete, _), (_, .discrete): return true
        // Different elements or counts switch discretely (Apple leaves the result undefined).
        case (.path, .path), (.list, .list): return true
        default: return kind == other.kind
        }
    }

    // MARK: Boxing

    /// The value boxed as the Swift type Core Animation hands out for its kind.
    var boxed: Any {
        switch kind {
        case .number(let type):
            let v = lanes[0]
            switch type {
            case .cgFloat: return CGFloat(v)
            case .double: return v
            case .float: return Float(v)
            case .int: return v.rounded() == v ? Int(v) as Any : v as Any
            case .nsNumber: return NSNumber(value: v)
            }
        case .point: return CGPoint(x: lanes[0], y: lanes[1])
        case .size: return CGSize(width: lanes[0], height: lanes[1])
        case .rect: return CGRect(x: lanes[0], y: lanes[1], width: lanes[2], height: lanes[3])
        case .transform: return transform
        case .color: return CGColor(srgbRed: lanes[0], green: lanes[1], blue: lanes[2], alpha: lanes[3])
        case .vector: return [CGFloat(lanes[0]), CGFloat(lanes[1]), CGFloat(lanes[2])]
        case .path(let types): return PathReading.path(types, components)
        case .list(let element, _): return Self.boxedList(element, components)
        case .discrete: return other as Any
        }
    }

    /// The value boxed to match the type of `template` (for numbers: the template's numeric
    /// type). A number for a Boolean property (one animated with `NSNumber(value: true)`, or
    /// 0 and 1, as Objective-C code boxes a `BOOL`) is true from 0.5 on, so it switches
    /// halfway, as an animation between `Bool` values does.
    func boxed(like template: AnimatableValue?) -> Any {
        guard case .number = kind else { return boxed }
        if let template, template.other is Bool { return lanes[0] >= 0.5 }
        var copy = self
        if let template, case .number(let type) = template.kind {
            copy.kind = .number(type == .int ? .double : type)
        } else {
            // No model value to match: CGFloat, the type custom layer properties use.
            copy.kind = .number(.cgFloat)
        }
        return copy.boxed
    }

    var transform: CATransform3D {
        CATransform3D(
            m11: lanes[0], m12: lanes[1], m13: lanes[2], m14: lanes[3],
            m21: lanes[4], m22: lanes[5], m23: lanes[6], m24: lanes[7],
            m31: lanes[8], m32: lanes[9], m33: lanes[10], m34: lanes[11],
            m41: lanes[12], m42: lanes[13], m43: lanes[14], m44: lanes[15])
    }

    // MARK: Arithmetic

    /// Linear interpolation (transforms interpolate decomposed); `fraction` may overshoot.
    func interpolated(to end: AnimatableValue, fraction: Double) -> AnimatableValue {
        switch (kind, end.kind) {
        case (.discrete, _), (_, .discrete):
            return fraction < 0.5 ? self : end
        case (.transform, .transform):
            return AnimatableValue(kind: .transform, lanes: Self.lanes(transform.interpolated(to: end.transform, fraction: fraction)))
        case (.path, _), (.list, _):
            guard kind == end.kind else { return fraction < 0.5 ? self : end }
            return combined(with: end) { a, b in a + (b - a) * fraction }
        default:
            var result = self
            result.lanes = lanes + (end.lanes - lanes) * fraction
            return result
        }
    }

    /// `self + other`: sums lanes; transforms concatenate (`self` applied first).
    func adding(_ other: AnimatableValue) -> AnimatableValue {
        switch (kind, other.kind) {
        case (.discrete, _): return other
        case (_, .discrete): return self
        case (.transform, .transform):
            return AnimatableValue(kind: .transform, lanes: Self.lanes(CATransform3DConcat(transform, other.transform)))
        case (.path, _), (.list, _):
            return kind == other.kind ? combined(with: other, +) : other
        default:
            var result = self
            result.lanes = lanes + other.lanes
            return result
        }
    }

    /// `self − other`: the value that, added to `other`, gives `self`.
    func subtracting(_ other: AnimatableValue) -> AnimatableValue {
        switch (kind, other.kind) {
        case (.discrete, _), (_, .discrete): return self
        case (.transform, .transform):
            return AnimatableValue(kind: .transform, lanes: Self.lanes(CATransform3DConcat(CATransform3DInvert(other.transform), transform)))
        case (.path, _), (.list, _):
            return kind == other.kind ? combined(with: other, -) : self
        default:
            var result = self
            result.lanes = lanes - other.lanes
            return result
        }
    }

    /// `self` added to itself `count` times (cumulative repeats); `count` ≥ 0.
    func repeated(_ count: Int) -> AnimatableValue {
        switch kind {
        case .discrete: return self
        case .transform:
            var result = CATransform3DIdentity
            for _ in 0..<max(0, count) { result = CATransform3DConcat(result, transform) }
            return AnimatableValue(kind: .transform, lanes: Self.lanes(result))
        case .path, .list:
            return combined(with: self) { a, _ in a * Double(count) }
        default:
            var result = self
            result.lanes = lanes * Double(count)
            return result
        }
    }

    /// Euclidean distance between the two values' components, for paced keyframes.
    func distance(to other: AnimatableValue) -> Double {
        guard kind != .discrete, other.kind != .discrete else { return 1 }
        if isComposite {
            guard kind == other.kind else { return 1 }
            return zip(components, other.components).reduce(0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
        }
        let d = other.lanes - lanes
        return (d * d).sum().squareRoot()
    }

    // MARK: Reading

    private static func unwrap(_ value: Any?) -> Any? {
        guard let value else { return nil }
        // One level of optional inside the Any, as `Mirror` reports it, without reflecting.
        guard let optional = value as? any OptionalBox else { return value }
        return optional.wrappedAny
    }

    /// Reads a number of any Swift numeric type or `NSNumber`.
    static func number(_ value: Any) -> (value: Double, type: NumericType)? {
        // The common boxes first, by their exact type: far cheaper than the casts below, which
        // also see through an optional inside the `Any` and bridge `NSNumber`.
        if let v = exactly(value, as: CGFloat.self) { return (Double(v), .cgFloat) }
        if let v = exactly(value, as: Double.self) { return (v, .double) }
        switch value {
        case let v as CGFloat: return (Double(v), .cgFloat)
        case let v as Double: return (v, .double)
        case let v as Float: return (Double(v), .float)
        case let v as Int: return (Double(v), .int)
        case is Bool: return nil
        case let v as NSNumber: return (v.doubleValue, .nsNumber)
        case let v as Int32: return (Double(v), .int)
        case let v as Int64: return (Double(v), .int)
        case let v as UInt: return (Double(v), .int)
        default: return nil
        }
    }

    private static func lanes(_ values: [CGFloat]) -> SIMD16<Double> {
        var lanes = SIMD16<Double>.zero
        for (i, v) in values.enumerated() { lanes[i] = Double(v) }
        return lanes
    }

    private static func lanes(_ t: CATransform3D) -> SIMD16<Double> {
        SIMD16(t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
               t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44)
    }
}
