import Foundation

/// An animation that can name the key paths it changes without being resolved against a
/// layer, for step labels and diagnostics.
protocol KeyPathListing {
    /// The key paths the animation changes, in order, without repeats.
    var listedKeyPaths: [String] { get }
    /// The key paths joined by `", "`.
    var listedKeyPathDescription: String { get }
}

extension KeyPathListing {
    var listedKeyPathDescription: String { listedKeyPaths.joined(separator: ", ") }
}

/// An animation of one key path.
protocol SingleKeyPathListing: KeyPathListing {
    var keyPathName: String { get }
}

extension SingleKeyPathListing {
    var listedKeyPaths: [String] { [keyPathName] }
    var listedKeyPathDescription: String { keyPathName }
}

extension BasicAnimation: SingleKeyPathListing {
    var keyPathName: String { keyPath.rawValue }
}

extension KeyframeAnimation: SingleKeyPathListing {
    var keyPathName: String { keyPath.rawValue }
}

extension SpringAnimation: SingleKeyPathListing {
    var keyPathName: String { keyPath.rawValue }
}

extension AnimationGroup: KeyPathListing {
    var listedKeyPaths: [String] {
        var seen = Set<String>()
        return animations.flatMap(\.listedKeyPathsOrEmpty).filter { seen.insert($0).inserted }
    }
}

extension DelayedAnimation: KeyPathListing {
    var listedKeyPaths: [String] { base.listedKeyPathsOrEmpty }
}

extension KeyPathListing {
    /// `animation`'s key paths, if it is of this type.
    fileprivate static func listedKeyPaths(of animation: some LayerAnimation) -> [String]? {
        (animation as? Self)?.listedKeyPaths
    }

    /// `animation`'s description, if it is of this type.
    fileprivate static func listedKeyPathDescription(of animation: some LayerAnimation) -> String? {
        (animation as? Self)?.listedKeyPathDescription
    }
}

extension LayerAnimation {
    /// The key paths, if the animation's type lists them. The check is on the type, so the
    /// animation is never boxed as an existential.
    private var listedKeyPathsIfListing: [String]? {
        guard let listing = Self.self as? any KeyPathListing.Type else { return nil }
        return listing.listedKeyPaths(of: self)
    }

    /// The key paths the animation changes, or an empty list for an animation type of the
    /// app's own that does not say.
    var listedKeyPathsOrEmpty: [String] { listedKeyPathsIfListing ?? [] }

    /// The key paths the animation changes, for labels: `"opacity"`, or
    /// `"position.x, opacity"` for a group; for an animation type of the app's own, its
    /// type name.
    var keyPathDescription: String {
        guard let listing = Self.self as? any KeyPathListing.Type,
              let description = listing.listedKeyPathDescription(of: self) else { return String(describing: type(of: self)) }
        return description
    }
}
