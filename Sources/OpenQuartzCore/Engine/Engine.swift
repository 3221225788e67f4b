import Foundation

/// Process-wide engine state shared by every layer tree.
enum Engine {
    /// The engine lock. It guards every layer's stored state, every attached animation's
    /// bookkeeping and the transaction registry. It is recursive so that engine-internal
    /// helpers can nest. The engine never calls user code while holding it: actions,
    /// delegates, completion blocks, `display()` and `init(layer:)` run after unlocking.
    static let lock = NSRecursiveLock()

    /// Runs `body` while holding the engine lock.
    @inline(__always)
    static func locked<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// Holds a non-Sendable value so it can cross into a `@Sendable` closure that the engine
/// runs later on the main queue or on a manual clock's thread.
///
/// The engine only hands such boxes to clock callbacks, which run one at a time, and only
/// reads the contents there; this is the single place the engine relies on that contract.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
