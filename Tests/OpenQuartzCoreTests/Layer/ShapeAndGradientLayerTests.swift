#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// `CAShapeLayer` and `CAGradientLayer` against their headers' defaults and "Animatable"
/// marks, with animated values worked out by hand (linear timing unless stated).
@Suite struct ShapeAndGradientLayerTests {
    // MARK: CAShapeLayer

    @Test func shapeLayerDefaultsAreTheHeaders() {
        let shape = CAShapeLayer()
        #expect(shape.path == nil)
        expectClose(shape.fillColor, rgba: [0, 0, 0, 1], "opaque black")
        #expect(shape.fillRule == .nonZero)
        #expect(shape.fillRule.rawValue == "non-zero")
        #expect(shape.strokeColor == nil)
        #expect(shape.strokeStart == 0)
        #expect(shape.strokeEnd == 1)
        #expect(shape.lineWidth == 1)
        #expect(shape.miterLimit == 10)
        #expect(shape.lineCap == .butt)
        #expect(shape.lineJoin == .miter)
        #expect(shape.lineDashPhase == 0)
        #expect(shape.lineDashPattern == nil)
    }

    @Test func aNilFillColorStaysNilAndIsNotResetToTheDefault() throws {
        let h = EngineHarness()
        let shape = h.makeLayer { CAShapeLayer() }
        h.commit { shape.fillColor = nil }
        #expect(shape.fillColor == nil)
        #expect(shape.value(forKey: "fillColor") == nil)
        #expect(try #require(shape.presentation()).fillColor == nil)
    }

    @Test func thePathIsCopiedOnAssignment() {
        let shape = CAShapeLayer()
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 10, y: 0))
        shape.path = path
        path.addLine(to: CGPoint(x: 10, y: 10))
        #expect(shape.path?.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 0))
        let through = CGMutablePath()
        through.addLines(between: [.zero, CGPoint(x: 20, y: 0)])
        shape.setValue(through, forKey: "path")
        through.addLine(to: CGPoint(x: 20, y: 20))
        #expect(shape.path?.boundingBox == CGRect(x: 0, y: 0, width: 20, height: 0), "copied through key-value coding too")
    }

    @Test func propertiesAreKeyValueCodedAndCopiedIntoThePresentationLayer() throws {
        let h = EngineHarness()
        let shape = h.makeLayer { CAShapeLayer() }
        h.commit {
            CATransaction.setDisableActions(true)
            shape.setValue(CGFloat(3), forKey: "lineWidth")
            shape.lineCap = .round
            shape.lineDashPattern = [2, 4]
        }
        #expect(shape.lineWidth == 3)
        #expect(shape.value(forKey: "strokeEnd") as? CGFloat == 1, "the default, through defaultValue(forKey:)")
        let presented = try #require(shape.presentation())
        #expect(presented.lineWidth == 3)
        #expect(presented.lineCap == .round)
        #expect(presented.lineDashPattern?.map(\.doubleValue) == [2, 4])
    }

    @Test func strokeEndAnimatesExplicitlyFromItsFromValueToItsToValue() throws {
        let h = EngineHarness()
        let shape = h.makeLayer { CAShapeLayer() }
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = 2
        h.commit { shape.add(draw, forKey: "draw") }
        h.advance(by: 0.5)
        expectClose(try #require(shape.presentation()).strokeEnd, 0.25)
        #expect(shape.strokeEnd == 1, "the model is untouched")
    }

    @Test func strokeEndAnimatesImplicitlyOnACommittedLayer() throws {
        let h = EngineHarness()
        let shape = h.makeLayer { CAShapeLayer() }
        h.commit {
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            shape.strokeEnd = 0.5
        }
        #expect(shape.animationKeys() == ["strokeEnd"])
        h.advance(by: 0.5)
        expectClose(try #require(shape.presentation()).strokeEnd, 0.75, "halfway from 1 to 0.5")
    }

    @Test func aPathChangeCreatesNoImplicitAnimation() {
        let h = EngineHarness()
        let shape = h.makeLayer { CAShapeLayer() }
        h.commit { shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil) }
        #expect(shape.animationKeys() == nil)
    }

    @Test func aPathAnimatesPointByPointBetweenPathsOfTheSameElements() throws {
        let h = EngineHarness()
        let shape = h.makeLayer { CAShapeLayer() }
        let morph = CABasicAnimation(keyPath: "path")
        morph.fromValue = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        morph.toValue = CGPath(rect: CGRect(x: 10, y: 20, width: 30, height: 50), transform: nil)
        morph.duration = 1
        h.commit { shape.add(morph, forKey: "morph") }
        h.advance(by: 0.5)
        let presented = try #require(shape.presentation())
        let halfway = try #require(presented.path)
        var rect = CGRect.zero
        #expect(halfway.isRect(&rect))
        expectClose(rect, CGRect(x: 5, y: 10, width: 20, height: 30))
    }

    @Test func pathsWithDifferentElementsSwitchHalfway() throws {
        let h = EngineHarness()
        let shape = h.makeLayer { CAShapeLayer() }
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let morph = CABasicAnimation(keyPath: "path")
        morph.fromValue = square
        morph.toValue = circle
        morph.duration = 1
        h.commit { shape.add(morph, forKey: "morph") }
        h.advance(by: 0.25)
        #expect(try #require(shape.presentation()).path == square)
        h.advance(by: 0.5)
        #expect(try #require(shape.presentation()).path == circle)
    }

    @Test func colorsAndTheDashPatternAnimateComponentByComponent() throws {
        let h = EngineHarness()
        let shape = h.makeLayer { CAShapeLayer() }
        let tint = CABasicAnimation(keyPath: "strokeColor")
        tint.fromValue = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        tint.toValue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        tint.duration = 1
        let dash = CABasicAnimation(keyPath: "lineDashPattern")
        dash.fromValue = [NSNumber(value: 2), NSNumber(value: 4)]
        dash.toValue = [NSNumber(value: 6), NSNumber(value: 8)]
        dash.duration = 1
        h.commit {
            shape.add(tint, forKey: "tint")
            shape.add(dash, forKey: "dash")
        }
        h.advance(by: 0.5)
        let presented = try #require(shape.presentation())
        expectClose(presented.strokeColor, rgba: [0.5, 0, 0.5, 1])
        #expect(presented.lineDashPattern?.map(\.doubleValue) == [4, 6])
    }

    // MARK: CAGradientLayer

    @Test func gradientLayerDefaultsAreTheHeaders() {
        let gradient = CAGradientLayer()
        #expect(gradient.colors == nil)
        #expect(gradient.locations == nil)
        #expect(gradient.startPoint == CGPoint(x: 0.5, y: 0))
        #expect(gradient.endPoint == CGPoint(x: 0.5, y: 1))
        #expect(gradient.type == .axial)
        #expect(gradient.type.rawValue == "axial")
    }

    @Test func locationsAndColorsAnimateElementByElement() throws {
        let h = EngineHarness()
        let gradient = h.makeLayer { CAGradientLayer() }
        h.commit {
            CATransaction.setDisableActions(true)
            gradient.colors = [CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)]
            gradient.locations = [0, 1]
        }
        let sweep = CABasicAnimation(keyPath: "locations")
        sweep.fromValue = [NSNumber(value: 0), NSNumber(value: 0.2)]
        sweep.toValue = [NSNumber(value: 0.8), NSNumber(value: 1)]
        sweep.duration = 1
        let fade = CABasicAnimation(keyPath: "colors")
        fade.toValue = [CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1), CGColor(srgbRed: 0, green: 1, blue: 1, alpha: 0)]
        fade.duration = 1
        h.commit {
            gradient.add(sweep, forKey: "sweep")
            gradient.add(fade, forKey: "fade")
        }
        h.advance(by: 0.25)
        let presented = try #require(gradient.presentation())
        let locations = try #require(presented.locations).map(\.doubleValue)
        #expect(locations.count == 2)
        expectClose(locations[0], 0.2)
        expectClose(locations[1], 0.4)
        let colors = try #require(presented.colors as? [CGColor])
        expectClose(colors.first, rgba: [0.75, 0, 0.25, 1], "a quarter of the way from red to blue")
        expectClose(colors.last, rgba: [0, 1, 0.25, 0.75], "from the model's green, the animation having no fromValue")
        #expect(gradient.locations?.map(\.doubleValue) == [0, 1], "the model is untouched")
    }

    @Test func theEndPointsAnimateImplicitly() throws {
        let h = EngineHarness()
        let gradient = h.makeLayer { CAGradientLayer() }
        h.commit {
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            gradient.startPoint = CGPoint(x: 0, y: 0.5)
        }
        h.advance(by: 0.5)
        expectClose(try #require(gradient.presentation()).startPoint, CGPoint(x: 0.25, y: 0.25))
    }

    @Test func cubicKeyframesOfAnArrayFollowTheSameSplineAsEachElementAlone() throws {
        // Each location follows the spline of its own numbers, which the engine's number
        // keyframes (checked against closed forms elsewhere) give a plain layer.
        let h = EngineHarness()
        let gradient = h.makeLayer { CAGradientLayer() }
        let references = [h.makeLayer(), h.makeLayer()]
        let columns: [[CGFloat]] = [[0, 0.4, 0.2, 0.3], [0.5, 0.9, 1, 0.6]]
        func cubic(_ keyPath: String, _ values: [Any]) -> CAKeyframeAnimation {
            let animation = CAKeyframeAnimation(keyPath: keyPath)
            animation.values = values
            animation.calculationMode = .cubic
            animation.duration = 1
            return animation
        }
        let rows = (0..<4).map { i in columns.map { NSNumber(value: Double($0[i])) } }
        h.commit {
            gradient.add(cubic("locations", rows), forKey: "sweep")
            for (layer, column) in zip(references, columns) { layer.add(cubic("cornerRadius", column), forKey: "alone") }
        }
        h.advance(by: 0.3)
        let presented = try #require(gradient.presentation())
        let locations = try #require(presented.locations).map(\.doubleValue)
        for (index, layer) in references.enumerated() {
            let alone = Double(try #require(layer.presentation()).cornerRadius)
            expectClose(locations[index], alone)
        }
        // At 0.3, nine tenths of the way from the first keyframe to the second: straight
        // lines would give 0.36; the spline bends towards the next keyframe.
        #expect(abs(locations[0] - 0.36) > 1e-3)
    }

    /// `CAGradientLayer.h`: `@property(nullable, copy) NSArray *colors;` and
    /// `@property(nullable, copy) NSArray<NSNumber *> *locations;`; `CAShapeLayer.h`:
    /// `@property(nullable, copy) NSArray<NSNumber *> *lineDashPattern;`. The layer keeps a
    /// copy, so changing the mutable array afterwards does not change the layer.
    @Test func arraysAreCopiedOnAssignment() {
        let gradient = CAGradientLayer()
        let locations = NSMutableArray(array: [NSNumber(value: 0), NSNumber(value: 1)])
        gradient.setValue(locations, forKey: "locations")
        locations.add(NSNumber(value: 0.5))
        #expect(gradient.locations?.map(\.doubleValue) == [0, 1])
        let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        let colors = NSMutableArray(array: [red, red])
        gradient.setValue(colors, forKey: "colors")
        colors.add(red)
        #expect(gradient.colors?.count == 2)
        let shape = CAShapeLayer()
        let dashes = NSMutableArray(array: [NSNumber(value: 2), NSNumber(value: 3)])
        shape.setValue(dashes, forKey: "lineDashPattern")
        dashes.removeAllObjects()
        #expect(shape.lineDashPattern?.map(\.doubleValue) == [2, 3])
    }

    @Test func aChangeOfTheGradientTypeDoesNotAnimate() {
        let h = EngineHarness()
        let gradient = h.makeLayer { CAGradientLayer() }
        h.commit { gradient.type = .radial }
        #expect(gradient.type == .radial)
        #expect(gradient.animationKeys() == nil)
    }
}
#endif
