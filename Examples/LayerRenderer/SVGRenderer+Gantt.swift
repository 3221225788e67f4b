import Foundation

extension SVGRenderer {
    /// The color of a step's bar by outcome.
    static func barColor(_ outcome: String?) -> String {
        switch outcome {
        case "finished": "#1a73e8"
        case "cancelled": "#f29900"
        case "interrupted": "#d93025"
        default: "#9aa0a6"
        }
    }

    /// A timeline (Gantt chart) of the steps at (`x`, `y`): one row per step, a bar from its
    /// start to its end colored by outcome, a time axis, and a playhead that sweeps the
    /// axis in step with the stage's loop of `loop` seconds.
    ///
    /// ```swift
    /// SVGRenderer.gantt([.init(label: "fade", start: 0, end: 0.3, outcome: "finished")],
    ///                   duration: 0.3, loop: 1.3, x: 0, y: 0)
    /// ```
    public static func gantt(_ steps: [Recording.Step], duration: Double, loop: Double, x: Double, y: Double) -> String {
        let f = SVGNumber.format
        let axisX = Layout.labelWidth
        let axisWidth = Layout.ganttWidth - Layout.labelWidth - 8
        let scale = axisWidth / max(duration, 0.1)
        let rowsHeight = Layout.rowHeight * Double(steps.count)
        var out = "<g class=\"gantt\" transform=\"translate(\(f(x)) \(f(y)))\">"
        out += "<text x=\"0\" y=\"12\" font-weight=\"bold\">Steps</text>"
        // Axis and ticks.
        let axisY = 24 + rowsHeight + 4
        let tick = duration > 6 ? 1.0 : duration > 1.5 ? 0.5 : 0.25
        var t = 0.0
        while t <= duration + 1e-9 {
            let tx = axisX + t * scale
            out += "<line x1=\"\(f(tx))\" y1=\"20\" x2=\"\(f(tx))\" y2=\"\(f(axisY))\" stroke=\"#e8eaed\"/>"
            out += "<text x=\"\(f(tx))\" y=\"\(f(axisY + 14))\" text-anchor=\"middle\" fill=\"#5f6368\">\(f(t))s</text>"
            t += tick
        }
        for (index, step) in steps.enumerated() {
            let rowY = 24 + Double(index) * Layout.rowHeight
            out += "<text x=\"\(f(axisX - 8))\" y=\"\(f(rowY + 14))\" text-anchor=\"end\">\(XML.escape(step.label))</text>"
            guard let start = step.start else {
                out += "<text x=\"\(f(axisX + 4))\" y=\"\(f(rowY + 14))\" fill=\"#9aa0a6\">\(step.outcome.map { "\($0) before it started" } ?? "not started")</text>"
                continue
            }
            let end = step.end ?? duration
            let barWidth = max(3, (end - start) * scale)
            out += "<rect class=\"bar\" x=\"\(f(axisX + start * scale))\" y=\"\(f(rowY + 3))\" "
            out += "width=\"\(f(barWidth))\" height=\"\(f(Layout.rowHeight - 6))\" rx=\"3\" "
            out += "fill=\"\(barColor(step.outcome))\"><title>\(XML.escape(step.label)): "
            out += "\(String(format: "%.3f", start))–\(String(format: "%.3f", end)) s, \(step.outcome ?? "running")</title></rect>"
        }
        // The playhead.
        out += "<line class=\"playhead\" x1=\"\(f(axisX))\" y1=\"20\" x2=\"\(f(axisX))\" y2=\"\(f(axisY))\" "
        out += "stroke=\"#d93025\" stroke-width=\"1.5\">"
        out += "<animateTransform attributeName=\"transform\" type=\"translate\" dur=\"\(f(loop))s\" "
        out += "repeatCount=\"indefinite\" values=\"0 0;\(f(axisWidth)) 0;\(f(axisWidth)) 0\" "
        out += "keyTimes=\"0;\(f(min(duration / loop, 1)));1\"/></line>"
        // Legend.
        let legendY = axisY + 32
        var legendX = 0.0
        for outcome in ["finished", "cancelled", "interrupted"] {
            out += "<rect x=\"\(f(legendX))\" y=\"\(f(legendY - 10))\" width=\"12\" height=\"12\" rx=\"2\" fill=\"\(barColor(outcome))\"/>"
            out += "<text x=\"\(f(legendX + 16))\" y=\"\(f(legendY))\">\(outcome)</text>"
            legendX += 100
        }
        out += "</g>\n"
        return out
    }
}
