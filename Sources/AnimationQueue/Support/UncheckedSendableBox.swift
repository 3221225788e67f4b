import Foundation

/// Carries a value that is not declared `Sendable` across isolation boundaries, where the
/// code that uses it makes sharing safe.
///
/// The package's one unchecked box. Its uses, each safe for the reason given:
/// - animation values inside `Sendable` descriptions (``BasicAnimation``, ``SpringAnimation``
///   through `AnimationEndpoints`, ``KeyframeAnimation``): `AnimationValue` types are numbers, geometry structs,
///   `CATransform3D`, the immutable `CGColor`, and `CGPath` (a path animation holds its own
///   copy), which not every Apple SDK declares `Sendable`;
/// - closures, layers and Core Animation values that are only ever touched on the main
///   thread (a `Perform` step's body, a run's layers, final values written on main);
/// - operations, which are thread-safe but not declared `Sendable` on every platform (the
///   examples' harness, through `package` access);
/// - the shared named `CAMediaTimingFunction`s, which are immutable.
///
/// ```swift
/// let body = UncheckedSendableBox(work)          // work: @MainActor () -> Void
/// MainThread.runIsolated { body.value() }
/// ```
package struct UncheckedSendableBox<Value>: @unchecked Sendable {
    // No lock: the value is immutable once shared, or mutated only through a `var` copy of
    // the box (value semantics), or read only on the main thread, as listed above.
    package var value: Value
    package init(_ value: Value) { self.value = value }
}
