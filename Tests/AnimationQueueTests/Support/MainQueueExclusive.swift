import Testing

/// Runs a suite alone among the suites that carry this trait.
///
/// Some real-clock suites time the main queue to the millisecond (``GaplessStallTests``);
/// ``LoadStabilityTests`` keeps it busy with thousands of completions a second for 10 s.
/// Run in parallel, the first would measure the second. The trait keeps them apart; every
/// other suite still runs in parallel with both.
///
/// ```swift
/// @Suite(.mainQueueExclusive) struct StallTests { ... }
/// ```
struct MainQueueExclusiveTrait: SuiteTrait, TestScoping {
    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        await MainQueueTurn.shared.acquire()
        do {
            try await function()
        } catch {
            await MainQueueTurn.shared.release()
            throw error
        }
        await MainQueueTurn.shared.release()
    }
}

extension Trait where Self == MainQueueExclusiveTrait {
    /// Keeps this suite from running at the same time as other `.mainQueueExclusive` suites.
    static var mainQueueExclusive: Self { Self() }
}

/// A first-come, first-served async mutex.
private actor MainQueueTurn {
    static let shared = MainQueueTurn()
    private var isHeld = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        guard isHeld else {
            isHeld = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Hands the turn to the next waiter, if any (it stays held), else frees it.
    func release() {
        if waiters.isEmpty {
            isHeld = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}
