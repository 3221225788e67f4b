import AnimationQueue
import Foundation

// The oracle's rules for retargets and background trips, from the README and the guides:
// - a retarget of a running step turns its motion: the model holds the new target at once,
//   and the step ends `.finished` when the turned motion ends, which a spring settles (its
//   end is taken from the scheduler's report, see `finishTurned`);
// - a step that has not started keeps the retarget and turns as it starts;
// - a step that has ended keeps its outcome; the layer alone is moved to the target by a
//   settling animation of its own, and the model holds the target;
// - as the app leaves, running steps do what their policy says: `.interrupt` ends them
//   `.interrupted` and `.complete` ends them `.finished`, with their final values; `.pause`
//   stops them where they are and goes on from there on the return, the time away not
//   counting; `.keepWallClockTime` goes on as if the app had never left, or finishes on the
//   return if its end passed. Nothing starts in the background: steps that became ready
//   start on the return, and steps committed ahead are taken off and start afresh when
//   ready, without a commit ahead until a dependency starts again.
extension StressOracle {
    /// The app in the background: when it left (local time), and what each running step
    /// does on the return: nil for none, else the elapsed time of a paused one (`.pause`) or
    /// nothing (`.keepWallClockTime`, whose start stays).
    struct Background {
        var policy: BackgroundPolicy
        var leftAt: TimeInterval
        var pausedElapsed: [Int: TimeInterval] = [:]
    }

    /// Whether the steps committed ahead are known: not after a background trip of a gapless
    /// plan, which commits some of the waiting steps ahead again on the return, by rules this
    /// model leaves out (their begins and values are the same either way).
    var knowsAheads: Bool { spec.kind != .gaplessPlan || !hasBeenInBackground }

    /// How many animations the layer may hold: `attachedCount(layer:)`, or, where the steps
    /// committed ahead are not known, one per running step and up to one per waiting step.
    func attachedRange(layer: Int) -> ClosedRange<Int> {
        let count = attachedCount(layer: layer)
        guard !knowsAheads else { return count...count }
        let running = spec.operations.filter { $0.layer == layer && isRunning($0.index) }.count
        let waiting = spec.operations.filter { $0.layer == layer && [.pending, .parked].contains(phases[$0.index]) }.count
        return running...(running + waiting)
    }

    /// Whether the channel's presentation is known: a turned motion's spring is not
    /// modelled, nor are the offsets `hasUnknownOffset` names.
    func isShownKnown(layer: Int, channel: StressChannel) -> Bool {
        !spec.operations.contains { $0.layer == layer && $0.channel == channel && isRunning($0.index) && turned[$0.index] }
            && !hasUnknownOffset(layer: layer, channel: channel)
    }

    /// A retarget of the operation with `index` to `target`, at virtual time `time`.
    mutating func retarget(_ index: Int, to target: Double, atTime time: TimeInterval) {
        let operation = spec.operations[index]
        guard layerAlive[operation.layer] else { return }
        switch phases[index] {
        case .notAdded:
            return
        case .pending, .parked:
            retargets[index] = target
        case .running:
            retargets[index] = target
            turned[index] = true
            values[operation.layer][operation.channel] = target
        case .finished:
            values[operation.layer][operation.channel] = target
            addSettling(layer: operation.layer, channel: operation.channel)
        }
    }

    /// A turned operation the scheduler reports `.finished`: it ends now (local time `now`).
    mutating func finishTurned(_ index: Int, atTime time: TimeInterval) {
        guard isRunning(index), turned[index] else { return }
        phases[index] = .finished(.finished)
        startReady(at: localTime(time))
    }

    /// Sets a channel's model value that a cancel left to the layer (see `unknownValues`).
    mutating func adopt(_ value: Double, layer: Int, channel: StressChannel) {
        values[layer][channel] = value
    }

    /// The app leaves at virtual time `time`; the graph's queue has `policy`.
    mutating func enterBackground(policy: BackgroundPolicy, atTime time: TimeInterval) {
        guard background == nil else { return }
        let now = localTime(time)
        var trip = Background(policy: policy, leftAt: now)
        for operation in spec.operations {
            let index = operation.index
            switch phases[index] {
            case .running(let start):
                switch policy {
                case .interrupt: phases[index] = .finished(.interrupted)
                // Ended early, it has no planned end to commit its dependents ahead to.
                case .complete:
                    phases[index] = .finished(.finished)
                    plannedEnds[index] = nil
                case .pause: trip.pausedElapsed[index] = now - start
                case .keepWallClockTime: break
                }
            case .pending, .parked:
                aheads[index] = nil
            default:
                break
            }
        }
        background = trip
        hasBeenInBackground = true
        forgetOffsets()
    }

    /// The app returns at virtual time `time`.
    mutating func enterForeground(atTime time: TimeInterval) {
        guard let trip = background else { return }
        background = nil
        let now = localTime(time)
        for operation in spec.operations {
            let index = operation.index
            guard case .running(let start) = phases[index] else { continue }
            if let elapsed = trip.pausedElapsed[index] {
                phases[index] = .running(start: now - elapsed)
                plannedEnds[index] = now - elapsed + operation.delay + operation.duration
            } else if !turned[index], start + operation.delay + operation.duration <= now {
                // Its planned end stays, for the dependents committed ahead later.
                phases[index] = .finished(.finished)
            }
        }
        startReady(at: now)
        advance(to: time)
    }
}
