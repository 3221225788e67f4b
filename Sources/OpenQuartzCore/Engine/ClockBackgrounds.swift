import Foundation

/// The background state of each clock sent to the background, and the work of entering and
/// leaving it: locks, runs the clock's ``BackgroundStateMachine``, unlocks and acts.
///
/// All state is guarded by `Engine.lock`. A clock has an entry only while it is in the
/// background; an entry whose clock was freed there is dropped, with the animations it held,
/// at the next call (released after unlocking, as their delegates' deinits are user code).
enum ClockBackgrounds {
    private final class Entry {
        weak var clock: (any OQC.Clock)?
        var machine = BackgroundStateMachine<Attachment>()
        init(clock: any OQC.Clock) { self.clock = clock }
    }

    nonisolated(unsafe) private static var entries: [ObjectIdentifier: Entry] = [:]

    static func isInBackground(_ clock: any OQC.Clock) -> Bool {
        Engine.locked { entries[ObjectIdentifier(clock)].map { $0.clock === clock && $0.machine.isInBackground } ?? false }
    }

    static func enterBackground(_ clock: any OQC.Clock) {
        _ = Engine.locked { dropEntriesOfFreedClocks() }   // freed here, unlocked
        // The app hears of it in a run-loop turn of its own: what the thread left in its
        // implicit transaction has been committed.
        ClockContext.with(clock) { Transactions.endOfTurn() }
        let callouts = BackgroundStateMachine<Attachment>.Callouts(clock.variance)
        let action = Engine.locked {
            entryMade(for: clock).machine.enterBackground(callouts: callouts) {
                AnimatedLayers.layers(on: clock).flatMap { $0.detachAnimationsRemovedOnCompletion() }
            }
        }
        switch action {
        case .none, .hold:
            break
        case .deliver(let removed):
            for attachment in removed { attachment.end(finished: false, on: clock, deliverNow: false) }
        case .drop(let removed):
            // Freed here, after unlocking: the delegates, and the blocks no animation waits for.
            for attachment in removed { _ = attachment.endUnreported() }
        }
    }

    static func enterForeground(_ clock: any OQC.Clock) {
        _ = Engine.locked { dropEntriesOfFreedClocks() }   // freed here, unlocked
        let action = Engine.locked { () -> BackgroundStateMachine<Attachment>.EnterForegroundAction in
            guard let entry = entries[ObjectIdentifier(clock)], entry.clock === clock else { return .none }
            let action = entry.machine.enterForeground()
            if !entry.machine.isInBackground { entries[ObjectIdentifier(clock)] = nil }
            return action
        }
        switch action {
        case .none:
            break
        case .deliver(let held):
            for attachment in held { attachment.end(finished: false, on: clock, deliverNow: false) }
        }
    }

    /// Removes the entries whose clock was freed, and returns them for the caller to release
    /// after unlocking. Lock held.
    private static func dropEntriesOfFreedClocks() -> [Entry] {
        let freed = entries.filter { $0.value.clock == nil }
        for id in freed.keys { entries[id] = nil }
        return Array(freed.values)
    }

    /// The entry of `clock`, made if it has none. Lock held.
    private static func entryMade(for clock: any OQC.Clock) -> Entry {
        let id = ObjectIdentifier(clock)
        if let entry = entries[id], entry.clock === clock { return entry }
        let entry = Entry(clock: clock)
        entries[id] = entry
        return entry
    }
}
