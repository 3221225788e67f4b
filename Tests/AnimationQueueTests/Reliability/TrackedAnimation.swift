#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

import AnimationQueue
import Foundation

/// Wraps an animation description to watch what the scheduler does with it: the Core
/// Animation objects it resolves to are tracked for release, and resolving off the main
/// thread is counted (Core Animation work belongs on the main thread).
struct TrackedAnimation: LayerAnimation {
    let base: any LayerAnimation
    let lifetimes: LifetimeTracker
    let threads: ThreadCounter

    var totalDuration: TimeInterval { base.totalDuration }

    var reducedMotion: ReducedMotionBehavior? {
        get { base.reducedMotion }
        set { }
    }

    func resolve(for layer: CALayer) -> ResolvedAnimation {
        threads.record(onMain: MainThreadCheck.isMainQueue)
        let resolved = base.resolve(for: layer)
        if let animation = resolved.animation { lifetimes.track(animation, as: "animation") }
        return resolved
    }
}

/// Counts calls on and off the main queue.
final class ThreadCounter: @unchecked Sendable {
    // `lock` guards `counts`.
    private let lock = NSLock()
    private var counts = (main: 0, other: 0)

    func record(onMain: Bool) {
        lock.withLock {
            if onMain { counts.main += 1 } else { counts.other += 1 }
        }
    }

    var onMain: Int { lock.withLock { counts.main } }
    var offMain: Int { lock.withLock { counts.other } }
}
#endif
