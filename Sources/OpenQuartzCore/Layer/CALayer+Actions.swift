import Foundation

/// What a property change needs to remember between before and after the new value is stored.
struct PropertyChange {
    let runsActions: Bool
    let previous: Any?
}

extension CALayer {
    /// The action search of `action(forKey:)`, in Apple's order:
    /// 1. the delegate's `action(for:forKey:)`;
    /// 2. the `actions` dictionary;
    /// 3. `defaultAction(forKey:)`;
    /// 4. for Core Animation's own animatable properties, an implicit basic animation
    ///    from the previous presentation value, with the transaction's duration and timing.
    ///
    /// `NSNull` at any step stops the search and yields nil.
    func lookUpAction(forKey event: String) -> (any CAAction)? {
        if let action = delegate?.action(for: self, forKey: event) {
            return action is NSNull ? nil : action
        }
        if let action = actions?[event] {
            return action is NSNull ? nil : action
        }
        if let action = type(of: self).defaultAction(forKey: event) {
            return action is NSNull ? nil : action
        }
        guard LayerProperty.table[event]?.isAnimatable == true else { return nil }
        let animation = CABasicAnimation(keyPath: event)
        animation.timingFunction = CATransaction.animationTimingFunction()
        animation.duration = CATransaction.animationDuration()
        return animation
    }

    /// Returns the class's default action for `event`; nil by default.
    

    /// Captures what a change of `key` needs before the value changes.
    func willChangeValue(forLayerKey key: String) -> PropertyChange {
        guard !isPresentationCopy else { return PropertyChange(runsActions: false, previous: nil) }
        let runsActions = Engine.locked { isCommitted } && !CATransaction.disableActions()
        let previous = runsActions ? presentationValue(forKey: key) : nil
        return PropertyChange(runsActions: runsActions, previous: previous)
    }

    /// Finishes a change of `key`: registers the layer with the transaction, marks it for
    /// display, reschedules timing, and runs the action.
    func didChangeValue(forLayerKey key: String, _ change: PropertyChange) {
        guard !isPresentationCopy else { return }
        Transactions.noteChange(to: self)
        if LayerProperty.table[key]?.affectsTiming == true { rescheduleTimingOfSubtree() }
        if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
        guard change.runsActions else { return }
        if let previous = change.previous {
            Engine.locked { previousValues[key] = previous }
        }
        action(forKey: key)?.run(forKey: key, object: self, arguments: nil)
    }
}
