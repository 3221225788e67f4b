#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// Implicit actions: what changing an animatable property of a committed standalone layer
/// adds, and the search order of `action(forKey:)` (Apple, `CALayer.h` on `actionForKey:`).
@Suite struct ImplicitActionTests {
    typealias R = ReferenceSolvers

    /// A CAAction that records each run.
    final class RecordingAction: CAAction, @unchecked Sendable {
        let log: EventLog
        init(log: EventLog) { self.log = log }
        func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
            log.append("run(\(event), \(anObject is CALayer ? "layer" : "other"))")
        }
    }

    /// A layer delegate whose `action(for:forKey:)` records the model value it sees and
    /// answers with `response`.
    final class ActionDelegate: CALayerDelegate, @unchecked Sendable {
        let log: EventLog
        let response: (String) -> (any CAAction)?
        init(log: EventLog, response: @escaping (String) -> (any CAAction)?) {
            self.log = log
            self.response = response
        }

        func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
            log.append("delegate(\(event)) sees \(R.number(layer.value(forKey: event)).map { "\($0)" } ?? "nil")")
            return response(event)
        }
    }

    /// A layer whose `action(forKey:)` answers opacity changes with a 4 s fade from 0.
    final class OverridingActionLayer: CALayer {
        override func action(forKey event: String) -> (any CAAction)? {
            guard event == "opacity" else { return super.action(forKey: event) }
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = Float(0)
            fade.duration = 4
            return fade
        }
    }

    /// A layer whose class default action for opacity is a 3 s fade from 0.
    final class DefaultActionLayer: CALayer {
        override class func defaultAction(forKey event: String) -> (any CAAction)? {
            guard event == "opacity" else { return super.defaultAction(forKey: event) }
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = Float(0)
            fade.duration = 3
            return fade
        }
    }

    private func opacity(_ layer: CALayer) -> Double? { R.presented(layer, "opacity") }

    // MARK: The implicit animation

    @Test func settingOpacityAddsAnImplicitBasicAnimationKeyedByTheProperty() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        h.commit { layer.opacity = 0.5 }
        #expect(layer.animationKeys() == ["opacity"])
        let animation = layer.animation(forKey: "opacity")
        #expect(animation is CABasicAnimation)
        #expect((animation as? CABasicAnimation)?.keyPath == "opacity")
        #expect(animation?.duration == 0.25)
        #expect(layer.opacity == 0.5)
    }

    /// Core Animation Programming Guide, "Animatable Properties": `doubleSided` has "no
    /// default implied animation", though CALayer.h marks it "Animatable" (an explicit
    /// animation of it runs).
    @Test func doubleSidedChangesWithoutAnImplicitAnimation() throws {
        #expect(CALayer.defaultAction(forKey: "doubleSided") == nil)
        #expect(CALayer.defaultAction(forKey: "hidden") is CABasicAnimation)
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        h.commit { layer.isDoubleSided = false }
        #expect(layer.animationKeys() == nil)
        #expect(try #require(layer.presentation()).isDoubleSided == false)
        let flip = CABasicAnimation(keyPath: "doubleSided")
        flip.fromValue = false
        flip.toValue = true
        flip.duration = 1
        h.commit { layer.add(flip, forKey: "flip") }
        h.advance(by: 0.75)
        #expect(try #require(layer.presentation()).isDoubleSided == true)
    }

    /// CALayer.h marks `minificationFilterBias`, `shouldRasterize` and `rasterizationScale`
    /// "Animatable", and `defaultAction(forKey:)` returns "a suitable animation object for
    /// events posted by animatable properties": a change animates from the old value with
    /// the transaction's duration. Linear timing over 1 s: the value at t is old + t·(new − old).
    @Test(.timeLimit(.minutes(1))) func rasterizationPropertiesMarkedAnimatableAnimateImplicitly() throws {
        for key in ["minificationFilterBias", "shouldRasterize", "rasterizationScale"] {
            #expect(CALayer.defaultAction(forKey: key) is CABasicAnimation, "\(key)")
        }
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        h.commit {
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.rasterizationScale = 3
            layer.minificationFilterBias = 2
            layer.shouldRasterize = true
        }
        #expect(Set(layer.animationKeys() ?? []) == ["rasterizationScale", "minificationFilterBias", "shouldRasterize"])
        let scale = R.sample(h, layer, "rasterizationScale", at: [0.25])
        #expect(R.close(scale[0], 1 + 0.25 * (3 - 1), 1e-6))
        #expect(R.close(R.presented(layer, "minificationFilterBias"), 0 + 0.25 * (2 - 0), 1e-6))
        h.advance(by: 1)
        #expect(layer.animationKeys() == nil)
        let presented = try #require(layer.presentation())
        #expect(presented.rasterizationScale == 3 && presented.minificationFilterBias == 2 && presented.shouldRasterize)
    }

    @Test func implicitAnimationRunsFromThePreviousValueWithTheTransactionsTiming() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        h.commit {
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.opacity = 0.5
        }
        #expect(layer.animation(forKey: "opacity")?.duration == 1)
        let values = R.sample(h, layer, "opacity", at: [0, 0.5, 0.75, 1.5])
        #expect(R.close(values[0], 1, 1e-6))
        #expect(R.close(values[1], 0.75, 1e-6))
        #expect(R.close(values[2], 0.625, 1e-6))
        #expect(R.close(values[3], 0.5, 1e-6))
        #expect(layer.animationKeys() == nil)
    }

    @Test func implicitAnimationUsesTheTransactionsTimingFunction() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        h.commit {
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
            layer.opacity = 0
        }
        let values = R.sample(h, layer, "opacity", at: [0.3, 0.6])
        #expect(R.close(values[0], 1 - R.easeIn(0.3), 1e-5))
        #expect(R.close(values[1], 1 - R.easeIn(0.6), 1e-5))
    }

    @Test func implicitAnimationUsesTheDefaultCurveWhenTheTransactionSetsNoTimingFunction() {
        // Apple's CAMediaTimingFunction.h: `default' is "the curve used by implicit
        // animations created by Core Animation", control points (0.25, 0.1) and (0.25, 1).
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        h.commit {
            CATransaction.setAnimationDuration(1)
            layer.opacity = 0
        }
        let values = R.sample(h, layer, "opacity", at: [0.25, 0.5])
        // A linear implicit animation would show 0.75 and 0.5 here.
        #expect(R.close(values[0], 1 - R.bezierTiming(0.25, 0.1, 0.25, 1, at: 0.25), 1e-5))
        #expect(R.close(values[1], 1 - R.bezierTiming(0.25, 0.1, 0.25, 1, at: 0.5), 1e-5))
    }

    @Test func implicitAnimationStartsFromTheCurrentPresentationValue() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = Float(0)
        fade.toValue = Float(1)
        fade.duration = 1
        h.commit { layer.add(fade, forKey: "fade") }
        h.advance(by: 0.5)
        #expect(R.close(opacity(layer), 0.5, 1e-6))
        h.commit {
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.opacity = 0.2
        }
        let values = R.sample(h, layer, "opacity", at: [0, 0.5, 1.25])
        #expect(R.close(values[0], 0.5, 1e-6))
        #expect(R.close(values[1], 0.35, 1e-6))
        #expect(R.close(values[2], 0.2, 1e-6))
    }

    @Test func implicitPositionAnimationInterpolatesBothComponents() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        h.commit {
            CATransaction.setAnimationDuration(2)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.position = CGPoint(x: 40, y: -80)
        }
        let x = R.sample(h, layer, "position.x", at: [0.5])
        #expect(R.close(x[0], 10))
        #expect(R.close(R.presented(layer, "position.y"), -20))
    }

    // MARK: Sublayers

    /// The Core Animation Programming Guide's Table B-1 gives `sublayers` "the default
    /// implied CABasicAnimation object", which Table B-2 describes: a `CABasicAnimation`
    /// whose key path is the property's name, lasting 0.25 s or the transaction's duration.
    /// Added, inserted or removed, a sublayer makes its committed superlayer run that action,
    /// under `"sublayers"`; the tree itself changes at once.
    @Test func changingSublayersRunsTheImpliedBasicAnimationOnTheCommittedSuperlayer() throws {
        let diagnostics = DiagnosticCollector(key: "sublayers")
        let implied = try #require(CALayer.defaultAction(forKey: "sublayers") as? CABasicAnimation)
        #expect(implied.keyPath == "sublayers" && implied.duration == 0.25)
        let h = EngineHarness()
        let parent = h.makePlainLayer(), child = h.makePlainLayer()
        h.commit {
            CATransaction.setAnimationDuration(0.5)
            parent.addSublayer(child)
        }
        let change = try #require(parent.animation(forKey: "sublayers") as? CABasicAnimation)
        #expect(change.keyPath == "sublayers" && change.duration == 0.5)
        #expect(parent.animationKeys() == ["sublayers"] && child.animationKeys() == nil)
        #expect(parent.sublayers?.count == 1 && child.superlayer === parent)
        h.advance(by: 0.5)
        #expect(parent.animationKeys() == nil)
        h.commit { child.removeFromSuperlayer() }
        #expect(parent.animation(forKey: "sublayers")?.duration == 0.25)
        #expect(parent.animation(forKey: kCATransition) == nil)
        // No diagnostic that the animation names no property (other tests report misuse of
        // the tree under the same key).
        #expect(!diagnostics.all.contains { $0.kind == .unknownKeyPath })
    }

    @Test func sublayersActionIsSearchedForLikeAPropertysAndCanBeTurnedOff() {
        let h = EngineHarness()
        let log = EventLog()
        let delegate = ActionDelegate(log: log) { _ in NSNull() }
        let parent = h.makePlainLayer(), child = h.makePlainLayer(), other = h.makePlainLayer()
        parent.delegate = delegate
        h.commit {
            parent.addSublayer(child)
            parent.insertSublayer(other, below: child)
            child.removeFromSuperlayer()
        }
        #expect(log.all == ["delegate(sublayers) sees nil", "delegate(sublayers) sees nil", "delegate(sublayers) sees nil"])
        #expect(parent.animationKeys() == nil)

        let quiet = h.makePlainLayer()
        quiet.actions = ["sublayers": NSNull()]
        h.commit { quiet.addSublayer(h.makePlainLayer()) }
        #expect(quiet.animationKeys() == nil)
        h.commit {
            CATransaction.setDisableActions(true)
            parent.addSublayer(h.makePlainLayer())
        }
        #expect(parent.animationKeys() == nil)
    }

    /// A layer that has never been committed gets no built-in fade (its first transaction
    /// sets its initial state), but an action it is given still runs.
    @Test func neverCommittedSuperlayerRunsOnlyTheSublayersActionItIsGiven() {
        let h = EngineHarness()
        let log = EventLog()
        OQC.withClock(h.clock) {
            CATransaction.begin()
            let fresh = CALayer(), given = CALayer()
            fresh.addSublayer(CALayer())
            given.actions = ["sublayers": RecordingAction(log: log)]
            given.addSublayer(CALayer())
            #expect(fresh.animationKeys() == nil)
            CATransaction.commit()
        }
        #expect(log.all == ["run(sublayers, layer)"])
    }

    // MARK: Suppression

    @Test func disableActionsSuppressesTheImplicitAnimation() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        h.commit {
            CATransaction.setDisableActions(true)
            layer.opacity = 0.5
        }
        #expect(layer.animationKeys() == nil)
        h.advance(by: 0.1)
        #expect(R.close(opacity(layer), 0.5, 1e-7))
    }

    @Test func nullActionInTheActionsDictionarySuppressesTheImplicitAnimation() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        layer.actions = ["opacity": NSNull()]
        h.commit { layer.opacity = 0.5 }
        #expect(layer.animationKeys() == nil)
        h.advance(by: 0.1)
        #expect(R.close(opacity(layer), 0.5, 1e-7))
        // Other keys still animate.
        h.commit { layer.position = CGPoint(x: 1, y: 1) }
        #expect(layer.animationKeys() == ["position"])
    }

    /// An animation without a key path, as an action, animates the property whose change
    /// found it: a 1 s linear fade from the previous opacity (1) to the new one (0.5).
    @Test func anActionWithoutAKeyPathAnimatesThePropertyThatChanged() throws {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let fade = CABasicAnimation()
        fade.duration = 1
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.actions = ["opacity": fade]
        h.commit { layer.opacity = 0.5 }
        let added = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
        #expect(added.keyPath == "opacity")
        #expect(fade.keyPath == nil, "the action itself is left as it is")
        h.advance(by: 0.5)
        #expect(R.close(opacity(layer), 0.75, 1e-6))
        // Run by hand for another key, as Apple's `CAAction` example does.
        fade.run(forKey: "cornerRadius", object: layer, arguments: nil)
        #expect((layer.animation(forKey: "cornerRadius") as? CAPropertyAnimation)?.keyPath == "cornerRadius")
    }

    @Test func neverCommittedLayerDoesNotAnimate() {
        let h = EngineHarness()
        var layer: CALayer!
        h.commit {
            layer = CALayer()
            #expect(layer.presentation() == nil)
            layer.opacity = 0.5
            layer.position = CGPoint(x: 3, y: 4)
        }
        #expect(layer.animationKeys() == nil)
        h.advance(by: 0.1)
        #expect(R.close(opacity(layer), 0.5, 1e-7))
        #expect(R.presented(layer, "position.x") == 3)
    }

    /// `CATransaction.h`: unless actions are disabled, `action(forKey:)` is used "for each
    /// layer property change". A new layer's first transaction asks too: the delegate and
    /// the `actions` dictionary are consulted and their actions run; only the built-in
    /// implicit animation stays off.
    @Test func neverCommittedLayerStillSearchesForAndRunsItsActions() {
        let h = EngineHarness()
        let log = EventLog()
        var layer: CALayer!
        var overriding: OverridingActionLayer!
        let delegate = ActionDelegate(log: log) { event in event == "opacity" ? RecordingAction(log: log) : nil }
        h.commit {
            layer = CALayer()
            layer.delegate = delegate
            layer.actions = ["position": RecordingAction(log: log)]
            layer.opacity = 0.5
            layer.position = CGPoint(x: 3, y: 4)
            layer.zPosition = 2
            overriding = OverridingActionLayer()
            overriding.opacity = 0.5
        }
        #expect(log.all == [
            "delegate(opacity) sees 1.0", "run(opacity, layer)",
            "delegate(position) sees nil", "run(position, layer)",
            "delegate(zPosition) sees 0.0",
        ])
        #expect(layer.animationKeys() == nil)
        #expect(overriding.animation(forKey: "opacity")?.duration == 4)
        #expect(layer.presentation()?.opacity == 0.5)
    }

    @Test func disabledActionsAreNotSearchedForOnANeverCommittedLayer() {
        let h = EngineHarness()
        let log = EventLog()
        let delegate = ActionDelegate(log: log) { _ in RecordingAction(log: log) }
        h.commit {
            CATransaction.setDisableActions(true)
            let layer = CALayer()
            layer.delegate = delegate
            layer.opacity = 0.5
        }
        #expect(log.all.isEmpty)
    }

    // MARK: Search order

    @Test func actionsDictionaryActionRunsForTheChangedKey() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let log = EventLog()
        layer.actions = ["opacity": RecordingAction(log: log)]
        h.commit { layer.opacity = 0.5 }
        #expect(log.all == ["run(opacity, layer)"])
        #expect(layer.animationKeys() == nil)
    }

    @Test func delegateActionTakesPrecedenceOverTheActionsDictionary() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let log = EventLog()
        let delegate = ActionDelegate(log: log) { event in
            guard event == "opacity" else { return nil }
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.duration = 2
            return fade
        }
        layer.delegate = delegate
        layer.actions = ["opacity": RecordingAction(log: log)]
        h.commit { layer.opacity = 0.5 }
        #expect(layer.animation(forKey: "opacity")?.duration == 2)
        #expect(!log.all.contains { $0.hasPrefix("run(") })
        withExtendedLifetime(delegate) {}
    }

    @Test func delegateNullActionStopsTheSearch() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let log = EventLog()
        let delegate = ActionDelegate(log: log) { _ in NSNull() }
        layer.delegate = delegate
        layer.actions = ["opacity": RecordingAction(log: log)]
        h.commit { layer.opacity = 0.5 }
        #expect(layer.animationKeys() == nil)
        #expect(!log.all.contains { $0.hasPrefix("run(") })
        withExtendedLifetime(delegate) {}
    }

    @Test func delegateReturningNilLetsTheSearchContinueToTheActionsDictionary() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let log = EventLog()
        let delegate = ActionDelegate(log: log) { _ in nil }
        layer.delegate = delegate
        layer.actions = ["opacity": RecordingAction(log: log)]
        h.commit { layer.opacity = 0.5 }
        #expect(log.all.contains("run(opacity, layer)"))
        withExtendedLifetime(delegate) {}
    }

    @Test func actionIsLookedUpWhileTheModelStillHoldsTheOldValue() {
        // On Apple platforms `action(forKey:)` runs before the new value is stored: the common
        // pattern `anim.fromValue = layer.value(forKey: event)` in action(for:forKey:) animates
        // from the old value, and inside actionForKey: the new value cannot be read.
        let h = EngineHarness()
        let layer = h.makeLayerInTransaction { () -> CALayer in
            let layer = CALayer()
            layer.cornerRadius = 4
            return layer
        }
        let log = EventLog()
        let delegate = ActionDelegate(log: log) { _ in NSNull() }
        layer.delegate = delegate
        h.commit { layer.cornerRadius = 12 }
        // ENGINE BUG: CALayer.didChangeValue(forLayerKey:) calls action(forKey:) after the new
        // value is stored, so the delegate sees 12.0.
        #expect(log.all == ["delegate(cornerRadius) sees 4.0"])
        withExtendedLifetime(delegate) {}
    }

    @Test func subclassActionOverrideIsHonoured() {
        let h = EngineHarness()
        let layer = h.makeLayerInTransaction { OverridingActionLayer() }
        h.commit { layer.opacity = 0.5 }
        #expect(layer.animation(forKey: "opacity")?.duration == 4)
        let values = R.sample(h, layer, "opacity", at: [1])
        #expect(R.close(values[0], 0.125, 1e-6))   // from 0 toward the model value 0.5
        h.commit { layer.position = CGPoint(x: 9, y: 9) }
        #expect(layer.animation(forKey: "position")?.duration == 0.25)
    }

    @Test func subclassDefaultActionIsUsedAfterDelegateAndActions() {
        let h = EngineHarness()
        let layer = h.makeLayerInTransaction { DefaultActionLayer() }
        h.commit { layer.opacity = 0.5 }
        #expect(layer.animation(forKey: "opacity")?.duration == 3)
        let values = R.sample(h, layer, "opacity", at: [1.5])
        #expect(R.close(values[0], 0.25, 1e-6))
        // The actions dictionary comes before the class default.
        let log = EventLog()
        layer.actions = ["opacity": RecordingAction(log: log)]
        h.commit { layer.opacity = 0.9 }
        #expect(log.all == ["run(opacity, layer)"])
    }
}
#endif
