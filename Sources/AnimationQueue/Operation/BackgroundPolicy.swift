import Foundation

/// What a running step does when the app, or the scene that shows its layer, goes to the
/// background, where Core Animation removes animations and may report their removal at once,
/// only when the app returns, or never.
///
/// Whatever the policy, the operation never waits for those reports: it takes its animation
/// off the layer itself as the app leaves, and every operation still finishes exactly once.
/// Steps that have not started wait for the return (the queue holds them back).
///
/// Set it per queue (``AnimationQueue/backgroundPolicy``), per run
/// (``AnimationQueue/run(_:motion:background:)``) or per operation
/// (``AnimationOperation/backgroundPolicy``); the most specific one applies.
///
/// What a step leaves playing on its layer follows the step's policy too, even once the step
/// has finished: the motion of the steps it took over (``AnimationTakeover``), and the
/// settling spring of a layer that a retarget of the ended step moves alone. Under `.pause`
/// and `.keepWallClockTime` it goes on as the step would; under `.interrupt` and `.complete`
/// it comes off as the app leaves, and the layer shows its model value.
///
/// ```swift
/// let run = AnimationQueue.main.run(onboarding)                        // .pause: picks up where it left off
/// let toast = AnimationQueue.main.run(banner, background: .complete)   // done by the time the user is back
/// ```
public enum BackgroundPolicy: Sendable, Hashable, CustomStringConvertible {
    /// The step ends `.interrupted` as the app leaves, showing its final values (the model
    /// holds them); its dependents start when the app returns (an interrupted dependency is
    /// not a cancelled one), and the run's outcome is `.interrupted`.
    case interrupt
    /// The step ends `.finished` as the app leaves, showing its final values; its dependents
    /// start when the app returns.
    case complete
    /// The default. The step stops where it is and, when the app returns, goes on from that
    /// point as if nothing happened: the time away does not count, its outcome comes when
    /// the rest of its motion has played, and its dependents follow. The motion of the steps
    /// it took over (``AnimationTakeover``), which plays on above it, goes on with it, also
    /// after the step has finished.
    case pause
    /// The step keeps wall-clock time: when the app returns it shows where it would be had
    /// the app never left, or, if its end has passed, finishes `.finished` at once; its
    /// dependents start then. The motion of the steps it took over goes on with it, where
    /// it would be.
    case keepWallClockTime

    /// `interrupt`, `complete`, `pause` or `keepWallClockTime`.
    public var description: String {
        switch self {
        case .interrupt: "interrupt"
        case .complete: "complete"
        case .pause: "pause"
        case .keepWallClockTime: "keepWallClockTime"
        }
    }
}
