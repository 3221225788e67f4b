#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

@testable import AnimationQueue
import Foundation
import Testing

/// `BasicAnimation.resolve(for:)` against a real layer (OpenQuartzCore on Linux).
@Suite struct BasicAnimationTests {
    @Test func resolvingWithExplicitValuesBuildsModelFirstAnimation() throws {
        let layer = LayerFixtures.committed { $0.opacity = 0.2 }
        let fadeIn = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3, timing: .easeOut)
        let resolved = fadeIn.resolve(for: layer)
        let animation = try #require(resolved.animation as? CABasicAnimation)
        #expect(animation.keyPath == "opacity")
        #expect(number(animation.fromValue) == 0)
        #expect(number(animation.toValue) == 1)
        #expect(animation.duration == 0.3)
        #expect(animation.timingFunction == CAMediaTimingFunction(name: .easeOut))
        #expect(animation.fillMode == .backwards)
        #expect(animation.beginTime == 0, "no delay")
        #expect(animation.isRemovedOnCompletion)
        #expect(!animation.isAdditive)
        #expect(resolved.finalValues.map(\.keyPath) == ["opacity"])
        #expect(number(entry(resolved.finalValues, "opacity")) == 1)
        #expect(number(entry(resolved.initialValues, "opacity")) == 0, "revert goes back to the from-value")
        #expect(resolved.delay == 0)
    }

    @Test func aPreferredFrameRateRangeReachesTheCoreAnimationObject() throws {
        let layer = LayerFixtures.committed { $0.opacity = 0 }
        let promotion = CAFrameRateRange(minimum: 80, maximum: 120, preferred: 120)
        let swipe = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.25).preferringFrameRateRange(promotion)
        #expect(swipe.mediaTiming.preferredFrameRateRange == promotion)
        let animation = try #require(swipe.resolve(for: layer).animation as? CABasicAnimation)
        #expect(animation.preferredFrameRateRange == promotion)
        let plain = try #require(BasicAnimation(.opacity, to: 1, duration: 0.25).resolve(for: layer).animation)
        #expect(plain.preferredFrameRateRange == .default, "left to the system unless asked")
        #expect(swipe.totalDuration == 0.25, "a frame rate changes no timing")
    }

    @Test func missingFromValueStartsAtModelValueOfIdleLayer() throws {
        let layer = LayerFixtures.committed { $0.position = CGPoint(x: 10, y: 20) }
        let drop = BasicAnimation(.positionY, to: 240, duration: 0.5)
        let resolved = drop.resolve(for: layer)
        let animation = try #require(resolved.animation as? CABasicAnimation)
        #expect(animation.keyPath == "position.y")
        #expect(number(animation.fromValue) == 20)
        #expect(number(animation.toValue) == 240)
        #expect(animation.timingFunction == CAMediaTimingFunction(name: .default), "default timing")
        #expect(number(entry(resolved.finalValues, "position.y")) == 240)
        #expect(number(entry(resolved.initialValues, "position.y")) == 20)
    }

    @Test func missingFromValueStartsAtPresentationValueMidAnimation() throws {
        let layer = LayerFixtures.midFade()
        #expect(layer.opacity == 1)
        let fadeOut = BasicAnimation(.opacity, to: 0, duration: 1)
        let resolved = fadeOut.resolve(for: layer)
        let animation = try #require(resolved.animation as? CABasicAnimation)
        let from = try #require(number(animation.fromValue))
        #expect(abs(from - 0.5) < 1e-6, "what the layer shows, not the model's 1")
        #expect(number(entry(resolved.initialValues, "opacity")).map { abs($0 - 0.5) < 1e-6 } == true,
                "revert goes back to where it starts")
    }

    @Test func delayIsRelativeBeginTimeWithBackwardsFill() throws {
        let layer = LayerFixtures.committed()
        let late = BasicAnimation(.cornerRadius, from: 0, to: 8, duration: 0.2, delay: 0.5)
        let resolved = late.resolve(for: layer)
        let animation = try #require(resolved.animation)
        #expect(animation.beginTime == 0.5)
        #expect(animation.fillMode == .backwards)
        #expect(resolved.delay == 0.5)
        #expect(late.totalDuration == 0.7)
    }

    @Test func delayedAnimationStartsAtCommitInsideAGroup() throws {
        let layer = LayerFixtures.committed()
        let resolved = BasicAnimation(.opacity, to: 0, duration: 1).delayed(by: 0.25).resolve(for: layer)
        let animation = try #require(resolved.animation)
        let (timing, stepBegin) = AddedAnimation.starting(animation, delay: resolved.delay, on: layer)
        #expect(stepBegin == nil, "Core Animation fixes the begin at the commit")
        let group = try #require(timing as? CAAnimationGroup)
        #expect(group.beginTime == 0, "Core Animation sets it at commit")
        #expect(group.duration == 1.25)
        #expect(group.animations?.first?.beginTime == 0.25)
        #expect(group.animations?.first?.fillMode == .backwards)

        let undelayed = try #require(BasicAnimation(.opacity, to: 0, duration: 1).resolve(for: layer).animation)
        let same = AddedAnimation.starting(undelayed, delay: 0, on: layer)
        #expect(same.0 === undelayed && same.stepBegin == nil)
        #expect(same.0.beginTime == 0)
    }

    @Test func mediaTimingIsCopiedToAnimation() throws {
        let layer = LayerFixtures.committed()
        let pulse = BasicAnimation(.transformScale, from: 1, to: 1.2, duration: 0.2, repeatCount: 2,
                                   autoreverses: true, speed: 2)
        let animation = try #require(pulse.resolve(for: layer).animation)
        #expect(animation.repeatCount == 2)
        #expect(animation.autoreverses)
        #expect(animation.speed == 2)
        #expect(animation.duration == 0.2)
        let timed = try #require(pulse.repeating(for: 3).resolve(for: layer).animation)
        #expect(timed.repeatDuration == 3 && timed.repeatCount == 0)
        let forever = try #require(pulse.repeatingForever().resolve(for: layer).animation)
        #expect(forever.repeatCount == .greatestFiniteMagnitude)
    }

    @Test func autoreversingWholeCyclesCommitsFromValue() {
        let layer = LayerFixtures.committed { $0.cornerRadius = 4 }
        let there = BasicAnimation(.cornerRadius, from: 0, to: 10, duration: 1)
        #expect(number(entry(there.resolve(for: layer).finalValues, "cornerRadius")) == 10)
        let back = there.autoreversing()
        #expect(number(entry(back.resolve(for: layer).finalValues, "cornerRadius")) == 0)
        #expect(number(entry(back.repeating(3).resolve(for: layer).finalValues, "cornerRadius")) == 0)
        #expect(number(entry(back.repeating(2.25).resolve(for: layer).finalValues, "cornerRadius")) == 10,
                "ends mid forward half")
        #expect(number(entry(back.repeating(2.75).resolve(for: layer).finalValues, "cornerRadius")) == 0,
                "ends in the reverse half")
        let implicitFrom = BasicAnimation(.cornerRadius, to: 10, duration: 1).autoreversing()
        #expect(number(entry(implicitFrom.resolve(for: layer).finalValues, "cornerRadius")) == 4)
    }

    @Test func additiveAnimationLeavesModelUnchanged() throws {
        let layer = LayerFixtures.committed { $0.position = CGPoint(x: 50, y: 60) }
        let nudge = BasicAnimation(.positionX, to: 10, duration: 0.2, isAdditive: true)
        let resolved = nudge.resolve(for: layer)
        let animation = try #require(resolved.animation as? CABasicAnimation)
        #expect(animation.isAdditive)
        #expect(number(animation.fromValue) == 0, "additive identity")
        #expect(number(animation.toValue) == 10)
        #expect(number(entry(resolved.finalValues, "position.x")) == 50)
        #expect(number(entry(resolved.initialValues, "position.x")) == 50)
    }

    @Test func zeroDurationCommitsFinalValueWithoutAnimation() throws {
        let layer = LayerFixtures.committed { $0.opacity = 0.5 }
        let instant = BasicAnimation(.opacity, from: 0, to: 1, duration: 0)
        let resolved = instant.resolve(for: layer)
        #expect(resolved.animation == nil)
        #expect(number(entry(resolved.finalValues, "opacity")) == 1)
        #expect(instant.totalDuration == 0)

        let delayed = instant.delayed(by: 0.4).resolve(for: layer)
        let hold = try #require(delayed.animation as? CABasicAnimation)
        #expect(hold.duration == 0.4 && hold.beginTime == 0)
        #expect(number(hold.fromValue) == 0 && number(hold.toValue) == 0, "shows the from-value until the jump")
        #expect(number(entry(delayed.finalValues, "opacity")) == 1)
    }

    @Test func colorsAndTransformsResolveToTheirValues() throws {
        let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        let layer = LayerFixtures.committed { $0.backgroundColor = CGColor(gray: 1, alpha: 1) }
        let tint = BasicAnimation(.backgroundColor, to: red, duration: 0.3).resolve(for: layer)
        let animation = try #require(tint.animation as? CABasicAnimation)
        #expect(CGColor.fromCoreAnimationValue(animation.toValue) === red)
        #expect(CGColor.fromCoreAnimationValue(animation.fromValue)?.components == [1, 1, 1, 1])
        #expect(CGColor.fromCoreAnimationValue(entry(tint.finalValues, "backgroundColor")) === red)

        let scale = CATransform3DMakeScale(2, 2, 1)
        let grow = BasicAnimation(.transform, to: scale, duration: 0.3).resolve(for: layer)
        let final = try #require(CATransform3D.fromCoreAnimationValue(entry(grow.finalValues, "transform")))
        #expect(CATransform3DEqualToTransform(final, scale))
    }

    @Test func reducedMotionIsCarriedPerAnimation() {
        let fade = BasicAnimation(.opacity, to: 0, duration: 1)
        #expect(fade.reducedMotion == nil)
        #expect(fade.reducingMotion(.jumpToFinal).reducedMotion == .jumpToFinal)
        #expect(BasicAnimation(.opacity, to: 0, reducedMotion: .shorten(to: 0.1)).reducedMotion == .shorten(to: 0.1))
    }
}
#endif
