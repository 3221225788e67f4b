import Foundation

/// An animation that can name the key paths it changes without being resolved against a
/// layer, for step labels and diagnostics.
protocol KeyPathListing {
    /// The key paths the animation changes, in order, without repeats.
    var listedKeyPaths: [String] { get }
}

extension BasicAnimation: KeyPathListing {
    var listedKeyPaths: [String] { [keyPath.rawValue] }
}

extension KeyframeAnimation: KeyPathListing {
    var listedKeyPaths: [String] { [keyPath.rawValue] }
}

extension SpringAnimation: KeyPathListing {
    var listedKeyPaths: [String] { [keyPath.rawValue] }
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

extension LayerAnimation {
    /// The key paths the animation changes, or an empty list for an animation type of the
    /// app's own that does not say.
    var listedKeyPathsOrEmpty: [String] { (self as? any KeyPathListing)?.listedKeyPaths ?? [] }

    /// The key paths the animation changes, for labels: `"opacity"`, or
    /// `"position.x, opacity"` for a group; for an animation type of the app's own, its
    /// type name.
    var keyPathDescription: String {
        guard let listing = self as? any KeyPathListing else { return String(describing: type(of: self)) }
        let keyPaths = listing.listedKeyPaths
        return keyPaths.count == 1 ? keyPaths[0] : keyPaths.joined(separator: ", ")
    }
}
