import Dispatch
import Foundation

/// The engine's transaction machinery behind `CATransaction`.
///
/// - An implicit transaction starts when a layer changes outside `begin()`/`commit()`, or
///   when a transaction property is set there, and commits on the main queue's next turn (Apple: at the end of
///   the run-loop turn), when `CATransaction.flush()` is called on its thread, or when the
///   thread advances a manual clock (time passes only across run-loop turns). A manual
///   clock does not commit other threads' implicit transactions: they may be halfway
///   through their changes.
/// - Transactions nest, and only the outermost one takes effect. Apple: `begin()` — "The
///   transaction is nested within the thread's current transaction, if there is one";
///   implicit transactions "are created automatically when the layer tree is modified by a
///   thread without an active transaction and are committed automatically when the thread's
///   runloop next iterates" (`CATransaction` overview); and "Only after you commit the
///   changes for the outermost transaction does Core Animation begin the associated
///   animations" (Core Animation Programming Guide, "Nesting Explicit Transactions"). So an
///   explicit transaction begun while the thread's implicit transaction is pending is nested
///   in it: its changes, the `beginTime` of the animations it added and its completion
///   blocks take effect when the implicit transaction commits. An outermost explicit
///   transaction with no implicit one pending takes effect at its `commit()`.
/// - `CATransaction.flush()` commits the implicit transaction at once; inside an explicit
///   transaction it waits until the outermost explicit one commits (Apple: "Delays the commit
///   until any nested explicit transactions have completed").
/// - ``OQC/Variance/nestedCommitsImmediately`` restores the other plausible rule: layers
///   whose tree's clock has the mode commit at the explicit `commit()`.
enum Transactions {
    private static let perThread = ThreadLocal<ThreadTransactions>()

    /// The current thread's transactions; call with the engine lock held.
    static var current: ThreadTransactions {
        if let existing = perThread.value { return existing }
        let created = ThreadTransactions()
        perThread.value = created
        return created
    }

    /// The innermost scope, creating the implicit transaction if no explicit one is open.
    private static func innermostScope(_ thread: ThreadTransactions) -> TransactionScope {
        if let scope = thread.explicit.last { return scope }
        if let scope = thread.implicit { return scope }
        let scope = TransactionScope()
        thread.implicit = scope
        scheduleImplicitCommit(thread)
        return scope
    }

    private static func scheduleImplicitCommit(_ thread: ThreadTransactions) {
        guard !thread.isRegisteredForFlush else { return }
        thread.isRegisteredForFlush = true
        let box = UncheckedSendable(thread)
        DispatchQueue.main.async { commitImplicit(box.value) }
    }

    /// Records that `layer` changed in the current transaction.
    static func noteChange(to layer: CALayer) {
        Engine.locked {
            let thread = current
            _ = innermostScope(thread)
            if thread.pendingIDs.insert(ObjectIdentifier(layer)).inserted {
                thread.pendingLayers.append(layer)
            }
        }
    }

    /// Records a new layer: committed by the thread's next commit, or at the end of the
    /// main queue's turn, without beginning an implicit transaction.
    static func noteCreation(of layer: CALayer) {
        Engine.locked {
            let thread = current
            if thread.pendingIDs.insert(ObjectIdentifier(layer)).inserted {
                thread.pendingLayers.append(layer)
            }
            if thread.explicit.isEmpty { scheduleImplicitCommit(thread) }
        }
    }

    // MARK: Scopes

    static func begin() {
        Engine.locked { current.explicit.append(TransactionScope()) }
    }

    /// Where a committed explicit transaction's changes go.
    private enum CommitTarget {
        /// Into the enclosing explicit transaction.
        case enclosingExplicit
        /// Into the pending implicit transaction (Apple's nesting rule).
        case implicit(ThreadTransactions, [(group: CompletionGroup, clock: any OQC.Clock)])
        /// Takes effect now.
        case now(ThreadTransactions, [(group: CompletionGroup, clock: any OQC.Clock)], flush: Bool)
        /// No explicit transaction is open: the implicit one commits now.
        case implicitNow(ThreadTransactions)
    }

    static func commit() {
        let clock = OQC.currentClock
        let target: CommitTarget? = Engine.locked {
            let thread = current
            guard let scope = thread.explicit.popLast() else {
                // The pending implicit transaction is the current one: it commits now.
                return thread.implicit == nil ? nil : .implicitNow(thread)
            }
            if let parent = thread.explicit.last {
                parent.nestedGroups.append(contentsOf: scope.nestedGroups)
                scope.forEachGroup { parent.nestedGroups.append((group: $0, clock: clock)) }
                return .enclosingExplicit
            }
            let groups = scope.groupsToArm(clock: clock)
            if thread.implicit != nil {
                if thread.isFlushRequested { return .now(thread, groups, flush: true) }
                scheduleImplicitCommit(thread)
                return .implicit(thread, groups)
            }
            return .now(thread, groups, flush: false)
        }
        switch target {
        case nil:
            // Apple: "Raises an exception if no current transaction exists."
            preconditionFailure("CATransaction.commit() was called with no current transaction: more commits than begins on this thread. Pair every commit() with a begin().")
        case let .implicitNow(thread):
            commitImplicit(thread)
        case .enclosingExplicit:
            break
        case let .now(thread, groups, flush):
            if flush {
                Engine.locked { thread.implicit?.nestedGroups += groups }
                commitImplicit(thread)
            } else {
                commitLayers(of: thread)
                arm(groups)
            }
        case let .implicit(thread, groups):
            commitNestedImmediately(of: thread, groups: groups)
        }
    }

    /// ``OQC/Variance/nestedCommitsImmediately``: commits the pending layers whose tree's
    /// clock has the mode, and arms the groups whose clock has it; the rest wait for the
    /// implicit transaction.
    private static func commitNestedImmediately(
        of thread: ThreadTransactions,
        groups: [(group: CompletionGroup, clock: any OQC.Clock)]
    ) {
        let immediate: (any OQC.Clock) -> Bool = { $0.variance.contains(.nestedCommitsImmediately) }
        commitLayers(of: thread) { immediate($0.clock) }
        let now = Engine.locked { () -> [(group: CompletionGroup, clock: any OQC.Clock)] in
            let isImmediate = groups.map { immediate($0.group.clock(fallback: $0.clock)) }
            thread.implicit?.nestedGroups += zip(groups, isImmediate).filter { !$1 }.map(\.0)
            return zip(groups, isImmediate).filter { $1 }.map(\.0)
        }
        arm(now)
    }

    /// Commits the thread's implicit transaction if no explicit transaction is open; inside
    /// one, as soon as the outermost explicit transaction commits.
    static func flush() {
        let thread: ThreadTransactions? = Engine.locked {
            let thread = current
            guard thread.explicit.isEmpty else {
                if thread.implicit != nil { thread.isFlushRequested = true }
                return nil
            }
            return thread
        }
        if let thread { commitImplicit(thread) }
    }

    /// Commits the thread's implicit transaction, if it has one and no explicit transaction
    /// is open: what the end of a run-loop turn does. A manual clock calls it before time
    /// moves and after each callback it runs (each is a turn of its own, as a timer callback
    /// is on Apple platforms); the real clock after each callback on the main queue.
    static func endOfTurn() {
        let thread: ThreadTransactions? = Engine.locked {
            let thread = current
            let hasPending = thread.implicit != nil || !thread.pendingLayers.isEmpty
            return hasPending && thread.explicit.isEmpty ? thread : nil
        }
        if let thread { commitImplicit(thread) }
    }

    /// Commits the implicit transaction and the layers pending with it. Taking the scope and
    /// committing the layers is one step under the lock, so a thread that finds no implicit
    /// transaction (a manual clock about to move time) knows its changes are committed.
    private static func commitImplicit(_ thread: ThreadTransactions) {
        let clock = OQC.currentClock
        let committed: (scope: TransactionScope, callouts: [() -> Void])? = Engine.locked {
            thread.isRegisteredForFlush = false
            // Inside begin()/commit(): the outermost commit reschedules this flush.
            guard thread.explicit.isEmpty else { return nil }
            thread.isFlushRequested = false
            // Nothing to commit: a flush with no change pending costs no more than the lock.
            guard thread.implicit != nil || !thread.pendingLayers.isEmpty else { return nil }
            let scope = thread.implicit ?? TransactionScope()
            thread.implicit = nil
            return (scope, commitLayersLocked(of: thread))
        }
        guard let committed else { return }
        for callout in committed.callouts { callout() }
        let scope = committed.scope
        arm(scope.groupsToArm(clock: clock))
    }

    /// Commits the thread's changed layers (those `include` accepts). The whole commit holds
    /// the engine lock, so a commit from the main queue (an implicit flush) and one from the
    /// thread itself never interleave: whichever returns second sees every layer committed.
    /// User code (`display()`) runs after unlocking.
    private static func commitLayers(
        of thread: ThreadTransactions,
        where include: (CALayer) -> Bool = { _ in true }
    ) {
        let callouts = Engine.locked { commitLayersLocked(of: thread, where: include) }
        for callout in callouts { callout() }
    }

    /// The locked part of ``commitLayers(of:where:)``: returns the work that calls user code.
    private static func commitLayersLocked(
        of thread: ThreadTransactions,
        where include: (CALayer) -> Bool = { _ in true }
    ) -> [() -> Void] {
        // One changed layer, as in a transaction per added animation (a scheduler's): no lists.
        if thread.pendingLayers.count == 1, let layer = thread.pendingLayers.first, include(layer) {
            thread.pendingLayers.removeAll(keepingCapacity: true)
            thread.pendingIDs.removeAll(keepingCapacity: true)
            return layer.commitAnimations(timingChanged: layer.commitState())
        }
        let layers = thread.pendingLayers.filter(include)
        guard !layers.isEmpty else { return [] }
        if layers.count == thread.pendingLayers.count {
            // Kept for the next transaction.
            thread.pendingLayers.removeAll(keepingCapacity: true)
            thread.pendingIDs.removeAll(keepingCapacity: true)
        } else {
            let committed = Set(layers.map(ObjectIdentifier.init))
            thread.pendingLayers.removeAll { committed.contains(ObjectIdentifier($0)) }
            thread.pendingIDs.subtract(committed)
        }
        // Two steps, so every layer's new timing is in place before any animation is
        // timed against its ancestors'.
        let timingChanged = layers.map { $0.commitState() }
        return zip(layers, timingChanged).flatMap { $0.commitAnimations(timingChanged: $1) }
    }

    private static func arm(_ groups: [(group: CompletionGroup, clock: any OQC.Clock)]) {
        for (group, clock) in groups { group.arm(fallbackClock: clock) }
    }

    // MARK: Values

    static func value(forKey key: String) -> Any? {
        Engine.locked {
            // Innermost first, without building the list of scopes.
            let thread = current
            for scope in thread.explicit.reversed() {
                if let value = scope.value(forKey: key) { return value }
            }
            return thread.implicit?.value(forKey: key) ?? nil
        }
    }

    /// Whether the innermost scope that set `disableActions` disables actions (false if none
    /// did): ``value(forKey:)`` without the boxing, for every property change.
    static func disableActions() -> Bool {
        Engine.locked {
            let thread = current
            for scope in thread.explicit.reversed() {
                if let flag = scope.disablesActions { return flag }
            }
            return thread.implicit?.disablesActions ?? false
        }
    }

    /// The timing function of the innermost scope that set one (nil when it was set to nil,
    /// or never set): ``value(forKey:)`` without the boxing, for every add.
    static func animationTimingFunction() -> CAMediaTimingFunction? {
        Engine.locked {
            let thread = current
            for scope in thread.explicit.reversed() {
                if let function = scope.timingFunction { return function }
            }
            return thread.implicit?.timingFunction ?? nil
        }
    }

    /// Sets `key` in the innermost scope; `CATransaction` sends the completion block to
    /// ``setCompletionBlock(_:)`` instead.
    static func setValue(_ value: Any?, forKey key: String) {
        Engine.locked { innermostScope(current).setValue(value, forKey: key) }
    }

    /// Sets `disableActions` in the innermost scope.
    static func setDisableActions(_ flag: Bool) {
        Engine.locked { innermostScope(current).setDisableActions(flag) }
    }

    /// Starts a new completion group in the innermost scope. The block it replaces, if no
    /// animation was added while it was set, runs now, on the current clock's next turn as
    /// an empty group's block does after a commit (`CATransaction.h`: "If no animations are
    /// added before the current transaction group is committed (or the completion block is
    /// set to a different value), the block will be invoked immediately").
    static func setCompletionBlock(_ block: (() -> Void)?) {
        let replaced = Engine.locked {
            innermostScope(current).addGroup(CompletionGroup(block: block))
        }
        replaced?.arm(fallbackClock: OQC.currentClock)
    }

    static func completionBlock() -> (() -> Void)? {
        (value(forKey: CompletionKey.name) as? UncheckedSendable<() -> Void>)?.value
    }

    enum CompletionKey { static let name = "completionBlock" }

    /// The completion groups an animation added now must count toward: the latest group of
    /// every open scope.
    static func groupsForNewAnimation() -> [CompletionGroup] {
        Engine.locked {
            let thread = current
            _ = innermostScope(thread)
            var groups: [CompletionGroup] = []
            groups.reserveCapacity(thread.explicit.count + 1)
            for scope in thread.explicit.reversed() {
                if let group = scope.latestGroup { groups.append(group) }
            }
            if let group = thread.implicit?.latestGroup { groups.append(group) }
            return groups
        }
    }
}
