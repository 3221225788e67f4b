import Foundation

/// Converting points and rectangles between the coordinate spaces of layers in one tree.
///
/// A layer's point `p` (in its bounds coordinates) lands in its superlayer at
/// `position + transform(p − anchor)`, where `anchor = bounds.origin + anchorPoint × bounds.size`;
/// the superlayer's `sublayerTransform` then applies about the superlayer's own anchor.
/// Transforms use Core Animation's row-vector convention with a perspective divide; the
/// inverse direction inverts each transform, which is exact for flat (affine) transforms.
extension CALayer {
    /// Converts `p` from the coordinate space of `l` to this layer's.
    ///
    /// ```swift
    /// let inRoot = root.convert(CGPoint(x: 0, y: 0), from: badge)   // badge's top-left corner
    /// ```
    ///
    /// Between two layers the point goes up from `l` to the nearest layer the two share, and
    /// down from there (Apple: "The receiver and `l` and must share a common parent layer"):
    /// the geometry of that layer and of its ancestors plays no part, so a 3D-transformed or
    /// collapsed (zero-scale) ancestor leaves the conversion exact.
    ///
    /// - Parameters:
    ///   - p: A point in the bounds coordinates of `l`.
    ///   - l: A layer of the same tree, or nil for the space in which the tree's root layer's
    ///     `position` is given.
    /// - Returns: The same point in this layer's bounds coordinates.
    public func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint {
        guard let l else { return pointFromRootSpace(p) }
        return Self.convert(p, from: l, to: self)
    }

    /// Converts `p` from this layer's coordinate space to that of `l` (nil: the space in
    /// which the tree's root layer's `position` is given), through the nearest superlayer the
    /// two share.
    public func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
        guard let l else { return pointToRootSpace(p) }
        return Self.convert(p, from: self, to: l)
    }

    /// Converts `r` from the coordinate space of `l` to this layer's: the bounding box of
    /// its converted corners.
    public func convert(_ r: CGRect, from l: CALayer?) -> CGRect {
        Self.boundingBox(of: Self.corners(of: r).map { convert($0, from: l) })
    }

    /// Converts `r` from this layer's coordinate space to that of `l`: the bounding box of
    /// its converted corners.
    public func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
        Self.boundingBox(of: Self.corners(of: r).map { convert($0, to: l) })
    }

    // MARK: Engine machinery

    /// The chain from this layer up to the root, with each layer's model geometry; for a
    /// presentation layer, the presentation geometry of it and its model's ancestors. Each
    /// link names its (model) layer.
    private func geometryChain() -> [(layer: ObjectIdentifier, geometry: LayerGeometry)] {
        // Whether each layer is its superlayer's mask, which the superlayer's
        // `sublayerTransform` does not move (`CALayer.h`: it is "applied to each member of the
        // `sublayers' array").
        let (modelStates, masks, layers) = Engine.locked { () -> ([LayerState], [Bool], [ObjectIdentifier]) in
            var states: [LayerState] = []
            var masks: [Bool] = []
            var layers: [ObjectIdentifier] = []
            var layer: CALayer? = self
            while let current = layer {
                states.append(current.storage)
                layers.append(ObjectIdentifier(current.modelLayer ?? current))
                layer = current.treeParentLocked
                masks.append(layer.map { $0.storage.mask === (current.modelLayer ?? current) } ?? false)
            }
            return (states, masks, layers)
        }
        var states = modelStates
        if isPresentationCopy {
            var ancestor = modelLayer?.superlayer
            for index in states.indices.dropFirst() {
                if let presented = ancestor?.presentationState() { states[index] = presented }
                ancestor = ancestor?.superlayer
            }
        }
        return states.indices.map { index in
            guard index + 1 < states.count else { return (layers[index], LayerGeometry(states[index], parent: nil)) }
            var parent = states[index + 1]
            if masks[index] { parent.sublayerTransform = CATransform3DIdentity }
            return (layers[index], LayerGeometry(states[index], parent: parent))
        }
    }

    private func pointToRootSpace(_ p: CGPoint) -> CGPoint {
        geometryChain().reduce(p) { point, link in link.geometry.toParent(point) }
    }

    private func pointFromRootSpace(_ p: CGPoint) -> CGPoint {
        geometryChain().reversed().reduce(p) { point, link in link.geometry.fromParent(point) }
    }

    /// Converts `p` from `source`'s space up to the nearest layer the two chains share, and
    /// down from it to `target`'s; layers of different trees meet in the root space.
    private static func convert(_ p: CGPoint, from source: CALayer, to target: CALayer) -> CGPoint {
        let down = target.geometryChain()
        let targetLayers = Set(down.map(\.layer))
        var point = p
        var common: ObjectIdentifier?
        for link in source.geometryChain() {
            if targetLayers.contains(link.layer) {
                common = link.layer
                break
            }
            point = link.geometry.toParent(point)
        }
        for link in down.prefix(while: { $0.layer != common }).reversed() {
            point = link.geometry.fromParent(point)
        }
        return point
    }

    private static func corners(of r: CGRect) -> [CGPoint] {
        [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
         CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)]
    }

    private static func boundingBox(of points: [CGPoint]) -> CGRect {
        let xs = points.map(\.x), ys = points.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// One layer's placement in its superlayer, read from model values.
private struct LayerGeometry {
    let anchor: CGPoint
    let position: CGPoint
    let transform: CATransform3D
    /// The superlayer's anchor and sublayer transform, if there is a superlayer.
    let parentAnchor: CGPoint?
    let parentSublayerTransform: CATransform3D?

    init(_ state: LayerState, parent: LayerState?) {
        anchor = Self.anchor(of: state)
        position = state.position
        transform = state.transform
        parentAnchor = parent.map(Self.anchor(of:))
        parentSublayerTransform = parent?.sublayerTransform
    }

    static func anchor(of state: LayerState) -> CGPoint {
        CGPoint(x: state.bounds.minX + state.anchorPoint.x * state.bounds.width,
                y: state.bounds.minY + state.anchorPoint.y * state.bounds.height)
    }

    func toParent(_ p: CGPoint) -> CGPoint {
        var q = Self.apply(transform, to: CGPoint(x: p.x - anchor.x, y: p.y - anchor.y))
        q = CGPoint(x: q.x + position.x, y: q.y + position.y)
        guard let parentAnchor, let sublayer = parentSublayerTransform else { return q }
        let s = Self.apply(sublayer, to: CGPoint(x: q.x - parentAnchor.x, y: q.y - parentAnchor.y))
        return CGPoint(x: s.x + parentAnchor.x, y: s.y + parentAnchor.y)
    }

    func fromParent(_ p: CGPoint) -> CGPoint {
        var q = p
        if let parentAnchor, let sublayer = parentSublayerTransform {
            let s = Self.apply(CATransform3DInvert(sublayer), to: CGPoint(x: q.x - parentAnchor.x, y: q.y - parentAnchor.y))
            q = CGPoint(x: s.x + parentAnchor.x, y: s.y + parentAnchor.y)
        }
        let local = Self.apply(CATransform3DInvert(transform), to: CGPoint(x: q.x - position.x, y: q.y - position.y))
        return CGPoint(x: local.x + anchor.x, y: local.y + anchor.y)
    }

    /// Row-vector application to the point (x, y, 0, 1), with the perspective divide.
    static func apply(_ t: CATransform3D, to p: CGPoint) -> CGPoint {
        let x = p.x * t.m11 + p.y * t.m21 + t.m41
        let y = p.x * t.m12 + p.y * t.m22 + t.m42
        let w = p.x * t.m14 + p.y * t.m24 + t.m44
        return w != 0 && w != 1 ? CGPoint(x: x / w, y: y / w) : CGPoint(x: x, y: y)
    }
}

/// The frame: the box that a layer's transformed bounds cover in its superlayer.
extension CALayer {
    /// The rectangle that `bounds`, placed at `position` by `anchor` and transformed by
    /// `transform` about it, covers in the superlayer.
    static func frame(of bounds: CGRect, at position: CGPoint, anchor: CGPoint, transform: CATransform3D) -> CGRect {
        let local = CGRect(x: -bounds.width * anchor.x, y: -bounds.height * anchor.y,
                           width: bounds.width, height: bounds.height)
        let corners = [CGPoint(x: local.minX, y: local.minY), CGPoint(x: local.maxX, y: local.minY),
                       CGPoint(x: local.minX, y: local.maxY), CGPoint(x: local.maxX, y: local.maxY)]
            .map { LayerGeometry.apply(transform, to: $0) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: position.x + xs.min()!, y: position.y + ys.min()!,
                      width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The bounds size whose transformed bounding box has size `framed`. Under a scale, or a
    /// rotation by a multiple of 90°, that is exact (Apple: do not set the frame under other
    /// rotations); where the box does not determine the size, it is `framed` itself.
    static func boundsSize(framed: CGSize, by transform: CATransform3D) -> CGSize {
        // The box of a w × h rectangle is (|a|w + |c|h) × (|b|w + |d|h).
        let (a, b, c, d) = (abs(transform.m11), abs(transform.m12), abs(transform.m21), abs(transform.m22))
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return framed }
        return CGSize(width: (d * framed.width - c * framed.height) / determinant,
                      height: (a * framed.height - b * framed.width) / determinant)
    }
}
