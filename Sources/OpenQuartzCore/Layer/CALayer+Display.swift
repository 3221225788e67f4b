import Foundation

extension CALayer {
    /// The default `display()`: the layer no longer needs display, and asks the delegate.
    func displayThroughDelegate() {
        Engine.locked { needsDisplayFlag = false }
        delegate?.display(self)
    }

    /// The default `setNeedsDisplay()`.
    func markNeedsDisplay() {
        Engine.locked { needsDisplayFlag = true }
        Transactions.noteChange(to: self)
    }

    /// Whether the layer has been marked as needing a display update.
    public func needsDisplay() -> Bool {
        Engine.locked { needsDisplayFlag }
    }

    /// Runs `display()` now if the layer needs it.
    public func displayIfNeeded() {
        let needed: Bool = Engine.locked {
            defer { needsDisplayFlag = false }
            return needsDisplayFlag
        }
        if needed { display() }
    }

    /// Whether an animation of a `needsDisplay(forKey:)` key is running at local time `now`.
    func hasActiveDisplayAnimation() -> Bool {
        let layerClass = type(of: self)
        let (animations, localTime): ([CAAnimation], Double) = Engine.locked {
            (attachments.filter { $0.phase != .pending }.map(\.animation), renderTimeMapLocked().local(clock.now))
        }
        return animations.contains { animation in
            animation.animatesKeyPath { layerClass.needsDisplay(forKey: Self.rootKey(of: $0)) }
                && ActiveTiming(animation).sample(atParentTime: localTime) != nil
                && ActiveTiming(animation).activeEndInParent.map { localTime < $0 } ?? true
        }
    }
}
