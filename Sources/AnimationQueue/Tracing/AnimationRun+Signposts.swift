#if canImport(os)
import Foundation
import os

/// On Apple platforms every step of a run is an `os_signpost` interval, so Instruments
/// (Points of Interest / os_signpost) shows the plan's timeline next to the app's.
enum StepSignposts {
    private static let signposter = OSSignposter(subsystem: "AnimationQueue", category: .pointsOfInterest)

    /// Begins a step's interval, named by its label; the returned closure ends it.
    static func begin(_ step: StepLabel) -> @Sendable () -> Void {
        let id = signposter.makeSignpostID()
        let state = signposter.beginInterval("AnimationQueue step", id: id, "\(step.text, privacy: .public)")
        return { signposter.endInterval("AnimationQueue step", state) }
    }
}

/// One step's signpost interval, begun when the step starts and ended when it finishes.
final class SignpostInterval: @unchecked Sendable {
    // `lock` guards `end`.
    private let lock = NSLock()
    private var endInterval: (@Sendable () -> Void)?

    func begin(_ step: StepLabel) {
        let end = StepSignposts.begin(step)
        lock.withLock { endInterval = end }
    }

    func end() {
        let end = lock.withLock { () -> (@Sendable () -> Void)? in
            defer { endInterval = nil }
            return endInterval
        }
        end?()
    }
}
#endif
