#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// `CATextLayer`, `CAReplicatorLayer`, `CATransformLayer` and `CAScrollLayer` against their
/// headers, with values worked out by hand (linear timing).
@Suite struct TextReplicatorScrollLayerTests {
    private func linearTransaction(_ h: EngineHarness, _ body: () -> Void) {
        h.commit {
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            body()
        }
    }

    // MARK: CATextLayer

    @Test func textLayerDefaultsAreTheHeaders() {
        let text = CATextLayer()
        #expect(text.string == nil)
        #expect(text.fontSize == 36)
        expectClose(text.foregroundColor, rgba: [1, 1, 1, 1], "opaque white")
        #expect(!text.isWrapped)
        #expect(text.truncationMode == .none && text.truncationMode.rawValue == "none")
        #expect(text.alignmentMode == .natural && text.alignmentMode.rawValue == "natural")
        #expect(!text.allowsFontSubpixelQuantization)
        #expect(text.font as? NSString == "Helvetica")
    }

    @Test func theFontSizeAnimatesImplicitlyAndTheStringDoesNot() throws {
        let h = EngineHarness()
        let text = h.makeLayer { CATextLayer() }
        linearTransaction(h) {
            text.fontSize = 12
            text.string = "Hello"
        }
        #expect(text.animationKeys() == ["fontSize"])
        h.advance(by: 0.5)
        let presented = try #require(text.presentation())
        expectClose(presented.fontSize, 24, "halfway from 36 to 12")
        #expect(presented.string as? String == "Hello")
    }

    /// `CATextLayer.h`: `@property(nullable, copy) id string;`: the layer keeps a copy, so
    /// changing the mutable string afterwards does not change the layer's text.
    @Test func theStringIsCopiedOnAssignment() throws {
        let text = CATextLayer()
        let greeting = NSMutableAttributedString(string: "Hello")
        text.string = greeting
        greeting.append(NSAttributedString(string: ", world"))
        #expect(try #require(text.string as? NSAttributedString).string == "Hello")
        let name = NSMutableString(string: "Ada")
        text.setValue(name, forKey: "string")
        name.append(" Lovelace")
        #expect((text.string as? NSString).map(String.init) == "Ada", "copied through key-value coding too")
    }

    @Test func wrappedIsKeyValueCodedUnderItsObjectiveCName() {
        let text = CATextLayer()
        text.setValue(true, forKey: "wrapped")
        #expect(text.isWrapped)
        text.alignmentMode = .center
        #expect(text.value(forKey: "alignmentMode") as? CATextLayerAlignmentMode == .center)
    }

    // MARK: CAReplicatorLayer

    @Test func replicatorDefaultsAreTheHeaders() {
        let dots = CAReplicatorLayer()
        #expect(dots.instanceCount == 1)
        #expect(!dots.preservesDepth)
        #expect(dots.instanceDelay == 0)
        #expect(CATransform3DIsIdentity(dots.instanceTransform))
        expectClose(dots.instanceColor, rgba: [1, 1, 1, 1], "opaque white")
        #expect([dots.instanceRedOffset, dots.instanceGreenOffset, dots.instanceBlueOffset, dots.instanceAlphaOffset] == [0, 0, 0, 0])
    }

    @Test func theInstanceTransformAndCountAnimate() throws {
        let h = EngineHarness()
        let dots = h.makeLayer { CAReplicatorLayer() }
        linearTransaction(h) {
            dots.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
            dots.instanceCount = 5
        }
        #expect(Set(dots.animationKeys() ?? []) == ["instanceTransform", "instanceCount"])
        h.advance(by: 0.5)
        var presented = try #require(dots.presentation())
        expectClose(presented.instanceTransform.m41, 10, "halfway from 0 to 20")
        #expect(presented.instanceCount == 3, "halfway from 1 to 5")
        h.advance(by: 0.1)
        presented = try #require(dots.presentation())
        #expect(presented.instanceCount == 3, "3.4, rounded towards zero")
        #expect(dots.instanceCount == 5)
    }

    @Test func aTransformLayerIsALayer() throws {
        let h = EngineHarness()
        let cube = h.makeLayer { CATransformLayer() }
        linearTransaction(h) { cube.opacity = 0 }
        h.advance(by: 0.5)
        expectClose(try #require(cube.presentation()).opacity, 0.5)
    }

    /// `CATransformLayer.h`: "CALayer will pass over transform layers directly to their
    /// sublayers, applying the effects of the transform layer's geometry when hit-testing
    /// each sublayer", and a transform layer ignores `masksToBounds`.
    @Test func hitTestingPassesOverATransformLayerToItsSublayers() {
        // The root shows (0, 0, 200, 200); the transform layer's frame is (0, 0, 100, 100),
        // its bounds origin (0, 0), so its space is the root's; the face's frame in it is
        // (140, 140, 20, 20), outside the transform layer's bounds.
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        let cube = CATransformLayer()
        cube.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        cube.position = CGPoint(x: 50, y: 50)
        cube.masksToBounds = true
        let face = CALayer()
        face.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        face.position = CGPoint(x: 150, y: 150)
        root.addSublayer(cube)
        cube.addSublayer(face)
        #expect(root.hitTest(CGPoint(x: 150, y: 150)) === face, "masksToBounds is ignored")
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === root, "inside the transform layer's bounds, but it is passed over")
        #expect(cube.hitTest(CGPoint(x: 10, y: 10)) == nil)
    }

    // MARK: CAScrollLayer

    @Test func scrollingToAPointMovesTheBoundsOriginAlongTheAllowedAxes() {
        let viewport = CAScrollLayer()
        #expect(viewport.scrollMode == .both && viewport.scrollMode.rawValue == "both")
        viewport.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        viewport.scroll(to: CGPoint(x: 30, y: 50))
        #expect(viewport.bounds.origin == CGPoint(x: 30, y: 50))
        viewport.scrollMode = .vertically
        viewport.scroll(to: CGPoint(x: 0, y: 0))
        #expect(viewport.bounds.origin == CGPoint(x: 30, y: 0))
        viewport.scrollMode = .none
        viewport.scroll(to: CGPoint(x: 90, y: 90))
        #expect(viewport.bounds.origin == CGPoint(x: 30, y: 0))
    }

    @Test func scrollingToARectMovesAsLittleAsShowsIt() {
        let viewport = CAScrollLayer()
        viewport.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        viewport.scroll(to: CGRect(x: 150, y: 20, width: 20, height: 20))
        #expect(viewport.bounds.origin == CGPoint(x: 70, y: 0), "its right edge at the right edge; y already shows")
        viewport.scroll(to: CGRect(x: 10, y: 5, width: 10, height: 10))
        #expect(viewport.bounds.origin == CGPoint(x: 10, y: 0), "its left edge at the left edge")
    }

    @Test func aSublayerScrollsItsScrollLayerAndKnowsWhatItShows() {
        // The scroller shows (0, 0, 100, 100); the row's frame in it is (75, 75, 50, 50).
        let viewport = CAScrollLayer()
        viewport.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let row = CALayer()
        row.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        row.position = CGPoint(x: 100, y: 100)
        viewport.addSublayer(row)
        #expect(row.visibleRect == CGRect(x: 0, y: 0, width: 25, height: 25))
        row.scroll(CGPoint(x: 10, y: 10))
        #expect(viewport.bounds.origin == CGPoint(x: 85, y: 85))
        #expect(CALayer().visibleRect == .zero, "no scroll layer above: the bounds")
        row.scrollRectToVisible(CGRect(x: 40, y: 40, width: 10, height: 10))
        #expect(viewport.bounds.origin == CGPoint(x: 85, y: 85), "already visible: no scroll")
    }
}
#endif
