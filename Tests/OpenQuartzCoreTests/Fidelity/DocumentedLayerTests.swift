#if !canImport(QuartzCore)
import Foundation
import Testing
@testable import OpenQuartzCore

/// `CALayer` and `CATransaction` behaviour that Apple's headers and documentation state:
/// the affine-transform accessors, the frame under a transform and through key-value coding
/// (and the tree and object-valued properties through it),
/// `contentsScale` being animatable, `defaultAction(forKey:)` as the last step of the action
/// search, a commit of the implicit transaction, and nil values in nested scopes.
@Suite struct DocumentedLayerTests {
    private func settled(_ harness: EngineHarness, _ configure: (CALayer) -> Void) -> CALayer {
        let layer = harness.makeLayer()
        harness.setModel { configure(layer) }
        return layer
    }

    /// `CALayer.h`: "Convenience methods for accessing the `transform' property as an affine
    /// transform."
    @Test func theAffineTransformAccessorsReadAndWriteTheTransform() {
        let harness = EngineHarness()
        let layer = harness.makeLayer()
        let affine = CGAffineTransform(a: 2, b: 0.5, c: -1, d: 3, tx: 7, ty: -4)
        harness.setModel { layer.setAffineTransform(affine) }
        #expect(layer.transform.m11 == 2 && layer.transform.m12 == 0.5)
        #expect(layer.transform.m21 == -1 && layer.transform.m22 == 3)
        #expect(layer.transform.m41 == 7 && layer.transform.m42 == -4)
        #expect(layer.transform.m33 == 1 && layer.transform.m44 == 1)
        #expect(layer.affineTransform() == affine)
    }

    /// Apple (`frame`): setting it changes `position` and `bounds` "to match the rectangle
    /// you specified"; only rotations that are not multiples of 90° are excluded.
    @Test func settingTheFrameUnderAScaleGivesThatFrame() {
        let harness = EngineHarness()
        let layer = settled(harness) { $0.transform = CATransform3DMakeScale(2, 4, 1) }
        harness.setModel { layer.frame = CGRect(x: 10, y: 20, width: 100, height: 80) }
        #expect(layer.bounds.size == CGSize(width: 50, height: 20))
        #expect(layer.position == CGPoint(x: 60, y: 60))
        #expect(layer.frame == CGRect(x: 10, y: 20, width: 100, height: 80))
    }

    @Test func settingTheFrameUnderAQuarterTurnSwapsTheBoundsSides() {
        let harness = EngineHarness()
        let layer = settled(harness) {
            $0.anchorPoint = CGPoint(x: 0, y: 0)
            $0.setAffineTransform(CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
        }
        harness.setModel { layer.frame = CGRect(x: 0, y: 0, width: 30, height: 50) }
        // Rotated a quarter turn, a 50 × 30 bounds covers 30 × 50; with the anchor at its
        // corner, the corner (0, 0) lands on the position and (0, 30) on (−30, 0).
        #expect(layer.bounds.size == CGSize(width: 50, height: 30))
        #expect(layer.position == CGPoint(x: 30, y: 0))
        #expect(layer.frame == CGRect(x: 0, y: 0, width: 30, height: 50))
    }

    /// `CALayer.h`: "CALayer implements the standard NSKeyValueCoding protocol for all
    /// Objective C properties defined by the class", `frame` among them.
    @Test func theFrameIsReadAndWrittenByKeyValueCoding() {
        let harness = EngineHarness()
        let layer = settled(harness) {
            $0.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
            $0.position = CGPoint(x: 5, y: 10)
        }
        #expect(layer.value(forKey: "frame") as? CGRect == CGRect(x: 0, y: 0, width: 10, height: 20))
        #expect(layer.value(forKeyPath: "frame.size.width") as? CGFloat == 10)
        harness.setModel { layer.setValue(CGRect(x: 100, y: 100, width: 10, height: 20), forKey: "frame") }
        #expect(layer.position == CGPoint(x: 105, y: 110))
        harness.setModel { layer.setValue(CGFloat(40), forKeyPath: "frame.size.width") }
        #expect(layer.bounds.size == CGSize(width: 40, height: 20))
        #expect(layer.position == CGPoint(x: 120, y: 110))
    }

    /// The same promise for the tree and the object-valued properties: `sublayers`,
    /// `superlayer`, `actions`, `style` and `delegate`. On the main thread, as layer work
    /// belongs: its changes open an implicit transaction, which commits on the main queue.
    @Test @MainActor func theTreeAndObjectPropertiesAreReadAndWrittenByKeyValueCoding() {
        final class Delegate: NSObject, CALayerDelegate {}
        let parent = CALayer(), first = CALayer(), second = CALayer()
        parent.addSublayer(first)
        #expect((parent.value(forKey: "sublayers") as? [CALayer])?.map(ObjectIdentifier.init) == [ObjectIdentifier(first)])
        #expect(first.value(forKey: "superlayer") as? CALayer === parent)
        #expect(parent.value(forKey: "superlayer") == nil)

        parent.setValue([second, first], forKey: "sublayers")
        #expect(parent.sublayers?.map(ObjectIdentifier.init) == [ObjectIdentifier(second), ObjectIdentifier(first)])
        parent.setValue(nil, forKey: "sublayers")
        #expect(parent.sublayers == nil && first.superlayer == nil)

        let fade = CABasicAnimation(keyPath: "opacity")
        parent.setValue(["opacity": fade], forKey: "actions")
        #expect(parent.actions?["opacity"] as? CABasicAnimation === fade)
        #expect((parent.value(forKey: "actions") as? [String: any CAAction])?["opacity"] as? CABasicAnimation === fade)

        parent.setValue(["cornerRadius": CGFloat(4)], forKey: "style")
        #expect(parent.style?["cornerRadius"] as? CGFloat == 4)
        #expect((parent.value(forKey: "style") as? [AnyHashable: Any])?["cornerRadius"] as? CGFloat == 4)

        let delegate = Delegate()
        parent.setValue(delegate, forKey: "delegate")
        #expect(parent.delegate === delegate)
        #expect(parent.value(forKey: "delegate") as? Delegate === delegate)
    }

    /// A transform boxed the way Apple code boxes it (`NSValue(caTransform3D:)`) is taken by
    /// key-value coding and by `style`, as `NSValue(cgPoint:)` is for `position`.
    @Test func boxedTransformsAreTakenByKeyValueCodingAndStyle() {
        let harness = EngineHarness()
        let layer = harness.makeLayer()
        let turn = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let lift = CATransform3DMakeTranslation(0, 0, 5)
        harness.setModel {
            layer.setValue(NSValue(caTransform3D: turn), forKey: "transform")
            layer.setValue(NSValue(caTransform3D: lift), forKeyPath: "sublayerTransform")
        }
        #expect(CATransform3DEqualToTransform(layer.transform, turn))
        #expect(CATransform3DEqualToTransform(layer.sublayerTransform, lift))

        let styled = harness.makeLayer()
        harness.setModel { styled.style = ["transform": NSValue(caTransform3D: lift)] }
        #expect(CATransform3DEqualToTransform(styled.transform, lift))
    }

    /// Key-value coding goes on through an object: a key path whose first key holds a layer
    /// or an animation is read and written on that object (`NSKeyValueCoding`:
    /// `value(forKeyPath:)` applies the rest of the path to the first key's value).
    @Test func aKeyPathGoesOnThroughALayerOrAnAnimationValue() {
        let harness = EngineHarness()
        let parent = harness.makeLayer(), child = harness.makeLayer()
        harness.setModel {
            parent.addSublayer(child)
            parent.name = "parent"
            parent.position = CGPoint(x: 7, y: 8)
        }
        #expect(child.value(forKeyPath: "superlayer.name") as? String == "parent")
        #expect(child.value(forKeyPath: "superlayer.position.x") as? CGFloat == 7)
        harness.setModel { child.setValue(CGFloat(9), forKeyPath: "superlayer.position.y") }
        #expect(parent.position == CGPoint(x: 7, y: 9))
        #expect(parent.value(forKeyPath: "superlayer.name") == nil, "a nil object ends the path")

        let fade = CABasicAnimation(keyPath: "opacity")
        fade.duration = 2
        harness.setModel { child.setValue(fade, forKey: "companion") }
        #expect(child.value(forKeyPath: "companion.duration") as? CFTimeInterval == 2)
        harness.setModel { child.setValue(CFTimeInterval(3), forKeyPath: "companion.duration") }
        #expect(fade.duration == 3)
    }

    /// `superlayer` is read-only (`CALayer.h`: `@property(nullable, readonly)`), and a value
    /// of the wrong type for a tree property is reported and ignored.
    @Test func keyValueCodingReportsAReadOnlySuperlayerAndAWrongTypeForSublayers() {
        let diagnostics = DiagnosticCollector(key: "superlayer")
        let parent = CALayer(), child = CALayer()
        child.setValue(parent, forKey: "superlayer")
        #expect(child.superlayer == nil)
        #expect(diagnostics.all.contains { $0.kind == .ignoredInput && $0.message.contains("read-only") })

        let wrongType = DiagnosticCollector(key: "sublayers")
        parent.addSublayer(child)
        parent.setValue("not layers", forKey: "sublayers")
        #expect(parent.sublayers?.count == 1)
        #expect(wrongType.all.contains { $0.kind == .invalidValue && $0.message.contains("wrong type for CALayer.sublayers") })
    }

    /// QuartzCore stores a bounds or frame with a negative width or height standardized.
    /// (Origins and sizes are compared, because `CGRect`'s `==` and `width` standardize.)
    @Test func negativeBoundsAndFramesAreStandardized() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: -100, height: -50)
        #expect(layer.bounds.origin == CGPoint(x: -100, y: -50) && layer.bounds.size == CGSize(width: 100, height: 50))
        layer.setValue(CGRect(x: 10, y: 10, width: -20, height: 30), forKey: "bounds")
        #expect(layer.bounds.origin == CGPoint(x: -10, y: 10) && layer.bounds.size == CGSize(width: 20, height: 30))

        let framed = CALayer()
        framed.frame = CGRect(x: 0, y: 0, width: -100, height: -50)
        #expect(framed.bounds.origin == .zero && framed.bounds.size == CGSize(width: 100, height: 50))
        #expect(framed.position == CGPoint(x: -50, y: -25))
        #expect(framed.frame.origin == CGPoint(x: -100, y: -50) && framed.frame.size == CGSize(width: 100, height: 50))
    }

    /// `affineTransform()` of a transform that is not affine (a z scale, a turn about x) is
    /// the identity in QuartzCore, not the transform's 2D entries.
    @Test func theAffineTransformOfANonAffineTransformIsTheIdentity() {
        let layer = CALayer()
        layer.transform = CATransform3DMakeScale(2, 3, 4)
        #expect(layer.affineTransform() == .identity)
        layer.transform = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
        #expect(layer.affineTransform() == .identity)
        layer.transform = CATransform3DMakeScale(2, 3, 1)
        #expect(layer.affineTransform() == CGAffineTransform(scaleX: 2, y: 3))
    }

    /// `display()` leaves the layer no longer needing display, as `displayIfNeeded()` does.
    @Test func displayClearsNeedsDisplay() {
        // In an explicit transaction, so that no commit at the end of the main queue's turn
        // displays the layer meanwhile.
        CATransaction.begin()
        defer { CATransaction.commit() }
        let layer = CALayer()
        layer.setNeedsDisplay()
        #expect(layer.needsDisplay())
        layer.display()
        #expect(!layer.needsDisplay())
    }

    /// `CALayer.h`: `defaultValueForKey:` returns "nil if no default value is known"; for
    /// the zero `bounds` and `position` QuartzCore knows none, while `anchorPoint` has one.
    @Test func zeroGeometryHasNoClassDefaultValue() {
        #expect(CALayer.defaultValue(forKey: "bounds") == nil)
        #expect(CALayer.defaultValue(forKey: "position") == nil)
        #expect(CALayer.defaultValue(forKey: "frame") == nil)
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(CALayer().bounds == .zero && CALayer().position == .zero)
    }

    /// `CALayer.h` on `contentsScale`: "Defaults to one. Animatable."
    @Test func contentsScaleIsAnimatable() throws {
        let harness = EngineHarness()
        let layer = harness.makeLayer()
        harness.commit { layer.contentsScale = 2 }
        #expect(layer.animationKeys() == ["contentsScale"])
        let scale = CABasicAnimation(keyPath: "contentsScale")
        scale.fromValue = CGFloat(1)
        scale.toValue = CGFloat(3)
        scale.duration = 1
        harness.commit {
            CATransaction.setDisableActions(true)
            layer.contentsScale = 5
            layer.add(scale, forKey: "scale")
        }
        harness.advanceClock(to: 100.5)
        expectClose(try #require(layer.presentation()).contentsScale, 2)
    }

    /// `CALayer.h` on `defaultAction(forKey:)`: "The default implementation returns a
    /// suitable animation object for events posted by animatable properties, nil otherwise";
    /// it is the last step of the action search.
    @Test func theClassDefaultActionIsTheImplicitAnimation() throws {
        final class StillOpacityLayer: CALayer {
            override class func defaultAction(forKey event: String) -> (any CAAction)? {
                event == "opacity" ? nil : super.defaultAction(forKey: event)
            }
        }
        let implicit = try #require(CALayer.defaultAction(forKey: "opacity") as? CABasicAnimation)
        #expect(implicit.keyPath == "opacity")
        #expect(implicit.duration == 0.25)
        #expect(CALayer.defaultAction(forKey: "name") == nil)
        #expect(CALayer.defaultAction(forKey: "onOrderIn") == nil)

        let harness = EngineHarness()
        let layer = harness.makeLayer { StillOpacityLayer() }
        #expect(layer.action(forKey: "opacity") == nil)
        #expect(layer.action(forKey: "position") is CABasicAnimation)
        harness.commit {
            layer.opacity = 0.5
            layer.position = CGPoint(x: 9, y: 9)
        }
        #expect(layer.animationKeys() == ["position"])
    }

    /// Core Animation Programming Guide, "Default Value Support": a subclass overrides
    /// `defaultValue(forKey:)` to give a key a default; the guide's example gives the declared
    /// `masksToBounds` one.
    @Test func aSubclassDefaultValueIsTheStartOfADeclaredLayerProperty() {
        final class ClippingLayer: CALayer {
            override class func defaultValue(forKey key: String) -> Any? {
                switch key {
                case "masksToBounds": true
                case "cornerRadius": CGFloat(6)
                case "opacity": "not a number"
                default: super.defaultValue(forKey: key)
                }
            }
        }
        let harness = EngineHarness()
        let clipping = harness.makeLayer { ClippingLayer() }
        #expect(clipping.masksToBounds)
        #expect(clipping.cornerRadius == 6)
        #expect(clipping.value(forKey: "masksToBounds") as? Bool == true)
        #expect(clipping.opacity == 1, "a default of the wrong type is reported and Apple's kept")
        #expect(clipping.presentation()?.cornerRadius == 6)
        harness.setModel { clipping.cornerRadius = 2 }
        #expect(clipping.cornerRadius == 2)
        let plain = harness.makeLayer()
        #expect(!plain.masksToBounds && plain.cornerRadius == 0)
    }

    /// `CALayer.h`: `defaultValueForKey:` "Returns the default value of the named property,
    /// or nil if no default value is known": Core Animation's own for its properties.
    @Test func theDefaultValueOfADeclaredPropertyIsANewLayersValue() throws {
        #expect(CALayer.defaultValue(forKey: "opacity") as? Float == 1)
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(CALayer.defaultValue(forKey: "masksToBounds") as? Bool == false)
        #expect(CALayer.defaultValue(forKey: "speed") as? Float == 1)
        #expect(CATransform3DIsIdentity(try #require(CALayer.defaultValue(forKey: "transform") as? CATransform3D)))
        #expect(CALayer.defaultValue(forKey: "backgroundColor") == nil, "nil by default")
        #expect(CALayer.defaultValue(forKey: "progress") == nil, "not a property of CALayer")
        final class HandsOn: CALayer {
            override class func defaultValue(forKey key: String) -> Any? { super.defaultValue(forKey: key) }
        }
        #expect(HandsOn.defaultValue(forKey: "opacity") as? Float == 1)
        #expect(HandsOn().opacity == 1 && HandsOn().anchorPoint == CGPoint(x: 0.5, y: 0.5))
    }

    @Test func aSubclassDefaultValueIsTheStartOfADeclaredAnimationProperty() throws {
        final class LongFade: CABasicAnimation {
            override class func defaultValue(forKey key: String) -> Any? {
                switch key {
                case "duration": 2.0
                case "keyPath": "opacity"
                case "fillMode": CAMediaTimingFillMode.both
                default: super.defaultValue(forKey: key)
                }
            }
        }
        let fade = LongFade()
        #expect(fade.duration == 2)
        #expect(fade.keyPath == "opacity")
        #expect(fade.fillMode == .both)
        #expect(fade.value(forKey: "duration") as? Double == 2)
        let copy = try #require(fade.copy() as? LongFade)
        #expect(copy.duration == 2)
        fade.duration = 0.5
        #expect((fade.copy() as? LongFade)?.duration == 0.5, "a copy keeps a value set since")
        #expect(CABasicAnimation().duration == 0)
    }

    /// `CALayer.h` on `presentation()`: "The `sublayers', `mask' and `superlayer' properties
    /// of the returned layer return the presentation versions of these properties. This
    /// carries through to read-only layer methods."
    @Test func aPresentationLayerHasAPresentationTree() throws {
        let harness = EngineHarness()
        let parent = harness.makeLayer()
        let child = harness.makeLayer()
        harness.setModel {
            parent.addSublayer(child)
            parent.speed = 2
            parent.position = CGPoint(x: 100, y: 100)
            parent.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            child.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
            child.position = CGPoint(x: 10, y: 10)
        }
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = CGFloat(0)
        slide.toValue = CGFloat(200)
        slide.duration = 2      // in the parent's time, which runs at twice media time
        harness.commit { parent.add(slide, forKey: "slide") }
        harness.advanceClock(to: 100.5)      // the parent's local time is 1 s in: x = 100

        let presented = try #require(child.presentation())
        let presentedParent = try #require(presented.superlayer)
        #expect(presentedParent.model() === parent)
        #expect(presentedParent.position.x == 100)
        #expect(parent.presentation()?.sublayers?.count == 1)
        #expect(parent.presentation()?.sublayers?.first?.model() === child)
        #expect(presented.convertTime(10, from: nil) == child.convertTime(10, from: nil))
        // The child's centre: in the model at the parent's x 100 too, as it happens; moved
        // to 150 the model says 150 while the presentation still shows 100.
        harness.setModel { parent.position = CGPoint(x: 150, y: 100) }
        #expect(child.convert(CGPoint(x: 2, y: 2), to: nil) == CGPoint(x: 150, y: 100))
        let now = try #require(child.presentation())
        #expect(now.convert(CGPoint(x: 2, y: 2), to: nil) == CGPoint(x: 100, y: 100))
    }

    /// `CALayer.h` on `removeFromSuperlayer`: it "works both if the receiver is in its
    /// superlayer's `sublayers' array or set as its `mask' value". So a mask's superlayer is
    /// the layer it masks (not one of its sublayers), and removing the mask clears `mask`.
    @Test func aMaskRemovedFromItsSuperlayerIsNoLongerTheMask() {
        let harness = EngineHarness()
        let layer = harness.makeLayer()
        let mask = harness.makeLayer()
        let other = harness.makeLayer()
        harness.setModel { layer.mask = mask }
        #expect(mask.superlayer === layer)
        #expect(layer.sublayers == nil, "a mask is not a sublayer")

        harness.setModel { mask.removeFromSuperlayer() }
        #expect(layer.mask == nil)
        #expect(mask.superlayer == nil)

        harness.setModel { layer.setValue(mask, forKey: "mask") }
        #expect(mask.superlayer === layer, "key-value coding sets the same property")
        harness.setModel { layer.mask = other }
        #expect(mask.superlayer == nil, "a replaced mask leaves the layer")
        #expect(other.superlayer === layer)
        harness.setModel { layer.mask = nil }
        #expect(other.superlayer == nil)
    }

    /// A mask lives in its layer's coordinate and time spaces (its superlayer's), but it is
    /// not a member of `sublayers`, to which alone `sublayerTransform` applies (`CALayer.h`:
    /// "A transform applied to each member of the `sublayers' array").
    @Test func aMaskIsInItsLayersSpacesWithoutTheSublayerTransform() {
        let harness = EngineHarness()
        let layer = harness.makeLayer()
        let mask = harness.makeLayer()
        let sublayer = harness.makeLayer()
        harness.setModel {
            layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            layer.position = CGPoint(x: 50, y: 50)
            layer.sublayerTransform = CATransform3DMakeTranslation(7, -3, 0)
            layer.speed = 2
            for child in [mask, sublayer] {
                child.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
                child.position = CGPoint(x: 10, y: 10)
            }
            layer.mask = mask
            layer.addSublayer(sublayer)
        }
        // The mask's (0, 0): its position (10, 10) less half its size; no translation.
        #expect(layer.convert(CGPoint(x: 0, y: 0), from: mask) == CGPoint(x: 0, y: 0))
        #expect(layer.convert(CGPoint(x: 0, y: 0), from: sublayer) == CGPoint(x: 7, y: -3))
        // Time: through the layer, which runs at twice its parent's rate.
        #expect(mask.convertTime(10, from: layer) == 10)
        #expect(mask.convertTime(10, from: nil) == 20)
    }

    /// `CALayer.h` on `presentation()`: "The `sublayers', `mask' and `superlayer' properties
    /// of the returned layer return the presentation versions of these properties."
    @Test func aPresentationLayersMaskIsThePresentationVersion() throws {
        let harness = EngineHarness()
        let layer = harness.makeLayer()
        let mask = harness.makeLayer()
        harness.setModel {
            mask.opacity = 0.5
            layer.mask = mask
        }
        let presented = try #require(layer.presentation())
        let presentedMask = try #require(presented.mask)
        #expect(presentedMask !== mask)
        #expect(presentedMask.model() === mask)
        #expect(presentedMask.opacity == 0.5)
        #expect((presented.value(forKey: "mask") as? CALayer)?.model() === mask)
        #expect(presentedMask.superlayer?.model() === layer)
        #expect(layer.mask === mask, "the model's mask is the model layer")
    }

    /// `CATransaction.h`: `commit` commits "all changes made during the current
    /// transaction", and a change outside `begin()`/`commit()` begins the implicit one.
    @Test func aCommitWithoutBeginCommitsTheImplicitTransaction() async {
        let harness = EngineHarness()
        let layer = harness.makeLayer()
        let presented: Float? = await inOneMainQueueTurn {
            OQC.withClock(harness.clock) {
                CATransaction.setDisableActions(true)
                layer.opacity = 0.25
                CATransaction.commit()
                return layer.presentation()?.opacity
            }
        }
        #expect(presented == 0.25)
    }

    /// `CATransaction.h`: "reading a key searches for the innermost scope that has set it".
    /// A scope that sets nil has set it.
    @Test func aNilValueInAnInnerScopeHidesTheOuterValue() {
        var inner: (timing: CAMediaTimingFunction?, block: (() -> Void)?, custom: Any?) = (nil, nil, nil)
        var outer: (timing: CAMediaTimingFunction?, custom: Any?) = (nil, nil)
        let harness = EngineHarness()
        harness.commit {
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
            CATransaction.setCompletionBlock {}
            CATransaction.setValue("outer", forKey: "note")
            CATransaction.begin()
            CATransaction.setAnimationTimingFunction(nil)
            CATransaction.setCompletionBlock(nil)
            CATransaction.setValue(nil, forKey: "note")
            inner = (CATransaction.animationTimingFunction(), CATransaction.completionBlock(),
                     CATransaction.value(forKey: "note"))
            CATransaction.commit()
            outer = (CATransaction.animationTimingFunction(), CATransaction.value(forKey: "note"))
        }
        #expect(inner.timing == nil)
        #expect(inner.block == nil)
        #expect(inner.custom == nil)
        #expect(outer.timing == CAMediaTimingFunction(name: .easeIn))
        #expect(outer.custom as? String == "outer")
    }
}
#endif
