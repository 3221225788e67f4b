// Engine fidelity written only against Apple's API, so the same tests check OpenQuartzCore
// on Linux and QuartzCore itself on Apple platforms.
#if canImport(QuartzCore)
import QuartzCore
#else
import OpenQuartzCore
#endif
import Foundation
import Testing

/// The `CAMediaTiming` defaults of a layer and of every animation class, and what
/// `add(_:forKey:)` changes in the copy it stores.
///
/// `CAMediaTiming.h` gives each property's default: `beginTime` 0, `duration` 0, `speed` 1,
/// `timeOffset` 0, `repeatCount` 0, `repeatDuration` 0, `autoreverses` NO and `fillMode`
/// `removed`. `CAAnimation.h` adds `timingFunction` nil ("linear pacing"), `delegate` nil
/// and `removedOnCompletion` YES. A layer's `duration` is the exception: it reads as
/// infinite on Apple's QuartzCore.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct DocumentedMediaTimingDefaultsTests {
    /// One of Core Animation's animation classes, made with `init()`.
    enum AnimationClass: String, CaseIterable, Sendable {
        case animation, property, basic, keyframe, spring, group, transition

        func make() -> CAAnimation {
            switch self {
            case .animation: CAAnimation()
            case .property: CAPropertyAnimation()
            case .basic: CABasicAnimation()
            case .keyframe: CAKeyframeAnimation()
            case .spring: CASpringAnimation()
            case .group: CAAnimationGroup()
            case .transition: CATransition()
            }
        }

        /// An instance that a layer animates: property animations of `opacity`.
        func makeAnimating() -> CAAnimation {
            switch self {
            case .property: CAPropertyAnimation(keyPath: "opacity")
            case .basic: CABasicAnimation(keyPath: "opacity")
            case .keyframe: CAKeyframeAnimation(keyPath: "opacity")
            case .spring: CASpringAnimation(keyPath: "opacity")
            default: make()
            }
        }
    }

    // MARK: Defaults

    /// `CAMediaTiming.h` and `CAAnimation.h`: no animation class changes a default.
    @Test(arguments: AnimationClass.allCases)
    func everyAnimationClassStartsWithTheHeadersMediaTimingDefaults(_ kind: AnimationClass) {
        for animation in [kind.make(), kind.makeAnimating()] {
            #expect(animation.beginTime == 0)
            #expect(animation.duration == 0)
            #expect(animation.speed == 1)
            #expect(animation.timeOffset == 0)
            #expect(animation.repeatCount == 0)
            #expect(animation.repeatDuration == 0)
            #expect(animation.autoreverses == false)
            #expect(animation.fillMode == .removed)
            #expect(animation.isRemovedOnCompletion == true)
            #expect(animation.timingFunction == nil)
            #expect(animation.delegate == nil)
        }
    }

    /// A layer starts with the header's defaults but for `duration`, which reads as infinite.
    @Test func aLayerStartsWithTheHeadersDefaultsAndAnInfiniteDuration() {
        let layer = CALayer()
        #expect(layer.duration == .infinity)
        #expect(layer.beginTime == 0)
        #expect(layer.speed == 1)
        #expect(layer.timeOffset == 0)
        #expect(layer.repeatCount == 0)
        #expect(layer.repeatDuration == 0)
        #expect(layer.autoreverses == false)
        #expect(layer.fillMode == .removed)
    }

    /// `CALayer.defaultValue(forKey:)` gives the same timing defaults a new layer reads.
    @Test func theLayerClassGivesAnInfiniteDefaultDuration() {
        #expect(CALayer.defaultValue(forKey: "duration") as? Double == .infinity)
        #expect(CALayer.defaultValue(forKey: "speed") as? Float == 1)
        #expect(CALayer.defaultValue(forKey: "fillMode") as? String == CAMediaTimingFillMode.removed.rawValue)
    }

    /// The infinite duration is the layer's own value: key-value coding reads it, and a layer
    /// made from it with `init(layer:)` copies it.
    @Test func aLayersInfiniteDurationReadsThroughKeyValueCodingAndCopies() {
        let layer = CALayer()
        #expect(layer.value(forKey: "duration") as? Double == .infinity)
        #expect(CALayer(layer: layer).duration == .infinity)
        layer.duration = 2
        #expect(layer.duration == 2)
        #expect(CALayer(layer: layer).duration == 2)
    }

    /// A spring's `duration` is 0 like every animation's; `settlingDuration` is a separate,
    /// computed value. `CASpringAnimation` reference, `settlingDuration`: with a damping of 5
    /// "the settling duration is approximately 2.85 seconds", the `duration` staying the 2 s
    /// it was set to; with a damping of 15 it is "just over 1 second".
    @Test func aSpringsDurationIsZeroAndItsSettlingDurationIsSeparate() {
        let spring = CASpringAnimation(keyPath: "position.x")
        #expect(spring.duration == 0)
        #expect(spring.settlingDuration > 0)
        spring.damping = 5
        spring.duration = 2
        #expect(abs(spring.settlingDuration - 2.85) < 0.01)
        #expect(spring.duration == 2)
        spring.damping = 15
        #expect(spring.settlingDuration > 1 && spring.settlingDuration < 1.1)
        #expect(spring.duration == 2)
    }

    /// `init(perceptualDuration:bounce:)` sets `duration` to the spring's `settlingDuration`,
    /// not to the perceptual duration, and turns `allowsOverdamping` on.
    @Test func thePerceptualInitializerSetsTheDurationToTheSettlingDuration() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let spring = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.2)
        #expect(abs(spring.perceptualDuration - 0.5) < 1e-9)
        #expect(abs(spring.bounce - 0.2) < 1e-9)
        #expect(spring.allowsOverdamping)
        #expect(spring.duration == spring.settlingDuration)
        #expect(spring.duration > 0.5)
        #expect(spring.beginTime == 0 && spring.fillMode == .removed && spring.timingFunction == nil)
    }

    // MARK: The copy add(_:forKey:) stores

    /// The key a layer stores an animation under: `CALayer.h`, "The special key 'transition'
    /// is automatically used for transition animations".
    private func storedKey(_ kind: AnimationClass) -> String { kind == .transition ? kCATransition : "a" }

    /// Adds `animation` in an outermost explicit transaction (nothing else pending) and
    /// returns the stored copy with the layer's local time just before and after the commit.
    private func add(_ animation: CAAnimation, _ kind: AnimationClass, to layer: CALayer,
                     configure: () -> Void = {}) -> (stored: CAAnimation?, earliest: Double, latest: Double) {
        CATransaction.flush()
        let earliest = layer.convertTime(CACurrentMediaTime(), from: nil)
        CATransaction.begin()
        configure()
        layer.add(animation, forKey: "a")
        CATransaction.commit()
        let latest = layer.convertTime(CACurrentMediaTime(), from: nil)
        return (layer.animation(forKey: storedKey(kind)), earliest, latest)
    }

    /// `CALayer.h`, `addAnimation:forKey:`: an animation whose duration is zero "is given the
    /// default duration, either the value of the `animationDuration' transaction property or
    /// .25 seconds otherwise", and "The animation is copied before being added": the copy
    /// reads 0.25 s back, the animation added still reads 0. A `beginTime` of 0 becomes the
    /// layer's local time when the transaction commits. The other timing properties are
    /// copied as they are.
    @Test(arguments: [AnimationClass.basic, .keyframe, .spring, .group, .transition])
    func theStoredCopyTakesTheDefaultDurationAndTheCommitTime(_ kind: AnimationClass) throws {
        let layer = CALayer()
        let animation = kind.makeAnimating()
        let (stored, earliest, latest) = add(animation, kind, to: layer)
        let copy = try #require(stored)
        #expect(copy !== animation)
        #expect(copy.duration == 0.25)
        #expect(copy.beginTime >= earliest && copy.beginTime <= latest)
        #expect(copy.speed == 1 && copy.timeOffset == 0)
        #expect(copy.repeatCount == 0 && copy.repeatDuration == 0 && copy.autoreverses == false)
        #expect(copy.fillMode == .removed && copy.isRemovedOnCompletion)
        #expect(copy.timingFunction == nil)
        #expect(animation.duration == 0 && animation.beginTime == 0)
    }

    /// `CATransaction.h`: `animationDuration` "Defines the default duration of animations
    /// added to layers", and while `animationTimingFunction` is non-nil "any animations added
    /// to layers will have this value set as their timingFunction property".
    @Test func theStoredCopyTakesTheTransactionsDurationAndTimingFunction() throws {
        let layer = CALayer()
        let animation = CABasicAnimation(keyPath: "opacity")
        let (stored, _, _) = add(animation, .basic, to: layer) {
            CATransaction.setAnimationDuration(0.5)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
        }
        let copy = try #require(stored)
        #expect(copy.duration == 0.5)
        var point: [Float] = [0, 0]
        copy.timingFunction?.getControlPoint(at: 1, values: &point)
        #expect(point == [0.42, 0])
        #expect(animation.duration == 0 && animation.timingFunction == nil)
    }

    /// A duration and a begin time that are set are kept in the copy as they are.
    @Test func theStoredCopyKeepsADurationAndABeginTimeThatAreSet() throws {
        let layer = CALayer()
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.duration = 3
        let begin = layer.convertTime(CACurrentMediaTime(), from: nil) + 5
        animation.beginTime = begin
        animation.fillMode = .backwards
        animation.isRemovedOnCompletion = false
        let (stored, _, _) = add(animation, .basic, to: layer)
        let copy = try #require(stored)
        #expect(copy.duration == 3)
        #expect(copy.beginTime == begin)
        #expect(copy.fillMode == .backwards && copy.isRemovedOnCompletion == false)
    }
}
