#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// CABasicAnimation's from/to/by rules (Apple, "CABasicAnimation" and `CAAnimation.h`) on every
/// kind of animatable value, with expected values worked out by hand.
///
/// Every test starts its own manual clock at t = 100; animations are linear (no timing
/// function) unless stated, so the expected value at progress p is `from + p · (to − from)`.
@Suite struct BasicAnimationTests {
    // MARK: - The seven from/to/by cases

    @Test func fromAndToInterpolateBetweenThem() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.2
        fade.toValue = 0.8
        fade.duration = 1
        h.commit { layer.add(fade, forKey: "fade") }
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).opacity, 0.2 + 0.25 * 0.6)   // 0.35
        h.advance(by: 0.5)
        expectClose(try #require(layer.presentation()).opacity, 0.2 + 0.75 * 0.6)   // 0.65
    }

    /// A value that arrives as an optional inside `Any` (a generic helper's `T?` boxed as
    /// `Any`) is read as the value it wraps; an empty one as no value.
    @Test func valuesWrappedInOptionalsInsideAnyAreReadAsTheirContents() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        layer.opacity = 0.5
        let fade = CABasicAnimation(keyPath: "opacity")
        let from: Float? = 0.2, none: Float? = nil
        fade.fromValue = from as Any
        fade.toValue = Optional<Double>(0.8) as Any
        fade.byValue = none as Any
        fade.duration = 1
        h.commit { layer.add(fade, forKey: "fade") }
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).opacity, 0.2 + 0.25 * 0.6)   // 0.35
    }

    @Test func fromAndByRunFromFromToFromPlusBy() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 10
        move.byValue = 30
        move.duration = 1
        h.commit { layer.add(move, forKey: "move") }
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).position.x, 10 + 0.25 * 30)  // 17.5
        h.advance(by: 0.5)
        expectClose(try #require(layer.presentation()).position.x, 10 + 0.75 * 30)  // 32.5
    }

    @Test func byAndToRunFromToMinusByToTo() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let move = CABasicAnimation(keyPath: "position.x")
        move.byValue = 40
        move.toValue = 100
        move.duration = 1
        h.commit { layer.add(move, forKey: "move") }
        h.advance(by: 0)
        expectClose(try #require(layer.presentation()).position.x, 60)              // to − by
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).position.x, 60 + 0.25 * 40)  // 70
    }

    @Test func fromOnlyRunsToCurrentPresentationValue() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.setModel { layer.position = CGPoint(x: 80, y: 5) }
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.duration = 1
        h.commit { layer.add(move, forKey: "move") }
        h.advance(by: 0.25)
        let presentation = try #require(layer.presentation())
        expectClose(presentation.position.x, 0.25 * 80)                           // 20
        expectClose(presentation.position.y, 5, "position.y is not animated")
        h.advance(by: 0.5)
        expectClose(try #require(layer.presentation()).position.x, 0.75 * 80)      // 60
    }

    @Test func toOnlyRunsFromCurrentPresentationValue() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.setModel { layer.position = CGPoint(x: 20, y: 0) }
        let move = CABasicAnimation(keyPath: "position.x")
        move.toValue = 100
        move.duration = 1
        h.commit { layer.add(move, forKey: "move") }
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).position.x, 20 + 0.25 * 80)  // 40
    }

    @Test func byOnlyRunsFromCurrentToCurrentPlusBy() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.setModel { layer.position = CGPoint(x: 20, y: 0) }
        let move = CABasicAnimation(keyPath: "position.x")
        move.byValue = 40
        move.duration = 1
        h.commit { layer.add(move, forKey: "move") }
        h.advance(by: 0.5)
        expectClose(try #require(layer.presentation()).position.x, 20 + 0.5 * 40)   // 40
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).position.x, 20 + 0.75 * 40)  // 50
    }

    @Test func noValuesRunFromPreviousPresentationValueToCurrent() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        // An action with none of fromValue/toValue/byValue, run by a model change.
        let bare = CABasicAnimation(keyPath: "opacity")
        bare.duration = 1
        layer.actions = ["opacity": bare]
        h.commit { layer.opacity = 0.2 }
        #expect(layer.animationKeys() == ["opacity"])
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).opacity, 1 + 0.25 * (0.2 - 1))   // 0.8
        h.advance(by: 0.5)
        expectClose(try #require(layer.presentation()).opacity, 1 + 0.75 * (0.2 - 1))   // 0.4
        h.advance(by: 0.5)
        expectClose(try #require(layer.presentation()).opacity, 0.2)
        #expect(layer.animationKeys() == nil)
    }

    @Test func explicitValuelessAnimationAfterSilentModelChangeRunsFromPreviousValue() throws {
        // Apple, CABasicAnimation: with all three properties nil the animation "interpolates
        // between the previous value of keyPath in the target layer's presentation layer and
        // the current value". Nothing there depends on actions being enabled.
        let h = EngineHarness()
        let layer = h.makeLayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.duration = 1
        h.commit {
            CATransaction.setDisableActions(true)
            layer.opacity = 0.2
            layer.add(fade, forKey: "fade")
        }
        h.advance(by: 0.25)
        // ENGINE BUG: the previous presentation value is only captured when an action runs
        // (CALayer+Actions.swift willChangeValue/didChangeValue record `previousValues` only
        // when `runsActions`), so with actions disabled the animation runs 0.2 … 0.2 and
        // shows nothing.
        expectClose(try #require(layer.presentation()).opacity, 1 + 0.25 * (0.2 - 1))   // 0.8
    }

    @Test func implicitActionAnimatesFromPreviousToNewModelValue() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.commit {
            CATransaction.setAnimationDuration(2)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.position = CGPoint(x: 100, y: 40)
        }
        #expect(layer.animationKeys() == ["position"])
        #expect(layer.position == CGPoint(x: 100, y: 40), "the model changes at once")
        h.advance(by: 0.5)
        expectClose(try #require(layer.presentation()).position, CGPoint(x: 25, y: 10))
        h.advance(by: 1)
        expectClose(try #require(layer.presentation()).position, CGPoint(x: 75, y: 30))
    }

    @Test func implicitActionMidFlightStartsFromCurrentPresentationValue() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        func change(to opacity: Float) {
            h.commit {
                CATransaction.setAnimationDuration(1)
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                layer.opacity = opacity
            }
        }
        change(to: 0)                 // 1 → 0 over 1 s
        h.advance(by: 0.5)
        expectClose(try #require(layer.presentation()).opacity, 0.5)
        change(to: 1)                 // replaces it: previous presentation value 0.5 → 1
        #expect(layer.animationKeys() == ["opacity"])
        h.advance(by: 0.5)
        expectClose(try #require(layer.presentation()).opacity, 0.5 + 0.5 * 0.5)   // 0.75
    }

    // MARK: - Value types

    @Test func pointInterpolatesBothComponents() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 0, y: 100)
        move.toValue = CGPoint(x: 100, y: -100)
        move.duration = 1
        h.commit { layer.add(move, forKey: "move") }
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).position, CGPoint(x: 25, y: 50))
    }

    /// A `BOOL` property (CALayer.h: `hidden`, `masksToBounds` and `doubleSided` are
    /// "Animatable") animated with `Bool`s, with `NSNumber`s (Objective-C's box for a
    /// `BOOL`) or with 0 and 1: each switches halfway, in both directions.
    enum BooleanBox: CaseIterable, Sendable {
        case bool, nsNumber, int, double
        func box(_ value: Bool) -> Any {
            switch self {
            case .bool: value
            case .nsNumber: NSNumber(value: value)
            case .int: value ? 1 : 0
            case .double: value ? 1.0 : 0.0
            }
        }
    }

    @Test(arguments: BooleanBox.allCases, [false, true])
    func booleanPropertySwitchesHalfwayWhateverBoxesItsValues(box: BooleanBox, startsHidden: Bool) throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let blink = CABasicAnimation(keyPath: "hidden")
        blink.fromValue = box.box(startsHidden)
        blink.toValue = box.box(!startsHidden)
        blink.duration = 1
        h.commit { layer.add(blink, forKey: "blink") }
        for (time, isPastHalfway) in [(0.1, false), (0.45, false), (0.55, true), (0.9, true)] {
            h.advanceClock(to: 100 + time)
            #expect(try #require(layer.presentation()).isHidden == (startsHidden != isPastHalfway), "at \(time) s")
        }
    }

    @Test func booleanPropertyTakesNumbersThroughKeyValueCoding() {
        let layer = CALayer()
        layer.setValue(NSNumber(value: true), forKey: "masksToBounds")
        #expect(layer.masksToBounds)
        layer.setValue(0, forKey: "masksToBounds")
        #expect(!layer.masksToBounds)
        layer.setValue(1, forKey: "hidden")
        #expect(layer.isHidden)
    }

    @Test func pointFromAndByAddsComponentwise() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 10, y: 10)
        move.byValue = CGPoint(x: 20, y: 40)
        move.duration = 1
        h.commit { layer.add(move, forKey: "move") }
        h.advance(by: 0.75)
        expectClose(try #require(layer.presentation()).position, CGPoint(x: 10 + 15, y: 10 + 30))
    }

    @Test func rectInterpolatesOriginAndSize() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let grow = CABasicAnimation(keyPath: "bounds")
        grow.fromValue = CGRect(x: 0, y: 0, width: 10, height: 20)
        grow.toValue = CGRect(x: 10, y: 20, width: 30, height: 60)
        grow.duration = 1
        h.commit { layer.add(grow, forKey: "grow") }
        h.advance(by: 0.5)
        expectClose(try #require(layer.presentation()).bounds, CGRect(x: 5, y: 10, width: 20, height: 40))
    }

    @Test func contentsCenterInterpolatesFromItsDefaultUnitRect() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let inset = CABasicAnimation(keyPath: "contentsCenter")
        inset.toValue = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        inset.duration = 1
        h.commit { layer.add(inset, forKey: "inset") }
        h.advance(by: 0.5)
        expectClose(try #require(layer.presentation()).contentsCenter, CGRect(x: 0.125, y: 0.125, width: 0.75, height: 0.75))
    }

    @Test func rectToOnlyRunsFromModelBounds() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.setModel { layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50) }
        let grow = CABasicAnimation(keyPath: "bounds")
        grow.toValue = CGRect(x: 0, y: 0, width: 200, height: 150)
        grow.duration = 1
        h.commit { layer.add(grow, forKey: "grow") }
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).bounds, CGRect(x: 0, y: 0, width: 125, height: 75))
    }

    @Test func sizeInterpolatesWidthAndHeight() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let shadow = CABasicAnimation(keyPath: "shadowOffset")
        shadow.fromValue = CGSize(width: 0, height: -3)
        shadow.toValue = CGSize(width: 8, height: 5)
        shadow.duration = 1
        h.commit { layer.add(shadow, forKey: "shadow") }
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).shadowOffset, CGSize(width: 2, height: -1))
    }

    @Test func colorInterpolatesEachComponent() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.setModel { layer.backgroundColor = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1) }
        let tint = CABasicAnimation(keyPath: "backgroundColor")
        tint.fromValue = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        tint.toValue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 0.5)
        tint.duration = 1
        h.commit { layer.add(tint, forKey: "tint") }
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).backgroundColor, rgba: [0.75, 0, 0.25, 0.875])
        h.advance(by: 1)
        expectClose(try #require(layer.presentation()).backgroundColor, rgba: [0, 1, 0, 1], "model after the end")
    }

    @Test func transformTranslationInterpolatesLinearly() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let slide = CABasicAnimation(keyPath: "transform")
        slide.fromValue = referenceIdentity()
        slide.toValue = referenceTranslation(100, -40, 8)
        slide.duration = 1
        h.commit { layer.add(slide, forKey: "slide") }
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).transform, referenceTranslation(25, -10, 2))
    }

    @Test func transformRotationInterpolatesTheAngle() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let spin = CABasicAnimation(keyPath: "transform")
        spin.fromValue = referenceIdentity()
        spin.toValue = referenceRotationZ(.pi / 2)
        spin.duration = 1
        h.commit { layer.add(spin, forKey: "spin") }
        h.advance(by: 0.5)
        // Not the component-wise average (which would shrink the matrix): a 45° rotation.
        expectClose(try #require(layer.presentation()).transform, referenceRotationZ(.pi / 4), tolerance: 1e-9)
    }

    @Test func transformScaleInterpolatesTheFactors() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let zoom = CABasicAnimation(keyPath: "transform")
        zoom.fromValue = referenceScale(1, 2, 1)
        zoom.toValue = referenceScale(3, 4, 1)
        zoom.duration = 1
        h.commit { layer.add(zoom, forKey: "zoom") }
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).transform, referenceScale(1.5, 2.5, 1))
    }

    @Test func transformFromAndByConcatenates() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let slide = CABasicAnimation(keyPath: "transform")
        slide.fromValue = referenceTranslation(10, 0, 0)
        slide.byValue = referenceTranslation(0, 20, 0)
        slide.duration = 1
        h.commit { layer.add(slide, forKey: "slide") }
        h.advance(by: 0.5)
        expectClose(try #require(layer.presentation()).transform, referenceTranslation(10, 10, 0))
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).transform, referenceTranslation(10, 15, 0))
    }

    // MARK: - Sub-paths

    @Test func boundsSizeWidthAnimatesOnlyTheWidth() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.setModel { layer.bounds = CGRect(x: 1, y: 2, width: 10, height: 30) }
        let widen = CABasicAnimation(keyPath: "bounds.size.width")
        widen.fromValue = 10
        widen.toValue = 50
        widen.duration = 1
        h.commit { layer.add(widen, forKey: "widen") }
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).bounds, CGRect(x: 1, y: 2, width: 20, height: 30))
    }

    @Test func transformRotationZAnimatesTheAngle() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = Double.pi / 2
        spin.duration = 1
        h.commit { layer.add(spin, forKey: "spin") }
        h.advance(by: 0.25)
        let presentation = try #require(layer.presentation())
        expectClose(presentation.transform, referenceRotationZ(.pi / 8))
        expectClose(presentation.value(forKeyPath: "transform.rotation.z") as? CGFloat, .pi / 8)
    }

    @Test func transformRotationZToOnlyStartsFromModelAngle() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.setModel { layer.transform = referenceRotationZ(0.2) }
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.toValue = 1.0
        spin.duration = 1
        h.commit { layer.add(spin, forKey: "spin") }
        h.advance(by: 0.5)
        expectClose(try #require(layer.presentation()).transform, referenceRotationZ(0.6))
    }

    @Test func transformScaleScalesAllThreeAxes() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let zoom = CABasicAnimation(keyPath: "transform.scale")
        zoom.fromValue = 1
        zoom.toValue = 3
        zoom.duration = 1
        h.commit { layer.add(zoom, forKey: "zoom") }
        h.advance(by: 0.5)
        expectClose(try #require(layer.presentation()).transform, referenceScale(2, 2, 2))
    }

    @Test func shadowOffsetHeightAnimatesOnlyTheHeight() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let drop = CABasicAnimation(keyPath: "shadowOffset.height")
        drop.toValue = 7                 // to only: from the default −3
        drop.duration = 1
        h.commit { layer.add(drop, forKey: "drop") }
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).shadowOffset, CGSize(width: 0, height: -3 + 0.25 * 10))
    }

    @Test func transformRotationZFullTurnPassesThroughHalfTurn() throws {
        // A key-path animation interpolates the angle, so 0 → 2π is a full turn (the matrices
        // at both ends are equal, yet the layer spins).
        let h = EngineHarness()
        let layer = h.makeLayer()
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = 2 * Double.pi
        spin.duration = 1
        h.commit { layer.add(spin, forKey: "spin") }
        h.advanceClock(to: 100.25)
        expectClose(try #require(layer.presentation()).transform, referenceRotationZ(.pi / 2))
        h.advanceClock(to: 100.5)
        expectClose(try #require(layer.presentation()).transform, referenceRotationZ(.pi))
        h.advanceClock(to: 100.75)
        expectClose(try #require(layer.presentation()).transform, referenceRotationZ(1.5 * .pi))
    }

    @Test func transformScaleKeepsTheModelRotation() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.setModel { layer.transform = referenceRotationZ(.pi / 6) }
        let zoom = CABasicAnimation(keyPath: "transform.scale")
        zoom.fromValue = 1
        zoom.toValue = 3
        zoom.duration = 1
        h.commit { layer.add(zoom, forKey: "zoom") }
        h.advanceClock(to: 100.5)
        // Uniform scale 2 about a π/6 rotation: every entry of the rotation block doubled.
        var expected = referenceRotationZ(.pi / 6)
        expected.m11 *= 2; expected.m12 *= 2; expected.m21 *= 2; expected.m22 *= 2; expected.m33 = 2
        expectClose(try #require(layer.presentation()).transform, expected)
    }

    @Test func transformTranslationXAnimatesOnlyThatComponent() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.setModel { layer.transform = referenceTranslation(0, 7, 0) }
        let slide = CABasicAnimation(keyPath: "transform.translation.x")
        slide.fromValue = -20
        slide.toValue = 20
        slide.duration = 1
        h.commit { layer.add(slide, forKey: "slide") }
        h.advanceClock(to: 100.25)
        expectClose(try #require(layer.presentation()).transform, referenceTranslation(-10, 7, 0))
    }

    @Test func foundationBoxedValuesAnimateLikeSwiftValues() throws {
        // Apple-style code passes NSNumber and NSValue.
        let h = EngineHarness()
        let layer = h.makeLayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = NSNumber(value: 0.0)
        fade.toValue = NSNumber(value: 0.5)
        fade.duration = 1
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = NSValue(point: CGPoint(x: 0, y: 0))
        move.toValue = NSValue(point: CGPoint(x: 40, y: 80))
        move.duration = 1
        h.commit {
            layer.add(fade, forKey: "fade")
            layer.add(move, forKey: "move")
        }
        h.advanceClock(to: 100.25)
        let presentation = try #require(layer.presentation())
        expectClose(presentation.opacity, 0.125)
        expectClose(presentation.position, CGPoint(x: 10, y: 20))
    }

    @Test func laterNonAdditiveAnimationOverridesEarlierOnSameProperty() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let first = CABasicAnimation(keyPath: "position.x")
        first.fromValue = 0
        first.toValue = 100
        first.duration = 1
        let second = CABasicAnimation(keyPath: "position.x")
        second.fromValue = 500
        second.toValue = 600
        second.duration = 0.5
        h.commit {
            layer.add(first, forKey: "first")
            layer.add(second, forKey: "second")
        }
        #expect(layer.animationKeys() == ["first", "second"])
        h.advanceClock(to: 100.25)
        expectClose(try #require(layer.presentation()).position.x, 550)
        h.advanceClock(to: 100.75)
        expectClose(try #require(layer.presentation()).position.x, 75, "the earlier one shows again")
    }

    @Test func transformRotationIsTheZRotation() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let spin = CABasicAnimation(keyPath: "transform.rotation")
        spin.fromValue = 0
        spin.toValue = 1.0
        spin.duration = 1
        h.commit { layer.add(spin, forKey: "spin") }
        h.advanceClock(to: 100.75)
        expectClose(try #require(layer.presentation()).transform, referenceRotationZ(0.75))
    }

    @Test func presentationFrameFollowsAnimatedPositionAndBounds() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.setModel {
            layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            layer.position = CGPoint(x: 50, y: 50)
        }
        let move = CABasicAnimation(keyPath: "position")
        move.toValue = CGPoint(x: 150, y: 50)
        move.duration = 1
        let grow = CABasicAnimation(keyPath: "bounds.size.width")
        grow.toValue = 60
        grow.duration = 1
        h.commit {
            layer.add(move, forKey: "move")
            layer.add(grow, forKey: "grow")
        }
        h.advanceClock(to: 100.5)
        // position (100, 50), bounds 40 × 20, anchor (0.5, 0.5): frame origin (80, 40).
        expectClose(try #require(layer.presentation()).frame, CGRect(x: 80, y: 40, width: 40, height: 20))
        expectClose(layer.frame, CGRect(x: 40, y: 40, width: 20, height: 20), "model frame unchanged")
    }

    @Test func forwardFillMasksLaterModelChangesButAdditiveFillFollowsThem() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let hold = CABasicAnimation(keyPath: "position.x")
        hold.fromValue = 0
        hold.toValue = 30
        hold.duration = 0.5
        hold.fillMode = .forwards
        hold.isRemovedOnCompletion = false
        let offset = CABasicAnimation(keyPath: "position.y")
        offset.fromValue = 0
        offset.toValue = 5
        offset.isAdditive = true
        offset.duration = 0.5
        offset.fillMode = .forwards
        offset.isRemovedOnCompletion = false
        h.commit {
            layer.add(hold, forKey: "hold")
            layer.add(offset, forKey: "offset")
        }
        h.advanceClock(to: 101)
        h.setModel { layer.position = CGPoint(x: 400, y: 100) }
        expectClose(try #require(layer.presentation()).position, CGPoint(x: 30, y: 105))
    }

    @Test func presentationReturnsToModelAfterTheEnd() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.setModel { layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10) }
        let widen = CABasicAnimation(keyPath: "bounds.size.width")
        widen.fromValue = 100
        widen.toValue = 200
        widen.duration = 0.5
        h.commit { layer.add(widen, forKey: "widen") }
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).bounds.width, 150)
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).bounds.width, 10)
        #expect(layer.animationKeys() == nil)
    }
}

/// `isAdditive` and `isCumulative` (Apple, `CAAnimation.h` on `additive` and `cumulative`).
@Suite struct AdditiveAndCumulativeAnimationTests {
    @Test func additiveAnimationAddsToModelValue() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.setModel { layer.position = CGPoint(x: 100, y: 50) }
        let shake = CABasicAnimation(keyPath: "position.x")
        shake.fromValue = 0
        shake.toValue = 40
        shake.isAdditive = true
        shake.duration = 1
        h.commit { layer.add(shake, forKey: "shake") }
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).position.x, 100 + 10)
        h.advance(by: 0.5)
        expectClose(try #require(layer.presentation()).position.x, 100 + 30)
    }

    @Test func additivePointAnimationAddsBothComponents() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.setModel { layer.position = CGPoint(x: 100, y: 50) }
        let nudge = CABasicAnimation(keyPath: "position")
        nudge.fromValue = CGPoint(x: 0, y: 0)
        nudge.toValue = CGPoint(x: -20, y: 8)
        nudge.isAdditive = true
        nudge.duration = 1
        h.commit { layer.add(nudge, forKey: "nudge") }
        h.advance(by: 0.5)
        expectClose(try #require(layer.presentation()).position, CGPoint(x: 90, y: 54))
    }

    @Test func additiveAnimationStacksOnEarlierAnimation() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 100
        move.duration = 1
        let wobble = CABasicAnimation(keyPath: "position.x")
        wobble.fromValue = 0
        wobble.toValue = 8
        wobble.isAdditive = true
        wobble.duration = 1
        h.commit {
            layer.add(move, forKey: "move")
            layer.add(wobble, forKey: "wobble")
        }
        h.advance(by: 0.5)
        expectClose(try #require(layer.presentation()).position.x, 50 + 4)
    }

    @Test func additiveTransformConcatenatesWithModelTransform() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.setModel { layer.transform = referenceTranslation(30, 0, 0) }
        let lift = CABasicAnimation(keyPath: "transform")
        lift.fromValue = referenceIdentity()
        lift.toValue = referenceTranslation(0, 40, 0)
        lift.isAdditive = true
        lift.duration = 1
        h.commit { layer.add(lift, forKey: "lift") }
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).transform, referenceTranslation(30, 10, 0))
    }

    @Test func additiveRotationZAddsToModelAngle() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.setModel { layer.transform = referenceRotationZ(0.5) }
        let wiggle = CABasicAnimation(keyPath: "transform.rotation.z")
        wiggle.fromValue = 0
        wiggle.toValue = 1.0
        wiggle.isAdditive = true
        wiggle.duration = 1
        h.commit { layer.add(wiggle, forKey: "wiggle") }
        h.advanceClock(to: 100.25)
        expectClose(try #require(layer.presentation()).transform, referenceRotationZ(0.75))
    }

    @Test func cumulativeFractionalRepeatEndsPartwayThroughLastPass() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let climb = CABasicAnimation(keyPath: "position.x")
        climb.fromValue = 10
        climb.toValue = 20
        climb.duration = 1
        climb.repeatCount = 2.5
        climb.isCumulative = true
        climb.fillMode = .forwards
        climb.isRemovedOnCompletion = false
        h.commit { layer.add(climb, forKey: "climb") }
        h.advanceClock(to: 104)
        expectClose(try #require(layer.presentation()).position.x, 15 + 2 * 10)
    }

    @Test func cumulativeRotationKeepsTurning() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = Double.pi / 2
        spin.duration = 1
        spin.repeatCount = 3
        spin.isCumulative = true
        h.commit { layer.add(spin, forKey: "spin") }
        h.advanceClock(to: 101.5)
        expectClose(try #require(layer.presentation()).transform, referenceRotationZ(.pi / 2 + .pi / 4))
        h.advanceClock(to: 102.5)
        expectClose(try #require(layer.presentation()).transform, referenceRotationZ(.pi + .pi / 4))
    }

    @Test func cumulativeRepeatsAddOnePassDeltaPerCompletedPass() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let climb = CABasicAnimation(keyPath: "position.x")
        climb.fromValue = 10
        climb.toValue = 20
        climb.duration = 1
        climb.repeatCount = 3
        climb.isCumulative = true
        h.commit { layer.add(climb, forKey: "climb") }
        // Pass k shows from + p·(to − from) + k·(to − from).
        h.advance(by: 0.5)
        expectClose(try #require(layer.presentation()).position.x, 15)
        h.advance(by: 1)
        expectClose(try #require(layer.presentation()).position.x, 15 + 10)
        h.advance(by: 1)
        expectClose(try #require(layer.presentation()).position.x, 15 + 20)
        h.advance(by: 0.25)
        expectClose(try #require(layer.presentation()).position.x, 17.5 + 20)
    }

    @Test func cumulativeAnimationHoldsAccumulatedEndWithForwardFill() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let climb = CABasicAnimation(keyPath: "position.x")
        climb.fromValue = 10
        climb.toValue = 20
        climb.duration = 1
        climb.repeatCount = 3
        climb.isCumulative = true
        climb.fillMode = .forwards
        climb.isRemovedOnCompletion = false
        h.commit { layer.add(climb, forKey: "climb") }
        h.advance(by: 5)
        expectClose(try #require(layer.presentation()).position.x, 20 + 2 * 10)
    }

    /// An autoreversing cycle ends where it began, so a cumulative repeat starts there again:
    /// 0 → 10 → 0, then 0 → 10 → 0, and the forward fill holds the last cycle's end, 0.
    @Test func cumulativeAutoreversingRepeatsStartEachCycleWhereThePreviousOneEnded() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let bounce = CABasicAnimation(keyPath: "position.x")
        bounce.fromValue = 0
        bounce.toValue = 10
        bounce.duration = 1
        bounce.repeatCount = 2
        bounce.autoreverses = true
        bounce.isCumulative = true
        bounce.fillMode = .forwards
        bounce.isRemovedOnCompletion = false
        h.commit { layer.add(bounce, forKey: "bounce") }
        // Each cycle lasts 2 s: up over its first second, down over its second.
        for (time, expected) in [(0.5, 5.0), (1.5, 5), (1.99, 0.1), (2.0, 0), (2.5, 5), (3.0, 10), (3.5, 5), (6, 0)] {
            h.advanceClock(to: 100 + time)
            expectClose(try #require(layer.presentation()).position.x, CGFloat(expected))
        }
    }

    @Test func nonCumulativeRepeatsRestartFromFromValue() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let climb = CABasicAnimation(keyPath: "position.x")
        climb.fromValue = 10
        climb.toValue = 20
        climb.duration = 1
        climb.repeatCount = 3
        h.commit { layer.add(climb, forKey: "climb") }
        h.advance(by: 2.5)
        expectClose(try #require(layer.presentation()).position.x, 15)
    }
}
#endif
