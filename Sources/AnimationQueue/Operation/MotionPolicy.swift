import Foundation
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

/// Whether animations play in full or with reduced motion.
public enum MotionPolicy: Sendable, Hashable {
    /// Play every animation as described.
    case full
    /// Apply each animation's ``ReducedMotionBehavior`` (``ReducedMotionBehavior/jumpToFinal``
    /// when it has none). Order, dependencies and outcomes are unchanged.
    case reduced
    /// Follow the system's Reduce Motion accessibility setting (the default), read when each
    /// step starts: once for the steps that start together in one main-thread turn. The
    /// environment variable `ANIMATIONQUEUE_REDUCE_MOTION` overrides it on every platform
    /// (`1` on, anything else off), and stands in for it where there is none.
    case system

    /// Whether motion is reduced right now (off the main thread, with the system setting as
    /// last read on it).
    var isReduced: Bool { isReduced(systemSetting: Self.systemPrefersReducedMotion) }

    /// Whether motion is reduced, given the system setting as the caller read it (once for
    /// steps that start together); call on the main thread.
    func isReduced(systemSetting: @autoclosure () -> Bool) -> Bool {
        switch self {
        case .full: false
        case .reduced: true
        case .system: systemSetting()
        }
    }

    /// The system's Reduce Motion setting. The system's API is the main thread's: off it
    /// (a run's ``AnimationRun/duration`` read from another thread), this is the value last
    /// read on the main thread, false before any.
    static var systemPrefersReducedMotion: Bool {
        // The one variable is read through `getenv`, not `ProcessInfo.environment`, which
        // copies the whole environment on every read.
        if let value = getenv("ANIMATIONQUEUE_REDUCE_MOTION") { return String(cString: value) == "1" }
        #if canImport(UIKit) || canImport(AppKit)
        guard MainThread.isCurrent else { return lastReadLock.withLock { lastRead } }
        #if canImport(UIKit)
        let value = MainActor.assumeIsolated { UIAccessibility.isReduceMotionEnabled }
        #else
        let value = MainActor.assumeIsolated { NSWorkspace.shared.accessibilityDisplayShouldReduceMotion }
        #endif
        lastReadLock.withLock { lastRead = value }
        return value
        #else
        return false
        #endif
    }

    // `lastReadLock` guards `lastRead`: the system setting as last read on the main thread.
    private static let lastReadLock = NSLock()
    nonisolated(unsafe) private static var lastRead = false
}

extension ResolvedAnimation {
    /// This resolution adapted to reduced motion with `behavior`.
    func reducingMotion(_ behavior: ReducedMotionBehavior) -> ResolvedAnimation {
        // Checked here too for an animation type of the app's own, which stores it unchecked.
        behavior.validate()
        var reduced = self
        switch behavior {
        case .jumpToFinal:
            reduced.animation = nil
        case .crossFade(let duration):
            guard duration > 0 else {
                reduced.animation = nil
                break
            }
            let fade = CATransition()
            fade.type = .fade
            fade.duration = duration
            reduced.animation = fade
        case .shorten(let limit):
            guard let animation else { break }
            // The delay and the active duration shrink by one factor, so that together they
            // last the limit.
            let total = animation.beginTime + ActiveDuration.of(animation)
            if limit <= 0 {
                reduced.animation = nil
            } else if total > limit, total.isFinite {
                let factor = total / limit
                animation.speed *= Float(factor)
                animation.beginTime /= factor
            }
        }
        return reduced
    }
}
