#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
import OpenQuartzCore

/// Conversion and frames with depth: `CALayer.h` makes `anchorPointZ` the "reference point
/// for position and transform", `zPosition` "The Z component of the layer's position in its
/// superlayer", and `sublayerTransform` "Typically used as the projection matrix to add
/// perspective"; a normal layer projects ("flatten[s]") its sublayers "into the plane at
/// Z=0" (`CATransformLayer.h`). Expected values are worked out by hand below.
@Suite struct LayerDepthGeometryTests {
    /// ``geometryTree(_:)``, configured by `configure` in the same transaction.
    func tree(_ configure: (CALayer, CALayer) -> Void) -> (root: CALayer, child: CALayer) {
        geometryTree(configure)
    }

    /// A perspective projection with the eye 500 points in front of the plane (m34 = −1/500).
    var perspective: CATransform3D {
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        return t
    }

    /// A turn by 60° about the y axis, written out (row-vector convention).
    var sixtyDegreesAboutY: CATransform3D {
        var t = CATransform3DIdentity
        t.m11 = 0.5
        t.m13 = -(3.0).squareRoot() / 2
        t.m31 = (3.0).squareRoot() / 2
        t.m33 = 0.5
        return t
    }

    func close(_ a: CGPoint, _ b: CGPoint) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }
    func close(_ a: CGRect, _ b: CGRect) -> Bool {
        close(a.origin, b.origin) && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
    }

    /// Turned 60° about y, the child's (20, 10), (10, 0, 0) from its anchor, lands at
    /// (10 · cos 60°, 0) + (30, 40) = (35, 40) once flattened; converting (35, 40) back from
    /// the root gives (20, 10) again, not a point turned back a second time.
    @Test func aPointOfALayerTurnedAboutYConvertsBackToItself() {
        let (root, child) = tree { _, child in child.transform = sixtyDegreesAboutY }
        #expect(close(root.convert(CGPoint(x: 20, y: 10), from: child), CGPoint(x: 35, y: 40)))
        #expect(close(child.convert(CGPoint(x: 35, y: 40), from: root), CGPoint(x: 20, y: 10)))
        #expect(close(root.convert(CGPoint(x: 35, y: 40), to: child), CGPoint(x: 20, y: 10)))
    }

    /// `zPosition` 100 under the root's perspective (m34 = −1/500): the child's (20, 10) is
    /// (40, 40, 100) in the root, (−110, −60, 100) from the root's anchor; w = 1 − 100/500 =
    /// 0.8, so it shows at (−137.5, −75) + (150, 100) = (12.5, 25).
    @Test func zPositionIsSeenThroughTheSuperlayersPerspective() {
        let (root, child) = tree { root, child in
            root.sublayerTransform = perspective
            child.zPosition = 100
        }
        #expect(close(root.convert(CGPoint(x: 20, y: 10), from: child), CGPoint(x: 12.5, y: 25)))
        #expect(close(child.convert(CGPoint(x: 12.5, y: 25), from: root), CGPoint(x: 20, y: 10)))
    }

    /// The depth a turn about y gives reaches the superlayer's perspective: the child's
    /// (20, 10), (10, 0, 0) from its anchor, turns to (5, 0, −5√3) (m13 = −√3/2), is
    /// (35, 40, −5√3) in the root, (−115, −60, −5√3) from its anchor; w = 1 + 5√3/500.
    @Test func depthFromATurnIsSeenThroughTheSuperlayersPerspective() {
        let (root, child) = tree { root, child in
            root.sublayerTransform = perspective
            child.transform = sixtyDegreesAboutY
        }
        let w = 1 + 5 * (3.0).squareRoot() / 500
        let expected = CGPoint(x: 150 - 115 / w, y: 100 - 60 / w)
        #expect(close(root.convert(CGPoint(x: 20, y: 10), from: child), expected))
        #expect(close(child.convert(expected, from: root), CGPoint(x: 20, y: 10)))
    }

    /// With `anchorPointZ` 10 the turn about y is made about (10, 10, 10): the child's
    /// (10, 10) is (0, 0, −10) from that point and turns to (−10 · √3/2, 0) (m31 = √3/2),
    /// landing at (30 − 5√3, 40). The frame, the box of the corners (±10, ±10, −10) turned,
    /// spans x from 30 − 5 − 5√3 to 30 + 5 − 5√3 and y from 30 to 50.
    @Test func anchorPointZIsTheCentreOfTheTransform() {
        let (root, child) = tree { _, child in
            child.anchorPointZ = 10
            child.transform = sixtyDegreesAboutY
        }
        let shift = 5 * (3.0).squareRoot()
        #expect(close(root.convert(CGPoint(x: 10, y: 10), from: child), CGPoint(x: 30 - shift, y: 40)))
        #expect(close(child.convert(CGPoint(x: 30 - shift, y: 40), from: root), CGPoint(x: 10, y: 10)))
        #expect(close(child.frame, CGRect(x: 25 - shift, y: 30, width: 10, height: 20)))
        #expect(close(root.convert(child.bounds, from: child), child.frame))
    }

    /// Without a turn about x or y, `anchorPointZ` changes nothing in the plane: the frame
    /// of the 20 × 20 child at (30, 40) stays (20, 30, 20, 20), and setting it back keeps
    /// the position.
    @Test func anchorPointZLeavesAFlatLayersFrameAlone() {
        let (_, child) = tree { _, child in child.anchorPointZ = 25 }
        #expect(child.frame == CGRect(x: 20, y: 30, width: 20, height: 20))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        child.frame = CGRect(x: 20, y: 30, width: 20, height: 20)
        CATransaction.commit()
        #expect(child.position == CGPoint(x: 30, y: 40))
    }
}
#endif
