#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// `CAEmitterLayer` and `CAEmitterCell` against their headers, with values worked out by
/// hand (linear timing).
@Suite struct EmitterLayerTests {
    private func linearTransaction(_ h: EngineHarness, _ body: () -> Void) {
        h.commit {
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            body()
        }
    }

    private func spark(birthRate: Float = 40) -> CAEmitterCell {
        let cell = CAEmitterCell()
        cell.name = "spark"
        cell.birthRate = birthRate
        return cell
    }

    // MARK: Defaults

    @Test func emitterLayerDefaultsAreTheHeaders() {
        let emitter = CAEmitterLayer()
        #expect(emitter.emitterCells == nil)
        #expect(emitter.birthRate == 1, "CAEmitterLayer.h: 'Default value is one'")
        #expect(emitter.lifetime == 1, "'Defaults to one'")
        #expect(emitter.emitterPosition == .zero && emitter.emitterZPosition == 0)
        #expect(emitter.emitterSize == .zero && emitter.emitterDepth == 0)
        #expect(emitter.emitterShape == .point && emitter.emitterShape.rawValue == "point", "'point' (the default)")
        #expect(emitter.emitterMode == .volume && emitter.emitterMode.rawValue == "volume", "'volume' (the default)")
        #expect(emitter.renderMode == .unordered && emitter.renderMode.rawValue == "unordered", "'unordered' (the default)")
        #expect(!emitter.preservesDepth)
        #expect(emitter.velocity == 1 && emitter.scale == 1 && emitter.spin == 1)
        #expect(emitter.seed == 0)
        #expect(emitter.value(forKey: "emitterShape") as? String == "point", "key-value coding gives the string")
        #expect(CAEmitterLayer.defaultValue(forKey: "birthRate") as? Float == 1)
        #expect(CAEmitterLayer.defaultValue(forKey: "opacity") as? Float == 1, "CALayer's defaults still apply")
    }

    @Test func emitterCellDefaultsAreTheHeaders() {
        let cell = CAEmitterCell()
        #expect(cell.name == nil)
        #expect(cell.isEnabled, "Apple's documentation: the default value is true")
        #expect(cell.birthRate == 0 && cell.lifetime == 0 && cell.lifetimeRange == 0)
        #expect(cell.emissionLatitude == 0 && cell.emissionLongitude == 0 && cell.emissionRange == 0)
        #expect(cell.velocity == 0 && cell.velocityRange == 0)
        #expect(cell.xAcceleration == 0 && cell.yAcceleration == 0 && cell.zAcceleration == 0)
        #expect(cell.scale == 1 && cell.scaleRange == 0 && cell.scaleSpeed == 0, "'Scale defaults to one, range to zero'")
        #expect(cell.spin == 0 && cell.spinRange == 0)
        expectClose(cell.color, rgba: [1, 1, 1, 1], "'color' defaults to opaque white")
        #expect([cell.redRange, cell.greenRange, cell.blueRange, cell.alphaRange] == [0, 0, 0, 0])
        #expect([cell.redSpeed, cell.greenSpeed, cell.blueSpeed, cell.alphaSpeed] == [0, 0, 0, 0])
        #expect(cell.contents == nil)
        #expect(cell.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1), "the unit rectangle")
        #expect(cell.contentsScale == 1)
        #expect(cell.minificationFilter == "linear" && cell.magnificationFilter == "linear")
        #expect(cell.minificationFilterBias == 0)
        #expect(cell.emitterCells == nil && cell.style == nil)
        #expect(cell.beginTime == 0 && cell.duration == 0 && cell.speed == 1 && cell.timeOffset == 0)
        #expect(cell.repeatCount == 0 && cell.repeatDuration == 0 && !cell.autoreverses && cell.fillMode == .removed)
        #expect(CAEmitterCell.emitterCell().birthRate == 0)
        #expect(cell.shouldArchiveValue(forKey: "birthRate"))
    }

    // MARK: The property model of CALayer

    @Test func aCellIsAKeyValueContainerWithDefaults() {
        let cell = CAEmitterCell()
        cell.setValue(false, forKey: "enabled")
        #expect(!cell.isEnabled, "the Objective-C name of isEnabled")
        cell.setValue(12.5, forKey: "velocity")
        #expect(cell.velocity == 12.5)
        cell.setValue("ember", forKey: "kind")
        #expect(cell.value(forKey: "kind") as? String == "ember", "an undeclared key is stored")
        #expect(cell.value(forKey: "scale") as? CGFloat == 1, "a key never set reads its default")
        cell.color = nil
        #expect(cell.color == nil, "set to nil reads nil, not the default")
    }

    @Test func aKeyNotSetTakesTheStylesValue() {
        // CAEmitterCell.h: `style`, "Inherited attributes similar to in layers".
        let cell = CAEmitterCell()
        cell.style = ["birthRate": Float(12), "style": ["velocity": CGFloat(30)]]
        #expect(cell.birthRate == 12)
        #expect(cell.velocity == 30, "the style's own style is searched next")
        #expect(cell.scale == 1, "a key the style lacks reads its default")
        cell.birthRate = 3
        #expect(cell.birthRate == 3, "a value set wins over the style")
    }

    @Test func aSubclassDefaultIsWhatANewCellReads() {
        final class Ember: CAEmitterCell {
            override class func defaultValue(forKey key: String) -> Any? {
                key == "birthRate" ? Float(25) : super.defaultValue(forKey: key)
            }
        }
        let ember = Ember.emitterCell()
        #expect(ember.birthRate == 25)
        #expect(ember.scale == 1, "the others are CAEmitterCell's")
    }

    @Test func propertiesDeclaredCopyKeepACopyOfAMutableObject() {
        // CAEmitterLayer.h: `@property(nullable, copy) NSArray<CAEmitterCell *> *emitterCells;`;
        // CAEmitterCell.h: `@property(nullable, copy) NSString *name;`.
        let emitter = CAEmitterLayer()
        let spark = spark()
        let cells = NSMutableArray(array: [spark])
        emitter.setValue(cells, forKey: "emitterCells")
        cells.add(CAEmitterCell())
        #expect((emitter.value(forKey: "emitterCells") as? NSArray)?.count == 1)
        let name = NSMutableString(string: "spark")
        let cell = CAEmitterCell()
        cell.setValue(name, forKey: "name")
        name.append("le")
        #expect(cell.name == "spark")
    }

    // MARK: Key paths through named cells

    @Test func keyPathsReachACellByItsName() {
        let emitter = CAEmitterLayer()
        let ember = CAEmitterCell()
        ember.name = "ember"
        ember.velocity = 8
        let spark = spark()
        spark.emitterCells = [ember]
        emitter.emitterCells = [spark]
        // CAEmitterCell's name "is used when constructing animation key paths that reference
        // the cell", such as `emitterCells.myCellName.redRange` (Apple's documentation).
        #expect(emitter.value(forKeyPath: "emitterCells.spark.birthRate") as? Float == 40)
        #expect(emitter.value(forKeyPath: "emitterCells.spark.emitterCells.ember.velocity") as? CGFloat == 8)
        #expect(emitter.value(forKeyPath: "emitterCells.spark.contentsRect.size.width") as? CGFloat == 1)
        emitter.setValue(Float(0), forKeyPath: "emitterCells.spark.birthRate")
        #expect(spark.birthRate == 0, "the cell itself changes")
        emitter.setValue(CGFloat(0.5), forKeyPath: "emitterCells.spark.contentsRect.size.width")
        #expect(spark.contentsRect == CGRect(x: 0, y: 0, width: 0.5, height: 1))
    }

    @Test func aKeyPathNamingNoCellIsReportedAndChangesNothing() {
        let diagnostics = DiagnosticCollector(key: "emitterCells.flame.birthRate")
        let emitter = CAEmitterLayer()
        let spark = spark()
        emitter.emitterCells = [spark]
        emitter.setValue(Float(0), forKeyPath: "emitterCells.flame.birthRate")
        #expect(diagnostics.kinds == [.invalidValue])
        #expect(diagnostics.all.first?.message.contains("no emitter cell is named 'flame'") == true)
        #expect(spark.birthRate == 40)
        #expect(emitter.value(forKeyPath: "emitterCells.flame.birthRate") == nil)
    }

    // MARK: Animation

    @Test func theEmitterAnimatesImplicitlyAndItsShapeDoesNot() throws {
        let h = EngineHarness()
        let emitter = h.makeLayer { CAEmitterLayer() }
        linearTransaction(h) {
            emitter.birthRate = 0
            emitter.emitterPosition = CGPoint(x: 100, y: 40)
            emitter.emitterShape = .line
        }
        #expect(Set(emitter.animationKeys() ?? []) == ["birthRate", "emitterPosition"])
        h.advance(by: 0.5)
        let presented = try #require(emitter.presentation())
        expectClose(presented.birthRate, 0.5, "halfway from 1 to 0")
        expectClose(presented.emitterPosition, CGPoint(x: 50, y: 20), "halfway from (0, 0)")
        #expect(presented.emitterShape == .line)
    }

    @Test func anAnimationOfACellKeyPathShowsInThePresentationAndLeavesTheModelCell() throws {
        let h = EngineHarness()
        let emitter = h.makeLayer { CAEmitterLayer() }
        let spark = spark(birthRate: 40)
        h.commit { emitter.emitterCells = [spark] }
        let fade = CABasicAnimation(keyPath: "emitterCells.spark.birthRate")
        fade.fromValue = Float(40)
        fade.toValue = Float(0)
        fade.duration = 1
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        h.commit { emitter.add(fade, forKey: "stop") }
        #expect(emitter.animationKeys() == ["stop"])
        h.advance(by: 0.25)
        let presented = try #require(emitter.presentation())
        let shown = try #require(presented.value(forKeyPath: "emitterCells.spark.birthRate") as? Float)
        expectClose(shown, 30, "a quarter of the way from 40 to 0")
        #expect(spark.birthRate == 40, "the model's cell is not the presentation's")
        #expect(emitter.value(forKeyPath: "emitterCells.spark.birthRate") as? Float == 40)
        h.advance(by: 1)
        #expect(emitter.animationKeys() == nil)
        let after = try #require(emitter.presentation())
        #expect(after.value(forKeyPath: "emitterCells.spark.birthRate") as? Float == 40, "back to the model once removed")
    }
}

#endif
