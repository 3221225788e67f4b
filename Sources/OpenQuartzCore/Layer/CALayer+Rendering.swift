import Foundation
#if canImport(CoreGraphics)
import CoreGraphics  // CGPath
#endif

/// The layer's rendering properties (`CALayer.h`), with Apple's defaults. Nothing is drawn
/// headless: they are stored, read back, copied by `init(layer:)` and key-value coded
/// (`"geometryFlipped"`, `"contentsGravity"`, …). Of them, `shadowPath`,
/// `minificationFilterBias`, `shouldRasterize` and `rasterizationScale` are animatable
/// (`CALayer.h` marks them "Animatable"), and so have presentation values of their own; the
/// last three also animate implicitly.
extension CALayer {
    /// Whether the geometry of the layer and its sublayers is flipped vertically (false).
    public var isGeometryFlipped: Bool {
        get { read(\.isGeometryFlipped) }
        set { write(\.isGeometryFlipped, newValue, key: "geometryFlipped") }
    }

    /// Whether the contents are implicitly flipped when rendered: an odd number of layers
    /// with `isGeometryFlipped` from this layer up to the root (`CALayer.h`).
    public func contentsAreFlipped() -> Bool {
        var flipped = false
        var layer: CALayer? = self
        while let current = layer {
            if current.isGeometryFlipped { flipped.toggle() }
            layer = current.superlayer
        }
        return flipped
    }

    /// The outline of the layer's shadow, or nil for the shape of its content (nil); copied on
    /// assignment. Animatable, point by point, like `CAShapeLayer.path`, and like it without
    /// an implicit animation.
    ///
    /// ```swift
    /// card.shadowPath = CGPath(roundedRect: card.bounds, cornerWidth: 12, cornerHeight: 12, transform: nil)
    /// ```
    public var shadowPath: CGPath? {
        get { read(\.shadowPath) }
        set { write(\.shadowPath, newValue?.copy(), key: "shadowPath") }  // the copy Apple documents
    }

    /// A layer whose alpha masks this layer's content (nil). The mask's `superlayer` is this
    /// layer, and its `removeFromSuperlayer()` sets this property to nil (`CALayer.h`: it
    /// "works both if the receiver is in its superlayer's `sublayers' array or set as its
    /// `mask' value"). That of a presentation layer is the presentation layer of its model's
    /// mask (Apple: "the presentation versions").
    public var mask: CALayer? {
        get {
            let mask = read(\.mask)
            return isPresentationCopy ? mask?.presentation() : mask
        }
        set { write(\.mask, newValue, key: "mask") }
    }

    /// How the contents are positioned or scaled within the bounds (`.resize`).
    public var contentsGravity: CALayerContentsGravity {
        get { read(\.contentsGravity) }
        set { write(\.contentsGravity, newValue, key: "contentsGravity") }
    }

    /// The pixel format of the backing store (`.RGBA8Uint`).
    public var contentsFormat: CALayerContentsFormat {
        get { read(\.contentsFormat) }
        set { write(\.contentsFormat, newValue, key: "contentsFormat") }
    }

    /// The filter used to reduce the contents (`.linear`).
    public var minificationFilter: CALayerContentsFilter {
        get { read(\.minificationFilter) }
        set { write(\.minificationFilter, newValue, key: "minificationFilter") }
    }

    /// The filter used to enlarge the contents (`.linear`).
    public var magnificationFilter: CALayerContentsFilter {
        get { read(\.magnificationFilter) }
        set { write(\.magnificationFilter, newValue, key: "magnificationFilter") }
    }

    /// The bias of the minification filter's level of detail (0). Animatable.
    public var minificationFilterBias: Float {
        get { read(\.minificationFilterBias) }
        set { write(\.minificationFilterBias, newValue, key: "minificationFilterBias") }
    }

    /// Which edges are antialiased (all four).
    public var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { read(\.edgeAntialiasingMask) }
        set { write(\.edgeAntialiasingMask, newValue, key: "edgeAntialiasingMask") }
    }

    /// Whether edges are antialiased as `edgeAntialiasingMask` says (false).
    public var allowsEdgeAntialiasing: Bool {
        get { read(\.allowsEdgeAntialiasing) }
        set { write(\.allowsEdgeAntialiasing, newValue, key: "allowsEdgeAntialiasing") }
    }

    /// Which corners `cornerRadius` rounds (all four).
    public var maskedCorners: CACornerMask {
        get { read(\.maskedCorners) }
        set { write(\.maskedCorners, newValue, key: "maskedCorners") }
    }

    /// The curve of the rounded corners (`.circular`).
    public var cornerCurve: CALayerCornerCurve {
        get { read(\.cornerCurve) }
        set { write(\.cornerCurve, newValue, key: "cornerCurve") }
    }

    /// How much larger than `cornerRadius` a corner of `curve` reaches into the edges: 1 for
    /// `.circular`, about 1.53 for `.continuous`.
    public class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? 1.528665 : 1
    }

    /// A Core Image filter applied to the content and what lies behind it (nil).
    public var compositingFilter: Any? {
        get { read(\.compositingFilter) }
        set { write(\.compositingFilter, newValue, key: "compositingFilter") }
    }

    /// Core Image filters applied to the content and sublayers (nil).
    public var filters: [Any]? {
        get { read(\.filters) }
        set { write(\.filters, newValue, key: "filters") }
    }

    /// Core Image filters applied to what lies behind the layer (nil).
    public var backgroundFilters: [Any]? {
        get { read(\.backgroundFilters) }
        set { write(\.backgroundFilters, newValue, key: "backgroundFilters") }
    }

    /// Whether the layer is rendered as a bitmap before compositing (false). Animatable.
    public var shouldRasterize: Bool {
        get { read(\.shouldRasterize) }
        set { write(\.shouldRasterize, newValue, key: "shouldRasterize") }
    }

    /// The scale at which a rasterized layer is rendered (1). Animatable.
    public var rasterizationScale: CGFloat {
        get { read(\.rasterizationScale) }
        set { write(\.rasterizationScale, newValue, key: "rasterizationScale") }
    }

    /// The layer's preferred size in its superlayer's space: the size of `frame`, the
    /// bounds mapped into the superlayer (there is no layout manager).
    public func preferredFrameSize() -> CGSize { frame.size }

    /// The default `hitTest(_:)`: the farthest descendant containing `p` as `contains(_:)`
    /// says, skipping hidden layers; a layer that masks to its bounds hides its sublayers
    /// outside them. Siblings are searched from the top (`CALayer.h`: "Siblings are searched
    /// in top-to-bottom order").
    ///
    /// `p` is in the space of the nearest ancestor that is not a `CATransformLayer`
    /// (`CALayer.h`: "'p' is defined to be in the coordinate space of the receiver's nearest
    /// ancestor that isn't a CATransformLayer"); usually that is the superlayer. A layer with
    /// no such ancestor takes `p` in its superlayer's space, and a root layer in its own.
    ///
    /// A `CATransformLayer` is passed over: its sublayers are tested with the point it was
    /// given, but it is never the result and its `masksToBounds` is ignored
    /// (`CATransformLayer.h`: "CALayer will pass over transform layers directly to their
    /// sublayers, applying the effects of the transform layer's geometry when hit-testing
    /// each sublayer"; `masksToBounds` is among the properties it ignores).
    func hitTestDescendants(_ p: CGPoint) -> CALayer? {
        guard !isHidden else { return nil }
        let flatAncestor = nearestFlatAncestor()
        let local = (flatAncestor ?? superlayer).map { convert(p, from: $0) } ?? p
        let isFlat = !(self is CATransformLayer)
        let inside = isFlat && contains(local)
        if isFlat && masksToBounds && !inside { return nil }
        // The sublayers' nearest flat ancestor is this layer, or, for a transform layer, its own.
        let sublayerPoint = isFlat || flatAncestor == nil ? local : p
        for sublayer in (sublayers ?? []).reversed() {
            if let hit = sublayer.hitTest(sublayerPoint) { return hit }
        }
        return inside ? self : nil
    }

    /// The nearest ancestor that is not a `CATransformLayer`, or nil if there is none.
    private func nearestFlatAncestor() -> CALayer? {
        var ancestor = superlayer
        while let layer = ancestor, layer is CATransformLayer { ancestor = layer.superlayer }
        return ancestor
    }
}
