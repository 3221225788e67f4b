#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself: compiled only where QuartzCore is absent; on Apple platforms
// the engine is not what the package uses.

import Foundation
import Testing
import OpenQuartzCore

/// Numbers set through key-value coding on the layer subclasses' scalar properties.
///
/// `CAShapeLayer.h` declares `lineWidth` a `CGFloat`, `CATextLayer.h` `fontSize` a `CGFloat`
/// and `wrapped` a `BOOL`, `CAReplicatorLayer.h` `instanceCount` an `NSInteger`,
/// `CAEmitterLayer.h` `birthRate` a `float`, `CAEmitterCell.h` `scale` a `CGFloat`. Key-value
/// coding sets such a property from any number and reads it back as a number (Key-Value
/// Coding Programming Guide, "Representing Non-Object Values"), so on Apple platforms
/// `value(forKey: "lineWidth") as? CGFloat` is 3 after `setValue(3, forKey: "lineWidth")`.
/// Here a number reads back as the property's Swift type, as `CALayer`'s own do.
@Suite struct LayerSubclassKeyValueTests {
    @Test func aNumberSetOnAScalarPropertyReadsBackAsThePropertysType() {
        let shape = CAShapeLayer()
        shape.setValue(3, forKey: "lineWidth")
        #expect(shape.lineWidth == 3)
        #expect(shape.value(forKey: "lineWidth") as? CGFloat == 3)

        let text = CATextLayer()
        text.setValue(NSNumber(value: 12), forKey: "fontSize")
        #expect(text.value(forKey: "fontSize") as? CGFloat == 12)
        text.setValue(1, forKey: "wrapped")
        #expect(text.isWrapped)
        #expect(text.value(forKey: "wrapped") as? Bool == true)

        let dots = CAReplicatorLayer()
        dots.setValue(4.0, forKey: "instanceCount")
        #expect(dots.instanceCount == 4)
        #expect(dots.value(forKey: "instanceCount") as? Int == 4)
        dots.setValue(0.5, forKey: "instanceDelay")
        #expect(dots.value(forKey: "instanceDelay") as? CFTimeInterval == 0.5)

        let emitter = CAEmitterLayer()
        emitter.setValue(2.0, forKey: "birthRate")
        #expect(emitter.value(forKey: "birthRate") as? Float == 2)

        let cell = CAEmitterCell()
        cell.setValue(3, forKey: "scale")
        #expect(cell.value(forKey: "scale") as? CGFloat == 3)
    }

    /// `CAShapeLayer.h`: `strokeEnd` is a `CGFloat` that "defaults to one"; a number set
    /// through a key path reads back the same way.
    @Test func aNumberSetThroughAKeyPathReadsBackAsThePropertysType() {
        let shape = CAShapeLayer()
        shape.setValue(0.5 as Float, forKeyPath: "strokeEnd")
        #expect(shape.value(forKeyPath: "strokeEnd") as? CGFloat == 0.5)
    }

    /// Key-value coding looks a key up as a getter too (Key-Value Coding Programming Guide,
    /// "Accessor Search Patterns": `get<Key>`, `<key>`, `is<Key>`), so a Boolean property
    /// whose getter is `isHidden` reads under that name as well as under `hidden`.
    @Test func aBooleanPropertyReadsUnderItsGettersName() {
        let layer = CALayer()
        #expect(layer.value(forKey: "isHidden") as? Bool == false)
        layer.isHidden = true
        #expect(layer.value(forKey: "isHidden") as? Bool == true)
        #expect(layer.value(forKey: "isDoubleSided") as? Bool == true)
        #expect(layer.value(forKey: "isOpaque") as? Bool == false)
        #expect(layer.value(forKey: "isGeometryFlipped") as? Bool == false)
        let animation = CABasicAnimation(keyPath: "opacity")
        #expect(animation.value(forKey: "isRemovedOnCompletion") as? Bool == true)
        animation.isAdditive = true
        #expect(animation.value(forKey: "isAdditive") as? Bool == true)
        #expect(animation.value(forKey: "isCumulative") as? Bool == false)
    }
}
#endif
