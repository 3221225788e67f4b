import Foundation

extension CALayer {
    /// Converts `t` from the time space of `l` (nil: absolute media time) to this layer's.
    ///
    /// Apple's example: a layer with `timeOffset = 1` and `speed = 0.5` converts 0.5 from a
    /// default layer to 1.25.
    ///
    /// ```swift
    /// let paused = layer.convertTime(CACurrentMediaTime(), from: nil)   // QA1673's pause
    /// ```
    ///
    /// The conversion goes up from `l` to the nearest ancestor the two layers share, and down
    /// from there to this layer, one timing link at a time
    /// (`local = (parent − beginTime) · speed + timeOffset`, as `CAMediaTiming.h` defines it).
    /// So it is exact between layers under a common paused ancestor: the paused link is
    /// never crossed. Under a paused ancestor (`speed = 0`), every parent time maps to that
    /// ancestor's `timeOffset`: converting *to* the paused subtree is well defined (time is
    /// frozen there). Converting *out of* it has no unique answer; see ``convertTime(_:to:)``.
    public func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        Engine.locked { Self.convertLocked(t, from: l, to: self) }
    }

    /// Converts `t` from this layer's time space to that of `l` (nil: absolute media time).
    ///
    /// ```swift
    /// let media = layer.convertTime(animation.beginTime, to: nil)
    /// ```
    ///
    /// Crossing a link with `speed = 0` upwards (out of a paused layer) has no unique answer,
    /// since every parent time maps to the same local time. Apple documents no special case
    /// and returns a finite time; OpenQuartzCore returns the link's `beginTime`, the parent
    /// time at which the paused layer's time was defined, rather than dividing by zero.
    public func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
        Engine.locked { Self.convertLocked(t, from: self, to: l) }
    }

    /// Converts `t` from `source`'s time space to `target`'s (nil: media time); lock held.
    private static func convertLocked(_ t: Double, from source: CALayer?, to target: CALayer?) -> Double {
        // Media time on one side, the common case: one walk along the other side's chain.
        if source == nil, let target, let time = target.localTimeLocked(ofMedia: t, depth: 0) { return time }
        if target == nil {
            var time = t
            var layer = source
            while let current = layer {
                time = current.parentTime(ofLocal: time)
                layer = current.treeParentLocked
            }
            return time
        }
        let targetChain = target?.selfAndAncestorsLocked() ?? []
        let targetIDs = Set(targetChain.map(ObjectIdentifier.init))
        var time = t
        var common: CALayer?
        for layer in source?.selfAndAncestorsLocked() ?? [] {
            if targetIDs.contains(ObjectIdentifier(layer)) {
                common = layer
                break
            }
            time = layer.parentTime(ofLocal: time)
        }
        let below = targetChain.prefix { $0 !== common }
        for layer in below.reversed() {
            time = layer.localTime(ofParent: time)
        }
        return time
    }

    /// Media time `t` in this layer's time space, applying the links from the root down; nil
    /// for a tree deeper than 64 layers, which the general walk converts. Lock held.
    private func localTimeLocked(ofMedia t: Double, depth: Int) -> Double? {
        guard let parent = treeParentLocked else { return localTime(ofParent: t) }
        guard depth < 64, let parentTime = parent.localTimeLocked(ofMedia: t, depth: depth + 1) else { return nil }
        return localTime(ofParent: parentTime)
    }

    /// This layer, its superlayer, and so on up to the root; lock held.
    private func selfAndAncestorsLocked() -> [CALayer] {
        var chain: [CALayer] = []
        var layer: CALayer? = self
        while let current = layer {
            chain.append(current)
            layer = current.treeParentLocked
        }
        return chain
    }

    /// One timing link down: `(parent − beginTime) · speed + timeOffset`; lock held.
    private func localTime(ofParent t: Double) -> Double {
        (t - storage.beginTime) * Double(storage.speed) + storage.timeOffset
    }

    /// One timing link up, the inverse of ``localTime(ofParent:)``; a paused link
    /// (`speed = 0`) gives its `beginTime`. Lock held.
    private func parentTime(ofLocal t: Double) -> Double {
        let speed = Double(storage.speed)
        guard speed != 0 else { return storage.beginTime }
        return (t - storage.timeOffset) / speed + storage.beginTime
    }
}
