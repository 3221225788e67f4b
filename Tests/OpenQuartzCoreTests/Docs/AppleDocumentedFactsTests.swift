#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
import OpenQuartzCore

/// Facts from Apple's QuartzCore documentation and SDK headers, checked through the public
/// API only (no `@testable`), the way code written for iOS uses it. Expected values come
/// from the documentation, never from the engine.
@Suite struct AppleDocumentedFactsTests {
    private let clock = OQC.ManualClock(now: 50)

    /// Runs `body` in an explicit transaction that takes effect at its commit: what earlier
    /// code on this thread left in the implicit transaction is flushed first, so the
    /// explicit one does not nest in it.
    private func commit(_ body: () -> Void) {
        OQC.withClock(clock) {
            CATransaction.flush()
            CATransaction.begin()
            body()
            CATransaction.commit()
        }
    }

    private func advance(by seconds: Double) {
        OQC.withClock(clock) { clock.advance(by: seconds) }
    }

    private func makeLayer() -> CALayer {
        let layer = OQC.withClock(clock) { CALayer() }
        commit {}
        return layer
    }

    // MARK: CALayer defaults (CALayer.h)

    @Test func layerGeometryDefaultsAreApples() {
        let layer = OQC.withClock(clock) { CALayer() }
        #expect(layer.bounds == .zero)
        #expect(layer.position == .zero)
        #expect(layer.zPosition == 0)
        #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(layer.anchorPointZ == 0)
        #expect(CATransform3DIsIdentity(layer.transform))
        #expect(CATransform3DIsIdentity(layer.sublayerTransform))
        #expect(layer.frame == .zero)
    }

    @Test func layerAppearanceDefaultsAreApples() {
        let layer = OQC.withClock(clock) { CALayer() }
        #expect(layer.isHidden == false)
        #expect(layer.opacity == 1)
        #expect(layer.backgroundColor == nil)
        #expect(layer.cornerRadius == 0)
        #expect(layer.borderWidth == 0)
        #expect(layer.borderColor?.components == [0, 0, 0, 1])
        #expect(layer.shadowColor?.components == [0, 0, 0, 1])
        #expect(layer.shadowOpacity == 0)
        #expect(layer.shadowOffset == CGSize(width: 0, height: -3))
        #expect(layer.shadowRadius == 3)
        #expect(layer.masksToBounds == false)
        #expect(layer.isDoubleSided == true)
        #expect(layer.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(layer.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(layer.contentsScale == 1)
        #expect(layer.sublayers == nil)
        #expect(layer.superlayer == nil)
        #expect(layer.actions == nil)
        #expect(layer.name == nil)
        #expect(layer.isOpaque == false)
        #expect(layer.needsDisplayOnBoundsChange == false)
        #expect(layer.drawsAsynchronously == false)
        #expect(layer.allowsGroupOpacity == true)
        #expect(layer.value(forKey: "opaque") as? Bool == false)
    }

    /// CALayer.h: with `needsDisplayOnBoundsChange`, a bounds change calls `setNeedsDisplay()`.
    @Test func boundsChangeMarksForDisplayOnlyWhenAsked() {
        let layer = makeLayer()
        commit {
            CATransaction.setDisableActions(true)
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        }
        #expect(layer.needsDisplay() == false)
        commit { layer.needsDisplayOnBoundsChange = true }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        #expect(layer.needsDisplay() == true)
        OQC.withClock(clock) { CATransaction.commit() }
        #expect(layer.needsDisplay() == false)
        commit {
            layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
            #expect(layer.needsDisplay() == true)
        }
        #expect(layer.needsDisplay() == false)
    }

    @Test func layerMediaTimingDefaultsAreApples() {
        let layer = OQC.withClock(clock) { CALayer() }
        #expect(layer.beginTime == 0)
        // `CAMediaTiming.h` says 0, but a layer's duration reads as infinite on QuartzCore.
        #expect(layer.duration == .infinity)
        #expect(layer.speed == 1)
        #expect(layer.timeOffset == 0)
        #expect(layer.repeatCount == 0)
        #expect(layer.repeatDuration == 0)
        #expect(layer.autoreverses == false)
        #expect(layer.fillMode == .removed)
        #expect(CALayer.needsDisplay(forKey: "opacity") == false)
    }

    @Test func keyValueCodingReadsDeclaredPropertiesByTheirKeys() {
        let layer = OQC.withClock(clock) { CALayer() }
        layer.position = CGPoint(x: 3, y: 4)
        layer.isHidden = true
        #expect(layer.value(forKey: "position") as? CGPoint == CGPoint(x: 3, y: 4))
        #expect(layer.value(forKeyPath: "position.x") as? CGFloat == 3)
        #expect(layer.value(forKey: "hidden") as? Bool == true)
        #expect(layer.value(forKey: "opacity") as? Float == 1)
        layer.setValue(CGFloat(9), forKeyPath: "position.y")
        #expect(layer.position == CGPoint(x: 3, y: 9))
        layer.setValue(Float(0.5), forKey: "opacity")
        #expect(layer.opacity == 0.5)
    }

    @Test func customLayerKeysAreStoredAndCopiedByInitLayer() {
        let layer = OQC.withClock(clock) { CALayer() }
        #expect(layer.value(forKey: "progress") == nil)
        layer.setValue(CGFloat(0.4), forKey: "progress")
        #expect(layer.value(forKey: "progress") as? CGFloat == 0.4)
        let copy = CALayer(layer: layer)
        #expect(copy.value(forKey: "progress") as? CGFloat == 0.4)
    }

    /// CALayer.h: `setNeedsDisplay()` marks the layer; `display()` runs at the next update
    /// (the commit), and `needsDisplay()` reads the mark.
    @Test func setNeedsDisplayDisplaysOnceAtTheNextCommit() {
        final class CountingLayer: CALayer, @unchecked Sendable {
            // `lock` guards `count`: the main queue's implicit commit may call display() too.
            private let lock = NSLock()
            private var count = 0
            var displays: Int { lock.withLock { count } }
            override func display() { lock.withLock { count += 1 } }
        }
        let layer = OQC.withClock(clock) { CountingLayer() }
        commit {}
        let before = layer.displays
        #expect(layer.needsDisplay() == false)
        commit {
            layer.setNeedsDisplay()
            #expect(layer.needsDisplay() == true)
            #expect(layer.displays == before)
        }
        #expect(layer.displays == before + 1)
        #expect(layer.needsDisplay() == false)
        commit {}
        #expect(layer.displays == before + 1)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        #expect(layer.displays == before + 2)
        #expect(layer.needsDisplay() == false)
    }

    // MARK: presentation() and model()

    @Test func presentationIsNilBeforeTheFirstCommitAndModelIsTheLayer() {
        // Inside an explicit transaction, so that no implicit commit can intervene.
        var layer: CALayer!
        commit {
            layer = CALayer()
            #expect(layer.presentation() == nil)
            #expect(layer.model() === layer)
            layer.opacity = 0.5
            #expect(layer.presentation() == nil)
        }
        let presentation = layer.presentation()
        #expect(presentation != nil)
        #expect(presentation !== layer)
        #expect(presentation?.model() === layer)
        #expect(presentation?.opacity == 0.5)
    }

    // MARK: Animation defaults (CAAnimation.h)

    @Test func animationDefaultsAreApples() {
        let animation = CABasicAnimation(keyPath: "opacity")
        #expect(animation.timingFunction == nil)
        #expect(animation.delegate == nil)
        #expect(animation.isRemovedOnCompletion == true)
        #expect(animation.beginTime == 0)
        #expect(animation.duration == 0)
        #expect(animation.speed == 1)
        #expect(animation.timeOffset == 0)
        #expect(animation.repeatCount == 0)
        #expect(animation.repeatDuration == 0)
        #expect(animation.autoreverses == false)
        #expect(animation.fillMode == .removed)
        #expect(animation.keyPath == "opacity")
        #expect(animation.isAdditive == false)
        #expect(animation.isCumulative == false)
        #expect(animation.fromValue == nil && animation.toValue == nil && animation.byValue == nil)

        let keyframes = CAKeyframeAnimation(keyPath: "position.x")
        #expect(keyframes.calculationMode == .linear)
        #expect(keyframes.values == nil && keyframes.keyTimes == nil && keyframes.timingFunctions == nil)

        let transition = CATransition()
        #expect(transition.type == .fade)
        #expect(transition.subtype == nil)
        #expect(transition.startProgress == 0)
        #expect(transition.endProgress == 1)

        let group = CAAnimationGroup()
        #expect(group.animations == nil)
    }

    @Test func springDefaultsAreApples() {
        let spring = CASpringAnimation(keyPath: "position.x")
        #expect(spring.mass == 1)
        #expect(spring.stiffness == 100)
        #expect(spring.damping == 10)
        #expect(spring.initialVelocity == 0)
        #expect(spring.allowsOverdamping == false)
    }

    @Test func invalidSpringSettersFallBackToTheDefaults() {
        let spring = CASpringAnimation()
        spring.damping = -1
        spring.mass = 0
        spring.stiffness = -5
        #expect(spring.damping == 10)
        #expect(spring.mass == 1)
        #expect(spring.stiffness == 100)
        spring.damping = 0
        #expect(spring.damping == 0)   // ≥ 0 is valid
    }

    /// Apple: the perceptual initializer sets allowsOverdamping and reads its inputs back.
    /// Closed form: stiffness (2π/d)², damping ζ·4π/d with ζ = 1 − bounce (or 1/(1+bounce)).
    @Test func perceptualInitializerSetsOverdampingAndReadsBack() {
        for (d, bounce) in [(0.5, 0.2), (0.4, 0.0), (1.0, -0.5)] {
            let spring = CASpringAnimation(perceptualDuration: d, bounce: CGFloat(bounce))
            #expect(spring.allowsOverdamping == true)
            #expect(abs(spring.perceptualDuration - d) < 1e-9)
            #expect(abs(Double(spring.bounce) - bounce) < 1e-9)
            let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
            #expect(spring.mass == 1)
            #expect(abs(Double(spring.stiffness) - pow(2 * .pi / d, 2)) < 1e-9)
            #expect(abs(Double(spring.damping) - zeta * 4 * .pi / d) < 1e-9)
        }
    }

    /// Under-damped closed form: ln((1 + |B|)/ε)/(ζω0), ε = 0.001, B = (ζω0 − v0)/ωd.
    @Test func settlingDurationOfTheDefaultSpringMatchesTheClosedForm() {
        let spring = CASpringAnimation()
        let omega0 = 10.0, zeta = 0.5
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        let expected = log((1 + zeta * omega0 / omegaD) / 0.001) / (zeta * omega0)
        #expect(abs(spring.settlingDuration - expected) < 1e-9)
        spring.speed = 2
        #expect(abs(spring.settlingDuration - expected / 2) < 1e-9)
        spring.damping = 0
        #expect(spring.settlingDuration == .infinity)
    }

    /// Apple's `settlingDuration` documentation: with damping 5 (mass 1, stiffness 100) "the
    /// settling duration is approximately 2.85 seconds".
    @Test func settlingDurationMatchesApplesDocumentedExample() {
        let spring = CASpringAnimation()
        spring.keyPath = "position.x"
        spring.fromValue = 0
        spring.toValue = 640
        spring.damping = 5
        spring.duration = 2
        #expect(abs(spring.settlingDuration - 2.85) < 0.01)
    }

    /// The same page goes on: "changing the damping property to 15 reduces the settling
    /// duration to just over 1 second". By hand, ζ = 15/20 = 0.75 and ω0 = 10, so the envelope
    /// e^(−7.5 t) reaches ε = 0.001 (with B = 7.5/(10·√(1 − 0.75²)) ≈ 1.134) at ln(2134)/7.5 ≈ 1.02 s.
    @Test func settlingDurationWithDampingFifteenIsJustOverOneSecond() {
        let spring = CASpringAnimation()
        spring.keyPath = "position.x"
        spring.fromValue = 0
        spring.toValue = 640
        spring.damping = 15
        spring.duration = 2
        #expect(spring.settlingDuration > 1 && spring.settlingDuration < 1.1)
    }

    // MARK: CAMediaTimingFunction

    @Test func namedTimingFunctionsHaveApplesControlPoints() {
        let table: [(CAMediaTimingFunctionName, [Float])] = [
            (.linear, [0, 0, 1, 1]),
            (.easeIn, [0.42, 0, 1, 1]),
            (.easeOut, [0, 0, 0.58, 1]),
            (.easeInEaseOut, [0.42, 0, 0.58, 1]),
            (.default, [0.25, 0.1, 0.25, 1]),
        ]
        for (name, expected) in table {
            let function = CAMediaTimingFunction(name: name)
            var points: [Float] = []
            for index in 0...3 {
                var pair: [Float] = [-1, -1]
                function.getControlPoint(at: index, values: &pair)
                points += pair
            }
            #expect(points == [0, 0] + expected + [1, 1], "\(name.rawValue)")
        }
        #expect(CAMediaTimingFunctionName.easeInEaseOut.rawValue == "easeInEaseOut")
        #expect(CAMediaTimingFunctionName.default.rawValue == "default")
    }

    // MARK: add(_:forKey:)

    /// An animation is a key-value container: any number of undeclared keys, each set,
    /// replaced and removed (set to nil) on its own, carried by a copy.
    @Test func anAnimationStoresValuesForKeysItDoesNotDeclare() {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.setValue("a", forKey: "first")
        fade.setValue(2, forKey: "second")
        fade.setValue(3.5, forKey: "third")
        fade.setValue("b", forKey: "first")
        #expect(fade.value(forKey: "first") as? String == "b")
        fade.setValue(nil, forKey: "first")
        #expect(fade.value(forKey: "first") == nil)
        #expect(fade.value(forKey: "second") as? Int == 2)
        #expect(fade.value(forKey: "third") as? Double == 3.5)
        fade.setValue(nil, forKey: "third")
        fade.setValue("c", forKey: "fourth")
        let copy = fade.copy() as? CABasicAnimation
        fade.setValue(nil, forKey: "second")
        #expect(fade.value(forKey: "second") == nil)
        #expect(copy?.value(forKey: "second") as? Int == 2)
        #expect(copy?.value(forKey: "third") == nil)
        #expect(copy?.value(forKey: "fourth") as? String == "c")
        #expect(copy?.value(forKey: "fifth") == nil)
        // A key that begins as no declared key does, and declared keys, which set the property.
        fade.setValue(true, forKey: "App.marker")
        fade.setValue(0.5, forKey: "duration")
        fade.setValue(true, forKey: "additive")
        #expect(fade.value(forKey: "App.marker") as? Bool == true)
        #expect(fade.duration == 0.5 && fade.isAdditive)
        #expect(fade.value(forKey: "isAdditive") as? Bool == true)
    }

    @Test func addStoresACopyAndZeroDurationTakesTheTransactionDuration() {
        let layer = makeLayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = Float(0)
        fade.toValue = Float(1)
        fade.setValue("tag", forKey: "custom")
        commit { layer.add(fade, forKey: "fade") }
        let stored = layer.animation(forKey: "fade")
        #expect(stored !== fade)
        #expect(stored?.duration == 0.25)
        #expect(fade.duration == 0)
        #expect(stored?.value(forKey: "custom") as? String == "tag")
        #expect(layer.animationKeys() == ["fade"])

        commit {
            CATransaction.setAnimationDuration(2)
            let other = CABasicAnimation(keyPath: "opacity")
            other.duration = -1
            layer.add(other, forKey: "long")
        }
        #expect(layer.animation(forKey: "long")?.duration == 2)
    }

    /// CALayer.h: "the special key kCATransition is automatically used for transition animations".
    @Test func transitionIsAddedUnderTheTransitionKey() {
        #expect(kCATransition == "transition")
        #expect(kCAOnOrderIn == "onOrderIn" && kCAOnOrderOut == "onOrderOut")
        let layer = makeLayer()
        commit { layer.add(CATransition(), forKey: "anything") }
        #expect(layer.animationKeys() == ["transition"])
        #expect(layer.animation(forKey: kCATransition) is CATransition)
    }

    @Test func delegateIsHeldStrongly() {
        final class Delegate: CAAnimationDelegate {}
        let animation = CABasicAnimation(keyPath: "opacity")
        weak var weakDelegate: Delegate?
        do {
            let delegate = Delegate()
            weakDelegate = delegate
            animation.delegate = delegate
        }
        #expect(weakDelegate != nil)
        #expect(animation.delegate === weakDelegate)
    }

    // MARK: CATransaction

    @Test func transactionDefaultsAndInnermostScopeValues() {
        OQC.withClock(clock) {
            CATransaction.begin()
            #expect(CATransaction.animationDuration() == 0.25)
            #expect(CATransaction.disableActions() == false)
            CATransaction.setAnimationDuration(1)
            CATransaction.setValue("outer", forKey: "custom")
            CATransaction.begin()
            #expect(CATransaction.animationDuration() == 1)
            CATransaction.setAnimationDuration(3)
            #expect(CATransaction.animationDuration() == 3)
            #expect(CATransaction.value(forKey: "custom") as? String == "outer")
            CATransaction.commit()
            #expect(CATransaction.animationDuration() == 1)
            CATransaction.commit()
        }
    }

    @Test func completionBlockWithoutAnimationsRunsRightAfterCommit() {
        let log = Log()
        commit { CATransaction.setCompletionBlock { log.add("done") } }
        advance(by: 0)
        #expect(log.all == ["done"])
    }

    @Test func completionBlockWaitsOnlyForAnimationsAddedAfterItWasSet() {
        let layer = makeLayer()
        let log = Log()
        let clock = self.clock
        commit {
            layer.add(move(duration: 3), forKey: "before")
            CATransaction.setCompletionBlock { log.add("done@\(clock.now)") }
            layer.add(move(duration: 1), forKey: "after")
        }
        advance(by: 5)
        #expect(log.all == ["done@51.0"])
    }

    @Test func removedAnimationCountsAsCompletedAndStopsUnfinished() {
        let layer = makeLayer()
        let log = Log()
        final class Delegate: CAAnimationDelegate, @unchecked Sendable {
            let log: Log
            init(_ log: Log) { self.log = log }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { log.add("stop(\(flag))") }
        }
        let animation = move(duration: 2)
        animation.delegate = Delegate(log)
        commit {
            CATransaction.setCompletionBlock { log.add("done") }
            layer.add(animation, forKey: "move")
        }
        advance(by: 0.5)
        layer.removeAnimation(forKey: "move")
        advance(by: 0)
        #expect(log.all == ["stop(false)", "done"])
    }

    /// CATransaction.h: a block runs once the animations added after it was set complete; if
    /// none are added before the completion block is set to a different value, it runs at once.
    @Test func replacedCompletionBlockWaitsOnlyForTheAnimationsAddedWhileItWasSet() {
        let layer = makeLayer()
        let log = Log()
        let clock = self.clock
        commit {
            CATransaction.setCompletionBlock { log.add("empty@\(clock.now)") }
            CATransaction.setCompletionBlock { log.add("first@\(clock.now)") }
            layer.add(move(duration: 1), forKey: "a")
            CATransaction.setCompletionBlock { log.add("second@\(clock.now)") }
            layer.add(move(duration: 2, keyPath: "position.y"), forKey: "b")
        }
        advance(by: 3)
        #expect(log.all == ["empty@50.0", "first@51.0", "second@52.0"])
    }

    @Test func completionBlockWaitsForImplicitAnimations() {
        let layer = makeLayer()
        let log = Log()
        let clock = self.clock
        commit {
            CATransaction.setAnimationDuration(0.5)
            CATransaction.setCompletionBlock { log.add("done@\(clock.now)") }
            layer.opacity = 0
        }
        advance(by: 1)
        #expect(log.all == ["done@50.5"])
    }

    /// CAAnimation.h: with `removedOnCompletion` false the animation stays attached after its
    /// active duration; it still "completes" (delegate `finished == true`, completion block), and
    /// removing it afterwards reports nothing more.
    @Test func animationKeptAfterCompletionStopsFinishedOnceAndHoldsItsFill() {
        let layer = makeLayer()
        let log = Log()
        let clock = self.clock
        final class Delegate: CAAnimationDelegate, @unchecked Sendable {
            let log: Log, clock: OQC.ManualClock
            init(_ log: Log, _ clock: OQC.ManualClock) { self.log = log; self.clock = clock }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { log.add("stop(\(flag))@\(clock.now)") }
        }
        let animation = move(duration: 1)
        animation.isRemovedOnCompletion = false
        animation.fillMode = .forwards
        animation.delegate = Delegate(log, clock)
        commit {
            CATransaction.setCompletionBlock { log.add("done@\(clock.now)") }
            layer.add(animation, forKey: "move")
        }
        advance(by: 2)
        #expect(log.all == ["stop(true)@51.0", "done@51.0"])
        #expect(layer.animationKeys() == ["move"])
        #expect(layer.presentation()?.position.x == 100)
        #expect(layer.position.x == 0)
        layer.removeAnimation(forKey: "move")
        advance(by: 1)
        #expect(log.all == ["stop(true)@51.0", "done@51.0"])
        #expect(layer.presentation()?.position.x == 0)
    }

    @Test func animationKeyValueCodingUsesThePropertyKeys() {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.setValue(Float(0.5), forKey: "toValue")
        animation.setValue(true, forKey: "additive")
        animation.setValue(false, forKey: "removedOnCompletion")
        animation.setValue(2.0, forKey: "duration")
        #expect(animation.toValue as? Float == 0.5)
        #expect(animation.isAdditive == true)
        #expect(animation.isRemovedOnCompletion == false)
        #expect(animation.duration == 2)
        #expect(animation.value(forKey: "keyPath") as? String == "opacity")
        let copy = animation.copy() as? CABasicAnimation
        #expect(copy?.toValue as? Float == 0.5 && copy?.isAdditive == true && copy?.duration == 2)
    }

    /// Core Animation Programming Guide, "Key-Value Coding Extensions": "CAAnimation provides
    /// support for accessing the fields of selected structures using key paths", for
    /// "setting and getting values using setValue:forKeyPath: and valueForKeyPath:": CGPoint
    /// exposes `x` and `y`, CGSize `width` and `height`, CGRect `origin`, `size` and theirs,
    /// and CATransform3D `rotation.z` ("The rotation, in radians, in the z axis").
    @Test func animationKeyPathsReachStructureFields() {
        let slide = CABasicAnimation(keyPath: "position")
        slide.toValue = CGPoint(x: 3, y: 4)
        slide.fromValue = NSValue(cgPoint: CGPoint(x: 7, y: 8))
        slide.setValue(CGRect(x: 1, y: 2, width: 30, height: 40), forKey: "area")
        slide.setValue(CATransform3DMakeRotation(.pi / 4, 0, 0, 1), forKey: "turn")
        #expect(slide.value(forKeyPath: "toValue.x") as? CGFloat == 3)
        #expect(slide.value(forKeyPath: "fromValue.y") as? CGFloat == 8)
        #expect(slide.value(forKeyPath: "area.size.height") as? CGFloat == 40)
        let angle = slide.value(forKeyPath: "turn.rotation.z") as? CGFloat
        #expect(abs((angle ?? 0) - .pi / 4) < 1e-9)

        slide.setValue(CGFloat(9), forKeyPath: "toValue.y")
        slide.setValue(CGFloat(5), forKeyPath: "area.origin.x")
        #expect(slide.toValue as? CGPoint == CGPoint(x: 3, y: 9))
        #expect(slide.value(forKey: "area") as? CGRect == CGRect(x: 5, y: 2, width: 30, height: 40))
        #expect(slide.value(forKey: "toValue.y") == nil)
    }

    /// Key-Value Coding Programming Guide, "Representing Non-Object Values": for a property
    /// that is not an object, `setValue:forKey:` "first sends an appropriate <type>Value
    /// message to the incoming value object" (`boolValue` for a BOOL), and Swift passes `1`
    /// and `0` to it as NSNumbers. So numbers set the Boolean properties.
    @Test func animationBooleanKeysTakeNumbers() {
        let spring = CASpringAnimation(keyPath: "opacity")
        spring.setValue(1, forKey: "autoreverses")
        spring.setValue(0, forKey: "removedOnCompletion")
        spring.setValue(NSNumber(value: 1), forKey: "additive")
        spring.setValue(1, forKey: "cumulative")
        spring.setValue(1, forKey: "allowsOverdamping")
        #expect(spring.autoreverses == true)
        #expect(spring.isRemovedOnCompletion == false)
        #expect(spring.isAdditive == true)
        #expect(spring.isCumulative == true)
        #expect(spring.allowsOverdamping == true)
    }

    @Test func nestedTransactionsEachRunTheirOwnCompletion() {
        let layer = makeLayer()
        let log = Log()
        let clock = self.clock
        commit {
            CATransaction.setCompletionBlock { log.add("outer@\(clock.now)") }
            layer.add(move(duration: 1), forKey: "a")
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.add("inner@\(clock.now)") }
            layer.add(move(duration: 2, keyPath: "position.y"), forKey: "b")
            CATransaction.commit()
        }
        advance(by: 3)
        #expect(log.all == ["inner@52.0", "outer@52.0"])
    }

    // MARK: Time

    /// Apple's documented example (CAMediaTiming): timeOffset 1, speed 0.5 converts 0.5 to 1.25.
    @Test func convertTimeMatchesApplesExample() {
        let layer = makeLayer()
        layer.timeOffset = 1
        layer.speed = 0.5
        #expect(layer.convertTime(0.5, from: nil) == 1.25)
        #expect(layer.convertTime(1.25, to: nil) == 0.5)
    }

    @Test func greatestFiniteRepeatCountRepeatsForever() {
        let layer = makeLayer()
        let animation = move(duration: 1)
        animation.repeatCount = .greatestFiniteMagnitude
        commit { layer.add(animation, forKey: "forever") }
        advance(by: 1000.25)
        #expect(abs((layer.presentation()?.position.x ?? 0) - 25) < 1e-6)
        #expect(layer.animation(forKey: "forever") != nil)
    }

    @Test func fractionalRepeatCountEndsPartwayThroughAPass() {
        let layer = makeLayer()
        let animation = move(duration: 1)
        animation.repeatCount = 1.5
        animation.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        commit { layer.add(animation, forKey: "move") }
        advance(by: 3)
        #expect(abs((layer.presentation()?.position.x ?? 0) - 50) < 1e-6)
    }

    @Test func groupDurationClipsItsChildren() {
        let layer = makeLayer()
        let child = move(duration: 2)
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 1
        let log = Log()
        let clock = self.clock
        commit {
            CATransaction.setCompletionBlock { log.add("done@\(clock.now)") }
            layer.add(group, forKey: "group")
        }
        advance(by: 0.5)
        #expect(abs((layer.presentation()?.position.x ?? 0) - 25) < 1e-6)
        advance(by: 1)
        #expect(layer.presentation()?.position.x == 0)
        #expect(log.all == ["done@51.0"])
    }

    // MARK: Keyframes

    @Test func discreteKeyframesUseOneMoreKeyTimeThanValues() {
        let layer = makeLayer()
        let animation = CAKeyframeAnimation(keyPath: "position.x")
        animation.values = [CGFloat(10), CGFloat(20), CGFloat(30)]
        animation.keyTimes = [0, 0.5, 0.75, 1]
        animation.calculationMode = .discrete
        animation.duration = 1
        commit { layer.add(animation, forKey: "k") }
        advance(by: 0.4)
        #expect(layer.presentation()?.position.x == 10)
        advance(by: 0.2)
        #expect(layer.presentation()?.position.x == 20)
        advance(by: 0.2)
        #expect(layer.presentation()?.position.x == 30)
    }

    @Test func invalidKeyTimesAreIgnored() {
        let layer = makeLayer()
        let animation = CAKeyframeAnimation(keyPath: "position.x")
        animation.values = [CGFloat(0), CGFloat(100), CGFloat(200)]
        animation.keyTimes = [0, 0.9, 0.1]   // not increasing: ignored, evenly spaced
        animation.duration = 1
        commit { layer.add(animation, forKey: "k") }
        advance(by: 0.25)
        #expect(abs((layer.presentation()?.position.x ?? 0) - 50) < 1e-6)
    }

    // MARK: Actions

    @Test func nullActionStopsTheSearchAndImplicitAnimationsUseThePropertyKey() {
        let layer = makeLayer()
        commit { layer.opacity = 0 }
        #expect(layer.animationKeys() == ["opacity"])
        let quiet = makeLayer()
        quiet.actions = ["opacity": NSNull()]
        #expect(quiet.action(forKey: "opacity") == nil)
        commit { quiet.opacity = 0 }
        #expect(quiet.animationKeys() == nil)
    }

    // MARK: Transforms (row-vector convention)

    @Test func transformFunctionsUseTheRowVectorConvention() {
        let t = CATransform3DMakeTranslation(1, 2, 3)
        #expect(t.m41 == 1 && t.m42 == 2 && t.m43 == 3)
        // Concat(a, b) applies a first: translate by 1, then scale by 2 → translation 2.
        let c = CATransform3DConcat(CATransform3DMakeTranslation(1, 0, 0), CATransform3DMakeScale(2, 2, 2))
        #expect(c.m41 == 2 && c.m11 == 2)
        // Translate(t, …) = translation × t: the translation happens first, then t's scale.
        let s = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 2), 1, 0, 0)
        #expect(s.m41 == 2)
        #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))
        #expect(CATransform3DEqualToTransform(CATransform3DInvert(t), CATransform3DMakeTranslation(-1, -2, -3)))
        #expect(CATransform3DIsAffine(CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: 0.3))))
    }

    // MARK: Helpers

    private func move(duration: Double, keyPath: String = "position.x") -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = CGFloat(0)
        animation.toValue = CGFloat(100)
        animation.duration = duration
        return animation
    }

    final class Log: @unchecked Sendable {
        // `lock` guards `events`.
        private let lock = NSLock()
        private var events: [String] = []
        func add(_ event: String) { lock.withLock { events.append(event) } }
        var all: [String] { lock.withLock { events } }
    }
}
#endif
