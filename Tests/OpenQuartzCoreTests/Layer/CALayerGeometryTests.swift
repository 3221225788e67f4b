#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
import OpenQuartzCore

/// `convert(_:from:)` and `convert(_:to:)`. Expected points are worked out by hand from
/// Core Animation's geometry: a layer's point p lands in its superlayer at
/// position + transform(p − (bounds.origin + anchorPoint × bounds.size)).
@Suite struct CALayerGeometryTests {
    /// ``geometryTree(_:)`` with `childTransform` on the child.
    func tree(childTransform: CATransform3D = CATransform3DIdentity) -> (root: CALayer, child: CALayer) {
        geometryTree { _, child in child.transform = childTransform }
    }

    /// A 40 × 40 sublayer of `root` whose (0, 0) is the root's (80, 80); call inside the
    /// caller's transaction.
    func addSibling(to root: CALayer) -> CALayer {
        let sibling = CALayer()
        sibling.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        sibling.position = CGPoint(x: 100, y: 100)
        root.addSublayer(sibling)
        return sibling
    }

    func close(_ a: CGPoint, _ b: CGPoint) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    @Test func childOriginLandsAtPositionMinusHalfItsSize() {
        let (root, child) = tree()
        #expect(close(root.convert(CGPoint(x: 0, y: 0), from: child), CGPoint(x: 20, y: 30)))
        #expect(close(child.convert(CGPoint(x: 0, y: 0), to: root), CGPoint(x: 20, y: 30)))
        #expect(close(root.convert(CGPoint(x: 20, y: 30), to: child), CGPoint(x: 0, y: 0)))
        #expect(close(child.convert(CGPoint(x: 20, y: 30), from: root), CGPoint(x: 0, y: 0)))
        // nil is the space the root's position is given in; here it equals the root's bounds.
        #expect(close(child.convert(CGPoint(x: 10, y: 10), to: nil), CGPoint(x: 30, y: 40)))
    }

    @Test func childBoundsConvertToItsFrame() {
        let (root, child) = tree()
        #expect(root.convert(child.bounds, from: child) == CGRect(x: 20, y: 30, width: 20, height: 20))
        #expect(root.convert(child.bounds, from: child) == child.frame)
    }

    @Test func scaleAppliesAboutTheAnchorPoint() {
        let (root, child) = tree(childTransform: CATransform3DMakeScale(2, 2, 1))
        // (0, 0) − anchor (10, 10) = (−10, −10), scaled: (−20, −20), + position (30, 40).
        #expect(close(root.convert(CGPoint(x: 0, y: 0), from: child), CGPoint(x: 10, y: 20)))
        #expect(close(child.convert(CGPoint(x: 10, y: 20), from: root), CGPoint(x: 0, y: 0)))
    }

    @Test func quarterTurnMapsTheChildsXAxisOntoTheRootsYAxis() {
        let (root, child) = tree(childTransform: CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        // (20, 10) − anchor (10, 10) = (10, 0); a quarter turn maps x onto y: (0, 10).
        #expect(close(root.convert(CGPoint(x: 20, y: 10), from: child), CGPoint(x: 30, y: 50)))
    }

    @Test func boundsOriginShiftsTheLayersOwnCoordinates() {
        let (root, child) = tree()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        child.bounds = CGRect(x: 5, y: 5, width: 20, height: 20)
        CATransaction.commit()
        #expect(close(root.convert(CGPoint(x: 5, y: 5), from: child), CGPoint(x: 20, y: 30)))
    }

    @Test func siblingsConvertThroughTheirCommonSuperlayer() {
        let (root, child) = tree()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let sibling = addSibling(to: root)
        CATransaction.commit()
        // child (0, 0) is root (20, 30); the sibling's (0, 0) is root (80, 80).
        #expect(close(sibling.convert(CGPoint(x: 0, y: 0), from: child), CGPoint(x: -60, y: -50)))
        #expect(close(child.convert(CGPoint(x: -60, y: -50), from: sibling), CGPoint(x: 0, y: 0)))
    }

    /// Apple (`convert(_:from:)`): "The receiver and `l` and must share a common parent
    /// layer." Between siblings only their placement in that parent counts: the parent's own
    /// transform, here one that collapses it to a point and one that turns it about y, does
    /// not change how the child's (0, 0), the parent's (20, 30), lands in the sibling (whose
    /// (0, 0) is the parent's (80, 80)).
    @Test func siblingsConvertThroughTheirCommonSuperlayerWhateverItsTransform() {
        for rootTransform in [CATransform3DMakeScale(0, 0, 1), CATransform3DMakeRotation(.pi / 3, 0, 1, 0)] {
            let (root, child) = tree()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let sibling = addSibling(to: root)
            root.transform = rootTransform
            CATransaction.commit()
            #expect(close(sibling.convert(CGPoint(x: 0, y: 0), from: child), CGPoint(x: -60, y: -50)))
            #expect(close(child.convert(CGPoint(x: -60, y: -50), from: sibling), CGPoint(x: 0, y: 0)))
            #expect(close(child.convert(CGPoint(x: 0, y: 0), to: sibling), CGPoint(x: -60, y: -50)))
            #expect(close(root.convert(CGPoint(x: 0, y: 0), from: child), CGPoint(x: 20, y: 30)))
            #expect(close(child.convert(CGPoint(x: 20, y: 30), from: root), CGPoint(x: 0, y: 0)))
        }
    }

    @Test func sublayerTransformAppliesAboutTheSuperlayersAnchor() {
        let (root, child) = tree()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.sublayerTransform = CATransform3DMakeTranslation(7, -3, 0)
        CATransaction.commit()
        #expect(close(root.convert(CGPoint(x: 0, y: 0), from: child), CGPoint(x: 27, y: 27)))
        #expect(close(child.convert(CGPoint(x: 27, y: 27), from: root), CGPoint(x: 0, y: 0)))
    }
}
#endif
