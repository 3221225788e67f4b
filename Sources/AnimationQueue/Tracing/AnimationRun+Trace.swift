import Foundation

/// Exports of what a run did, for logs and for trace viewers.
extension AnimationRun {
    /// The run as Chrome Trace Event JSON, which Perfetto (ui.perfetto.dev) and
    /// chrome://tracing open.
    ///
    /// Each step that started is a complete event (`"ph": "X"`) on its own track, with its
    /// outcome, layer and key paths in `args`; every step also has an instant event
    /// (`"ph": "i"`) when the run scheduled it, and a step that ended without starting has an
    /// instant event for its outcome. Timestamps are microseconds since the run was created.
    public func chromeTraceJSON() -> String {
        var events: [TraceEvent] = [
            TraceEvent(name: "process_name", ph: "M", ts: 0, pid: 1, tid: 0, args: ["name": "AnimationQueue run"]),
        ]
        // Each step's first start and first end, each label written out once.
        var starts: [String: Event] = [:]
        var ends: [String: Event] = [:]
        for event in recordedEvents {
            let step = event.step
            switch event.kind {
            case .started: starts[step] = starts[step] ?? event
            case .finished: ends[step] = ends[step] ?? event
            case .seeked, .reversed:
                // The run's own events: instants on the process's track.
                let what = event.description.split(separator: " ", maxSplits: 1).last.map(String.init) ?? step
                events.append(TraceEvent(name: what, ph: "i", ts: micros(event.time), pid: 1, tid: 0, s: "p"))
            case .retargeted:
                // A turn: an instant on the process's track, named after the step.
                let what = "\(step) retargeted " + event.keyPaths.joined(separator: ", ")
                events.append(TraceEvent(name: what, ph: "i", ts: micros(event.time), pid: 1, tid: 0, s: "p"))
            }
        }
        for (index, step) in stepNames.enumerated() {
            let track = index + 1
            events.append(TraceEvent(name: "thread_name", ph: "M", ts: 0, pid: 1, tid: track, args: ["name": step]))
            events.append(TraceEvent(name: "\(step) scheduled", ph: "i", ts: 0, pid: 1, tid: track, s: "t"))
            let start = starts[step]
            let end = ends[step]
            var args: [String: String] = [:]
            if case .finished(let outcome)? = end?.kind { args["outcome"] = outcome.description }
            if let layer = (start ?? end)?.layer { args["layer"] = layer }
            if let keyPaths = (start ?? end)?.keyPaths, !keyPaths.isEmpty { args["keyPaths"] = keyPaths.joined(separator: ", ") }
            if let start {
                let finish = end?.time ?? start.time
                events.append(TraceEvent(name: step, ph: "X", ts: micros(start.time), dur: max(0, micros(finish) - micros(start.time)),
                                         pid: 1, tid: track, args: args))
            } else if let end {
                events.append(TraceEvent(name: "\(step) \(args["outcome"] ?? "ended")", ph: "i", ts: micros(end.time), pid: 1, tid: track, s: "t", args: args))
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let trace = ChromeTrace(traceEvents: events.sorted { ($0.ts, $0.tid) < ($1.ts, $1.tid) }, displayTimeUnit: "ms")
        return (try? encoder.encode(trace)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
    }

    /// A readable timeline for logs, one line per event, times relative to the run's creation:
    ///
    /// ```
    ///   0.000s  ▶ title (opacity)
    ///   0.300s  ■ title finished
    /// ```
    public func timelineText() -> String {
        recordedEvents.map { event in
            let time = String(format: "%7.3fs", event.time - scheduledAt)
            switch event.kind {
            case .started:
                let keys = event.keyPaths.isEmpty ? "" : " (\(event.keyPaths.joined(separator: ", ")))"
                return "\(time)  ▶ \(event.step)\(keys)"
            case .finished(let outcome):
                return "\(time)  ■ \(event.step) \(outcome)"
            case .seeked(let planTime):
                return "\(time)  ⇥ run seeked to \(String(format: "%.3f", planTime))s of plan time"
            case .reversed(let reversed):
                return "\(time)  ⇄ run " + (reversed ? "reversed" : "played forwards")
            case .retargeted:
                return "\(time)  ↪ \(event.step) retargeted (\(event.keyPaths.joined(separator: ", ")))"
            }
        }.joined(separator: "\n")
    }

    private func micros(_ time: TimeInterval) -> Double {
        ((time - scheduledAt) * 1_000_000).rounded()
    }
}

extension AnimationPlan {
    /// The plan's dependency graph in Graphviz DOT: one node per step, one edge per
    /// dependency (`dependency -> dependent`).
    ///
    /// ```sh
    /// dot -Tsvg plan.dot > plan.svg
    /// ```
    public func graphvizDOT() -> String {
        let graph = PlanGraph(compiling: self)
        var lines = ["digraph AnimationPlan {", "  rankdir=LR;", "  node [shape=box, style=rounded];"]
        var ids: [ObjectIdentifier: String] = [:]
        for (index, operation) in graph.operations.enumerated() {
            let id = "s\(index + 1)"
            ids[ObjectIdentifier(operation)] = id
            let shape = operation is WaitOperation ? ", shape=ellipse" : operation is MainThreadOperation ? ", shape=diamond" : ""
            lines.append("  \(id) [label=\"\(Self.escaped(graph.label(of: operation)))\"\(shape)];")
        }
        for operation in graph.operations {
            for dependency in operation.dependencies {
                guard let from = ids[ObjectIdentifier(dependency)], let to = ids[ObjectIdentifier(operation)] else { continue }
                lines.append("  \(from) -> \(to);")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}

/// The top level of a Chrome Trace Event file.
private struct ChromeTrace: Encodable {
    let traceEvents: [TraceEvent]
    let displayTimeUnit: String
}

/// One Chrome Trace Event.
private struct TraceEvent: Encodable {
    let name: String
    let ph: String
    let ts: Double
    var dur: Double?
    let pid: Int
    let tid: Int
    var s: String?
    var args: [String: String]?

    init(name: String, ph: String, ts: Double, dur: Double? = nil, pid: Int, tid: Int, s: String? = nil, args: [String: String]? = nil) {
        self.name = name
        self.ph = ph
        self.ts = ts
        self.dur = dur
        self.pid = pid
        self.tid = tid
        self.s = s
        self.args = args
    }
}
