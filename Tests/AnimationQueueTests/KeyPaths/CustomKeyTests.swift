#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where QuartzCore
// is absent.

import AnimationQueueTesting
import Foundation
import Testing
@testable import AnimationQueue

/// A key of the layer's own: Core Animation's layers are key-value containers, so a key the
/// layer does not declare animates its own value, and only a key spelled almost like one of
/// the layer's properties is taken for a mistake.
@Suite(.hangGuard)
struct CustomKeyTests {
    /// A layer whose property is a computed property over key-value coding, as portable code
    /// declares one, with no `needsDisplay(forKey:)` or `defaultValue(forKey:)`.
    final class GaugeLayer: CALayer {
        var level: CGFloat {
            get { CGFloat.fromCoreAnimationValue(value(forKey: "level")) ?? 0 }
            set { setValue(newValue, forKey: "level") }
        }
    }

    /// Animates `key` of `layer` from 0 to 1 over 1 s, linearly: 0.25 halfway, then 1 in the
    /// model with nothing attached.
    func animate(_ key: String, of layer: CALayer, on fixture: QueueFixture) async {
        let operation = AnimationOperation(layer: layer, animation: BasicAnimation(
            AnimationKeyPath<CGFloat>(key), from: 0, to: 1, duration: 1, timing: .linear))
        fixture.queue.addOperation(operation)
        await fixture.clock.advance(to: 0.25)
        #expect(number(layer.presentation()?.value(forKey: key)).map { abs($0 - 0.25) < 1e-9 } == true,
                "\(String(describing: layer.presentation()?.value(forKey: key)))")
        await fixture.clock.advance(to: 1.5)
        #expect(operation.outcome == .finished)
        #expect(number(layer.value(forKey: key)) == 1)
        #expect(layer.animationKeys() ?? [] == [])
    }

    @Test func aKeyAPlainLayerNeverStoredAnimatesItsOwnValue() async {
        let fixture = QueueFixture()
        await animate("progress", of: fixture.layer(), on: fixture)
    }

    @Test func aComputedPropertyOverKeyValueCodingAnimates() async {
        let fixture = QueueFixture()
        let layer = fixture.clock.makeLayer { GaugeLayer() }
        await animate("level", of: layer, on: fixture)
        #expect(layer.level == 1)
    }

    @Test func onlyKeysSpelledAlmostLikeAPropertyOfTheLayersClassAreTakenForMistakes() {
        let plain = CALayer()
        #expect(KeyPathValidation.lookalike(of: "conerRadius", on: plain) == "cornerRadius")
        #expect(KeyPathValidation.lookalike(of: "opacty", on: plain) == "opacity")
        #expect(KeyPathValidation.lookalike(of: "Opacity", on: plain) == "opacity")
        #expect(KeyPathValidation.lookalike(of: "shadowOfset", on: plain) == "shadowOffset")
        #expect(KeyPathValidation.lookalike(of: "bakgroundColr", on: plain) == "backgroundColor")
        #expect(KeyPathValidation.lookalike(of: "progress", on: plain) == nil)
        #expect(KeyPathValidation.lookalike(of: "level", on: plain) == nil)
        #expect(KeyPathValidation.lookalike(of: "opacity", on: plain) == nil, "the property itself")
        #expect(KeyPathValidation.lookalike(of: "paths", on: plain) == nil, "a plain layer has no path")
        #expect(KeyPathValidation.lookalike(of: "paths", on: CAShapeLayer()) == "path")
    }
}

#endif
