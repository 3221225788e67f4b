import Foundation

/// A layer whose sublayers keep their depth instead of being flattened into its plane, as
/// QuartzCore's `CATransformLayer`.
///
/// Headless nothing is flattened or drawn, so it behaves as a `CALayer`, except in hit
/// testing, which passes over it to its sublayers (`CATransformLayer.h`); it exists so that
/// code building 3D hierarchies compiles, animates and hit-tests as on Apple platforms.
///
/// ```swift
/// let cube = CATransformLayer()
/// cube.addSublayer(front)
/// cube.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
/// ```
open class CATransformLayer: CALayer {}
