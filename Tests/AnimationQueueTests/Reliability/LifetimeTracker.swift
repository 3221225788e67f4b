import Foundation

/// Weak references to objects a test expects to be released, counted at the end.
///
/// ```swift
/// let lifetimes = LifetimeTracker()
/// lifetimes.track(operation, as: "operation")
/// // ... drop every strong reference ...
/// #expect(lifetimes.alive().isEmpty)
/// ```
final class LifetimeTracker: @unchecked Sendable {
    // `lock` guards `entries` and `counts`.
    private let lock = NSLock()
    private var entries: [ObjectIdentifier: (kind: String, reference: Weak)] = [:]
    private var counts: [String: Int] = [:]

    private final class Weak {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    /// Remembers `object` under `kind`, such as "layer"; tracking it again does nothing.
    func track(_ object: AnyObject, as kind: String) {
        let id = ObjectIdentifier(object)
        lock.withLock {
            // An identifier is reused once its object is released: only a live match is a repeat.
            if let existing = entries[id]?.reference.object, existing === object { return }
            entries[id] = (kind, Weak(object))
            counts[kind, default: 0] += 1
        }
    }

    /// How many objects were tracked, by kind.
    var trackedCounts: [String: Int] { lock.withLock { counts } }

    /// The kinds of the tracked objects still alive, with their counts.
    func alive() -> [String: Int] {
        lock.withLock {
            Dictionary(entries.values.filter { $0.reference.object != nil }.map { ($0.kind, 1) }, uniquingKeysWith: +)
        }
    }

    /// The tracked objects of `kind` still alive, for a failure report.
    func aliveObjects(of kind: String) -> [AnyObject] {
        lock.withLock { entries.values.filter { $0.kind == kind }.compactMap { $0.reference.object } }
    }

    /// Forgets the entries of released objects, keeping memory bounded in long runs.
    func compact() {
        lock.withLock { entries = entries.filter { $0.value.reference.object != nil } }
    }
}
