// Values that tests share with the threads their operations and callbacks run on, each
// behind a lock.

import Foundation

/// A value behind a lock, for results handed from the main queue to a test.
final class LockedValue<Value>: @unchecked Sendable {
    // `lock` guards `stored`.
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Events in the order they happened, from any thread (the accelerated suites, KVO observers).
final class OrderLog: @unchecked Sendable {
    // Thread safety: `lock` guards `entries`.
    private let lock = NSLock()
    private var entries: [String] = []

    func record(_ event: String) { lock.withLock { entries.append(event) } }
    var events: [String] { lock.withLock { entries } }
}

#if !canImport(QuartzCore)
/// A thread-safe list of strings.
final class Log: @unchecked Sendable {
    // `lock` guards `storage`.
    private let lock = NSLock()
    private var storage: [String] = []
    func append(_ entry: String) { lock.withLock { storage.append(entry) } }
    var entries: [String] { lock.withLock { storage } }
}

/// A thread-safe flag a block sets when it runs.
final class RanFlag: @unchecked Sendable {
    // `lock` guards `ran`.
    private let lock = NSLock()
    private var ran = false
    func set() { lock.withLock { ran = true } }
    var value: Bool { lock.withLock { ran } }
}
#endif
