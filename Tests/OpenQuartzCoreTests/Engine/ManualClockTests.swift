#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import OpenQuartzCore
import Testing

/// `OQC.ManualClock` runs due work in (deadline, insertion) order, never runs cancelled
/// work, and stays correct across the sweeps of cancelled work its schedule makes.
struct ManualClockTests {
    /// Records the order in which scheduled work ran.
    final class Log: @unchecked Sendable {
        // `lock` guards `ran`.
        private let lock = NSLock()
        private var ran: [Int] = []
        func append(_ id: Int) { lock.withLock { ran.append(id) } }
        var order: [Int] { lock.withLock { ran } }
    }

    @Test func dueWorkRunsInDeadlineThenInsertionOrderAndCancelledWorkNever() {
        let clock = OQC.ManualClock()
        let log = Log()
        // 1,000 items on 37 distinct deadlines (many ties), every 7th cancelled: enough to
        // make the schedule sweep cancelled work several times.
        var generator = SystemRandomNumberGenerator()
        let deadlines = (0..<1_000).map { _ in Double(Int.random(in: 0..<37, using: &generator)) / 10 }
        var tokens: [any OQC.ScheduledWork] = []
        for (id, deadline) in deadlines.enumerated() {
            tokens.append(clock.schedule(at: deadline) { log.append(id) })
            if id % 7 == 0 { tokens[id].cancel() }
        }
        let live = deadlines.indices.filter { $0 % 7 != 0 }
        #expect(clock.pendingCount == live.count)
        #expect(clock.nextDeadline == live.map { deadlines[$0] }.min())
        // Expected order, computed by sorting: a stable sort on the deadline keeps insertion order.
        let expected = live.sorted { (deadlines[$0], $0) < (deadlines[$1], $1) }
        clock.advance(to: 1.8)
        #expect(log.order == expected.filter { deadlines[$0] <= 1.8 })
        clock.advance(to: 10)
        #expect(log.order == expected)
        #expect(clock.pendingCount == 0 && clock.nextDeadline == nil)
        #expect(clock.now == 10)
    }

    @Test func workScheduledByACallbackRunsInTheSameAdvanceWhenDue() {
        let clock = OQC.ManualClock()
        let log = Log()
        _ = clock.schedule(at: 1) {
            log.append(1)
            _ = clock.schedule(at: clock.now) { log.append(2) }
            _ = clock.schedule(at: 5) { log.append(5) }
        }
        _ = clock.schedule(at: 1) { log.append(3) }
        clock.advance(to: 2)
        #expect(log.order == [1, 3, 2])
        #expect(clock.nextDeadline == 5)
    }

    /// The example in `ManualClock`'s documentation: an animation added outside
    /// `begin()`/`commit()` joins the thread's implicit transaction, which commits before
    /// time moves (on Apple, at the end of the run-loop turn, before any time passes).
    @Test func changesOutsideATransactionTakeEffectBeforeTimeMoves() {
        let clock = OQC.ManualClock()
        let layer = OQC.withClock(clock) { CALayer() }
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        layer.add(fade, forKey: "fade")
        clock.advance(by: 0.1)
        #expect(layer.presentation().map { abs($0.opacity - 0.1) < 1e-6 } == true)
        clock.advance(by: 1)
        #expect(layer.animationKeys() == nil)
    }
}
#endif
