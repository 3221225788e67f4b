import AnimationQueue
import Foundation
import Testing

/// `totalDuration`: delay + duration × cycles × repeats ÷ speed, checked against hand sums.
@Suite struct MediaTimingTests {
    @Test func totalDurationAddsDelayRepeatsAutoreverseAndSpeed() {
        let base = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.4)
        #expect(base.totalDuration == 0.4)
        #expect(base.delayed(by: 0.1).totalDuration == 0.5)
        #expect(base.autoreversing().totalDuration == 0.8)
        #expect(abs(base.repeating(3).totalDuration - 1.2) < 1e-12)
        #expect(abs(base.repeating(2.5).totalDuration - 1.0) < 1e-12)
        #expect(abs(base.autoreversing().repeating(3).delayed(by: 0.5).totalDuration - (0.5 + 2.4)) < 1e-12)
        #expect(base.speed(2).totalDuration == 0.2)
        #expect(abs(base.speed(2).delayed(by: 1).totalDuration - 1.2) < 1e-12, "the delay is in layer time, not scaled")
        #expect(base.repeating(for: 3).totalDuration == 3)
        #expect(base.repeating(for: 3).speed(2).totalDuration == 1.5)
        #expect(base.repeatingForever().totalDuration == .infinity)
    }

    @Test func keyframeSpringAndGroupDurationsUseTheSameRules() {
        let shake = KeyframeAnimation(.positionX, values: [0, 10, 0], duration: 0.3, repeatCount: 2)
        #expect(abs(shake.totalDuration - 0.6) < 1e-12)
        let spring = SpringAnimation(.positionX, to: 1, duration: 0.7).delayed(by: 0.1)
        #expect(abs(spring.totalDuration - 0.8) < 1e-12)
        let group = AnimationGroup([shake, spring], repeatCount: 2, autoreverses: true)
        #expect(abs(group.duration - 0.8) < 1e-12, "the longest child, delay included")
        #expect(abs(group.totalDuration - 3.2) < 1e-12)
    }

    @Test func endsAtStartOnlyAfterReverseHalf() {
        let reversing = MediaTiming(autoreverses: true)
        #expect(reversing.endsAtStart(forDuration: 1))
        #expect(!MediaTiming().endsAtStart(forDuration: 1))
        #expect(MediaTiming(repeatCount: 2, autoreverses: true).endsAtStart(forDuration: 1))
        #expect(!MediaTiming(repeatCount: 1.5, autoreverses: true).endsAtStart(forDuration: 1))
        #expect(MediaTiming(repeatDuration: 4, autoreverses: true).endsAtStart(forDuration: 1))
        #expect(!MediaTiming(repeatDuration: 3, autoreverses: true).endsAtStart(forDuration: 1))
        // 2.1 s of 0.3 s cycles is seven cycles, though 2.1 / 0.3 = 7.000000000000001 in
        // binary floating point; and 6.999999999999999 cycles are seven as well.
        #expect(MediaTiming(repeatDuration: 2.1, autoreverses: true).endsAtStart(forDuration: 0.15))
        #expect(MediaTiming(repeatDuration: 7 * 0.3 - 1e-15, autoreverses: true).endsAtStart(forDuration: 0.15))
        #expect(!MediaTiming(repeatDuration: 1.86, autoreverses: true).endsAtStart(forDuration: 0.15), "6.2 cycles")
    }
}
