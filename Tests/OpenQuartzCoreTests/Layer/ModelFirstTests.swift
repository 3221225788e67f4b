#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// The model-first pattern (WWDC "Core Animation in Practice"): set the model to the final
/// value with actions disabled, then add an explicit animation from the old value. When it
/// ends the animation is removed and the presentation equals the model, with no snap-back
/// and no fill-mode tricks.
@Suite struct ModelFirstTests {
    @Test func disablingActionsChangesModelWithoutImplicitAnimation() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.setModel { layer.opacity = 0.25 }
        #expect(layer.animationKeys() == nil)
        expectClose(try #require(layer.presentation()).opacity, 0.25)
    }

    @Test func modelFirstPresentationRunsFromOldToNewValue() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.setModel { layer.position = CGPoint(x: 10, y: 10) }
        let old = layer.position
        let fade = CABasicAnimation(keyPath: "position")
        fade.fromValue = old            // to: the current (model) value
        fade.duration = 0.5
        h.commit {
            CATransaction.setDisableActions(true)
            layer.position = CGPoint(x: 110, y: 60)
            layer.add(fade, forKey: "position")
        }
        #expect(layer.position == CGPoint(x: 110, y: 60))
        #expect(layer.animationKeys() == ["position"], "only the explicit animation")
        expectClose(try #require(layer.presentation()).position, old, "starts at the old value")
        h.advanceClock(to: 100.125)
        expectClose(try #require(layer.presentation()).position, CGPoint(x: 35, y: 22.5))
        h.advanceClock(to: 100.375)
        expectClose(try #require(layer.presentation()).position, CGPoint(x: 85, y: 47.5))
    }

    @Test func afterTheEndNoAnimationIsAttachedAndPresentationEqualsModel() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let log = StampedLog()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = layer.opacity
        fade.toValue = 0.0
        fade.duration = 0.5
        fade.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit {
            CATransaction.setDisableActions(true)
            layer.opacity = 0
            layer.add(fade, forKey: "fade")
        }
        h.advanceClock(to: 100.25)
        expectClose(try #require(layer.presentation()).opacity, 0.5)
        h.advanceClock(to: 100.5)
        #expect(layer.animationKeys() == nil)
        #expect(layer.animation(forKey: "fade") == nil)
        let presentation = try #require(layer.presentation())
        #expect(presentation.opacity == layer.opacity)
        #expect(presentation.opacity == 0)
        #expect(log.events == ["start", "stop(true)"])
        expectClose(log.time(of: "stop(true)"), 100.5)
        h.advanceClock(to: 110)
        #expect(try #require(layer.presentation()).opacity == 0, "no snap-back later")
    }

    @Test func explicitAnimationUnderThePropertyKeyReplacesTheImplicitOne() throws {
        // With actions enabled, the model change adds an implicit animation keyed "opacity";
        // adding the explicit one under the same key replaces it.
        let h = EngineHarness()
        let layer = h.makeLayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.5
        fade.duration = 2
        h.commit {
            layer.opacity = 0.5
            layer.add(fade, forKey: "opacity")
        }
        #expect(layer.animationKeys() == ["opacity"])
        #expect(layer.animation(forKey: "opacity")?.duration == 2)
        h.advanceClock(to: 101)
        expectClose(try #require(layer.presentation()).opacity, 0.75)
        h.advanceClock(to: 102)
        expectClose(try #require(layer.presentation()).opacity, 0.5)
        #expect(layer.animationKeys() == nil)
    }

    @Test func interruptingWithModelFirstContinuesFromPresentationValue() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        func moveModelFirst(to x: CGFloat) throws {
            let current = try #require(layer.presentation()).position
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = current
            move.duration = 1
            h.commit {
                CATransaction.setDisableActions(true)
                layer.position = CGPoint(x: x, y: 0)
                layer.add(move, forKey: "position")
            }
        }
        try moveModelFirst(to: 100)
        h.advanceClock(to: 100.5)
        expectClose(try #require(layer.presentation()).position.x, 50)
        try moveModelFirst(to: 0)      // turn back half way
        expectClose(try #require(layer.presentation()).position.x, 50, "no jump")
        h.advanceClock(to: 100.75)
        expectClose(try #require(layer.presentation()).position.x, 37.5)
        h.advanceClock(to: 101.5)
        #expect(layer.animationKeys() == nil)
        expectClose(try #require(layer.presentation()).position.x, 0)
    }

    @Test func modelFirstOnSubPathEndsAtModel() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.setModel { layer.transform = referenceRotationZ(0.25) }
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0.25
        spin.duration = 1
        h.commit {
            CATransaction.setDisableActions(true)
            layer.setValue(1.25, forKeyPath: "transform.rotation.z")
            layer.add(spin, forKey: "spin")
        }
        h.advanceClock(to: 100.5)
        expectClose(try #require(layer.presentation()).transform, referenceRotationZ(0.75))
        h.advanceClock(to: 101)
        #expect(layer.animationKeys() == nil)
        expectClose(try #require(layer.presentation()).transform, referenceRotationZ(1.25))
        expectClose(layer.transform, referenceRotationZ(1.25))
    }

    @Test func modelFirstCompletionBlockSeesFinalModelInPresentation() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let log = StampedLog()
        let clock = h.clock
        let grow = CABasicAnimation(keyPath: "bounds")
        grow.fromValue = CGRect.zero
        grow.duration = 0.25
        h.commit {
            CATransaction.setDisableActions(true)
            CATransaction.setCompletionBlock {
                let width = layer.presentation()?.bounds.width ?? -1
                log.append("done width=\(width)", at: clock.now)
            }
            layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
            layer.add(grow, forKey: "grow")
        }
        h.advanceClock(to: 100.125)
        expectClose(try #require(layer.presentation()).bounds, CGRect(x: 0, y: 0, width: 20, height: 10))
        h.advanceClock(to: 101)
        #expect(log.events == ["done width=40.0"])
        expectClose(log.time(of: "done width=40.0"), 100.25)
    }
}
#endif
