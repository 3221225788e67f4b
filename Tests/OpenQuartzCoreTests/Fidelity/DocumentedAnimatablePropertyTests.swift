#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// Every property that Apple documents as animatable changes the presentation layer under an
/// explicit `CABasicAnimation`, halfway between its values under linear timing; every property
/// documented without an animation gets no implicit one.
@Suite struct DocumentedAnimatablePropertyTests {
    /// A value's numeric components, to compare an animated value with a midpoint worked out
    /// by hand.
    static func components(_ value: Any?) -> [Double]? {
        switch value {
        case let v as CGFloat: return [Double(v)]
        case let v as Float: return [Double(v)]
        case let v as Double: return [v]
        case let v as Int: return [Double(v)]
        case let v as CGPoint: return [v.x, v.y].map { Double($0) }
        case let v as CGSize: return [v.width, v.height].map { Double($0) }
        case let v as CGRect: return [v.origin.x, v.origin.y, v.width, v.height].map { Double($0) }
        case let v as CGColor: return v.components?.map { Double($0) }
        case let v as CATransform3D: return matrixEntries(v).map { Double($0) }
        case let v as NSNumber: return [v.doubleValue]
        case let v as [Any]:
            let parts = v.map(components)
            guard parts.allSatisfy({ $0 != nil }) else { return nil }
            return parts.flatMap { $0! }
        default: return nil
        }
    }

    /// Runs a linear two-second animation of `key` from `from` to `to` on a layer made by
    /// `make`, and expects the presentation layer's value at one second to be `halfway`.
    static func expectHalfway(_ key: String, from: Any, to: Any, halfway: Any,
                              on make: () -> CALayer = { CALayer() },
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let h = EngineHarness()
        let layer = h.makeLayer(make)
        let animation = CABasicAnimation(keyPath: key)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = 2
        h.commit { layer.add(animation, forKey: "probe") }
        h.advance(by: 1)
        let shown = layer.presentation()?.value(forKeyPath: key)
        guard let actual = components(shown), let expected = components(halfway), actual.count == expected.count else {
            Issue.record("\(key): expected \(halfway), got \(String(describing: shown))", sourceLocation: sourceLocation)
            return
        }
        for (a, e) in zip(actual, expected) {
            #expect(abs(a - e) <= 1e-6, "\(key): expected \(expected), got \(actual)", sourceLocation: sourceLocation)
        }
    }

    /// Changes `key` to `value` on a committed layer made by `make`, with actions enabled, and
    /// expects no animation to be added.
    static func expectNoImplicitAnimation(_ key: String, to value: Any?, on make: () -> CALayer,
                                          sourceLocation: SourceLocation = #_sourceLocation) {
        let h = EngineHarness()
        let layer = h.makeLayer(make)
        h.commit { layer.setValue(value, forKey: key) }
        #expect(layer.animationKeys() == nil, "\(key) has no implicit animation", sourceLocation: sourceLocation)
        _ = type(of: layer).defaultAction(forKey: key).map {
            Issue.record("\(key) has a default action \($0)", sourceLocation: sourceLocation)
        }
    }

    static let black = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
    static let white = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
    static let gray = CGColor(srgbRed: 0.5, green: 0.5, blue: 0.5, alpha: 1)
    static let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
    static let purple = CGColor(srgbRed: 0.5, green: 0, blue: 0.5, alpha: 1)

    // MARK: CALayer (Core Animation Programming Guide, "Animatable Properties", Table B-1)

    @Test func theLayersNumericStyleAndGeometryPropertiesInterpolate() {
        Self.expectHalfway("opacity", from: Float(0), to: Float(1), halfway: Float(0.5))
        Self.expectHalfway("cornerRadius", from: CGFloat(0), to: CGFloat(8), halfway: CGFloat(4))
        Self.expectHalfway("borderWidth", from: CGFloat(0), to: CGFloat(2), halfway: CGFloat(1))
        Self.expectHalfway("shadowOpacity", from: Float(0), to: Float(1), halfway: Float(0.5))
        Self.expectHalfway("shadowRadius", from: CGFloat(3), to: CGFloat(7), halfway: CGFloat(5))
        Self.expectHalfway("shadowOffset", from: CGSize(width: 0, height: -3), to: CGSize(width: 4, height: 1),
                           halfway: CGSize(width: 2, height: -1))
        Self.expectHalfway("zPosition", from: CGFloat(0), to: CGFloat(10), halfway: CGFloat(5))
        Self.expectHalfway("anchorPoint", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 1, y: 1), halfway: CGPoint(x: 0.5, y: 0.5))
        Self.expectHalfway("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 10, y: 20), halfway: CGPoint(x: 5, y: 10))
        Self.expectHalfway("bounds", from: CGRect(x: 0, y: 0, width: 10, height: 10), to: CGRect(x: 0, y: 0, width: 30, height: 50),
                           halfway: CGRect(x: 0, y: 0, width: 20, height: 30))
        Self.expectHalfway("contentsRect", from: CGRect(x: 0, y: 0, width: 1, height: 1), to: CGRect(x: 0.5, y: 0, width: 0.5, height: 1),
                           halfway: CGRect(x: 0.25, y: 0, width: 0.75, height: 1))
        Self.expectHalfway("transform", from: CATransform3DIdentity, to: CATransform3DMakeTranslation(10, 0, 0),
                           halfway: CATransform3DMakeTranslation(5, 0, 0))
        Self.expectHalfway("sublayerTransform", from: CATransform3DIdentity, to: CATransform3DMakeScale(3, 3, 1),
                           halfway: CATransform3DMakeScale(2, 2, 1))
    }

    @Test func theLayersColorsInterpolateComponentByComponent() {
        Self.expectHalfway("backgroundColor", from: Self.red, to: Self.blue, halfway: Self.purple)
        Self.expectHalfway("borderColor", from: Self.black, to: Self.white, halfway: Self.gray)
        Self.expectHalfway("shadowColor", from: Self.black, to: Self.white, halfway: Self.gray)
    }

    /// Table B-1 lists `hidden`, `masksToBounds` and `doubleSided` as animatable; a Boolean
    /// does not interpolate, so the presentation shows one of the two values, and shows the
    /// animation's value rather than the model's somewhere in its duration.
    @Test func theLayersBooleanPropertiesChangeThePresentation() throws {
        for key in ["hidden", "masksToBounds", "doubleSided"] {
            let h = EngineHarness()
            let layer = h.makeLayer()
            let model = try #require(layer.value(forKey: key) as? Bool)
            let animation = CABasicAnimation(keyPath: key)
            animation.fromValue = !model
            animation.toValue = !model
            animation.duration = 2
            h.commit { layer.add(animation, forKey: "probe") }
            h.advance(by: 1)
            #expect(layer.presentation()?.value(forKey: key) as? Bool == !model, "\(key)")
        }
    }

    /// The layer's properties that `CALayer.h` does not mark "Animatable" have no implicit
    /// animation.
    @Test func theLayersNonAnimatablePropertiesHaveNoImplicitAnimation() {
        Self.expectNoImplicitAnimation("name", to: "a name", on: { CALayer() })
        Self.expectNoImplicitAnimation("opaque", to: true, on: { CALayer() })
        Self.expectNoImplicitAnimation("contentsGravity", to: "center", on: { CALayer() })
        Self.expectNoImplicitAnimation("cornerCurve", to: "continuous", on: { CALayer() })
        Self.expectNoImplicitAnimation("geometryFlipped", to: true, on: { CALayer() })
        Self.expectNoImplicitAnimation("allowsGroupOpacity", to: false, on: { CALayer() })
    }

    /// `CALayer.h` marks `compositingFilter`, `filters` and `backgroundFilters` "Animatable".
    /// A filter does not interpolate, so during an explicit animation the presentation shows
    /// one of the animation's values, never the model's nil, and after it the model's value.
    @Test func theFilterPropertiesChangeThePresentationWhenAnimatedExplicitly() throws {
        let cases: [(key: String, from: Any, to: Any)] = [
            ("compositingFilter", "multiplyBlendMode", "screenBlendMode"),
            ("filters", ["blur"], ["sepia"]),
            ("backgroundFilters", ["blur"], ["sepia"]),
        ]
        for (key, from, to) in cases {
            let diagnostics = DiagnosticCollector(key: key)
            let h = EngineHarness()
            let layer = h.makeLayer()
            let animation = CABasicAnimation(keyPath: key)
            animation.fromValue = from
            animation.toValue = to
            animation.duration = 2
            h.commit { layer.add(animation, forKey: "probe") }
            let shown = { () -> String? in
                let value = layer.presentation()?.value(forKey: key)
                return (value as? String) ?? (value as? [Any])?.first as? String
            }
            for time in [0.5, 1.0] {
                h.advance(by: 0.5)
                let value = shown()
                #expect(value == "multiplyBlendMode" || value == "screenBlendMode" || value == "blur" || value == "sepia",
                        "\(key) at \(time) s shows \(String(describing: value))")
            }
            h.advance(by: 1.5)
            #expect(shown() == nil, "\(key): the model value once the animation is over")
            #expect(diagnostics.all.isEmpty, "\(key): \(diagnostics.all)")
        }
    }

    /// `CALayer.h` also marks `anchorPointZ`, `contentsCenter`, `contentsScale`,
    /// `minificationFilterBias` and `rasterizationScale` "Animatable".
    @Test func theLayersOtherAnimatableNumbersInterpolate() {
        Self.expectHalfway("anchorPointZ", from: CGFloat(0), to: CGFloat(4), halfway: CGFloat(2))
        Self.expectHalfway("contentsCenter", from: CGRect(x: 0, y: 0, width: 1, height: 1),
                           to: CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5),
                           halfway: CGRect(x: 0.125, y: 0.125, width: 0.75, height: 0.75))
        Self.expectHalfway("contentsScale", from: CGFloat(1), to: CGFloat(3), halfway: CGFloat(2))
        Self.expectHalfway("minificationFilterBias", from: Float(0), to: Float(1), halfway: Float(0.5))
        Self.expectHalfway("rasterizationScale", from: CGFloat(1), to: CGFloat(2), halfway: CGFloat(1.5))
    }

    /// Core Animation Programming Guide, "Key-Value Coding Extensions": a structure's fields
    /// are key paths of the property (`x`, `y`, `width`, `height`), and a transform's
    /// `translation.x`, `scale`, `rotation.z`, … fields; a subclass's properties take them too.
    @Test func theFieldsOfASubclassesStructurePropertiesAnimate() {
        Self.expectHalfway("startPoint.x", from: CGFloat(0.5), to: CGFloat(1), halfway: CGFloat(0.75), on: { CAGradientLayer() })
        Self.expectHalfway("instanceTransform.translation.x", from: CGFloat(0), to: CGFloat(10), halfway: CGFloat(5),
                           on: { CAReplicatorLayer() })
        Self.expectHalfway("shadowOffset.height", from: CGFloat(-3), to: CGFloat(1), halfway: CGFloat(-1))
        Self.expectHalfway("sublayerTransform.scale", from: CGFloat(1), to: CGFloat(3), halfway: CGFloat(2))
    }

    /// `defaultValue(forKey:)` of Core Animation's subclasses gives their headers' defaults.
    @Test func theSubclassesClassDefaultsAreTheHeaders() {
        #expect(Self.components(CAShapeLayer.defaultValue(forKey: "fillColor")) == [0, 0, 0, 1])
        #expect(Self.components(CAShapeLayer.defaultValue(forKey: "lineWidth")) == [1])
        #expect(Self.components(CAShapeLayer.defaultValue(forKey: "miterLimit")) == [10])
        #expect(Self.components(CAShapeLayer.defaultValue(forKey: "strokeEnd")) == [1])
        #expect(CAShapeLayer.defaultValue(forKey: "lineCap") as? String == "butt")
        #expect(CAShapeLayer.defaultValue(forKey: "lineJoin") as? String == "miter")
        #expect(CAShapeLayer.defaultValue(forKey: "fillRule") as? String == "non-zero")
        #expect(Self.components(CAGradientLayer.defaultValue(forKey: "startPoint")) == [0.5, 0])
        #expect(Self.components(CAGradientLayer.defaultValue(forKey: "endPoint")) == [0.5, 1])
        #expect(CAGradientLayer.defaultValue(forKey: "type") as? String == "axial")
        #expect(Self.components(CAReplicatorLayer.defaultValue(forKey: "instanceCount")) == [1])
        #expect(Self.components(CAReplicatorLayer.defaultValue(forKey: "instanceColor")) == [1, 1, 1, 1])
        #expect(Self.components(CATextLayer.defaultValue(forKey: "fontSize")) == [36])
        #expect(Self.components(CATextLayer.defaultValue(forKey: "foregroundColor")) == [1, 1, 1, 1])
        #expect(CATextLayer.defaultValue(forKey: "alignmentMode") as? String == "natural")
        #expect(CATextLayer.defaultValue(forKey: "truncationMode") as? String == "none")
        #expect(CAScrollLayer.defaultValue(forKey: "scrollMode") as? String == "both")
        #expect(CAScrollLayer().scrollMode == .both)
    }

    // MARK: Layer subclasses (the "Animatable" marks of their headers)

    /// `CAShapeLayer.h` marks `fillColor`, `strokeColor`, `strokeStart`, `strokeEnd`,
    /// `lineWidth`, `miterLimit` and `lineDashPhase` "Animatable".
    @Test func theShapeLayersAnimatablePropertiesInterpolate() {
        let shape = { CAShapeLayer() as CALayer }
        Self.expectHalfway("fillColor", from: Self.red, to: Self.blue, halfway: Self.purple, on: shape)
        Self.expectHalfway("strokeColor", from: Self.black, to: Self.white, halfway: Self.gray, on: shape)
        Self.expectHalfway("strokeStart", from: CGFloat(0), to: CGFloat(0.5), halfway: CGFloat(0.25), on: shape)
        Self.expectHalfway("strokeEnd", from: CGFloat(0), to: CGFloat(1), halfway: CGFloat(0.5), on: shape)
        Self.expectHalfway("lineWidth", from: CGFloat(1), to: CGFloat(5), halfway: CGFloat(3), on: shape)
        Self.expectHalfway("miterLimit", from: CGFloat(10), to: CGFloat(4), halfway: CGFloat(7), on: shape)
        Self.expectHalfway("lineDashPhase", from: CGFloat(0), to: CGFloat(12), halfway: CGFloat(6), on: shape)
    }

    /// `CAGradientLayer.h` marks `colors`, `locations`, `startPoint` and `endPoint` animatable.
    @Test func theGradientLayersAnimatablePropertiesInterpolate() {
        let gradient = { CAGradientLayer() as CALayer }
        Self.expectHalfway("colors", from: [Self.red, Self.black], to: [Self.blue, Self.white],
                           halfway: [Self.purple, Self.gray], on: gradient)
        Self.expectHalfway("locations", from: [0, 1] as [NSNumber], to: [0.5, 1] as [NSNumber],
                           halfway: [0.25, 1] as [NSNumber], on: gradient)
        Self.expectHalfway("startPoint", from: CGPoint(x: 0.5, y: 0), to: CGPoint(x: 0, y: 0.5),
                           halfway: CGPoint(x: 0.25, y: 0.25), on: gradient)
        Self.expectHalfway("endPoint", from: CGPoint(x: 0.5, y: 1), to: CGPoint(x: 1, y: 0.5),
                           halfway: CGPoint(x: 0.75, y: 0.75), on: gradient)
    }

    /// `CAReplicatorLayer.h` marks `instanceDelay`, `instanceTransform`, `instanceColor` and
    /// the four color offsets "Animatable".
    @Test func theReplicatorLayersAnimatablePropertiesInterpolate() {
        let replicator = { CAReplicatorLayer() as CALayer }
        Self.expectHalfway("instanceDelay", from: 0.0, to: 0.5, halfway: 0.25, on: replicator)
        Self.expectHalfway("instanceTransform", from: CATransform3DIdentity, to: CATransform3DMakeTranslation(0, 20, 0),
                           halfway: CATransform3DMakeTranslation(0, 10, 0), on: replicator)
        Self.expectHalfway("instanceColor", from: Self.white, to: Self.black, halfway: Self.gray, on: replicator)
        for key in ["instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset"] {
            Self.expectHalfway(key, from: Float(0), to: Float(-0.5), halfway: Float(-0.25), on: replicator)
        }
    }

    /// `CATextLayer.h` marks `fontSize` and `foregroundColor` "Animatable".
    @Test func theTextLayersAnimatablePropertiesInterpolate() {
        let text = { CATextLayer() as CALayer }
        Self.expectHalfway("fontSize", from: CGFloat(36), to: CGFloat(12), halfway: CGFloat(24), on: text)
        Self.expectHalfway("foregroundColor", from: Self.white, to: Self.black, halfway: Self.gray, on: text)
    }

    /// The subclasses' properties that their headers do not mark animatable have no implicit
    /// animation; nor does a shape layer's `path`, which `CAShapeLayer.h` says is animatable
    /// but "no implicit animation will be created when the property is changed".
    @Test func theSubclassesUnmarkedPropertiesHaveNoImplicitAnimation() {
        let shape = { CAShapeLayer() as CALayer }
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 4, height: 4))
        Self.expectNoImplicitAnimation("path", to: path, on: shape)
        Self.expectNoImplicitAnimation("fillRule", to: "even-odd", on: shape)
        Self.expectNoImplicitAnimation("lineCap", to: "round", on: shape)
        Self.expectNoImplicitAnimation("lineJoin", to: "bevel", on: shape)
        Self.expectNoImplicitAnimation("lineDashPattern", to: [2, 3] as [NSNumber], on: shape)
        Self.expectNoImplicitAnimation("type", to: "radial", on: { CAGradientLayer() })
        Self.expectNoImplicitAnimation("preservesDepth", to: true, on: { CAReplicatorLayer() })
        let text = { CATextLayer() as CALayer }
        Self.expectNoImplicitAnimation("string", to: "text", on: text)
        Self.expectNoImplicitAnimation("font", to: "Courier", on: text)
        Self.expectNoImplicitAnimation("wrapped", to: true, on: text)
        Self.expectNoImplicitAnimation("truncationMode", to: "end", on: text)
        Self.expectNoImplicitAnimation("alignmentMode", to: "center", on: text)
        Self.expectNoImplicitAnimation("allowsFontSubpixelQuantization", to: true, on: text)
        Self.expectNoImplicitAnimation("scrollMode", to: "horizontally", on: { CAScrollLayer() })
    }
}
#endif
