import Foundation

/// Layout (`CALayer.h`): `setNeedsLayout()` marks a layer, `layoutIfNeeded()` lays out the
/// marked layers of a tree, and a commit lays out every marked layer it commits.
///
/// Apple marks a layer "whenever its `sublayers` ... property is modified", and the layer
/// and its superlayer "whenever its `bounds` or `transform` properties are modified", except
/// while the layer runs its own `layoutSublayers()`. OpenQuartzCore does the same.
extension CALayer {
    /// Marks the layer as needing `layoutSublayers()` before the next update: at the next
    /// commit, or at `layoutIfNeeded()`. A call made by the layer's own `layoutSublayers()`
    /// marks it too: Apple skips only the implicit calls then.
    public func setNeedsLayout() { markNeedsLayout(implicitly: false) }

    /// Marks the layer for layout; an implicit mark (a change of `sublayers`, `bounds` or
    /// `transform`) is skipped while the layer runs its `layoutSublayers()` (`CALayer.h`:
    /// "Implicit calls to -setNeedsLayout are skipped if the layer is currently executing its
    /// -layoutSublayers method").
    func markNeedsLayout(implicitly: Bool) {
        let marked: Bool = Engine.locked {
            guard !(implicitly && isLayingOut) else { return false }
            needsLayoutFlag = true
            return true
        }
        if marked { Transactions.noteChange(to: self) }
    }

    /// Whether the layer is marked as needing layout.
    public func needsLayout() -> Bool {
        Engine.locked { needsLayoutFlag }
    }

    /// Lays out now: goes up from the layer while the superlayer needs layout, then lays out
    /// every marked layer of the tree beneath that ancestor, parents before their sublayers.
    public func layoutIfNeeded() {
        var top = self
        while let parent = top.superlayer, parent.needsLayout() { top = parent }
        var pending = [top]
        while let layer = pending.popLast() {
            layer.layOutIfMarked()
            pending += (layer.sublayers ?? []).reversed()
        }
    }

    /// Runs `layoutSublayers()` if the layer is marked, and clears the mark.
    private func layOutIfMarked() {
        let marked: Bool = Engine.locked {
            guard needsLayoutFlag, !isPresentationCopy else { return false }
            needsLayoutFlag = false
            isLayingOut = true
            return true
        }
        guard marked else { return }
        layoutSublayers()
        Engine.locked { isLayingOut = false }
    }

    /// After `key` changed: marks the layout that Apple says the change invalidates.
    func invalidateLayout(afterChangeOf key: String) {
        guard key == "bounds" || key == "transform" else { return }
        markNeedsLayout(implicitly: true)
        superlayer?.markNeedsLayout(implicitly: true)
    }
}
