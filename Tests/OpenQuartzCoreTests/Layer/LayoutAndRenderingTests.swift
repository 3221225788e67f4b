#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// Layout and the rendering properties, as `CALayer.h` declares them.
@Suite struct LayoutAndRenderingTests {
    /// Records `layoutSublayers(of:)` calls, by layer name, in order.
    final class LayoutRecorder: NSObject, CALayerDelegate, @unchecked Sendable {
        // `lock` guards `laidOut` and `storedOnLayout`.
        private let lock = NSLock()
        private var laidOut: [String] = []
        private var storedOnLayout: ((CALayer) -> Void)?

        /// Called with each layer laid out, after the call is recorded.
        var onLayout: ((CALayer) -> Void)? {
            get { lock.withLock { storedOnLayout } }
            set { lock.withLock { storedOnLayout = newValue } }
        }

        func layoutSublayers(of layer: CALayer) {
            lock.withLock { laidOut.append(layer.name ?? "?") }
            onLayout?(layer)
        }

        var calls: [String] { lock.withLock { laidOut } }
    }

    private func named(_ name: String, _ harness: EngineHarness, delegate: LayoutRecorder) -> CALayer {
        let layer = harness.makeLayer()
        harness.setModel {
            layer.name = name
            layer.delegate = delegate
        }
        return layer
    }

    /// `setNeedsLayout()` marks the layer; the next commit runs `layoutSublayers()` (which
    /// asks the delegate) once and clears the mark: "before the next update".
    @Test func aMarkedLayerIsLaidOutOnceAtTheNextCommit() {
        let harness = EngineHarness()
        let recorder = LayoutRecorder()
        let layer = named("card", harness, delegate: recorder)
        #expect(!layer.needsLayout())
        harness.commit { layer.setNeedsLayout() }
        #expect(recorder.calls == ["card"])
        #expect(!layer.needsLayout())
        harness.commit { }
        #expect(recorder.calls == ["card"], "nothing marked, nothing laid out")
    }

    /// `layoutIfNeeded()` goes up while the superlayer needs layout, then lays out the marked
    /// layers of the tree beneath, parents first; unmarked layers are not laid out.
    @Test func layoutIfNeededLaysOutFromTheTopmostMarkedAncestor() {
        let harness = EngineHarness()
        let recorder = LayoutRecorder()
        let root = named("root", harness, delegate: recorder)
        let middle = named("middle", harness, delegate: recorder)
        let leaf = named("leaf", harness, delegate: recorder)
        let sibling = named("sibling", harness, delegate: recorder)
        harness.setModel {
            root.addSublayer(middle)
            middle.addSublayer(leaf)
            root.addSublayer(sibling)
        }
        let before = recorder.calls.count
        OQC.withClock(harness.clock) {
            CATransaction.begin()
            root.setNeedsLayout()
            middle.setNeedsLayout()
            leaf.setNeedsLayout()
            leaf.layoutIfNeeded()
            #expect(Array(recorder.calls.dropFirst(before)) == ["root", "middle", "leaf"])
            #expect(!root.needsLayout() && !middle.needsLayout() && !leaf.needsLayout())
            CATransaction.commit()
        }
        #expect(Array(recorder.calls.dropFirst(before)) == ["root", "middle", "leaf"], "the commit found nothing marked")
    }

    /// Apple marks a layer when its sublayers change, and a layer and its superlayer when its
    /// bounds or transform change; but not while the layer runs its own layout.
    @Test func treeBoundsAndTransformChangesMarkLayout() {
        let harness = EngineHarness()
        let recorder = LayoutRecorder()
        let parent = named("parent", harness, delegate: recorder)
        let child = named("child", harness, delegate: recorder)
        OQC.withClock(harness.clock) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            parent.addSublayer(child)
            #expect(parent.needsLayout() && !child.needsLayout())
            parent.layoutIfNeeded()
            child.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
            #expect(child.needsLayout() && parent.needsLayout())
            parent.layoutIfNeeded()
            child.transform = CATransform3DMakeScale(2, 2, 1)
            #expect(child.needsLayout() && parent.needsLayout())
            parent.layoutIfNeeded()
            child.opacity = 0.5
            #expect(!child.needsLayout() && !parent.needsLayout(), "other properties do not mark layout")

            recorder.onLayout = { layer in layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10) }
            parent.setNeedsLayout()
            parent.layoutIfNeeded()
            #expect(!parent.needsLayout(), "a change made by the layer's own layout does not mark it again")
            recorder.onLayout = nil
            CATransaction.commit()
        }
    }

    /// `CALayer.h` on `setNeedsLayout`: "Implicit calls to -setNeedsLayout are skipped if the
    /// layer is currently executing its -layoutSublayers method." Only the implicit ones: a
    /// layer that asks for layout again from its own `layoutSublayers()` stays marked, while a
    /// change of its own bounds (an implicit call) there does not mark it.
    @Test func anExplicitSetNeedsLayoutDuringLayoutSublayersMarksTheLayer() {
        let harness = EngineHarness()
        let recorder = LayoutRecorder()
        let layer = named("card", harness, delegate: recorder)
        OQC.withClock(harness.clock) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            recorder.onLayout = { layer in layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10) }
            layer.setNeedsLayout()
            layer.layoutIfNeeded()
            #expect(!layer.needsLayout(), "the implicit call made by the bounds change is skipped")

            recorder.onLayout = { layer in layer.setNeedsLayout() }
            layer.setNeedsLayout()
            layer.layoutIfNeeded()
            #expect(layer.needsLayout(), "the explicit call is not skipped")
            recorder.onLayout = nil
            layer.layoutIfNeeded()
            #expect(!layer.needsLayout())
            #expect(recorder.calls.suffix(3) == ["card", "card", "card"])
            CATransaction.commit()
        }
    }

    /// The rendering properties' defaults (`CALayer.h`), their key-value coding keys, and
    /// `init(layer:)` copying them.
    @Test func renderingPropertiesHaveApplesDefaultsAndAreKeyValueCoded() {
        let layer = CALayer()
        #expect(layer.isGeometryFlipped == false)
        #expect(layer.mask == nil)
        #expect(layer.contentsGravity == .resize)
        #expect(layer.contentsFormat == .RGBA8Uint)
        #expect(layer.minificationFilter == .linear && layer.magnificationFilter == .linear)
        #expect(layer.minificationFilterBias == 0)
        #expect(layer.edgeAntialiasingMask == [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        #expect(layer.allowsEdgeAntialiasing == false)
        #expect(layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        #expect(layer.cornerCurve == .circular)
        #expect(layer.compositingFilter == nil && layer.filters == nil && layer.backgroundFilters == nil)
        #expect(layer.shouldRasterize == false && layer.rasterizationScale == 1)
        #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)

        let mask = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.setValue(true, forKey: "geometryFlipped")
        layer.setValue(mask, forKey: "mask")
        layer.setValue("resizeAspectFill", forKey: "contentsGravity")
        layer.setValue(CALayerContentsFilter.nearest, forKey: "magnificationFilter")
        layer.setValue(0.5, forKey: "minificationFilterBias")
        layer.maskedCorners = [.layerMinXMinYCorner]
        layer.cornerCurve = .continuous
        layer.filters = ["blur"]
        CATransaction.commit()
        #expect(layer.isGeometryFlipped && layer.mask === mask)
        #expect(layer.contentsGravity == .resizeAspectFill && layer.magnificationFilter == .nearest)
        #expect(layer.minificationFilterBias == 0.5)
        #expect(layer.value(forKey: "cornerCurve") as? CALayerCornerCurve == .continuous)

        let copy = CALayer(layer: layer)
        #expect(copy.isGeometryFlipped && copy.mask === mask && copy.maskedCorners == [.layerMinXMinYCorner])
        #expect(copy.filters?.first as? String == "blur")
    }

    /// `contentsAreFlipped()`: "an odd number of layers with flippedGeometry=YES from the
    /// receiver up to and including the implicit container of the root layer".
    @Test func contentsAreFlippedUnderAnOddNumberOfFlippedLayers() {
        let harness = EngineHarness()
        let root = harness.makeLayer(), middle = harness.makeLayer(), leaf = harness.makeLayer()
        harness.setModel {
            root.addSublayer(middle)
            middle.addSublayer(leaf)
            root.isGeometryFlipped = true
        }
        #expect(leaf.contentsAreFlipped() && middle.contentsAreFlipped() && root.contentsAreFlipped())
        harness.setModel { middle.isGeometryFlipped = true }
        #expect(!leaf.contentsAreFlipped() && !middle.contentsAreFlipped() && root.contentsAreFlipped())
    }

    /// `hitTest(_:)` takes a point in the superlayer's space and returns the farthest
    /// descendant containing it; `contains(_:)` takes the layer's own space.
    @Test func hitTestFindsTheFarthestDescendantContainingThePoint() {
        let harness = EngineHarness()
        let root = harness.makeLayer(), card = harness.makeLayer(), badge = harness.makeLayer()
        harness.setModel {
            root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            card.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            badge.frame = CGRect(x: 80, y: 0, width: 20, height: 20)   // in card's space
            root.addSublayer(card)
            card.addSublayer(badge)
        }
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === root)
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) === card)
        #expect(root.hitTest(CGPoint(x: 135, y: 55)) === badge)
        #expect(root.hitTest(CGPoint(x: 300, y: 10)) == nil)
        #expect(card.contains(CGPoint(x: 99, y: 99)) && !card.contains(CGPoint(x: 101, y: 50)))
        harness.setModel { badge.isHidden = true }
        #expect(root.hitTest(CGPoint(x: 135, y: 55)) === card, "hidden layers are skipped")
        #expect(card.preferredFrameSize() == CGSize(width: 100, height: 100))
    }

    /// A subclass that overrides `contains(_:)` shapes its hit area: `hitTest(_:)` asks it.
    @Test func hitTestAsksAnOverriddenContains() {
        final class RoundLayer: CALayer {
            override func contains(_ p: CGPoint) -> Bool {
                let r = bounds.width / 2
                return hypot(p.x - bounds.midX, p.y - bounds.midY) <= r
            }
        }
        let harness = EngineHarness()
        let button = harness.makeLayer { RoundLayer() }
        harness.setModel { button.frame = CGRect(x: 0, y: 0, width: 100, height: 100) }
        #expect(button.hitTest(CGPoint(x: 50, y: 50)) === button)
        #expect(button.hitTest(CGPoint(x: 5, y: 5)) == nil, "a corner of the bounds, outside the circle")
    }

    @Test func theShadowPathIsCopiedAndAnimatesOnlyExplicitly() throws {
        let h = EngineHarness()
        let card = h.makeLayer()
        #expect(card.shadowPath == nil, "CALayer.h: defaults to null")
        let outline = CGMutablePath()
        outline.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        h.commit {
            CATransaction.setAnimationDuration(1)
            card.shadowPath = outline
        }
        // Apple ("shadowPath"): no implicit animation, "as with all CGPathRef animatable properties".
        #expect(card.animationKeys() == nil)
        outline.addRect(CGRect(x: 50, y: 50, width: 1, height: 1))
        #expect(card.shadowPath == CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil), "copied on assignment")
        let through = CGMutablePath()
        through.addRect(CGRect(x: 0, y: 0, width: 30, height: 50))
        card.setValue(through, forKey: "shadowPath")
        through.addRect(CGRect(x: 50, y: 50, width: 1, height: 1))
        #expect(card.shadowPath == CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 50), transform: nil),
                "copied when set through key-value coding too")
        let grow = CABasicAnimation(keyPath: "shadowPath")
        grow.fromValue = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        grow.toValue = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 50), transform: nil)
        grow.duration = 1
        h.commit { card.add(grow, forKey: "grow") }
        h.advance(by: 0.5)
        var rect = CGRect.zero
        let presented = try #require(card.presentation())
        #expect(try #require(presented.shadowPath).isRect(&rect))
        expectClose(rect, CGRect(x: 0, y: 0, width: 20, height: 30), "halfway from 10 × 10 to 30 × 50")
    }
}
#endif
