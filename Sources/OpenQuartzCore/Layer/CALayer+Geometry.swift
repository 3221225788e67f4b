import Foundation

/// Converting points and rectangles between the coordinate spaces of layers in one tree.
///
/// A layer's point `p` (in its bounds coordinates) lands in its superlayer at
/// `position + transform(p − anchor)`, where `anchor = bounds.origin + anchorPoint × bounds.size`
/// (with `anchorPointZ` and `zPosition` as the z of the anchor and of the position); the
/// superlayer's `sublayerTransform` then applies about the superlayer's own anchor, and the
/// result is flattened into the superlayer's plane. Transforms use Core Animation's row-vector
/// convention with a perspective divide; the inverse direction inverts that plane-to-plane map
/// exactly (see `LayerGeometry`).
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
///
/// The layer's plane (z = 0) maps into the superlayer by one 4 × 4 matrix: the move that puts
/// the 3D anchor point (`anchorPoint` in the bounds, `anchorPointZ`: "reference point for
/// position and transform", `CALayer.h`) at the origin, the `transform`, the move to
/// (`position`, `zPosition`) ("The Z component of the layer's position in its superlayer"),
/// then the superlayer's `sublayerTransform` ("Typically used as the projection matrix to add
/// perspective", `CALayer.h`) about the superlayer's anchor. The superlayer flattens the result
/// into its own plane (`CATransformLayer.h`: normal layers "project (i.e. flatten) their
/// sublayers into the plane at Z=0"): a perspective divide, dropping z. So a depth that the
/// layer's transform or `zPosition` gives is seen by the superlayer's perspective, and the way
/// back is the exact inverse of that plane-to-plane map.
private struct LayerGeometry {
    /// Layer plane to superlayer plane, row-vector convention.
    let toParentMatrix: CATransform3D

    init(_ state: LayerState, parent: LayerState?) {
        let anchor = Self.anchor(of: state)
        var matrix = CATransform3DConcat(
            CATransform3DMakeTranslation(-anchor.x, -anchor.y, -state.anchorPointZ),
            CATransform3DConcat(state.transform,
                                CATransform3DMakeTranslation(state.position.x, state.position.y, state.zPosition)))
        if let parent {
            let parentAnchor = Self.anchor(of: parent)
            matrix = CATransform3DConcat(matrix, CATransform3DConcat(
                CATransform3DMakeTranslation(-parentAnchor.x, -parentAnchor.y, 0),
                CATransform3DConcat(parent.sublayerTransform,
                                    CATransform3DMakeTranslation(parentAnchor.x, parentAnchor.y, 0))))
        }
        toParentMatrix = matrix
    }

    static func anchor(of state: LayerState) -> CGPoint {
        CGPoint(x: state.bounds.minX + state.anchorPoint.x * state.bounds.width,
                y: state.bounds.minY + state.anchorPoint.y * state.bounds.height)
    }

    func toParent(_ p: CGPoint) -> CGPoint { Self.apply(toParentMatrix, to: p) }

    /// The point of the layer's plane that `toParent(_:)` takes to `p`. On the plane z = 0
    /// the 4 × 4 matrix acts as the 3 × 3 homography of its x, y and w rows and columns,
    /// which is inverted exactly; a layer seen edge-on (no inverse) falls back to the 4 × 4
    /// inverse, or the matrix itself if it has none, as `CATransform3DInvert` returns.
    func fromParent(_ p: CGPoint) -> CGPoint {
        let t = toParentMatrix
        // (x, y, 1) · H = (X, Y, W), H = [[m11 m12 m14] [m21 m22 m24] [m41 m42 m44]].
        let (a, b, c) = (t.m11, t.m12, t.m14)
        let (d, e, f) = (t.m21, t.m22, t.m24)
        let (g, h, i) = (t.m41, t.m42, t.m44)
        let determinant = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        guard determinant != 0, determinant.isFinite else {
            return Self.apply(CATransform3DInvert(toParentMatrix), to: p)
        }
        // (X, Y, 1) · adj(H) is proportional to (x, y, 1).
        let x = p.x * (e * i - f * h) + p.y * (f * g - d * i) + (d * h - e * g)
        let y = p.x * (c * h - b * i) + p.y * (a * i - c * g) + (b * g - a * h)
        let w = p.x * (b * f - c * e) + p.y * (c * d - a * f) + (a * e - b * d)
        return w != 0 && w != 1 ? CGPoint(x: x / w, y: y / w) : CGPoint(x: x, y: y)
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
    /// `transform` about it, covers in the superlayer. The transform applies about the 3D
    /// anchor point, whose z is `anchorZ` (`CALayer.h`: `anchorPointZ` is the "reference
    /// point for position and transform"), so under a rotation about x or y a nonzero
    /// `anchorZ` moves the box.
    static func frame(of bounds: CGRect, at position: CGPoint, anchor: CGPoint, anchorZ: CGFloat = 0,
                      transform: CATransform3D) -> CGRect {
        let local = CGRect(x: -bounds.width * anchor.x, y: -bounds.height * anchor.y,
                           width: bounds.width, height: bounds.height)
        let placed = CATransform3DConcat(CATransform3DMakeTranslation(0, 0, -anchorZ), transform)
        let corners = [CGPoint(x: local.minX, y: local.minY), CGPoint(x: local.maxX, y: local.minY),
                       CGPoint(x: local.minX, y: local.maxY), CGPoint(x: local.maxX, y: local.maxY)]
            .map { LayerGeometry.apply(placed, to: $0) }
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
