import Foundation

/// What each class's `defaultValue(forKey:)` gives the properties it declares, read once
/// per class.
///
/// Core Animation's key-value coding convention (Core Animation Programming Guide, "Default
/// Value Support"): a subclass of `CALayer` or `CAAnimation` overrides `defaultValue(forKey:)`
/// to give a key a default, declared properties included (the guide's example makes
/// `masksToBounds` default to true). The classes of this module return nil for their own
/// properties, whose defaults are Apple's, so only subclasses have entries.
final class ClassDefaults<Defaults>: @unchecked Sendable {
    // Thread safety: `lock` guards `byClass`. `make` runs outside it: it calls the class's
    // `defaultValue(forKey:)`, which may create instances of that class.
    private let lock = NSLock()
    private var byClass: [ObjectIdentifier: Defaults] = [:]
    private let make: (AnyClass) -> Defaults
    /// The module's own classes and what they have (none): answered without the lock.
    private let ownClasses: [ObjectIdentifier]
    private let none: Defaults

    init(ownClasses: [AnyClass], none: Defaults, make: @escaping (AnyClass) -> Defaults) {
        self.ownClasses = ownClasses.map(ObjectIdentifier.init)
        self.none = none
        self.make = make
    }

    /// The defaults of `type`, made the first time they are asked for.
    func defaults(for type: AnyClass) -> Defaults {
        let id = ObjectIdentifier(type)
        if ownClasses.contains(id) { return none }
        if let known = lock.withLock({ byClass[id] }) { return known }
        let made = make(type)
        lock.withLock { byClass[id] = made }
        return made
    }
}
