import Foundation
#if canImport(Glibc)
import Glibc
#endif
import MallocInterposerSwift

/// Keeps a value alive so the optimizer cannot drop the work that made it.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// The calling thread's CPU time, in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`). Compare two
/// readings only from the same thread (``MainThreadCPU``).
public func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// The main thread's CPU time over a span, where it can be measured: both ends read on the
/// main thread. The ratio runner drains the main queue on the main thread; under
/// package-benchmark, whose async `main` leaves the main queue to worker threads, there is
/// nothing to measure and the reading is nil.
public struct MainThreadCPU {
    private let start: UInt64

    /// Starts a span, or nil off the main thread.
    public init?() {
        guard Thread.isMainThread else { return nil }
        start = threadCPUNanoseconds()
    }

    /// The main thread's CPU seconds since `init`, or nil if called off the main thread.
    public var seconds: Double? {
        guard Thread.isMainThread else { return nil }
        return Double(threadCPUNanoseconds() - start) / 1e9
    }
}

/// Seconds elapsed while `body` runs, on the caller's actor (the main actor, for every
/// workload): no hop to another executor is timed.
public func seconds(isolation: isolated (any Actor)? = #isolation, _ body: () async -> Void) async -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    await body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

public func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Heap accounting around a region: mallocs counted by the malloc interposer (every thread),
/// and bytes in use.
public struct HeapProbe {
    /// Turns malloc counting on for the rest of the process (the ratio runner). Under
    /// package-benchmark the harness hooks and resets the counters itself; probes only read.
    public static func startCounting() {
        MallocInterposerSwift.initialize()
        MallocInterposerSwift.hook()
    }

    /// Whether the interposer is loaded and counting, so malloc counts are real.
    public static var isCounting: Bool {
        let before = MallocInterposerSwift.getStatistics().mallocCount
        blackHole([Int](repeating: 1, count: Int.random(in: 8...16)))
        return MallocInterposerSwift.getStatistics().mallocCount > before
    }

    private let start: MallocInterposerSwift.Statistics

    /// Starts counting.
    public init() {
        start = MallocInterposerSwift.getStatistics()
    }

    /// Mallocs counted in the process so far (the difference of two readings is what a
    /// `HeapProbe` reports, for code that can carry only an integer).
    public static var mallocsSoFar: Int { MallocInterposerSwift.getStatistics().mallocCount }

    /// Mallocs since `init`.
    public var mallocs: Int { MallocInterposerSwift.getStatistics().mallocCount - start.mallocCount }

    /// Bytes requested and not freed since `init` (what the code asked malloc for).
    public var liveRequestedBytes: Int {
        let now = MallocInterposerSwift.getStatistics()
        return (now.mallocBytesCount - start.mallocBytesCount) - (now.freeBytesCount - start.freeBytesCount)
    }

    /// Live bytes with glibc's chunk overhead estimated at 16 bytes per live block (glibc's
    /// own counters do not see the interposer's blocks).
    public var heapGrowth: Int {
        let now = MallocInterposerSwift.getStatistics()
        let liveBlocks = (now.mallocCount - start.mallocCount) - (now.freeCount - start.freeCount)
        return liveRequestedBytes + 16 * liveBlocks
    }

    /// Ends the measured region (reads stay valid; counting stays on).
    public func stop() {}

}
