import AnimationQueue
import Foundation
import Testing

/// `KeyframeAnimation.resolve(for:)` against a real layer.
@Suite struct KeyframeAnimationTests {
    @Test func additiveShakeKeepsModelAndPassesValuesThrough() throws {
        let layer = LayerFixtures.committed { $0.position = CGPoint(x: 100, y: 0) }
        let shake = KeyframeAnimation(.positionX, values: [0, 10, -10, 10, -5, 5, -5, 0],
                                      duration: 0.4, isAdditive: true)
        let resolved = shake.resolve(for: layer)
        let animation = try #require(resolved.animation as? CAKeyframeAnimation)
        #expect(animation.keyPath == "position.x")
        #expect(animation.values?.compactMap(number) == [0, 10, -10, 10, -5, 5, -5, 0])
        #expect(animation.isAdditive)
        #expect(animation.duration == 0.4)
        #expect(animation.calculationMode == .linear)
        #expect(animation.keyTimes == nil && animation.timingFunctions == nil)
        #expect(number(entry(resolved.finalValues, "position.x")) == 100)
        #expect(number(entry(resolved.initialValues, "position.x")) == 100)
    }

    @Test func keyTimesSegmentTimingsAndModeAreCopied() throws {
        let layer = LayerFixtures.committed()
        let blink = KeyframeAnimation(.opacity, values: [1, 0, 0.5], duration: 0.6, keyTimes: [0, 0.2, 1],
                                      timing: .easeIn, segmentTimings: [.easeIn, .easeOutBack],
                                      calculationMode: .cubic)
        let resolved = blink.resolve(for: layer)
        let animation = try #require(resolved.animation as? CAKeyframeAnimation)
        #expect(animation.keyTimes?.map(\.doubleValue) == [0, 0.2, 1])
        #expect(animation.timingFunctions?.count == 2)
        #expect(animation.timingFunctions?.first == CAMediaTimingFunction(name: .easeIn))
        #expect(animation.timingFunction == CAMediaTimingFunction(name: .easeIn))
        #expect(animation.calculationMode == .cubic)
        #expect(number(entry(resolved.finalValues, "opacity")) == 0.5, "the last value")
        #expect(number(entry(resolved.initialValues, "opacity")) == 1)
    }

    @Test func discreteTakesOneMoreKeyTime() throws {
        let layer = LayerFixtures.committed()
        let steps = KeyframeAnimation(.cornerRadius, values: [0, 4, 8], duration: 0.3,
                                      keyTimes: [0, 0.3, 0.6, 1], calculationMode: .discrete)
        let animation = try #require(steps.resolve(for: layer).animation as? CAKeyframeAnimation)
        #expect(animation.calculationMode == .discrete)
        #expect(animation.keyTimes?.count == 4)
    }

    @Test func autoreversingKeyframesCommitFirstValue() {
        let layer = LayerFixtures.committed()
        let sweep = KeyframeAnimation(.positionY, values: [5, 50, 20], duration: 0.3, autoreverses: true)
        #expect(number(entry(sweep.resolve(for: layer).finalValues, "position.y")) == 5)
    }

    @Test func delayedKeyframesHoldFirstValueBackwards() throws {
        let layer = LayerFixtures.committed()
        let late = KeyframeAnimation(.positionY, values: [5, 50], duration: 0.3, delay: 0.2)
        let animation = try #require(late.resolve(for: layer).animation)
        #expect(animation.beginTime == 0.2 && animation.fillMode == .backwards)
        #expect(abs(late.totalDuration - 0.5) < 1e-12)
    }
}
