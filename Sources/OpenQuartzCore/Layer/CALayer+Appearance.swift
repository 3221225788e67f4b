import Foundation

// The layer's appearance: visibility, opacity, colours, border, shadow, contents and drawing
// hints, its name and its `actions`. Declared in an extension, so they cannot be overridden.
extension CALayer {
    /// Whether the layer is hidden (false). Animatable (discretely).
    public var isHidden: Bool {
        get { read(\.isHidden) }
        set { write(\.isHidden, newValue, key: "hidden") }
    }

    /// The layer's opacity, 0…1 (1). Animatable.
    public var opacity: Float {
        get { read(\.opacity) }
        set { write(\.opacity, newValue, key: "opacity") }
    }

    /// The background color (nil). Animatable.
    public var backgroundColor: CGColor? {
        get { read(\.backgroundColor) }
        set { write(\.backgroundColor, newValue, key: "backgroundColor") }
    }

    /// The radius of the rounded corners (0). Animatable.
    public var cornerRadius: CGFloat {
        get { read(\.cornerRadius) }
        set { write(\.cornerRadius, newValue, key: "cornerRadius") }
    }

    /// The width of the border (0). Animatable.
    public var borderWidth: CGFloat {
        get { read(\.borderWidth) }
        set { write(\.borderWidth, newValue, key: "borderWidth") }
    }

    /// The color of the border (opaque black). Animatable.
    public var borderColor: CGColor? {
        get { read(\.borderColor) }
        set { write(\.borderColor, newValue, key: "borderColor") }
    }

    /// The color of the shadow (opaque black). Animatable.
    public var shadowColor: CGColor? {
        get { read(\.shadowColor) }
        set { write(\.shadowColor, newValue, key: "shadowColor") }
    }

    /// The opacity of the shadow (0). Animatable.
    public var shadowOpacity: Float {
        get { read(\.shadowOpacity) }
        set { write(\.shadowOpacity, newValue, key: "shadowOpacity") }
    }

    /// The offset of the shadow ((0, −3)). Animatable.
    public var shadowOffset: CGSize {
        get { read(\.shadowOffset) }
        set { write(\.shadowOffset, newValue, key: "shadowOffset") }
    }

    /// The blur radius of the shadow (3). Animatable.
    public var shadowRadius: CGFloat {
        get { read(\.shadowRadius) }
        set { write(\.shadowRadius, newValue, key: "shadowRadius") }
    }

    /// Whether sublayers are clipped to the bounds (false). Animatable.
    public var masksToBounds: Bool {
        get { read(\.masksToBounds) }
        set { write(\.masksToBounds, newValue, key: "masksToBounds") }
    }

    /// Whether the layer shows its back when facing away (true). Animatable.
    public var isDoubleSided: Bool {
        get { read(\.isDoubleSided) }
        set { write(\.isDoubleSided, newValue, key: "doubleSided") }
    }

    /// The layer's content, typically an image (nil). Animatable (discretely).
    public var contents: Any? {
        get { read(\.contents) }
        set { write(\.contents, newValue, key: "contents") }
    }

    /// The part of the contents to show, in unit coordinates ((0, 0, 1, 1)). Animatable.
    public var contentsRect: CGRect {
        get { read(\.contentsRect) }
        set { write(\.contentsRect, newValue, key: "contentsRect") }
    }

    /// The stretchable centre of the contents, in unit coordinates ((0, 0, 1, 1)). Animatable.
    public var contentsCenter: CGRect {
        get { read(\.contentsCenter) }
        set { write(\.contentsCenter, newValue, key: "contentsCenter") }
    }

    /// The scale factor of the contents (1).
    public var contentsScale: CGFloat {
        get { read(\.contentsScale) }
        set { write(\.contentsScale, newValue, key: "contentsScale") }
    }

    /// The layer's name, for identification (nil).
    public var name: String? {
        get { read(\.name) }
        set { write(\.name, newValue, key: "name") }
    }

    /// Whether the layer's content is fully opaque, a drawing hint (false). Stored only:
    /// OpenQuartzCore draws nothing.
    public var isOpaque: Bool {
        get { read(\.isOpaque) }
        set { write(\.isOpaque, newValue, key: "opaque") }
    }

    /// Whether a change to `bounds` marks the layer as needing display (false).
    public var needsDisplayOnBoundsChange: Bool {
        get { read(\.needsDisplayOnBoundsChange) }
        set { write(\.needsDisplayOnBoundsChange, newValue, key: "needsDisplayOnBoundsChange") }
    }

    /// Whether drawing commands are deferred to a background thread, a drawing hint (false).
    /// Stored only: OpenQuartzCore draws nothing.
    public var drawsAsynchronously: Bool {
        get { read(\.drawsAsynchronously) }
        set { write(\.drawsAsynchronously, newValue, key: "drawsAsynchronously") }
    }

    /// Whether sublayers are composited as a group for opacity (true, Apple's default for
    /// apps built with the iOS 7 SDK or later). Stored only: OpenQuartzCore draws nothing.
    public var allowsGroupOpacity: Bool {
        get { read(\.allowsGroupOpacity) }
        set { write(\.allowsGroupOpacity, newValue, key: "allowsGroupOpacity") }
    }

    /// A dictionary of actions by key, consulted after the delegate (nil).
    public var actions: [String: any CAAction]? {
        get { Engine.locked { storedActions } }
        set { Engine.locked { storedActions = newValue } }
    }
}
