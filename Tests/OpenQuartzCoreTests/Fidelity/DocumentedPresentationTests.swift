#if !canImport(QuartzCore)
import Foundation
import Testing
@testable import OpenQuartzCore

/// Presentation and model layers as the comments of `CALayer.h` state them.
@Suite struct DocumentedPresentationTests {
    /// `CALayer.h`, `presentationLayer`: "Returns a copy of the layer containing all
    /// properties as they were at the start of the current transaction, with any active
    /// animations applied." A change made in a transaction still open is in the model but
    /// not in the presentation; after the commit it is in both.
    @Test func thePresentationShowsTheValuesAsOfTheStartOfTheCurrentTransaction() throws {
        let harness = EngineHarness()
        let layer = harness.makeLayer()
        harness.setModel { layer.opacity = 0.8 }
        let during: (model: Float, presented: Float?) = OQC.withClock(harness.clock) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.opacity = 0.3
            let seen = (layer.opacity, layer.presentation()?.opacity)
            CATransaction.commit()
            return seen
        }
        #expect(during.model == 0.3)
        #expect(during.presented == 0.8)
        #expect(try #require(layer.presentation()).opacity == 0.3)
    }

    /// `CALayer.h`, `modelLayer`: "When called on the result of the -presentationLayer
    /// method, returns the underlying layer with the current model values. When called on a
    /// non-presentation layer, returns the receiver."
    @Test func modelGivesTheUnderlyingLayerOrTheReceiver() throws {
        let harness = EngineHarness()
        let layer = harness.makeLayer()
        harness.setModel { layer.position = CGPoint(x: 4, y: 5) }
        let presented = try #require(layer.presentation())
        #expect(presented !== layer)
        #expect(presented.model() === layer)
        #expect(layer.model() === layer)
        harness.setModel { layer.position = CGPoint(x: 6, y: 7) }
        #expect(presented.model().position == CGPoint(x: 6, y: 7), "the current model values")
    }

    /// `CALayer.h`, `initWithLayer:`: "This initializer is used by CoreAnimation to create
    /// shadow copies of layers, e.g. for use as presentation layers. Subclasses can override
    /// this method to copy their instance variables into the presentation layer." The
    /// presentation layer is of the subclass and carries what its `init(layer:)` copied.
    @Test func presentationLayersAreMadeByTheSubclassesInitLayer() throws {
        final class TaggedLayer: CALayer {
            var tag = 0
            override init() { super.init() }
            override init(layer: Any) {
                tag = (layer as? TaggedLayer)?.tag ?? -1
                super.init(layer: layer)
            }
            required init?(coder: NSCoder) { nil }
        }
        let harness = EngineHarness()
        let layer = harness.makeLayer { TaggedLayer() }
        layer.tag = 42
        let presented = try #require(layer.presentation())
        #expect(presented.tag == 42)
        #expect(type(of: presented) == TaggedLayer.self)
    }
}
#endif
