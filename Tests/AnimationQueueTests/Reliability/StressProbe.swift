#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

@testable import AnimationQueue
import Foundation

/// What the operations of one stress graph reported through their hooks, by index: start
/// times in the layer's local time, finish announcements and outcomes, and the ordering
/// violations seen at the instant an operation started.
final class StressProbe: @unchecked Sendable {
    // `lock` guards every stored property below.
    private let lock = NSLock()
    private var starts: [[TimeInterval]]
    private var finishes: [[AnimationOutcome]]
    /// Media time of each finish announcement, for reports.
    private var finishTimes: [[TimeInterval]]
    private var violations: [String] = []
    private var nonMainStarts = 0
    private var dependencies: [[Int]]

    init(spec: StressGraphSpec) {
        starts = Array(repeating: [], count: spec.operations.count)
        finishes = Array(repeating: [], count: spec.operations.count)
        finishTimes = Array(repeating: [], count: spec.operations.count)
        dependencies = spec.operations.map(\.dependencies)
    }

    /// Installs the hooks on the operation with `index`; they hold the probe, not the operation.
    func observe(_ operation: AnimationOperation, index: Int) {
        operation.addHooks { hooks in
            hooks.didStart.append { [self] operation, time in
                let local = operation.layer?.convertTime(time, from: nil) ?? time
                started(index, at: local, onMain: MainThreadCheck.isMainQueue)
            }
            hooks.willFinish.append { [self] _, outcome, time in
                lock.withLock {
                    finishes[index].append(outcome)
                    finishTimes[index].append(time)
                }
            }
        }
    }

    private func started(_ index: Int, at time: TimeInterval, onMain: Bool) {
        lock.withLock {
            starts[index].append(time)
            if !onMain { nonMainStarts += 1 }
            for dependency in dependencies[index] where finishes[dependency].isEmpty {
                violations.append("operation \(index) started at \(time) before its dependency \(dependency) finished")
            }
        }
    }

    /// Makes room for an operation a takeover event added, without dependencies.
    func extend() {
        lock.withLock {
            starts.append([])
            finishes.append([])
            finishTimes.append([])
            dependencies.append([])
        }
    }

    func startTimes(of index: Int) -> [TimeInterval] { lock.withLock { starts[index] } }
    func outcomes(of index: Int) -> [AnimationOutcome] { lock.withLock { finishes[index] } }
    /// Each operation's start and finish announcements, for a report.
    var timeline: String {
        lock.withLock {
            starts.indices.map { "\($0): started \(starts[$0]) ended \(finishes[$0]) at \(finishTimes[$0])" }.joined(separator: "; ")
        }
    }
    var orderingViolations: [String] { lock.withLock { violations } }
    var startsOffTheMainThread: Int { lock.withLock { nonMainStarts } }
}

/// Recognises the main queue with a dispatch-specific key: `Thread.isMainThread` is false
/// inside Swift Testing on Linux, even on the main queue.
enum MainThreadCheck {
    private static let key: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()

    static var isMainQueue: Bool { DispatchQueue.getSpecific(key: key) == 1 }

    /// Sets the key up; call once before any work that checks it.
    static func prepare() { _ = key }
}
#endif
