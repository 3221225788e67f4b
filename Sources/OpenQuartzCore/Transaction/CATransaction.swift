import Foundation

/// A mechanism for grouping multiple layer-tree operations into atomic updates.
///
/// Transactions are per thread and nest. Every change to a layer happens in one: an
/// explicit `begin()`/`commit()` pair, or an implicit transaction that begins when a layer
/// changes outside any transaction and commits when the main queue next turns (Apple: when
/// the thread's run loop next iterates). Only the outermost transaction takes effect, so an
/// explicit transaction begun while the implicit one is pending takes effect when that one
/// commits; call `flush()` to commit it at once.
///
/// ```swift
/// CATransaction.begin()
/// CATransaction.setCompletionBlock { print("both done") }
/// layer.add(fade, forKey: "fade")
/// layer.add(slide, forKey: "slide")
/// CATransaction.commit()
/// ```
open class CATransaction: NSObject {
    /// Begins a new transaction for the current thread, nested within the thread's current
    /// transaction (explicit or implicit) if there is one.
    open class func begin() { Transactions.begin() }

    /// Commits all changes made during the current transaction.
    ///
    /// The changes take effect now only if this is the outermost transaction; otherwise they
    /// take effect when the enclosing one commits (for a pending implicit transaction, at
    /// the end of the main queue's turn or at `flush()`). Until then an added animation's
    /// `beginTime` reads 0, and its completion block waits.
    ///
    /// With no current transaction (no `begin()` left to match, and no implicit transaction
    /// pending), the program stops with a message, as Core Animation raises an exception.
    open class func commit() { Transactions.commit() }

    /// Flushes any extant implicit transaction: its changes, and the explicit transactions
    /// nested in it, take effect now.
    ///
    /// Inside `begin()`/`commit()`, the flush waits until the outermost explicit transaction
    /// commits (Apple: "Delays the commit until any nested explicit transactions have
    /// completed").
    open class func flush() { Transactions.flush() }

    /// Acquires the global transaction lock (kept for API parity; the engine locks internally).
    open class func lock() { Engine.lock.lock() }

    /// Relinquishes the global transaction lock.
    open class func unlock() { Engine.lock.unlock() }

    /// The default duration of animations added in this transaction: 0.25 s unless set.
    open class func animationDuration() -> CFTimeInterval {
        Convert.double(value(forKey: kCATransactionAnimationDuration)) ?? 0.25
    }

    /// Sets the default duration of animations added in this transaction.
    open class func setAnimationDuration(_ dur: CFTimeInterval) {
        setValue(dur, forKey: kCATransactionAnimationDuration)
    }

    /// The timing function of animations added in this transaction (nil unless set): every
    /// animation added while it is set takes it, replacing its own timing function
    /// (`CATransaction.h`: "any animations added to layers will have this value set as their
    /// timingFunction property").
    open class func animationTimingFunction() -> CAMediaTimingFunction? {
        Transactions.animationTimingFunction()
    }

    /// Sets the timing function of animations added in this transaction.
    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether actions triggered by property changes are suppressed (false).
    open class func disableActions() -> Bool {
        Transactions.disableActions()
    }

    /// Sets whether actions triggered by property changes are suppressed.
    open class func setDisableActions(_ flag: Bool) {
        Transactions.setDisableActions(flag)
    }

    /// The completion block of the current transaction.
    open class func completionBlock() -> (() -> Void)? {
        Transactions.completionBlock()
    }

    /// Sets a block that runs on the main queue once every animation added to this
    /// transaction after this call has completed or been removed. If none was added, it
    /// runs right after the commit, or as soon as another block (or nil) replaces it
    /// (`CATransaction.h`: "If no animations are added before the current transaction
    /// group is committed (or the completion block is set to a different value), the block
    /// will be invoked immediately").
    ///
    /// ```swift
    /// CATransaction.begin()
    /// CATransaction.setCompletionBlock { print("faded") }
    /// layer.opacity = 0
    /// CATransaction.commit()
    /// ```
    open class func setCompletionBlock(_ block: (() -> Void)?) {
        Transactions.setCompletionBlock(block)
    }

    // Apple's spellings. On Apple platforms NSObject's class object declares both (key-value
    // coding), so they override; Linux Foundation's NSObject has no KVC.
#if canImport(ObjectiveC)
    /// Returns the value for `key` from the innermost transaction that set it.
    open override class func value(forKey key: String) -> Any? { transactionValue(forKey: key) }

    /// Sets a value for `key` in the current transaction.
    open override class func setValue(_ anObject: Any?, forKey key: String) { setTransactionValue(anObject, forKey: key) }
#else
    /// Returns the value for `key` from the innermost transaction that set it.
    open class func value(forKey key: String) -> Any? { transactionValue(forKey: key) }

    /// Sets a value for `key` in the current transaction.
    open class func setValue(_ anObject: Any?, forKey key: String) { setTransactionValue(anObject, forKey: key) }
#endif

    static func transactionValue(forKey key: String) -> Any? {
        if key == kCATransactionCompletionBlock { return completionBlock() }
        return Transactions.value(forKey: key)
    }

    static func setTransactionValue(_ anObject: Any?, forKey key: String) {
        if key == kCATransactionCompletionBlock {
            setCompletionBlock(anObject as? () -> Void)
            return
        }
        Transactions.setValue(anObject, forKey: key)
    }
}

/// The transaction key for the default animation duration.
public let kCATransactionAnimationDuration = "animationDuration"
/// The transaction key for whether actions are disabled.
public let kCATransactionDisableActions = "disableActions"
/// The transaction key for the default timing function.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The transaction key for the completion block.
public let kCATransactionCompletionBlock = "completionBlock"
