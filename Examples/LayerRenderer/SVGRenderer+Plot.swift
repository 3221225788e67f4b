import Foundation

extension SVGRenderer {
    /// The height of one chart, axis labels and legend included.
    static let chartHeight = 170.0

    /// The charts of `series` at (`x`, `y`), one under the other in the order their names
    /// first appear: each line is value over time on the timeline's time axis, with a
    /// playhead in step with the stage's loop of `loop` seconds.
    ///
    /// ```swift
    /// SVGRenderer.charts([.init(chart: "x", label: "card", color: RGBA(red: 0, green: 0, blue: 1),
    ///                           points: [(0, 0), (1, 100)])], duration: 1, loop: 2, x: 0, y: 0)
    /// ```
    public static func charts(_ series: [Recording.Series], duration: Double, loop: Double, x: Double, y: Double) -> String {
        var names: [String] = []
        for line in series where !names.contains(line.chart) { names.append(line.chart) }
        var out = ""
        for (index, name) in names.enumerated() {
            out += chart(name, series.filter { $0.chart == name }, duration: duration, loop: loop,
                         x: x, y: y + Double(index) * chartHeight)
        }
        return out
    }

    /// The total height of the charts of `series`.
    static func chartsHeight(_ series: [Recording.Series]) -> Double {
        Double(Set(series.map(\.chart)).count) * chartHeight
    }

    private static func chart(_ name: String, _ series: [Recording.Series], duration: Double, loop: Double,
                              x: Double, y: Double) -> String {
        let f = SVGNumber.format
        let axisX = Layout.labelWidth, axisWidth = Layout.ganttWidth - Layout.labelWidth - 8
        let top = 20.0, plotHeight = 100.0
        let values = series.flatMap { $0.points.map(\.value) }
        let low = values.min() ?? 0, high = max(values.max() ?? 1, low + 1e-9)
        let tx = { (t: Double) in axisX + t / max(duration, 0.1) * axisWidth }
        let vy = { (v: Double) in top + plotHeight - (v - low) / (high - low) * plotHeight }
        var out = "<g class=\"chart\" transform=\"translate(\(f(x)) \(f(y)))\">"
        out += "<text x=\"0\" y=\"12\" font-weight=\"bold\">\(XML.escape(name))</text>"
        out += "<rect x=\"\(f(axisX))\" y=\"\(f(top))\" width=\"\(f(axisWidth))\" height=\"\(f(plotHeight))\" fill=\"none\" stroke=\"#e8eaed\"/>"
        for value in [low, high] {
            out += "<text x=\"\(f(axisX - 6))\" y=\"\(f(vy(value) + 4))\" text-anchor=\"end\" fill=\"#5f6368\">\(f(value))</text>"
        }
        for line in series where !line.points.isEmpty {
            let points = line.points.map { "\(f(tx($0.time))),\(f(vy($0.value)))" }.joined(separator: " ")
            out += "<polyline class=\"series\" fill=\"none\" stroke=\"\(line.color.hex)\" stroke-width=\"1.5\""
            if line.isDashed { out += " stroke-dasharray=\"5 3\"" }
            out += " points=\"\(points)\"><title>\(XML.escape(line.label))</title></polyline>"
        }
        // The legend, under the plot.
        for (index, line) in series.enumerated() {
            let ly = top + plotHeight + 18 + Double(index) * 16
            out += "<line x1=\"\(f(axisX))\" y1=\"\(f(ly - 4))\" x2=\"\(f(axisX + 24))\" y2=\"\(f(ly - 4))\" "
            out += "stroke=\"\(line.color.hex)\" stroke-width=\"1.5\"\(line.isDashed ? " stroke-dasharray=\"5 3\"" : "")/>"
            out += "<text x=\"\(f(axisX + 30))\" y=\"\(f(ly))\">\(XML.escape(line.label))</text>"
        }
        out += "<line class=\"playhead\" x1=\"\(f(axisX))\" y1=\"\(f(top))\" x2=\"\(f(axisX))\" y2=\"\(f(top + plotHeight))\" "
        out += "stroke=\"#d93025\" stroke-width=\"1.5\">"
        out += "<animateTransform attributeName=\"transform\" type=\"translate\" dur=\"\(f(loop))s\" "
        out += "repeatCount=\"indefinite\" values=\"0 0;\(f(axisWidth)) 0;\(f(axisWidth)) 0\" "
        out += "keyTimes=\"0;\(f(min(duration / loop, 1)));1\"/></line>"
        out += "</g>\n"
        return out
    }
}
