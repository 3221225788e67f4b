import Foundation

/// An object that provides an animated transition between a layer's states.
///
/// OpenQuartzCore times transitions and reports their completion like any animation; it
/// renders no visual effect, since there is nothing on screen. A transition is always
/// stored under the key `"transition"` (Apple, `kCATransition`).
open class CATransition: CAAnimation {
    // Stored properties are `@exclusivity(unchecked)`, as in `CAAnimation` (see there why).
    /// The kind of transition (`.fade`).
    @exclusivity(unchecked) open var type: CATransitionType = .fade
    /// The direction of a directional transition (nil).
    @exclusivity(unchecked) open var subtype: CATransitionSubtype?
    /// The start point of the transition, 0…1 (0).
    @exclusivity(unchecked) open var startProgress: Float = 0
    /// The end point of the transition, 0…1 (1).
    @exclusivity(unchecked) open var endProgress: Float = 1
    /// A filter object implementing the transition, which supersedes `type` and `subtype`
    /// (nil). Stored, copied and key-value coded; OpenQuartzCore renders no transition, so
    /// it changes nothing (`CAAnimation.h`).
    ///
    /// ```swift
    /// fade.filter = nil   // use `type` and `subtype`
    /// ```
    @exclusivity(unchecked) open var filter: Any?

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CATransition else { return }
        type = other.type
        subtype = other.subtype
        startProgress = other.startProgress
        endProgress = other.endProgress
        filter = other.filter
    }

    override func knownValue(forKey key: String) -> Any? {
        switch key {
        case "type": return type
        case "subtype": return subtype
        case "startProgress": return startProgress
        case "endProgress": return endProgress
        case "filter": return filter
        default: return super.knownValue(forKey: key)
        }
    }

    override func setKnownValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "type": type = Convert.named(value) ?? .fade
        case "subtype": subtype = Convert.named(value)
        case "startProgress": startProgress = Float(value.flatMap(AnimatableValue.number)?.value ?? 0)
        case "endProgress": endProgress = Float(value.flatMap(AnimatableValue.number)?.value ?? 1)
        case "filter": filter = value
        default: return super.setKnownValue(value, forKey: key)
        }
        return true
    }
}

/// The kinds of layer transition.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's `kCATransition…` constants.
    public let rawValue: String
    /// Creates a transition type from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The layer's content fades as it becomes visible or hidden.
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new content slides over the old.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new content pushes the old out.
    public static let push = CATransitionType(rawValue: "push")
    /// The old content slides away to reveal the new.
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The directions of a directional transition.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's `kCATransitionFrom…` constants.
    public let rawValue: String
    /// Creates a transition subtype from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// From the right.
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// From the left.
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// From the top.
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// From the bottom.
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}
