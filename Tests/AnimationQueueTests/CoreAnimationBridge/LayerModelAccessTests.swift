#if !canImport(QuartzCore)
// Reads scheduler internals: compiled only where QuartzCore is absent.

@testable import AnimationQueue
import Foundation
import Testing

/// The typed model access that steps use to read and write their layers agrees with
/// key-value coding, value for value, on the key paths it types and on those it hands on.
@Suite struct LayerModelAccessTests {
    /// Each key path with a value unlike the layer's default.
    static var writes: [(keyPath: String, value: Any)] { [
        ("opacity", Float(0.25)),
        ("position", CGPoint(x: 12, y: -7)),
        ("position.x", CGFloat(31)),
        ("position.y", CGFloat(-4)),
        ("bounds", CGRect(x: 1, y: 2, width: 30, height: 40)),
        ("transform", CATransform3DMakeScale(2, 3, 1)),
        ("cornerRadius", CGFloat(6)),
        ("zPosition", CGFloat(9)),
        ("shadowOpacity", Float(0.75)),
        // Not typed: key-value coding.
        ("anchorPoint.x", CGFloat(0.25)),
        ("borderWidth", CGFloat(2)),
    ] }

    @Test(arguments: 0..<11)
    func writingAndReadingMatchKeyValueCoding(_ index: Int) {
        #expect(Self.writes.count == 11)
        let (keyPath, value) = Self.writes[index]
        let typed = LayerFixtures.committed(), coded = LayerFixtures.committed()
        LayerFixtures.inEffect {
            CATransaction.setDisableActions(true)
            LayerModelAccess.set(value, at: keyPath, of: typed)
            coded.setValue(value, forKeyPath: keyPath)
        }
        let expected = coded.value(forKeyPath: keyPath)
        #expect(String(describing: typed.value(forKeyPath: keyPath)) == String(describing: expected))
        #expect(String(describing: LayerModelAccess.value(of: typed, at: keyPath)) == String(describing: expected))
        #expect(String(describing: LayerModelAccess.value(of: coded, at: keyPath)) == String(describing: expected))
        // The whole layer agrees, not only the key written (a component writes its struct).
        for other in ["position", "bounds", "transform", "opacity", "anchorPoint"] {
            #expect(String(describing: typed.value(forKeyPath: other)) == String(describing: coded.value(forKeyPath: other)),
                    "\(other) after writing \(keyPath)")
        }
    }

    @Test func aValueOfAnotherTypeGoesThroughKeyValueCoding() {
        // A CGFloat for a Float property is not the typed property's type: key-value coding
        // converts it, on both layers alike (the layers start at opacity 1).
        let typed = LayerFixtures.committed(), coded = LayerFixtures.committed()
        LayerFixtures.inEffect {
            CATransaction.setDisableActions(true)
            LayerModelAccess.set(CGFloat(0.5), at: "opacity", of: typed)
            coded.setValue(CGFloat(0.5), forKeyPath: "opacity")
        }
        #expect(coded.opacity == 0.5)
        #expect(typed.opacity == 0.5)
    }

    @Test func animationKeysAreThePrefixAndTheOperationsAddressInBase36() async {
        let layer = LayerFixtures.committed()
        let operation = AnimationOperation(layer: layer, animation: BasicAnimation(.opacity, from: 0, to: 1, duration: 1))
        let expected = "AQ." + String(UInt(bitPattern: ObjectIdentifier(operation)), radix: 36)
        #expect(operation.animationKey == expected)
    }
}
#endif
