#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// The default implied animations of Core Animation Programming Guide, "Animatable
/// Properties": Table B-1 names, for each property, the animation `defaultAction(forKey:)`
/// gives; Table B-2 describes the basic one (the transaction's duration, 0.25 s unless set,
/// and the property's name as key path) and Table B-3 the transition (a fade from progress 0
/// to 1, with the same duration).
///
/// Where newer documentation is more specific, it wins: `shadowPath` ("as with all CGPathRef
/// animatable properties") has no implicit animation.
@Suite struct ImpliedAnimationTableTests {
    /// Table B-1's properties with "the default implied CABasicAnimation object".
    static let basicKeys = [
        "anchorPoint", "backgroundColor", "borderColor", "borderWidth", "bounds", "contents", "contentsRect",
        "cornerRadius", "filters", "hidden", "mask", "masksToBounds", "opacity", "position", "shadowColor",
        "shadowOffset", "shadowOpacity", "shadowRadius", "sublayerTransform", "sublayers", "transform",
        "zPosition",
    ]

    /// Table B-1's properties with "the default implied CATransition object".
    static let transitionKeys = ["backgroundFilters", "compositingFilter"]

    @Test func tableB1PropertiesGetABasicAnimationKeyedByTheirNameLastingTheTransactionsDuration() {
        for key in Self.basicKeys {
            let action = CALayer.defaultAction(forKey: key) as? CABasicAnimation
            #expect(action?.keyPath == key, "\(key)")
            #expect(action?.duration == 0.25, "\(key)")
        }
        let h = EngineHarness()
        h.commit {
            CATransaction.setAnimationDuration(2)
            for key in Self.basicKeys {
                #expect((CALayer.defaultAction(forKey: key) as? CAAnimation)?.duration == 2, "\(key)")
            }
        }
    }

    @Test func compositingAndBackgroundFiltersGetAFadeTransitionFromZeroToOne() {
        for key in Self.transitionKeys {
            let action = CALayer.defaultAction(forKey: key) as? CATransition
            #expect(action?.type == .fade, "\(key)")
            #expect(action?.startProgress == 0 && action?.endProgress == 1, "\(key)")
            #expect(action?.duration == 0.25, "\(key)")
        }
    }

    /// Table B-1: `doubleSided` has "no default implied animation" and `frame` "is not animatable".
    @Test func doubleSidedAndFrameHaveNoImpliedAnimation() {
        #expect(CALayer.defaultAction(forKey: "doubleSided") == nil)
        #expect(CALayer.defaultAction(forKey: "frame") == nil)
    }

    @Test func changingTheCompositingFilterOfACommittedLayerFadesIt() throws {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        h.commit {
            CATransaction.setAnimationDuration(0.5)
            layer.compositingFilter = "multiplyBlendMode"
        }
        let fade = try #require(layer.animation(forKey: kCATransition) as? CATransition)
        #expect(fade.type == .fade && fade.duration == 0.5)
        #expect(layer.animationKeys() == [kCATransition])
        h.advance(by: 0.5)
        #expect(layer.animationKeys() == nil)
        #expect(layer.compositingFilter as? String == "multiplyBlendMode")
    }

    @Test func changingTheFiltersOfACommittedLayerAddsAnImplicitAnimationUnderFilters() throws {
        let diagnostics = DiagnosticCollector(key: "filters")
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        h.commit { layer.filters = ["blur"] }
        let implicit = try #require(layer.animation(forKey: "filters") as? CABasicAnimation)
        #expect(implicit.keyPath == "filters" && implicit.duration == 0.25)
        h.advance(by: 0.25)
        #expect(layer.animationKeys() == nil)
        #expect(try #require(layer.presentation()).filters?.first as? String == "blur")
        #expect(diagnostics.all.isEmpty)
    }

    /// A new mask on a committed layer runs the implied basic animation under `"mask"`; the
    /// mask itself is in place at once, in the model and in the presentation.
    @Test func changingTheMaskOfACommittedLayerAddsAnImplicitAnimationUnderMask() throws {
        let diagnostics = DiagnosticCollector(key: "mask")
        let h = EngineHarness()
        let layer = h.makePlainLayer(), mask = h.makePlainLayer()
        h.commit { layer.mask = mask }
        let implicit = try #require(layer.animation(forKey: "mask") as? CABasicAnimation)
        #expect(implicit.keyPath == "mask" && implicit.duration == 0.25)
        #expect(layer.mask === mask && mask.superlayer === layer)
        #expect(try #require(layer.presentation()).mask?.model() === mask)
        h.advance(by: 0.25)
        #expect(layer.animationKeys() == nil)
        // No diagnostic that the animation names no property (other tests report misuse of
        // masks under the same key).
        #expect(!diagnostics.all.contains { $0.kind == .unknownKeyPath })
    }
}
#endif
