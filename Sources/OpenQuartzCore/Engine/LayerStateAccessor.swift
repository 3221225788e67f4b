import Foundation

/// A key path of a declared `CALayer` property, resolved once to a typed read and write of
/// `LayerState`, so presentation evaluation needs no string parsing, no `Any` boxes and no
/// dynamic casts.
///
/// It covers every declared animatable property whose value interpolates (numbers, points,
/// sizes, rects, transforms and colors) and the geometric sub-paths of points, sizes and
/// rects (`position.x`, `bounds.size.height`, `shadowOffset.width`, ...). Custom keys,
/// transform sub-paths (`transform.scale`) and discrete properties return nil and take the
/// key-value coding path, which gives the same values.
///
/// The values match the key-value path exactly: a read gives the `AnimatableValue` that
/// `AnimatableValue(layer.value(forKeyPath:))` gives, and a write stores what
/// `setValue(value.boxed(like: base), forKeyPath:)` stores on a presentation copy, including
/// ignoring a value of the wrong kind.
///
/// `@unchecked Sendable`: it holds only key paths to stored properties of value types, which
/// are immutable.
enum LayerStateAccessor: @unchecked Sendable {
    case float(WritableKeyPath<LayerState, Float>)
    case cgFloat(WritableKeyPath<LayerState, CGFloat>)
    case point(WritableKeyPath<LayerState, CGPoint>)
    case size(WritableKeyPath<LayerState, CGSize>)
    case rect(WritableKeyPath<LayerState, CGRect>)
    case transform(WritableKeyPath<LayerState, CATransform3D>)
    case color(WritableKeyPath<LayerState, CGColor?>)

    /// The accessor for `keyPath`, or nil when the key-value path must handle it.
    static func resolve(_ keyPath: String) -> LayerStateAccessor? { table[keyPath] }

    /// The current value, as the engine interpolates it; nil for a nil color.
    func read(_ state: LayerState) -> AnimatableValue? {
        switch self {
        case .float(let path):
            return AnimatableValue(kind: .number(.float), lanes: Self.lanes(Double(state[keyPath: path])))
        case .cgFloat(let path):
            return AnimatableValue(kind: .number(.cgFloat), lanes: Self.lanes(Double(state[keyPath: path])))
        case .point(let path):
            let p = state[keyPath: path]
            return AnimatableValue(kind: .point, lanes: Self.lanes(Double(p.x), Double(p.y)))
        case .size(let path):
            let s = state[keyPath: path]
            return AnimatableValue(kind: .size, lanes: Self.lanes(Double(s.width), Double(s.height)))
        case .rect(let path):
            let r = state[keyPath: path]
            var lanes = Self.lanes(Double(r.origin.x), Double(r.origin.y))
            lanes[2] = Double(r.size.width)
            lanes[3] = Double(r.size.height)
            return AnimatableValue(kind: .rect, lanes: lanes)
        case .transform(let path):
            let t = state[keyPath: path]
            return AnimatableValue(kind: .transform, lanes: SIMD16(
                t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44))
        case .color(let path):
            // The key-value path reads a color through `AnimatableValue(_:)`; so does this.
            guard let color = state[keyPath: path] else { return nil }
            return AnimatableValue(color)
        }
    }

    /// Stores `value`; a value of another kind is ignored, as the key-value path ignores a
    /// value of the wrong type on a presentation copy.
    func write(_ value: AnimatableValue, into state: inout LayerState) {
        switch (self, value.kind) {
        case (.float(let path), .number):
            state[keyPath: path] = Float(value.lanes[0])
        case (.cgFloat(let path), .number):
            state[keyPath: path] = CGFloat(value.lanes[0])
        case (.point(let path), .point):
            state[keyPath: path] = CGPoint(x: value.lanes[0], y: value.lanes[1])
        case (.size(let path), .size):
            state[keyPath: path] = CGSize(width: value.lanes[0], height: value.lanes[1])
        case (.rect(let path), .rect):
            state[keyPath: path] = CGRect(x: value.lanes[0], y: value.lanes[1], width: value.lanes[2], height: value.lanes[3])
        case (.transform(let path), .transform):
            state[keyPath: path] = value.transform
        case (.color(let path), .color):
            state[keyPath: path] = value.boxed as? CGColor
        default:
            break
        }
    }

    private static func lanes(_ a: Double, _ b: Double = 0) -> SIMD16<Double> {
        var lanes = SIMD16<Double>.zero
        lanes[0] = a
        lanes[1] = b
        return lanes
    }

    /// Every resolvable key path, by its key-value coding spelling.
    private static let table: [String: LayerStateAccessor] = {
        var table: [String: LayerStateAccessor] = [
            "zPosition": .cgFloat(\.zPosition),
            "anchorPointZ": .cgFloat(\.anchorPointZ),
            "transform": .transform(\.transform),
            "sublayerTransform": .transform(\.sublayerTransform),
            "opacity": .float(\.opacity),
            "backgroundColor": .color(\.backgroundColor),
            "cornerRadius": .cgFloat(\.cornerRadius),
            "borderWidth": .cgFloat(\.borderWidth),
            "borderColor": .color(\.borderColor),
            "shadowColor": .color(\.shadowColor),
            "shadowOpacity": .float(\.shadowOpacity),
            "shadowRadius": .cgFloat(\.shadowRadius),
            "contentsScale": .cgFloat(\.contentsScale),
            "minificationFilterBias": .float(\.minificationFilterBias),
            "rasterizationScale": .cgFloat(\.rasterizationScale),
        ]
        let points: [String: WritableKeyPath<LayerState, CGPoint>] = ["position": \.position, "anchorPoint": \.anchorPoint]
        for (key, path) in points {
            table[key] = .point(path)
            table[key + ".x"] = .cgFloat(path.appending(path: \.x))
            table[key + ".y"] = .cgFloat(path.appending(path: \.y))
        }
        let sizes: [String: WritableKeyPath<LayerState, CGSize>] = ["shadowOffset": \.shadowOffset]
        for (key, path) in sizes {
            table[key] = .size(path)
            table[key + ".width"] = .cgFloat(path.appending(path: \.width))
            table[key + ".height"] = .cgFloat(path.appending(path: \.height))
        }
        let rects: [String: WritableKeyPath<LayerState, CGRect>] = ["bounds": \.bounds, "contentsRect": \.contentsRect,
                                                                   "contentsCenter": \.contentsCenter]
        for (key, path) in rects {
            table[key] = .rect(path)
            table[key + ".origin"] = .point(path.appending(path: \.origin))
            table[key + ".origin.x"] = .cgFloat(path.appending(path: \.origin.x))
            table[key + ".origin.y"] = .cgFloat(path.appending(path: \.origin.y))
            table[key + ".size"] = .size(path.appending(path: \.size))
            table[key + ".size.width"] = .cgFloat(path.appending(path: \.size.width))
            table[key + ".size.height"] = .cgFloat(path.appending(path: \.size.height))
        }
        return table
    }()
}
