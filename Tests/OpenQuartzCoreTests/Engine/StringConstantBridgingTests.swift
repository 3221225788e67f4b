#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself: compiled only where QuartzCore is absent; on Apple platforms
// the engine is not what the package uses.

import Foundation
import Testing
import OpenQuartzCore

/// Key-value coding of the properties whose type is a string constant.
///
/// The headers declare these types `typedef NSString * … NS_TYPED_ENUM` (`CAShapeLayer.h`:
/// `CAShapeLayerFillRule`, `CAShapeLayerLineCap`, `CAShapeLayerLineJoin`; `CAGradientLayer.h`:
/// `CAGradientLayerType`; `CATextLayer.h`; `CAScrollLayer.h`; `CAEmitterLayer.h`;
/// `CAAnimation.h`: `CATransitionType`, `CAAnimationCalculationMode`, …) and the properties
/// hold an `NSString`, which `value(forKey:)` returns. So on Apple platforms the value reads
/// back both as a `String` and as the constant type; the expected strings are the headers'
/// (`` `non-zero' ``, `` `butt' ``, `` `axial' ``, …).
@Suite struct StringConstantBridgingTests {
    @Test func shapeLayerConstantsReadBackAsStringsAndAsTheirTypes() {
        let shape = CAShapeLayer()
        #expect(shape.value(forKey: "fillRule") as? String == "non-zero")
        #expect(shape.value(forKey: "lineCap") as? String == "butt")
        #expect(shape.value(forKey: "lineJoin") as? String == "miter")
        shape.lineJoin = .bevel
        #expect(shape.value(forKey: "lineJoin") as? String == "bevel")
        #expect(shape.value(forKey: "lineJoin") as? CAShapeLayerLineJoin == .bevel)
        shape.setValue("even-odd", forKey: "fillRule")
        #expect(shape.fillRule == .evenOdd)
        #expect(shape.value(forKey: "fillRule") as? CAShapeLayerFillRule == .evenOdd)
        #expect(CAShapeLayer(layer: shape).fillRule == .evenOdd, "init(layer:) copies it")
    }

    /// `defaultValue(forKey:)` gives the default object, the same `NSString`.
    @Test func defaultValuesOfConstantsAreStrings() {
        #expect(CAShapeLayer.defaultValue(forKey: "fillRule") as? String == "non-zero")
        #expect(CAShapeLayer.defaultValue(forKey: "lineCap") as? CAShapeLayerLineCap == .butt)
        #expect(CAGradientLayer.defaultValue(forKey: "type") as? String == "axial")
        #expect(CATextLayer.defaultValue(forKey: "alignmentMode") as? String == "natural")
    }

    @Test func gradientTextAndScrollLayerConstantsReadBackAsStrings() {
        let gradient = CAGradientLayer()
        #expect(gradient.value(forKey: "type") as? String == "axial")
        gradient.type = .conic
        #expect(gradient.value(forKey: "type") as? CAGradientLayerType == .conic)
        let text = CATextLayer()
        #expect(text.value(forKey: "alignmentMode") as? String == "natural")
        #expect(text.value(forKey: "truncationMode") as? String == "none")
        text.truncationMode = .start
        #expect(text.value(forKey: "truncationMode") as? String == "start")
        #expect(CAScrollLayer().value(forKey: "scrollMode") as? String == "both")
        #expect(CAScrollLayer().value(forKeyPath: "scrollMode") as? CAScrollLayerScrollMode == .both)
    }

    @Test func emitterConstantsReadBackAsTheirTypesAndAsStrings() {
        let emitter = CAEmitterLayer()
        #expect(emitter.value(forKey: "emitterShape") as? CAEmitterLayerEmitterShape == .point)
        #expect(emitter.value(forKey: "emitterMode") as? CAEmitterLayerEmitterMode == .volume)
        emitter.emitterShape = .sphere
        #expect(emitter.value(forKey: "emitterShape") as? String == "sphere")
        emitter.setValue("additive", forKey: "renderMode")
        #expect(emitter.renderMode == .additive)
        #expect(emitter.value(forKey: "renderMode") as? CAEmitterLayerRenderMode == .additive)
        let cell = CAEmitterCell()
        #expect(cell.value(forKey: "fillMode") as? String == "removed")
        cell.fillMode = .both
        #expect(cell.value(forKey: "fillMode") as? CAMediaTimingFillMode == .both)
    }

    /// `CALayer.h` declares `contentsGravity` a `CALayerContentsGravity`, defaulting to
    /// `` `resize' ``.
    @Test func layerConstantsReadBackAsStringsAndAsTheirTypes() {
        let layer = CALayer()
        #expect(layer.value(forKey: "contentsGravity") as? CALayerContentsGravity == .resize)
        layer.contentsGravity = .center
        #expect(layer.value(forKey: "contentsGravity") as? String == "center")
    }

    /// `CAAnimation.h`: `type` defaults to `` `fade' ``, `calculationMode` to `` `linear' ``,
    /// `fillMode` (`CAMediaTiming.h`) to `` `removed' ``; `subtype` and `rotationMode` to nil.
    @Test func animationConstantsReadBackAsTheirTypesAndAsStrings() {
        let transition = CATransition()
        #expect(transition.value(forKey: "type") as? String == "fade")
        transition.type = .reveal
        transition.subtype = .fromTop
        #expect(transition.value(forKey: "type") as? CATransitionType == .reveal)
        #expect(transition.value(forKey: "subtype") as? String == "fromTop")
        #expect(CATransition().value(forKey: "subtype") == nil)
        let keyframes = CAKeyframeAnimation()
        #expect(keyframes.value(forKey: "calculationMode") as? CAAnimationCalculationMode == .linear)
        #expect(keyframes.value(forKey: "rotationMode") == nil)
        keyframes.rotationMode = .rotateAutoReverse
        #expect(keyframes.value(forKey: "rotationMode") as? String == "autoReverse")
        let basic = CABasicAnimation()
        #expect(basic.value(forKey: "fillMode") as? String == "removed")
        #expect(basic.value(forKey: "fillMode") as? CAMediaTimingFillMode == .removed)
    }
}
#endif
