import Foundation

/// A layer tree sampled over time, plus the steps that moved it: what the renderers draw.
///
/// ```swift
/// var recording = Recording(title: "onboarding", size: CGSize(width: 360, height: 480))
/// recording.frames.append(.init(time: 0, root: LayerSnapshot(presentationOf: screen)))
/// recording.steps.append(.init(label: "card slides in", start: 0, end: 0.6, outcome: "finished"))
/// try RecordingWriter.write(recording, to: "onboarding.svg")
/// ```
public struct Recording: Sendable, Equatable {
    /// One sample of the tree.
    public struct Frame: Sendable, Equatable {
        /// Seconds since the recording started.
        public var time: Double
        /// The root layer, as shown at `time`.
        public var root: LayerSnapshot

        /// Creates a frame.
        public init(time: Double, root: LayerSnapshot) {
            self.time = time
            self.root = root
        }
    }

    /// One bar of the timeline (Gantt chart): a step from its start to its end.
    public struct Step: Sendable, Hashable {
        /// The step's name.
        public var label: String
        /// Seconds since the recording started; nil if the step never started.
        public var start: Double?
        /// Seconds since the recording started; nil if it had not ended when recording stopped.
        public var end: Double?
        /// `finished`, `cancelled`, `interrupted`, or nil while running.
        public var outcome: String?

        /// Creates a step.
        public init(label: String, start: Double?, end: Double?, outcome: String?) {
            self.label = label
            self.start = start
            self.end = end
            self.outcome = outcome
        }
    }

    /// One value followed over time, drawn as a line in the chart named `chart`: a plot that
    /// shows the shape of a motion (a kink, a smooth turn) that single frames cannot.
    public struct Series: Sendable, Equatable {
        /// The chart the line belongs to; series of one chart share its axes.
        public var chart: String
        /// The line's name, in the chart's legend.
        public var label: String
        /// The line's color.
        public var color: RGBA
        /// Whether the line is dashed (for example, what would have happened instead).
        public var isDashed: Bool
        /// (seconds since the recording started, value), in time order.
        public var points: [(time: Double, value: Double)]

        /// Creates a series.
        public init(chart: String, label: String, color: RGBA, isDashed: Bool = false,
                    points: [(time: Double, value: Double)] = []) {
            self.chart = chart
            self.label = label
            self.color = color
            self.isDashed = isDashed
            self.points = points
        }

        public static func == (a: Series, b: Series) -> Bool {
            a.chart == b.chart && a.label == b.label && a.color == b.color && a.isDashed == b.isDashed
                && a.points.elementsEqual(b.points) { $0.time == $1.time && $0.value == $1.value }
        }
    }

    /// The title shown above the picture.
    public var title: String
    /// The size of the root layer's area, in points.
    public var size: CGSize
    /// The samples, in time order.
    public var frames: [Frame]
    /// The steps, in the order they first appeared.
    public var steps: [Step]
    /// Lines describing the run (the printed timeline), shown by the HTML page.
    public var log: [String]
    /// Values followed over time, drawn as charts under the timeline.
    public var series: [Series]

    /// Creates a recording.
    public init(title: String, size: CGSize, frames: [Frame] = [], steps: [Step] = [], log: [String] = [],
                series: [Series] = []) {
        self.title = title
        self.size = size
        self.frames = frames
        self.steps = steps
        self.log = log
        self.series = series
    }

    /// The time of the last frame or step end, whichever is later.
    public var duration: Double {
        max(frames.last?.time ?? 0, steps.compactMap { $0.end ?? $0.start }.max() ?? 0)
    }
}
