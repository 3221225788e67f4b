import Dispatch
import Foundation

/// One `begin()`/`commit()` scope, or a thread's implicit transaction.
final class TransactionScope {
    var values: [String: Any] = [:]
    /// Completion groups created in this scope, in order; the last one collects new animations.
    var groups: [CompletionGroup] = []
}

/// The transactions of one thread (Apple: transactions are per thread). Guarded by `Engine.lock`.
final class ThreadTransactions {
    var explicit: [TransactionScope] = []
    var implicit: TransactionScope?
    /// Layers changed since the last commit, in first-change order.
    var pendingLayers: [CALayer] = []
    var pendingIDs: Set<ObjectIdentifier> = []
    var isRegisteredForFlush = false

    var scopesInnermostFirst: [TransactionScope] {
        explicit.reversed() + (implicit.map { [$0] } ?? [])
    }
}

/// The engine's transaction machinery behind `CATransaction`.
///
/// - An implicit transaction starts when a layer changes outside `begin()`/`commit()` and
///   commits on the main queue's next turn (Apple: at the end of the run-loop turn), when
///   `CATransaction.flush()` is called on its thread, with the thread's next outermost
///   `commit()`, or when the thread advances a manual clock (time passes only across
///   run-loop turns). A manual clock does not commit other threads' implicit transactions:
///   they may be halfway through their changes.
/// - Deliberate difference: Apple nests an explicit transaction inside a pending implicit
///   one, so its changes wait for the implicit commit. OpenQuartzCore's outermost
///   `commit()` commits every pending change of its thread at once, which is what tests
///   that call `begin()`/`commit()` expect.
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

    // MARK: Scopes

    static func begin() {
        Engine.locked { current.explicit.append(TransactionScope()) }
    }

    static func commit() {
        let (scope, thread, isOutermost): (TransactionScope?, ThreadTransactions, Bool) = Engine.locked {
            let thread = current
            let scope = thread.explicit.popLast()
            return (scope, thread, thread.explicit.isEmpty)
        }
        guard let scope else {
            OQC.report(.ignoredInput, key: "commit", "CATransaction.commit() without a matching begin() is ignored; pair every commit with a begin.")
            return
        }
        if isOutermost {
            commitLayers(of: thread)
            Engine.locked {
                if thread.implicit != nil { scheduleImplicitCommit(thread) }
            }
        }
        arm(scope)
    }

    /// Commits the thread's implicit transaction if no explicit transaction is open.
    static func flush() {
        let thread = Engine.locked { current }
        commitImplicit(thread)
    }

    /// Commits the thread's implicit transaction, if it has one and no explicit transaction
    /// is open: what the end of a run-loop turn does, before a manual clock moves time.
    static func flushImplicitBeforeTimeMoves() {
        let thread: ThreadTransactions? = Engine.locked {
            let thread = current
            return thread.implicit != nil && thread.explicit.isEmpty ? thread : nil
        }
        if let thread { commitImplicit(thread) }
    }

    private static func commitImplicit(_ thread: ThreadTransactions) {
        let scope: TransactionScope? = Engine.locked {
            thread.isRegisteredForFlush = false
            // Inside begin()/commit(): the outermost commit reschedules this flush.
            guard thread.explicit.isEmpty else { return nil }
            defer { thread.implicit = nil }
            return thread.implicit ?? TransactionScope()
        }
        guard let scope else { return }
        commitLayers(of: thread)
        arm(scope)
    }

    /// Commits the thread's changed layers. The whole commit holds the engine lock, so a
    /// commit from the main queue (an implicit flush) and one from the thread itself never
    /// interleave: whichever returns second sees every layer committed. User code
    /// (`display()`) runs after unlocking.
    private static func commitLayers(of thread: ThreadTransactions) {
        let callouts: [() -> Void] = Engine.locked {
            let layers = thread.pendingLayers
            thread.pendingLayers = []
            thread.pendingIDs = []
            // Two steps, so every layer's new timing is in place before any animation is
            // timed against its ancestors'.
            let timingChanged = layers.map { $0.commitState() }
            return zip(layers, timingChanged).flatMap { $0.commitAnimations(timingChanged: $1) }
        }
        for callout in callouts { callout() }
    }

    private static func arm(_ scope: TransactionScope) {
        let clock = OQC.currentClock
        for group in scope.groups { group.arm(fallbackClock: clock) }
    }

    // MARK: Values

    static func value(forKey key: String) -> Any? {
        Engine.locked {
            for scope in current.scopesInnermostFirst {
                if let value = scope.values[key] { return value }
            }
            return nil
        }
    }

    static func setValue(_ value: Any?, forKey key: String) {
        Engine.locked { innermostScope(current).values[key] = value }
    }

    /// Starts a new completion group in the innermost scope.
    static func setCompletionBlock(_ block: (() -> Void)?) {
        Engine.locked {
            let scope = innermostScope(current)
            scope.values[CompletionKey.name] = block.map(UncheckedSendable.init)
            scope.groups.append(CompletionGroup(block: block))
        }
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
            return thread.scopesInnermostFirst.compactMap(\.groups.last)
        }
    }
}
