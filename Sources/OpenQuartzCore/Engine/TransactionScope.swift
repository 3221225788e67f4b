import Foundation

/// One `begin()`/`commit()` scope, or a thread's implicit transaction. Guarded by
/// `Engine.lock`, as ``ThreadTransactions`` is.
final class TransactionScope {
    /// The scope's values by key (``value(forKey:)``), but for those read on every change or
    /// add: `disableActions` and the timing function have fields of their own, and the
    /// completion block is the block of the scope's latest completion group. A transaction
    /// that sets only those allocates no dictionary.
    ///
    /// A key set to nil is set: it hides the value of an enclosing scope (Apple: "reading a
    /// key searches for the innermost scope that has set it").
    @exclusivity(unchecked) private var values: [String: Any?] = [:]
    /// `disableActions` as the scope set it, or nil if it set none.
    @exclusivity(unchecked) private var disableActions: DisableActions?
    /// The timing function, if the scope set one (possibly nil); read by every add.
    @exclusivity(unchecked) private(set) var timingFunction: CAMediaTimingFunction?? = .none

    /// The value this scope set for `key` (possibly nil), or `.none` if it set none.
    func value(forKey key: String) -> Any?? {
        switch key {
        case kCATransactionDisableActions: disableActions.map(\.value)
        case kCATransactionAnimationTimingFunction: timingFunction.map { $0 }
        case Transactions.CompletionKey.name: latestGroup.map { $0.block.map(UncheckedSendable.init) }
        default: values[key]
        }
    }

    /// Sets `key`, but for the completion block, which ``Transactions/setCompletionBlock(_:)``
    /// sets.
    func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case kCATransactionDisableActions: disableActions = .value(value)
        case kCATransactionAnimationTimingFunction where value == nil || value is CAMediaTimingFunction:
            timingFunction = .some(value as? CAMediaTimingFunction)
        default: values[key] = .some(value)
        }
    }

    /// Sets `disableActions`, as `CATransaction.setDisableActions(_:)` does at every step of
    /// an animation scheduler: without the search by key, and without boxing the flag.
    func setDisableActions(_ flag: Bool) {
        disableActions = .flag(flag)
    }

    /// Whether the scope disables actions, or nil if it did not set `disableActions`.
    var disablesActions: Bool? {
        switch disableActions {
        case .flag(let flag): flag
        case .value(let value): Convert.bool(value) ?? false
        case nil: nil
        }
    }

    /// `disableActions` as a scope set it: a flag through `setDisableActions(_:)`, or any
    /// value (nil, a number) through `setValue(_:forKey:)`, which reads it back as it was set.
    private enum DisableActions {
        case flag(Bool)
        case value(Any?)

        var value: Any? {
            switch self {
            case .flag(let flag): flag
            case .value(let value): value
            }
        }
    }

    /// The completion group of the block set last in this scope: it collects new animations.
    @exclusivity(unchecked) private(set) var latestGroup: CompletionGroup?
    /// The groups of blocks set before it, in order. Most scopes set one block or none, and
    /// allocate no array.
    @exclusivity(unchecked) private var earlierGroups: [CompletionGroup] = []

    /// Starts a new completion group, and returns the group it replaces when that one waits
    /// for no animation: `CATransaction.h` says such a block "will be invoked immediately"
    /// once "the completion block is set to a different value", so it is not kept for the
    /// commit. A replaced group that waits for animations stays, armed at the commit.
    func addGroup(_ group: CompletionGroup) -> CompletionGroup? {
        defer { latestGroup = group }
        guard let latestGroup else { return nil }
        if latestGroup.waitsForNoAnimation { return latestGroup }
        earlierGroups.append(latestGroup)
        return nil
    }

    /// Every completion group of the scope, in order.
    func forEachGroup(_ body: (CompletionGroup) -> Void) {
        for group in earlierGroups { body(group) }
        if let latestGroup { body(latestGroup) }
    }

    /// The groups to arm when the scope takes effect, each with the clock that was current at
    /// its commit: those of explicit transactions nested in it, then its own.
    func groupsToArm(clock: any OQC.Clock) -> [(group: CompletionGroup, clock: any OQC.Clock)] {
        var groups = nestedGroups
        forEachGroup { groups.append((group: $0, clock: clock)) }
        return groups
    }

    /// Completion groups of explicit transactions nested in this one and already committed:
    /// they take effect, and are armed, when this scope does. Each carries the clock that
    /// was current at its commit, for a block that waits for no animation.
    @exclusivity(unchecked) var nestedGroups: [(group: CompletionGroup, clock: any OQC.Clock)] = []
}

/// The transactions of one thread (Apple: transactions are per thread). Guarded by `Engine.lock`.
///
/// The stored properties of this class and of ``TransactionScope`` are
/// `@exclusivity(unchecked)`: every access holds the engine lock, which already rules out
/// overlapping ones, and each transaction call makes several (a scheduler nests one
/// transaction per animation it adds).
final class ThreadTransactions {
    @exclusivity(unchecked) var explicit: [TransactionScope] = []
    @exclusivity(unchecked) var implicit: TransactionScope?
    /// Layers changed since the last commit, in first-change order.
    @exclusivity(unchecked) var pendingLayers: [CALayer] = []
    @exclusivity(unchecked) var pendingIDs: Set<ObjectIdentifier> = []
    @exclusivity(unchecked) var isRegisteredForFlush = false
    /// `CATransaction.flush()` was called inside an explicit transaction: the implicit
    /// transaction commits as soon as the outermost explicit one does.
    @exclusivity(unchecked) var isFlushRequested = false

}
