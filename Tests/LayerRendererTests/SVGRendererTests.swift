import Foundation
import LayerRenderer
import Testing

/// Rendered frames of known layer trees. Every expected coordinate is worked out by hand
/// from Core Animation's geometry: a layer's point p lands at
/// position + transform(p − (bounds.origin + anchorPoint × bounds.size)) in its superlayer.
@Suite struct SVGRendererTests {
    let red = RGBA(red: 1, green: 0, blue: 0)

    @Test func layerIsTranslatedSoItsAnchorPointLandsOnItsPosition() {
        // bounds 100 × 50, anchor (0.5, 0.5) → anchor in bounds (50, 25);
        // position (200, 100) → translation (200 − 50, 100 − 25) = (150, 75).
        let layer = LayerSnapshot(bounds: CGRect(x: 0, y: 0, width: 100, height: 50),
                                  position: CGPoint(x: 200, y: 100), backgroundColor: red)
        #expect(SVGRenderer.elements(layer) ==
            ##"<g transform="matrix(1 0 0 1 150 75)"><rect x="0" y="0" width="100" height="50" fill="#ff0000"/></g>"##)
    }

    @Test func anchorPointAndBoundsOriginMoveTheTranslation() {
        // anchor (0, 1) on bounds (10, 20, 40, 30) → anchor in bounds (10, 50);
        // position (100, 100) → translation (90, 50). The rect stays at the bounds origin.
        let layer = LayerSnapshot(bounds: CGRect(x: 10, y: 20, width: 40, height: 30),
                                  position: CGPoint(x: 100, y: 100), anchorPoint: CGPoint(x: 0, y: 1),
                                  backgroundColor: red)
        let svg = SVGRenderer.elements(layer)
        #expect(svg.contains(##"transform="matrix(1 0 0 1 90 50)""##))
        #expect(svg.contains(##"<rect x="10" y="20" width="40" height="30""##))
        // The bottom-left corner of the bounds, (10, 50), lands exactly on the position.
        #expect(layer.toSuperlayer.apply(CGPoint(x: 10, y: 50)) == CGPoint(x: 100, y: 100))
    }

    @Test func rotationIsAppliedAboutTheAnchorPoint() {
        // A quarter turn: m11 = cos = 0, m12 = sin = 1, m21 = −1, m22 = 0.
        // e = 200 − (0·50 + (−1)·25) = 225, f = 100 − (1·50 + 0·25) = 50.
        let layer = LayerSnapshot(bounds: CGRect(x: 0, y: 0, width: 100, height: 50),
                                  position: CGPoint(x: 200, y: 100),
                                  transform: Affine(CATransform3DMakeRotation(.pi / 2, 0, 0, 1)),
                                  backgroundColor: red)
        #expect(SVGRenderer.elements(layer).contains(##"transform="matrix(0 1 -1 0 225 50)""##))
        // The centre stays on the position; the top-left corner turns to the top-right.
        #expect(layer.toSuperlayer.apply(CGPoint(x: 50, y: 25)) == CGPoint(x: 200, y: 100))
        #expect(layer.toSuperlayer.apply(CGPoint(x: 0, y: 0)) == CGPoint(x: 225, y: 50))
    }

    @Test func scaleTransformScalesAboutTheAnchorPoint() {
        // Scale 2 about anchor (20, 10): e = 100 − 2·20 = 60, f = 50 − 2·10 = 30.
        let layer = LayerSnapshot(bounds: CGRect(x: 0, y: 0, width: 40, height: 20),
                                  position: CGPoint(x: 100, y: 50),
                                  transform: Affine(CATransform3DMakeScale(2, 2, 1)), backgroundColor: red)
        #expect(SVGRenderer.elements(layer).contains(##"transform="matrix(2 0 0 2 60 30)""##))
    }

    @Test func opacityCornerRadiusAndTranslucentFillBecomeAttributes() {
        let layer = LayerSnapshot(bounds: CGRect(x: 0, y: 0, width: 80, height: 40), position: CGPoint(x: 40, y: 20),
                                  opacity: 0.5, backgroundColor: RGBA(red: 0, green: 0.5, blue: 1, alpha: 0.25),
                                  cornerRadius: 8)
        #expect(SVGRenderer.elements(layer) == """
            <g transform="matrix(1 0 0 1 0 0)" opacity="0.5"><rect x="0" y="0" width="80" height="40" rx="8" \
            fill="#0080ff" fill-opacity="0.25"/></g>
            """)
    }

    @Test func cornerRadiusIsClampedToHalfTheShorterSide() {
        let pill = LayerSnapshot(bounds: CGRect(x: 0, y: 0, width: 200, height: 52), cornerRadius: 100)
        let withFill = LayerSnapshot(bounds: pill.bounds, backgroundColor: red, cornerRadius: 100)
        #expect(SVGRenderer.elements(pill).contains("rect") == false)       // no fill, no border: nothing drawn
        #expect(SVGRenderer.elements(withFill).contains(##"rx="26""##))
    }

    @Test func borderIsStrokedInsideTheBoundsOnTopOfTheSublayers() {
        // Width 4: the stroke's centre line is inset by 2, so the rect is (2, 2, 96, 46)
        // and its radius 10 − 2 = 8; the stroke covers exactly the 4 points inside the bounds.
        let child = LayerSnapshot(name: "child", bounds: CGRect(x: 0, y: 0, width: 10, height: 10),
                                  position: CGPoint(x: 5, y: 5), backgroundColor: red)
        let layer = LayerSnapshot(bounds: CGRect(x: 0, y: 0, width: 100, height: 50), position: CGPoint(x: 50, y: 25),
                                  cornerRadius: 10, borderWidth: 4,
                                  borderColor: RGBA(red: 1, green: 1, blue: 1), sublayers: [child])
        let svg = SVGRenderer.elements(layer)
        let border = ##"<rect x="2" y="2" width="96" height="46" rx="8" fill="none" stroke="#ffffff" stroke-width="4"/>"##
        #expect(svg.contains(border))
        let childStart = svg.range(of: ##"data-layer="child""##)!.lowerBound
        #expect(childStart < svg.range(of: border)!.lowerBound)
    }

    @Test func sublayersAreNestedInTheirSuperlayersCoordinates() {
        // The child sits at (10, 10) of a parent whose origin is at (100, 50) on screen,
        // so the child's origin is at (110, 60) on screen: the composed maps agree.
        let child = LayerSnapshot(name: "child", bounds: CGRect(x: 0, y: 0, width: 20, height: 20),
                                  position: CGPoint(x: 20, y: 20), backgroundColor: red)
        let parent = LayerSnapshot(name: "parent", bounds: CGRect(x: 0, y: 0, width: 100, height: 100),
                                   position: CGPoint(x: 150, y: 100), sublayers: [child])
        let svg = SVGRenderer.elements(parent)
        #expect(svg == ##"<g data-layer="parent" transform="matrix(1 0 0 1 100 50)"><g data-layer="child" "##
            + ##"transform="matrix(1 0 0 1 10 10)"><rect x="0" y="0" width="20" height="20" fill="#ff0000"/></g></g>"##)
        let onScreen = parent.toSuperlayer.concatenating(child.toSuperlayer).apply(.zero)
        #expect(onScreen == CGPoint(x: 110, y: 60))
    }

    @Test func hiddenAndTransparentLayersAreLeftOut() {
        let hidden = LayerSnapshot(name: "hidden", bounds: CGRect(x: 0, y: 0, width: 5, height: 5), isHidden: true,
                                   backgroundColor: red)
        let clear = LayerSnapshot(name: "clear", bounds: CGRect(x: 0, y: 0, width: 5, height: 5), opacity: 0,
                                  backgroundColor: red)
        let root = LayerSnapshot(name: "root", sublayers: [hidden, clear])
        #expect(SVGRenderer.elements(root) == ##"<g data-layer="root" transform="matrix(1 0 0 1 0 0)"></g>"##)
    }

    @Test func masksToBoundsClipsSublayersToTheRoundedBounds() {
        let child = LayerSnapshot(bounds: CGRect(x: 0, y: 0, width: 50, height: 50), backgroundColor: red)
        let layer = LayerSnapshot(bounds: CGRect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 4,
                                  masksToBounds: true, sublayers: [child])
        let svg = SVGRenderer.elements(layer, idPrefix: "c")
        #expect(svg.contains(##"<clipPath id="c-1"><rect x="0" y="0" width="20" height="20" rx="4"/></clipPath>"##))
        #expect(svg.contains(##"<g clip-path="url(#c-1)">"##))
    }

    @Test func snapshotReadsTheEngineLayerTree() throws {
        // One transaction without actions: no implicit animation, and committed, so each
        // layer has a presentation layer.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 300, height: 200)
        root.position = CGPoint(x: 150, y: 100)
        let card = CALayer()
        card.name = "card"
        card.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        card.position = CGPoint(x: 200, y: 100)
        card.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        card.cornerRadius = 6
        card.opacity = 0.75
        root.addSublayer(card)
        CATransaction.commit()
        let snapshot = LayerSnapshot(presentationOf: root)
        try #require(snapshot.sublayers.count == 1)   // not a crash of the whole test run
        #expect(snapshot.sublayers[0].name == "card")
        #expect(snapshot.sublayers[0].backgroundColor == RGBA(red: 0, green: 0, blue: 1))
        let svg = SVGRenderer.standalone(snapshot, size: CGSize(width: 300, height: 200))
        #expect(svg.hasPrefix(##"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200">"##))
        #expect(svg.contains(##"<g data-layer="card" transform="matrix(1 0 0 1 150 75)" opacity="0.75">"##
            + ##"<rect x="0" y="0" width="100" height="50" rx="6" fill="#0000ff"/></g>"##))
    }

    @Test func numbersHaveAtMostThreeDecimalsAndNoNegativeZero() {
        #expect(SVGNumber.format(150.0) == "150")
        #expect(SVGNumber.format(0.5) == "0.5")
        #expect(SVGNumber.format(1.0 / 3.0) == "0.333")
        #expect(SVGNumber.format(-0.0001) == "0")
        #expect(SVGNumber.format(-2.25) == "-2.25")
    }
}
