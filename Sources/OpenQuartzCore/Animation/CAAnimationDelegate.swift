import Foundation

/// Methods your app can implement to respond when animations start and stop.
///
/// Both methods are optional, as in Apple's protocol: the default implementations do
/// nothing. The animation holds its delegate **strongly** (Apple, "CAAnimation.delegate").
/// Callbacks arrive on the main queue, or on the thread advancing a manual clock.
public protocol CAAnimationDelegate: AnyObject {
    /// Tells the delegate the animation has started its active duration.
    func animationDidStart(_ anim: CAAnimation)
    /// Tells the delegate the animation has ended.
    ///
    /// - Parameter flag: true if the animation reached the end of its active duration
    ///   without being removed; false if it was removed first.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Does nothing by default.
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Does nothing by default.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}
