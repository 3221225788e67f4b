#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// `CAFrameRateRange` and `CAAnimation.preferredFrameRateRange` (`CAFrameRateRange.h`,
/// `CAAnimation.h`, QuartzCore's Swift overlay).
@Suite struct FrameRateRangeTests {
    @Test func aRangeKeepsItsRatesAndComparesByThem() {
        let promotion = CAFrameRateRange(minimum: 80, maximum: 120, preferred: 120)
        #expect(promotion.minimum == 80 && promotion.maximum == 120 && promotion.preferred == 120)
        #expect(promotion == CAFrameRateRange(minimum: 80, maximum: 120, preferred: 120))
        #expect(promotion != CAFrameRateRange(minimum: 80, maximum: 120))
        var open = CAFrameRateRange(minimum: 30, maximum: 60)
        #expect(open.preferred == nil, "the overlay's init defaults preferred to nil")
        open.preferred = 45
        #expect(open.preferred == 45)
        open.preferred = nil
        #expect(open == CAFrameRateRange(minimum: 30, maximum: 60))
        #expect(CAFrameRateRange() == .default, "the zero-initialised structure")
    }

    @Test func anAnimationKeepsItsRangeThroughCopiesAndTheAdd() throws {
        let slide = CABasicAnimation(keyPath: "position.x")
        #expect(slide.preferredFrameRateRange == .default, "until it sets one, the system picks the rate")
        let promotion = CAFrameRateRange(minimum: 80, maximum: 120, preferred: 120)
        slide.preferredFrameRateRange = promotion
        slide.toValue = CGFloat(100)
        let copy = try #require(slide.copy() as? CABasicAnimation)
        #expect(copy.preferredFrameRateRange == promotion)
        #expect(slide.value(forKey: "preferredFrameRateRange") as? CAFrameRateRange == promotion)
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.commit { layer.add(slide, forKey: "slide") }
        #expect(layer.animation(forKey: "slide")?.preferredFrameRateRange == promotion)
        h.advance(by: 0.125)
        let presented = try #require(layer.presentation())
        expectClose(presented.position.x, 50, "halfway through the transaction's 0.25 s, whatever the rate")
    }
}

#endif
