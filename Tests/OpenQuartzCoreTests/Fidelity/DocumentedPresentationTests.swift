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

    /// The same header sentence for animations: an animation removed, or replaced under its
    /// key, in a transaction still open is still applied to the presentation (it was active
    /// at the start of the transaction); after the commit it is not. A linear fade of opacity
    /// from 0 to 1 in 1 s shows 0.25 at 0.25 s; removed, the model's 1 shows once committed.
    /// A fade from 0.5 to 1 then shows 0.75 at 0.75 s; replaced under its key by one that
    /// holds 0, it still shows 0.75 until the commit, and 0 after it.
    @Test func thePresentationAppliesTheAnimationsActiveAtTheStartOfTheCurrentTransaction() throws {
        let harness = EngineHarness()
        let layer = harness.makeLayer()
        harness.setModel { layer.opacity = 1 }
        func fade(from start: Float, to end: Float) -> CABasicAnimation {
            let fade = CABasicAnimation(keyPath: "opacity")
            (fade.fromValue, fade.toValue, fade.duration) = (start, end, 1)
            return fade
        }
        harness.commit { layer.add(fade(from: 0, to: 1), forKey: "fade") }
        harness.advance(by: 0.25)
        var removedDuring: Float?
        harness.commit {
            layer.removeAnimation(forKey: "fade")
            removedDuring = layer.presentation()?.opacity
        }
        #expect(removedDuring == 0.25)
        #expect(try #require(layer.presentation()).opacity == 1)

        harness.commit { layer.add(fade(from: 0.5, to: 1), forKey: "fade") }
        harness.advance(by: 0.5)
        var replacedDuring: Float?
        harness.commit {
            layer.add(fade(from: 0, to: 0), forKey: "fade")
            replacedDuring = layer.presentation()?.opacity
        }
        #expect(replacedDuring == 0.75)
        #expect(try #require(layer.presentation()).opacity == 0)
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
