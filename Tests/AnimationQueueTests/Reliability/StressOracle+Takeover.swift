import AnimationQueue
import Foundation

// The oracle's rules for takeovers, from AnimationTakeover's documentation:
// - a step that begins on a channel another step is still moving takes it over: the older
//   step ends `.interrupted` at once, with a takeover, and its dependents start as after
//   any interruption (a dependent on the same channel, beginning then, takes the newer step
//   over in turn);
// - without a from-value of its own, the newer step plays from the model value (the older
//   target), and the older motion plays on above it as an offset from that target,
//   `older(t) − target`, until the older step's planned end; offsets already playing on the
//   channel go on above it too, and it owns them all: its cancel takes them off with it (a
//   removal of its own animation by other code leaves them to play out);
// - with a from-value of its own, it jumps there, and every offset on the channel comes off;
// - a retarget of a step that had ended settles the layer alone with an offset of its own,
//   a spring this model does not compute; a later step without a from-value plays from the
//   model value, the retarget's target, with the spring carried on above it.
//
// Offsets this model cannot compute (a turned motion's, a settling spring's, or any after
// the engine took the animations off for a background trip) make the channel's
// presentation unknown until the layer holds no offset moving it any more; the model
// value, and the final presentation, stay known.
extension StressOracle {
    /// Motion playing on above a channel: the linear motion of the older step `source`,
    /// which started at local time `start`, made an offset from `base`, until `end`; or, with
    /// `source` nil, motion not modelled here.
    struct Offset {
        var source: Int?
        var start: TimeInterval
        var base: Double
        var end: TimeInterval

        static let unknown = Offset(source: nil, start: 0, base: 0, end: .infinity)
    }

    /// The value of `offset` at local time `now` (0 once it ended; unknown ones count 0).
    func offsetValue(_ offset: Offset, at now: TimeInterval) -> Double {
        guard let source = offset.source, now < offset.end else { return 0 }
        return spec.operations[source].value(atElapsed: now - offset.start, from: resolvedFroms[source]) - offset.base
    }

    /// Whether the channel plays an offset this model does not compute.
    func hasUnknownOffset(layer: Int, channel: StressChannel) -> Bool {
        (offsets[layer][channel] ?? []).contains { $0.source == nil }
    }

    /// The operation with `index` begins at local time `now`: it takes over the step running
    /// on its channel, if any, and the offsets there.
    mutating func takeOverChannel(for index: Int, at now: TimeInterval) {
        let operation = spec.operations[index]
        let layer = operation.layer, channel = operation.channel
        for older in spec.operations where older.index != index && older.layer == layer && older.channel == channel {
            guard case .running(let start) = phases[older.index] else { continue }
            phases[older.index] = .finished(.interrupted)
            takenOver[older.index] = true
            guard operation.from == nil else { continue }
            if turned[older.index] {
                offsets[layer][channel, default: []].append(.unknown)
            } else if let end = plannedEnds[older.index], end > now {
                offsets[layer][channel, default: []].append(
                    Offset(source: older.index, start: start, base: values[layer][channel]!, end: end))
            }
        }
        // An explicit from-value hides every offset on the channel: they come off.
        if operation.from != nil { offsets[layer][channel] = [] }
    }

    /// The running operation with `index` is cancelled: the offsets it owns, every computed
    /// one on its channel, come off with it. Those not computed here are left to the
    /// harness, which reads the layer.
    mutating func dropOwnedOffsets(of index: Int) {
        let operation = spec.operations[index]
        offsets[operation.layer][operation.channel]?.removeAll { $0.source != nil }
    }

    /// Offsets on the channel this model does not compute, whose motion the layer no longer
    /// plays: they are gone.
    mutating func dropUnknownOffsets(layer: Int, channel: StressChannel) {
        offsets[layer][channel]?.removeAll { $0.source == nil }
    }

    /// A retarget of an ended step settles the channel with a spring: an offset not computed here.
    mutating func addSettling(layer: Int, channel: StressChannel) {
        offsets[layer][channel, default: []].append(.unknown)
    }

    /// The engine takes every animation off as the app leaves, and the queues put back what
    /// their policies say (a suspended step, with the offsets it owns): what the offsets show
    /// from then on is left to the layer.
    mutating func forgetOffsets() {
        for layer in offsets.indices {
            for channel in offsets[layer].keys where !(offsets[layer][channel] ?? []).isEmpty {
                offsets[layer][channel] = [.unknown]
            }
        }
    }

    /// Adds the operation of a takeover event (`spec.isTakeover`, with the next index) and
    /// starts it at virtual time `time`.
    mutating func addTakeover(_ operation: StressOperationSpec, atTime time: TimeInterval) {
        append(operation)
        add([operation.index], at: time)
    }
}
