import Foundation

/// A layer that shows part of its content by moving its bounds' origin, as QuartzCore's
/// `CAScrollLayer`.
///
/// ```swift
/// let viewport = CAScrollLayer()
/// viewport.bounds = CGRect(x: 0, y: 0, width: 320, height: 480)
/// viewport.scroll(to: CGPoint(x: 0, y: 200))   // bounds.origin is now (0, 200)
/// ```
open class CAScrollLayer: CALayer {
    /// The axes along which the layer scrolls. Defaults to `.both`.
    open var scrollMode: CAScrollLayerScrollMode {
        get { Convert.named(value(forKey: Key.scrollMode)) ?? .both }
        set { setValue(newValue, forKey: Key.scrollMode) }
    }

    /// Moves the bounds' origin to `p`, along the axes `scrollMode` allows. The change is a
    /// change of `bounds`, which animates as any other does.
    open func scroll(to p: CGPoint) {
        var origin = bounds.origin
        let mode = scrollMode
        if mode == .both || mode == .horizontally { origin.x = p.x }
        if mode == .both || mode == .vertically { origin.y = p.y }
        guard origin != bounds.origin else { return }
        bounds.origin = origin
    }

    /// Scrolls as little as needed for `r` to be inside the bounds (its minimum corner,
    /// when it is larger than the bounds), along the axes `scrollMode` allows.
    open func scroll(to r: CGRect) {
        let visible = bounds
        func reach(_ min: CGFloat, _ max: CGFloat, _ shownMin: CGFloat, _ shownLength: CGFloat) -> CGFloat {
            if min < shownMin || max - min > shownLength { return min }
            if max > shownMin + shownLength { return max - shownLength }
            return shownMin
        }
        let target = r.standardized
        scroll(to: CGPoint(x: reach(target.minX, target.maxX, visible.minX, visible.width),
                           y: reach(target.minY, target.maxY, visible.minY, visible.height)))
    }

    /// `CAScrollLayer.h`'s `scrollMode` and its default (`CALayer`'s for other keys).
    override class var subclassProperties: LayerSubclassProperties? { properties }

    private enum Key {
        static let scrollMode = "scrollMode"
    }

    private static let properties = LayerSubclassProperties(
        keys: [Key.scrollMode], implicitlyAnimated: [], defaults: [Key.scrollMode: CAScrollLayerScrollMode.both],
        copiedOnAssignment: [Key.scrollMode])
}

/// The axes along which a scroll layer scrolls (`kCAScroll…`).
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    /// Both axes (the default).
    public static let both = CAScrollLayerScrollMode(rawValue: "both")
}

/// Scrolling through the closest `CAScrollLayer` above a layer (`CAScrollLayer.h`).
extension CALayer {
    /// Scrolls the closest ancestor scroll layer to `p`, given in this layer's coordinates.
    ///
    /// ```swift
    /// row.scroll(.zero)   // the scroll layer above shows the row's origin at its own
    /// ```
    public func scroll(_ p: CGPoint) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: convert(p, to: scroller))
    }

    /// Scrolls the closest ancestor scroll layer so that `r`, given in this layer's
    /// coordinates, is visible.
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: convert(r, to: scroller))
    }

    /// The part of the bounds that the closest ancestor scroll layer does not clip, in this
    /// layer's coordinates; the bounds when there is none.
    public var visibleRect: CGRect {
        guard let scroller = enclosingScrollLayer else { return bounds }
        return bounds.intersection(scroller.convert(scroller.bounds, to: self))
    }

    private var enclosingScrollLayer: CAScrollLayer? {
        var layer = superlayer
        while let current = layer {
            if let scroller = current as? CAScrollLayer { return scroller }
            layer = current.superlayer
        }
        return nil
    }
}
