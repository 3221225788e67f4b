import Foundation

/// Methods your app can implement to respond to layer-related events.
///
/// All methods are optional; the default implementations do nothing.
public protocol CALayerDelegate: AnyObject {
    /// Returns the action for `event` on `layer`: an action, `NSNull()` to stop the search
    /// with no action, or nil to let the layer continue its search.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
    /// Tells the delegate to update the layer's content, instead of `CALayer.display()`.
    func display(_ layer: CALayer)
    /// Tells the delegate a layer's bounds changed and its sublayers may need laying out.
    func layoutSublayers(of layer: CALayer)
}

extension CALayerDelegate {
    /// Returns nil: the layer continues its search.
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
    /// Does nothing.
    public func display(_ layer: CALayer) {}
    /// Does nothing.
    public func layoutSublayers(of layer: CALayer) {}
}
