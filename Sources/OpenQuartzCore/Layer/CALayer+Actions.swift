import Foundation

/// What a property change needs to remember between before and after the new value is stored.
struct PropertyChange {
    /// The action found before the change, to run after it.
    let action: (any CAAction)?
    /// For a change of `mask`: the mask it replaces, whose superlayer this layer stops being.
    var replacedMask: CALayer?
}

extension CALayer {
    /// The action search of `action(forKey:)`, in Apple's order.
    func lookUpAction(forKey event: String) -> (any CAAction)? {
        if let action = delegate?.action(for: self, forKey: event) {
            return action is NSNull ? nil : action
        }
        if let action = actions?[event] {
            return action is NSNull ? nil : action
        }
        if let action = styleAction(forKey: event) {
            return action is NSNull ? nil : action
        }
        let action = type(of: self).defaultAction(forKey: event)
        return action is NSNull ? nil : action
    }

    /// The implicit animation of Core Animation's own animatable property `event`, nil for
    /// other events and for `doubleSided`, which has none: `CALayer.defaultAction(forKey:)`.
    /// `compositingFilter` and `backgroundFilters` get "the default implied CATransition
    /// object" (Core Animation Programming Guide, "Animatable Properties", Tables B-1 and
    /// B-3: a fade from progress 0 to 1, lasting 0.25 s or the transaction's duration).
    /// A change of `sublayers` or `mask` gets "the default implied CABasicAnimation object" of
    /// the same table, keyed by the property: the layer tree changes at once (a headless
    /// engine draws no blend of the old and new trees), and the animation only times the
    /// change.
    static func implicitAnimation(forKey event: String) -> CAAnimation? {
        let animation: CAAnimation
        if impliedTransitionKeys.contains(event) {
            animation = CATransition()
        } else if impliedTreeKeys.contains(event) {
            animation = CABasicAnimation(keyPath: event)
        } else {
            guard LayerProperty.table[event]?.hasImplicitAnimation == true else { return nil }
            animation = CABasicAnimation(keyPath: event)
        }
        return implicitAnimation(of: animation)
    }

    /// The properties whose implicit animation is a fade transition rather than a basic
    /// animation (Core Animation Programming Guide, "Animatable Properties", Table B-1).
    static let impliedTransitionKeys: Set<String> = ["compositingFilter", "backgroundFilters"]

    /// The layer-tree properties whose implied basic animation times a change it does not
    /// interpolate (Core Animation Programming Guide, "Animatable Properties", Table B-1).
    static let impliedTreeKeys: Set<String> = [SublayersEvent.key, "mask"]

    /// `animation` made Core Animation's implicit animation: the transaction's duration and
    /// timing function, and marked as built in (it runs only for a layer committed once).
    static func implicitAnimation(of animation: CAAnimation) -> CAAnimation {
        // Apple (CAMediaTimingFunction.h): `.default` is "the curve used by implicit animations".
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        animation.duration = CATransaction.animationDuration()
        animation.isBuiltInImplicitAnimation = true
        return animation
    }

    /// The layer's sublayers changed (one was added, inserted or removed): runs its action
    /// for `"sublayers"`, as Core Animation does, unless actions are disabled. Core
    /// Animation's own implied animation runs only for a layer that has been committed, as
    /// its other implicit animations do; an action from the delegate, `actions`, `style` or a
    /// subclass runs for any layer.
    func sublayersDidChange() {
        guard !isPresentationCopy else { return }
        markNeedsLayout(implicitly: true)
        guard !CATransaction.disableActions(),
              let action = action(forKey: SublayersEvent.key) else { return }
        if (action as? CAAnimation)?.isBuiltInImplicitAnimation == true, !Engine.locked({ isCommitted }) { return }
        action.run(forKey: SublayersEvent.key, object: self, arguments: nil)
    }

    /// Before `key` changes: records the previous value (for animations added without
    /// values) and looks up the action while the model still holds the old value, as Apple
    /// does. Disabled actions run no action; see ``initialStateChange(forKey:)`` for a layer
    /// that has never been committed.
    func willChangeValue(forLayerKey key: String) -> PropertyChange {
        var change = actionChange(forLayerKey: key)
        if key == "mask", !isPresentationCopy { change.replacedMask = Engine.locked { storage.mask } }
        return change
    }

    /// The action part of ``willChangeValue(forLayerKey:)``.
    private func actionChange(forLayerKey key: String) -> PropertyChange {
        guard !isPresentationCopy else { return PropertyChange(action: nil) }
        let runsActions = !CATransaction.disableActions()
        guard Engine.locked({ isCommitted }) else {
            return runsActions ? initialStateChange(forKey: key) : PropertyChange(action: nil)
        }
        let previous = runsActions ? presentationValue(forKey: key) : storedValue(forKey: key)
        if let previous {
            Engine.locked {
                if previousValues[key] == nil { previousValues[key] = previous }
            }
        }
        return PropertyChange(action: runsActions ? action(forKey: key) : nil)
    }

    /// A change to a layer that has never been committed, whose first transaction sets its
    /// initial state: the action search runs as for any layer (the delegate, `actions`,
    /// `style`, a subclass's override or default), and what it finds runs, except Core
    /// Animation's own implicit animation, so a new layer does not animate from its defaults.
    private func initialStateChange(forKey key: String) -> PropertyChange {
        guard let action = action(forKey: key),
              (action as? CAAnimation)?.isBuiltInImplicitAnimation != true else { return PropertyChange(action: nil) }
        if let previous = storedValue(forKey: key) {
            Engine.locked {
                if previousValues[key] == nil { previousValues[key] = previous }
            }
        }
        return PropertyChange(action: action)
    }

    /// After `key` changed: registers the layer with the transaction, marks it for display,
    /// and runs the action found before the change. A timing change (`speed`, `timeOffset`,
    /// `beginTime`) retimes the running animations when the transaction commits.
    func didChangeValue(forLayerKey key: String, _ change: PropertyChange) {
        guard !isPresentationCopy else { return }
        Transactions.noteChange(to: self)
        Engine.locked { _ = explicitlySetKeys.insert(key) }
        if key == "mask" { adoptMask(replacing: change.replacedMask) }
        invalidateLayout(afterChangeOf: key)
        if type(of: self).needsDisplay(forKey: key)
            || key == "bounds" && Engine.locked({ storage.needsDisplayOnBoundsChange }) {
            setNeedsDisplay()
        }
        change.action?.run(forKey: key, object: self, arguments: nil)
    }
}

// MARK: Action keys (CALayer.h)

/// The event a layer posts when its sublayers change.
enum SublayersEvent {
    static let key = "sublayers"
}

/// The key under which a `CATransition` is added to a layer, and the action key Core
/// Animation uses for transitions: `"transition"`.
///
/// ```swift
/// layer.add(fade, forKey: kCATransition)
/// ```
public let kCATransition = "transition"

/// The action key for a layer being added to a visible tree: `"onOrderIn"`. OpenQuartzCore
/// declares it for source compatibility; it does not look up this action.
public let kCAOnOrderIn = "onOrderIn"

/// The action key for a layer being removed from a visible tree: `"onOrderOut"`.
/// OpenQuartzCore declares it for source compatibility; it does not look up this action.
public let kCAOnOrderOut = "onOrderOut"
