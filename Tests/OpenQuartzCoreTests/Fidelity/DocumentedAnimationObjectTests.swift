#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// Animation objects on a layer and the action search, as `CALayer.h` and `CAAnimation.h`
/// document them. Expected values are hand arithmetic on linear ramps.
@Suite struct DocumentedAnimationObjectTests {
    typealias R = ReferenceSolvers

    /// A linear ramp of `keyPath` from `from` to `to` lasting `duration` seconds.
    func ramp(_ keyPath: String = "position.x", from: CGFloat?, to: CGFloat?, duration: Double = 1) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        return animation
    }

    /// A delegate that logs its stops under a name.
    final class NamedDelegate: CAAnimationDelegate, @unchecked Sendable {
        let name: String
        let log: EventLog
        init(_ name: String, log: EventLog) {
            self.name = name
            self.log = log
        }

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { log.append("\(name).stop(\(flag))") }
    }

    /// An action that records the key and object it is run with.
    final class RecordingAction: CAAction, @unchecked Sendable {
        let log: EventLog
        init(log: EventLog) { self.log = log }
        func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
            log.append("run(\(event))")
        }
    }

    /// A layer delegate that answers `action(for:forKey:)` from a table.
    final class TableDelegate: CALayerDelegate, @unchecked Sendable {
        let table: [String: any CAAction]
        init(_ table: [String: any CAAction]) { self.table = table }
        func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { table[event] }
    }

    // MARK: add(_:forKey:) and the animations of a layer (CALayer.h)

    /// CALayer.h: "The animation is copied before being added to the layer, so any subsequent
    /// modifications to `anim` will have no affect unless it is added to another layer."
    @Test func changingTheAnimationAfterAddingItChangesOnlyLaterAdditions() {
        let h = EngineHarness()
        let first = h.makeLayer()
        let second = h.makeLayer()
        let move = ramp(from: 0, to: 100)
        h.commit { first.add(move, forKey: "move") }
        move.toValue = CGFloat(300)
        move.duration = 4
        h.commit { second.add(move, forKey: "move") }
        h.advance(by: 0.5)
        #expect(R.close(R.presented(first, "position.x"), 50))     // 0 → 100 over 1 s
        #expect(R.close(R.presented(second, "position.x"), 37.5))  // 0 → 300 over 4 s
        #expect((first.animation(forKey: "move") as? CABasicAnimation).flatMap { R.number($0.toValue) } == 100)
    }

    /// CALayer.h, `removeAllAnimations`: every animation leaves; CAAnimation.h: each delegate
    /// hears `animationDidStop(_:finished:)` with false, "removed from the object it is
    /// attached to" before the end of its active duration.
    @Test func removeAllAnimationsStopsEachOneUnfinished() {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let log = EventLog()
        let x = ramp(from: 0, to: 100), y = ramp("position.y", from: 0, to: 100)
        x.delegate = NamedDelegate("x", log: log)
        y.delegate = NamedDelegate("y", log: log)
        h.commit {
            layer.add(x, forKey: "x")
            layer.add(y, forKey: "y")
        }
        h.advance(by: 0.5)
        h.commit { layer.removeAllAnimations() }
        h.advance(by: 0)
        #expect(layer.animationKeys() == nil)
        #expect(layer.animation(forKey: "x") == nil && layer.animation(forKey: "y") == nil)
        #expect(Set(log.all) == ["x.stop(false)", "y.stop(false)"])
        #expect(R.presented(layer, "position.x") == 0 && R.presented(layer, "position.y") == 0)
        h.advance(by: 2)
        #expect(log.all.count == 2)
    }

    /// CAAnimation.h: the delegate "is retained for the lifetime of the animation object", so
    /// a delegate nothing else holds still hears the stop of the added animation.
    @Test func aDelegateHeldOnlyByTheAnimationHearsItsStop() {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let log = EventLog()
        weak var weakDelegate: NamedDelegate?
        do {
            let delegate = NamedDelegate("only", log: log)
            weakDelegate = delegate
            let move = ramp(from: 0, to: 100)
            move.delegate = delegate
            h.commit { layer.add(move, forKey: "move") }
        }
        #expect(weakDelegate != nil)
        h.advance(by: 1.5)
        #expect(log.all == ["only.stop(true)"])
    }

    // MARK: fromValue only (CAAnimation.h)

    /// CAAnimation.h: with only `fromValue` the animation "interpolates between `fromValue`
    /// and the current presentation value of the property", here the value an earlier
    /// animation of the property shows at each moment, not the model value.
    @Test func fromValueOnlyRunsToThePresentationValueOfEarlierAnimations() {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.commit {
            layer.add(ramp(from: 100, to: 200, duration: 2), forKey: "a")   // 100 + 50 t
            layer.add(ramp(from: 0, to: nil), forKey: "b")                  // 0 → a's value
        }
        let values = R.sample(h, layer, "position.x", at: [0.5, 0.75])
        #expect(R.close(values[0], 0.5 * 125))       // a shows 125
        #expect(R.close(values[1], 0.75 * 137.5))    // a shows 137.5
    }

    // MARK: action(forKey:) (CALayer.h)

    /// CALayer.h, `actionForKey:`: "If the final result is an instance of NSNull, it is
    /// converted to `nil`"; a null object from the delegate "explicitly forces no further
    /// search", so the `actions` dictionary is not read; a nil from the delegate lets the
    /// search go on; with nothing found, `defaultActionForKey:` gives "a suitable animation
    /// object for events posted by animatable properties, nil otherwise".
    @Test func actionForKeyConvertsTheNullActionToNil() {
        let log = EventLog()
        let layer = EngineHarness().makeLayer()
        let recorded = RecordingAction(log: log)
        layer.actions = ["opacity": NSNull(), "position": recorded, "bounds": recorded]
        let delegate = TableDelegate(["position": NSNull()])
        layer.delegate = delegate
        #expect(layer.action(forKey: "opacity") == nil)
        #expect(layer.action(forKey: "position") == nil)
        #expect(layer.action(forKey: "bounds") is RecordingAction)
        #expect((layer.action(forKey: "zPosition") as? CABasicAnimation)?.keyPath == "zPosition")
        #expect(layer.action(forKey: "notAProperty") == nil)
        #expect(layer.action(forKey: kCAOnOrderOut) == nil)
        #expect(log.all.isEmpty)
        withExtendedLifetime(delegate) {}
    }

    /// CALayer.h: a property change posts the event named as the property, and the action
    /// found is sent `runActionForKey:object:arguments:`; an action from the delegate runs for
    /// a key the `actions` dictionary also has.
    @Test func theActionFoundRunsForThePropertysKey() {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let log = EventLog()
        let delegate = TableDelegate(["cornerRadius": RecordingAction(log: log)])
        layer.delegate = delegate
        layer.actions = ["cornerRadius": NSNull(), "borderWidth": RecordingAction(log: log)]
        h.commit {
            layer.cornerRadius = 4
            layer.borderWidth = 2
        }
        #expect(log.all == ["run(cornerRadius)", "run(borderWidth)"])
        #expect(layer.animationKeys() == nil)
        withExtendedLifetime(delegate) {}
    }

    /// Core Animation Programming Guide, "Changing a Layer's Default Behavior": an action is
    /// triggered when "the value of one of the layer's properties changed. This can be any of
    /// the layer's properties and not just the animatable ones. (You can also associate
    /// actions with custom properties you add to your layers.)"
    @Test func everyPropertyChangeRunsTheActionForItsKey() {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let log = EventLog()
        let action = RecordingAction(log: log)
        layer.actions = ["name": action, "contentsGravity": action, "masksToBounds": action, "glow": action]
        h.commit {
            layer.name = "badge"
            layer.contentsGravity = .center
            layer.masksToBounds = true
            layer.setValue(CGFloat(2), forKey: "glow")
        }
        #expect(log.all == ["run(name)", "run(contentsGravity)", "run(masksToBounds)", "run(glow)"])
    }
}
#endif
