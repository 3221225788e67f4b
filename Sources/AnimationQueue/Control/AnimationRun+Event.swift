import Foundation

extension AnimationRun {
    /// A step starting or ending, or the run moved or turned on its timeline.
    public struct Event: Sendable, Hashable, CustomStringConvertible {
        /// What happened.
        public enum Kind: Sendable, Hashable {
            /// The step's animation was added (or its block ran).
            case started
            /// The step ended with this outcome.
            case finished(AnimationOutcome)
            /// The run was moved to this plan time (``AnimationRun/seek(to:)``,
            /// ``AnimationRun/fractionComplete``); recorded under the step name `"run"`.
            case seeked(to: TimeInterval)
            /// The run was turned to play backwards (true) or forwards (false)
            /// (``AnimationRun/isReversed``); recorded under the step name `"run"`.
            case reversed(Bool)
            /// The step's motion was turned toward a new target
            /// (``AnimationOperation/retarget(_:to:settling:)``); ``keyPaths`` names the key path.
            case retargeted
        }

        /// The step's name, or a generated label such as `"step 2 (opacity) on 'badge'"`,
        /// written out when read.
        public var step: String { label.text }
        let label: StepLabel
        /// What happened.
        public let kind: Kind
        /// When, in media time (`CACurrentMediaTime()`; the layer's clock on OpenQuartzCore).
        public let time: TimeInterval
        /// The animated layer's `name`, if it has one.
        public var layer: String?
        /// The key paths the step animates (empty for waits and blocks).
        public var keyPaths: [String] = []
        /// Seconds since the run was created (``AnimationRun/scheduledAt``), as printed.
        public var elapsed: TimeInterval { time - runStart }
        /// When the run was created, on the clock of `time`; set when the run records it.
        var runStart: TimeInterval = 0

        init(step: String, kind: Kind, time: TimeInterval, layer: String? = nil, keyPaths: [String] = []) {
            self.init(label: StepLabel(text: step), kind: kind, time: time, layer: layer, keyPaths: keyPaths)
        }

        init(label: StepLabel, kind: Kind, time: TimeInterval, layer: String? = nil, keyPaths: [String] = []) {
            self.label = label
            self.kind = kind
            self.time = time
            self.layer = layer
            self.keyPaths = keyPaths
        }

        public static func == (lhs: Event, rhs: Event) -> Bool {
            lhs.kind == rhs.kind && lhs.time == rhs.time && lhs.layer == rhs.layer && lhs.keyPaths == rhs.keyPaths
                && lhs.runStart == rhs.runStart && lhs.step == rhs.step
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(step)
            hasher.combine(kind)
            hasher.combine(time)
            hasher.combine(layer)
            hasher.combine(keyPaths)
            hasher.combine(runStart)
        }

        /// For example `"t=0.300 badge finished"`: the time is ``elapsed``, since the run
        /// was created.
        public var description: String {
            let what = switch kind {
            case .started: "started"
            case .finished(let outcome): outcome.description
            case .seeked(let time): String(format: "seeked to %.3f", time)
            case .reversed(let reversed): reversed ? "reversed" : "played forwards"
            case .retargeted: "retargeted " + keyPaths.joined(separator: ", ")
            }
            return String(format: "t=%.3f ", elapsed) + "\(step) \(what)"
        }
    }
}
