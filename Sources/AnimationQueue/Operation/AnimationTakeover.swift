import Foundation

/// How a newer step took over an operation's motion (``AnimationOperation/takeover``).
///
/// A step that begins on a key path another step is still moving on the same layer takes it
/// over: the older operation finishes at once, `.interrupted`, and its `takeover` says so. Its
/// dependents start, as they do after any interruption (an interrupted dependency is not a
/// cancelled one); the older run's outcome is `.interrupted` too. Those that must not start
/// after a takeover read it from the dependency:
///
/// ```swift
/// let arrive = AnimationOperation(layer: card, animation: BasicAnimation(.positionX, to: 100, duration: 1))
/// let bounce = AnimationOperation(layer: badge, animation: pop)
/// bounce.addDependency(arrive)
/// // …a drag begins a new step on card's position.x while arrive is moving:
/// arrive.outcome      // .interrupted
/// arrive.takeover     // AnimationTakeover(keyPaths: ["position.x"], blendedKeyPaths: ["position.x"], …)
/// ```
///
/// **The layer does not jump.** On each key path of ``blendedKeyPaths`` the older motion goes
/// on as an additive offset that ends at 0, and the newer step moves from the older target
/// instead of from what the layer showed, so the layer keeps its value and its velocity, and
/// the newer motion adds its own (UIKit composes overlapping animations the same way). What
/// the older step moved on other key paths plays on to its end, where the model already holds
/// its final values. All of it stays on Core Animation's timing and comes off the layer by
/// itself.
///
/// A key path is not blended, and the newer step starts from its own from-value, when:
/// - the newer step gives an explicit from-value there (the layer jumps to it, as asked);
/// - the value cannot be offset: only numbers, points, sizes and rectangles can
///   (``RetargetableValue``), so not colors or whole transforms;
/// - the newer step is not a basic or spring animation of the key path (keyframes name
///   their values).
public struct AnimationTakeover: Sendable, Hashable, CustomStringConvertible {
    /// The key paths of the older operation's animation that the newer step animates (or that
    /// contain them, or lie inside them: `position` and `position.x` overlap).
    public let keyPaths: [String]
    /// Those of ``keyPaths`` on which the older motion was blended into the newer one.
    public let blendedKeyPaths: [String]
    /// The newer operation's `name`, if it has one (a plan's step is named by its label).
    public let newerOperationName: String?
    /// When the newer step began, in media time (`CACurrentMediaTime()`).
    public let time: CFTimeInterval

    /// Creates a takeover record.
    public init(keyPaths: [String], blendedKeyPaths: [String], newerOperationName: String?, time: CFTimeInterval) {
        self.keyPaths = keyPaths
        self.blendedKeyPaths = blendedKeyPaths
        self.newerOperationName = newerOperationName
        self.time = time
    }

    /// The key paths, the blended ones, and who took them over.
    public var description: String {
        "taken over at \(keyPaths.joined(separator: ", ")) (blended: \(blendedKeyPaths.joined(separator: ", ")))"
            + (newerOperationName.map { " by \"\($0)\"" } ?? "")
    }
}
