import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// PresentationSampler uses only Core Animation's public API, so these run against
/// OpenQuartzCore on Linux and against the real QuartzCore on Apple platforms.
@MainActor
@Suite
struct PresentationSamplerTests {
    /// A linear 0→1 fade of `duration` seconds on opacity.
    private func linearFade(duration: CFTimeInterval) -> CABasicAnimation {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = duration
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        return fade
    }

    // The example of PresentationSampler's doc comment and of the Testing guide, verbatim.
    @Test func fadeShowsAQuarterAfterATenthOfASecond() {
        let sampler = PresentationSampler()
        let card = CALayer()
        sampler.add(card)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 0.4
        card.add(fade, forKey: "fade")
        sampler.seek(to: 0.1)
        #expect(sampler.presentation(of: card)?.opacity == 0.25)
    }

    @Test func linearFadeShowsElapsedFractionAtEachSampledTime() throws {
        let sampler = PresentationSampler()
        let card = CALayer()
        sampler.add(card)
        card.add(linearFade(duration: 0.4), forKey: "fade")
        // Linear: opacity = t / 0.4.
        for t in [0.0, 0.1, 0.25, 0.3] {
            sampler.seek(to: t)
            let opacity = try #require(sampler.presentation(of: card)?.opacity)
            #expect(abs(Double(opacity) - t / 0.4) < 1e-6, "at t = \(t)")
        }
    }

    @Test func seekingBackShowsTheEarlierValueAgain() throws {
        let sampler = PresentationSampler()
        let card = CALayer()
        sampler.add(card)
        card.add(linearFade(duration: 1), forKey: "fade")
        sampler.seek(to: 0.8)
        sampler.seek(by: -0.6)
        #expect(abs(sampler.time - 0.2) < 1e-12)
        let opacity = try #require(sampler.presentation(of: card)?.opacity)
        #expect(abs(opacity - 0.2) < 1e-6)
    }

    @Test func animationAddedAfterSeekingBeginsAtTheSampledTime() throws {
        let sampler = PresentationSampler()
        let card = CALayer()
        sampler.add(card)
        sampler.seek(to: 2)
        card.add(linearFade(duration: 0.5), forKey: "fade")
        sampler.seek(by: 0.125)
        let opacity = try #require(sampler.presentation(of: card)?.opacity)
        #expect(abs(opacity - 0.25) < 1e-6)
    }

    @Test func pastTheEndTheModelValueShows() throws {
        let sampler = PresentationSampler()
        let card = CALayer()
        sampler.add(card)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        card.opacity = 0.5
        CATransaction.commit()
        card.add(linearFade(duration: 0.2), forKey: "fade")
        sampler.seek(to: 0.3)
        #expect(sampler.presentation(of: card)?.opacity == 0.5)
    }

    @Test func animationOperationsFirstAnimationCanBeSampled() throws {
        let sampler = PresentationSampler()
        let card = CALayer()
        sampler.add(card)
        let operation = AnimationOperation(layer: card, animation: BasicAnimation(.opacity, from: 0, to: 1, duration: 0.4, timing: .linear))
        operation.motion = .full
        operation.start() // on the main thread: adds the animation at once
        sampler.seek(to: 0.1)
        let opacity = try #require(sampler.presentation(of: card)?.opacity)
        #expect(abs(opacity - 0.25) < 1e-6)
        #expect(card.opacity == 1, "the operation writes the final value to the model")
    }
}
