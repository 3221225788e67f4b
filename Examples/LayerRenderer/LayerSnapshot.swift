import Foundation

/// What one layer shows at one instant: the properties the renderer draws, as plain values.
///
/// Take one from a live layer tree with ``init(presentationOf:)``, which reads each layer's
/// presentation values (what is on screen now, animations applied), or build one by hand
/// for tests.
///
/// ```swift
/// let frame = LayerSnapshot(presentationOf: rootLayer)
/// let svg = SVGRenderer.standalone(frame, size: CGSize(width: 360, height: 480))
/// ```
public struct LayerSnapshot: Sendable, Equatable {
    /// The layer's `name`, written as `data-layer` so the SVG can be searched.
    public var name: String?
    /// The layer's `bounds`.
    public var bounds: CGRect
    /// The layer's `position`, in its superlayer's coordinates.
    public var position: CGPoint
    /// The layer's `anchorPoint`, in unit coordinates of the bounds.
    public var anchorPoint: CGPoint
    /// The flat part of the layer's `transform`.
    public var transform: Affine
    /// The flat part of the layer's `sublayerTransform`, applied about its anchor point.
    public var sublayerTransform: Affine
    /// The layer's `opacity`, applied to it and its sublayers as a group.
    public var opacity: Double
    /// The layer's `isHidden`.
    public var isHidden: Bool
    /// The layer's `backgroundColor`; nil draws no background.
    public var backgroundColor: RGBA?
    /// The layer's `cornerRadius`, clamped to half the shorter side when drawn.
    public var cornerRadius: Double
    /// The layer's `borderWidth`, drawn inside the bounds.
    public var borderWidth: Double
    /// The layer's `borderColor`.
    public var borderColor: RGBA?
    /// The layer's `masksToBounds`: sublayers are clipped to the rounded bounds.
    public var masksToBounds: Bool
    /// The sublayers, back to front.
    public var sublayers: [LayerSnapshot]

    /// Creates a snapshot; the defaults are `CALayer`'s.
    public init(name: String? = nil, bounds: CGRect = .zero, position: CGPoint = .zero,
                anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5), transform: Affine = .identity,
                sublayerTransform: Affine = .identity, opacity: Double = 1, isHidden: Bool = false,
                backgroundColor: RGBA? = nil, cornerRadius: Double = 0, borderWidth: Double = 0,
                borderColor: RGBA? = RGBA(red: 0, green: 0, blue: 0), masksToBounds: Bool = false,
                sublayers: [LayerSnapshot] = []) {
        self.name = name
        self.bounds = bounds
        self.position = position
        self.anchorPoint = anchorPoint
        self.transform = transform
        self.sublayerTransform = sublayerTransform
        self.opacity = opacity
        self.isHidden = isHidden
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        self.masksToBounds = masksToBounds
        self.sublayers = sublayers
    }

    /// Reads `layer` and its sublayers as they are shown now: each layer's `presentation()`,
    /// or the layer itself before its first commit.
    ///
    /// The sublayers come from the model tree (the presentation tree mirrors it), so a
    /// layer added or removed shows from the moment the change is made.
    public init(presentationOf layer: CALayer) {
        let shown = layer.presentation() ?? layer
        self.init(name: layer.name, bounds: shown.bounds, position: shown.position,
                  anchorPoint: shown.anchorPoint, transform: Affine(shown.transform),
                  sublayerTransform: Affine(shown.sublayerTransform), opacity: Double(shown.opacity),
                  isHidden: shown.isHidden, backgroundColor: RGBA(shown.backgroundColor),
                  cornerRadius: Double(shown.cornerRadius), borderWidth: Double(shown.borderWidth),
                  borderColor: RGBA(shown.borderColor), masksToBounds: shown.masksToBounds,
                  sublayers: (layer.sublayers ?? []).map(LayerSnapshot.init(presentationOf:)))
    }

    /// The layer's anchor point in its own coordinates: the bounds origin plus
    /// `anchorPoint` × the bounds size.
    public var anchorInBounds: CGPoint {
        CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// The map from this layer's coordinates to its superlayer's:
    /// `p ↦ position + transform(p − anchorInBounds)`.
    public var toSuperlayer: Affine {
        let anchor = anchorInBounds
        return Affine.translation(Double(position.x), Double(position.y))
            .concatenating(transform)
            .concatenating(.translation(-Double(anchor.x), -Double(anchor.y)))
    }

    /// The map applied to the sublayers: `sublayerTransform` about the anchor point.
    public var toSublayers: Affine {
        guard !sublayerTransform.isIdentity else { return .identity }
        let anchor = anchorInBounds
        return Affine.translation(Double(anchor.x), Double(anchor.y))
            .concatenating(sublayerTransform)
            .concatenating(.translation(-Double(anchor.x), -Double(anchor.y)))
    }
}
