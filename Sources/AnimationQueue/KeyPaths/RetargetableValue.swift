import Foundation

/// A value that Core Animation adds and subtracts component by component in additive
/// animations (numbers, points, sizes and rectangles), so a running animation of it can be
/// turned toward a new target as an offset (``AnimationOperation/retarget(_:to:settling:)``).
///
/// Colors, transforms, paths and Booleans do not conform: an additive transform is
/// concatenated rather than added, and the others cannot be added at all. Retarget a
/// transform's sub-paths instead, such as ``AnimationKeyPath/transformScale`` or
/// ``AnimationKeyPath/transformRotation``.
public protocol RetargetableValue: AnimationValue {}

extension Float: RetargetableValue {}
extension Double: RetargetableValue {}
extension CGFloat: RetargetableValue {}
extension CGPoint: RetargetableValue {}
extension CGSize: RetargetableValue {}
extension CGRect: RetargetableValue {}
