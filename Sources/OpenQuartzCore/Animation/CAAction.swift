import Foundation

/// An interface that lets an object respond to actions triggered by a layer change.
///
/// When a layer property changes, the layer looks up an action for the property's key
/// (see `CALayer.action(forKey:)`) and runs it. Animations are actions: running one adds
/// it to the layer under the event's key.
public protocol CAAction {
    /// Called to trigger the action named by `event` on `anObject`, typically a layer.
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// `NSNull` is the null action: found in `actions` or returned by a delegate, it stops the
/// search and no animation runs (Apple: "CALayer.action(forKey:)").
extension NSNull: CAAction {
    /// Does nothing.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}
