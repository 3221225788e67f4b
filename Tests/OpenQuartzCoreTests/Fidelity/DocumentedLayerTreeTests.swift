#if !canImport(QuartzCore)
import Foundation
import Testing
@testable import OpenQuartzCore

/// The layer hierarchy and hit testing as the comments of `CALayer.h` state them: the
/// default `sublayers`, the tree methods moving a layer out of its previous superlayer, the
/// superlayer following `sublayers`, `contains(_:)` over the bounds, and `hitTest(_:)`'s
/// sibling order, point space and presentation tree.
@Suite struct DocumentedLayerTreeTests {
    private func layer(_ harness: EngineHarness, frame: CGRect) -> CALayer {
        let layer = harness.makeLayer()
        harness.setModel { layer.frame = frame }
        return layer
    }

    /// `CALayer.h`, `sublayers`: "Defaults to nil".
    @Test func aNewLayerHasNoSublayersArray() {
        let harness = EngineHarness()
        let layer = harness.makeLayer()
        #expect(layer.sublayers == nil)
        #expect(layer.superlayer == nil)
    }

    /// `CALayer.h`: `addSublayer`, `insertSublayer(_:at:)` and `insertSublayer(_:below:)` /
    /// `(_:above:)`: "If 'layer' already has a superlayer, it will be removed before being
    /// added" (or inserted). Each call moves the layer out of its old superlayer.
    @Test func eachInsertionFirstRemovesTheLayerFromItsSuperlayer() {
        let harness = EngineHarness()
        let first = harness.makeLayer(), second = harness.makeLayer()
        let moving = harness.makeLayer(), a = harness.makeLayer(), b = harness.makeLayer()
        harness.setModel {
            first.addSublayer(moving)
            second.addSublayer(a)
            second.addSublayer(b)
        }
        harness.setModel { second.addSublayer(moving) }
        #expect(first.sublayers?.contains { $0 === moving } != true)
        #expect(second.sublayers?.map { $0 === moving } == [false, false, true])
        #expect(moving.superlayer === second)

        harness.setModel { first.insertSublayer(moving, at: 0) }
        #expect(second.sublayers?.contains { $0 === moving } != true)
        #expect(first.sublayers?.count == 1 && moving.superlayer === first)

        harness.setModel { second.insertSublayer(moving, below: b) }   // a, moving, b
        #expect(first.sublayers?.contains { $0 === moving } != true)
        #expect(second.sublayers.map { $0.map(ObjectIdentifier.init) } == [a, moving, b].map(ObjectIdentifier.init))

        harness.setModel { second.insertSublayer(moving, above: b) }   // a, b, moving
        #expect(second.sublayers.map { $0.map(ObjectIdentifier.init) } == [a, b, moving].map(ObjectIdentifier.init))
    }

    /// `CALayer.h`, `replaceSublayer(_:with:)`: "Remove 'oldLayer' from the sublayers array
    /// of the receiver and insert 'newLayer' if non-nil in its position."
    @Test func replaceSublayerPutsTheNewLayerInTheOldOnesPlace() {
        let harness = EngineHarness()
        let parent = harness.makeLayer()
        let a = harness.makeLayer(), old = harness.makeLayer(), b = harness.makeLayer(), new = harness.makeLayer()
        harness.setModel { parent.sublayers = [a, old, b] }
        harness.setModel { parent.replaceSublayer(old, with: new) }
        #expect(parent.sublayers.map { $0.map(ObjectIdentifier.init) } == [a, new, b].map(ObjectIdentifier.init))
        #expect(old.superlayer == nil && new.superlayer === parent)
    }

    /// `CALayer.h`, `superlayer`: "Implicitly changed to match the hierarchy described by the
    /// `sublayers' properties." Setting `sublayers` makes the receiver the superlayer of the
    /// new ones and leaves the replaced ones without one.
    @Test func settingSublayersSetsEachSuperlayer() {
        let harness = EngineHarness()
        let parent = harness.makeLayer()
        let a = harness.makeLayer(), b = harness.makeLayer(), c = harness.makeLayer()
        harness.setModel { parent.sublayers = [a, b] }
        #expect(a.superlayer === parent && b.superlayer === parent)
        harness.setModel { parent.sublayers = [c] }
        #expect(a.superlayer == nil && b.superlayer == nil && c.superlayer === parent)
        #expect(parent.sublayers?.count == 1)
    }

    /// `CALayer.h`, `contains(_:)`: "Returns true if the bounds of the layer contains point
    /// 'p'." The bounds' origin counts: bounds (10, 10, 20, 20) hold (15, 15) and (29, 29),
    /// not (5, 5) or (31, 15), wherever the layer sits in its superlayer.
    @Test func containsTestsThePointAgainstTheBoundsIncludingTheirOrigin() {
        let harness = EngineHarness()
        let layer = harness.makeLayer()
        harness.setModel {
            layer.bounds = CGRect(x: 10, y: 10, width: 20, height: 20)
            layer.position = CGPoint(x: 500, y: 500)
        }
        #expect(layer.contains(CGPoint(x: 15, y: 15)))
        #expect(layer.contains(CGPoint(x: 29, y: 29)))
        #expect(!layer.contains(CGPoint(x: 5, y: 5)))
        #expect(!layer.contains(CGPoint(x: 31, y: 15)))
    }

    /// `CALayer.h`, `hitTest(_:)`: "Siblings are searched in top-to-bottom order." Of two
    /// overlapping siblings, the later one (in front) is hit where they overlap.
    @Test func hitTestSearchesSiblingsFromTheTop() {
        let harness = EngineHarness()
        let root = layer(harness, frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let back = layer(harness, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let front = layer(harness, frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        harness.setModel { root.sublayers = [back, front] }
        #expect(root.hitTest(CGPoint(x: 75, y: 75)) === front)
        #expect(root.hitTest(CGPoint(x: 25, y: 25)) === back)
        #expect(root.hitTest(CGPoint(x: 125, y: 125)) === front)
    }

    /// `CALayer.h`, `hitTest(_:)`: "'p' is defined to be in the coordinate space of the
    /// receiver's nearest ancestor that isn't a CATransformLayer". The transform layer's
    /// frame is (50, 50, 100, 100) in the root, so the face at (0, 0, 20, 20) in the
    /// transform layer covers (50, 50)–(70, 70) in the root's space, where the point is given.
    @Test func aTransformLayersSublayerTakesThePointInTheNearestFlatAncestorsSpace() {
        let harness = EngineHarness()
        let root = layer(harness, frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let cube = harness.makeLayer { CATransformLayer() }
        let inner = harness.makeLayer { CATransformLayer() }
        let face = layer(harness, frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        harness.setModel {
            cube.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            inner.frame = CGRect(x: 10, y: 0, width: 100, height: 100)   // moves the face 10 right
            root.addSublayer(cube)
            cube.addSublayer(inner)
            inner.addSublayer(face)
        }
        // The face covers (60, 50)–(80, 70) in the root's space.
        #expect(face.hitTest(CGPoint(x: 65, y: 55)) === face)
        #expect(face.hitTest(CGPoint(x: 5, y: 5)) == nil, "inside the face's bounds, but not where it lies in the root")
        #expect(inner.hitTest(CGPoint(x: 65, y: 55)) === face)
        #expect(cube.hitTest(CGPoint(x: 65, y: 55)) === face)
        #expect(root.hitTest(CGPoint(x: 65, y: 55)) === face)
        #expect(root.hitTest(CGPoint(x: 55, y: 55)) === root)
    }

    /// `CALayer.h`, `presentationLayer`: "calling -hitTest: on the result of the
    /// -presentationLayer will query the presentation values of the layer tree." A sublayer
    /// whose model frame is (20, 20, 20, 20) but which an animation shows at x 130 is hit at
    /// (130, 30) through the presentation tree, not through the model one.
    @Test func hitTestOnAPresentationLayerUsesThePresentationTree() throws {
        let harness = EngineHarness()
        let root = layer(harness, frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let dot = layer(harness, frame: CGRect(x: 20, y: 20, width: 20, height: 20))
        harness.setModel { root.addSublayer(dot) }
        let shift = CABasicAnimation(keyPath: "position.x")
        shift.fromValue = CGFloat(130)
        shift.toValue = CGFloat(130)
        shift.duration = 10
        harness.commit { dot.add(shift, forKey: "shift") }
        harness.advance(by: 1)
        let presented = try #require(root.presentation())
        #expect(presented.hitTest(CGPoint(x: 130, y: 30))?.model() === dot)
        #expect(presented.hitTest(CGPoint(x: 30, y: 30))?.model() === root)
        #expect(root.hitTest(CGPoint(x: 30, y: 30)) === dot)
        #expect(root.hitTest(CGPoint(x: 130, y: 30)) === root)
    }
}
#endif
