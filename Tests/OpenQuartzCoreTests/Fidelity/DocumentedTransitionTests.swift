#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// `CATransition` against `CAAnimation.h`, `CALayer.h`, the `CATransition` reference page
/// and the Core Animation Programming Guide ("Animatable Properties", Table B-3).
@Suite struct DocumentedTransitionTests {
    /// `CAAnimation.h`: the legal types are `fade`, `moveIn`, `push` and `reveal`, and the
    /// legal subtypes `fromLeft`, `fromRight`, `fromTop` and `fromBottom`: the constants'
    /// strings are those names.
    @Test func theTypeAndSubtypeConstantsAreTheHeadersNames() {
        #expect([CATransitionType.fade, .moveIn, .push, .reveal].map(\.rawValue) == ["fade", "moveIn", "push", "reveal"])
        #expect([CATransitionSubtype.fromLeft, .fromRight, .fromTop, .fromBottom].map(\.rawValue)
            == ["fromLeft", "fromRight", "fromTop", "fromBottom"])
    }

    /// `CALayer.h`: "The special key 'transition' is automatically used for transition
    /// animations. The nil pointer is also a valid key." A transition added with a nil key
    /// is still stored under `kCATransition`, and can be looked up and removed by it.
    @Test func aTransitionAddedWithANilKeyIsStoredUnderTheTransitionKey() {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.commit { layer.add(CATransition(), forKey: nil) }
        #expect(layer.animationKeys() == [kCATransition])
        #expect(layer.animation(forKey: kCATransition) is CATransition)
        layer.removeAnimation(forKey: kCATransition)
        #expect(layer.animationKeys() == nil)
    }

    /// `CALayer.h`: "only one animation per unique key is added per layer", and every
    /// transition takes the key `transition`: a second transition replaces the first,
    /// whatever key either was added with.
    @Test func aSecondTransitionReplacesTheFirst() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let push = CATransition()
        push.type = .push
        push.subtype = .fromRight
        h.commit {
            layer.add(CATransition(), forKey: "first")
            layer.add(push, forKey: "second")
        }
        #expect(layer.animationKeys() == [kCATransition])
        let stored = try #require(layer.animation(forKey: kCATransition) as? CATransition)
        #expect(stored.type == .push && stored.subtype == .fromRight)
    }

    /// `CALayer.h` (`addAnimation:forKey:`): an animation whose duration is zero "is given the
    /// default duration, either the value of the `animationDuration' transaction property or
    /// .25 seconds otherwise". A new transition's duration is 0, so it lasts 0.25 s, and a
    /// transaction's duration replaces that.
    @Test func aTransitionTakesTheTransactionDurationOrAQuarterSecond() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let other = h.makeLayer()
        #expect(CATransition().duration == 0)
        h.commit { layer.add(CATransition(), forKey: nil) }
        #expect(try #require(layer.animation(forKey: kCATransition)).duration == 0.25)
        h.commit {
            CATransaction.setAnimationDuration(0.75)
            other.add(CATransition(), forKey: nil)
        }
        #expect(try #require(other.animation(forKey: kCATransition)).duration == 0.75)
        h.advance(by: 0.25)
        #expect(layer.animationKeys() == nil, "removed when its 0.25 s are over")
        #expect(other.animationKeys() == [kCATransition])
        h.advance(by: 0.5)
        #expect(other.animationKeys() == nil)
    }

    /// The `CATransition` reference page's example adds a fade and then sets the layer's new
    /// state (a blue background): the transition shows the change between the two states
    /// rather than interpolating a property. The layer's properties take their new values
    /// at once, so the presentation layer shows the new state throughout the fade; a fade
    /// of the layer's content is not a change of its `opacity`.
    @Test func thePresentationLayerShowsTheNewStateDuringAFade() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        h.commit {
            CATransaction.setDisableActions(true)
            layer.backgroundColor = red
        }
        let fade = CATransition()
        fade.duration = 2
        h.commit {
            CATransaction.setDisableActions(true)
            layer.add(fade, forKey: nil)
            layer.backgroundColor = blue
        }
        h.advance(by: 1)
        let presented = try #require(layer.presentation())
        expectClose(presented.backgroundColor, rgba: [0, 0, 1, 1], "the new state, not a blend")
        #expect(presented.opacity == 1, "the fade does not animate opacity")
        #expect(layer.animationKeys() == [kCATransition])
    }

    /// "Transition Animation" (Animation Types and Timing Programming Guide), Table 1: a new
    /// transition has a nil timing function (linear pacing), and it is not removed from the
    /// layer until its duration is over, when its delegate learns that it finished.
    @Test func aNewTransitionIsLinearAndFinishesAtTheEndOfItsDuration() {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let log = EventLog()
        let fade = CATransition()
        #expect(fade.timingFunction == nil)
        fade.delegate = RecordingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(fade, forKey: nil) }
        h.advance(by: 0.2)
        #expect(layer.animationKeys() == [kCATransition])
        h.advance(by: 0.05)
        #expect(layer.animationKeys() == nil)
        #expect(log.all == ["start@100.0", "stop(true)@100.25"])
    }

    /// `CAAnimation.h`: `startProgress` and `endProgress` default to 0 and 1, are key-value
    /// coded, and a copy (as `add(_:forKey:)` stores) keeps them.
    @Test func theProgressRangeIsKeyValueCodedAndKeptByTheStoredCopy() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let partial = CATransition()
        #expect(partial.value(forKey: "startProgress") as? Float == 0)
        #expect(partial.value(forKey: "endProgress") as? Float == 1)
        partial.setValue(0.25, forKey: "startProgress")
        partial.setValue(0.75, forKey: "endProgress")
        h.commit { layer.add(partial, forKey: nil) }
        let stored = try #require(layer.animation(forKey: kCATransition) as? CATransition)
        #expect(stored.startProgress == 0.25 && stored.endProgress == 0.75)
    }
}
#endif
