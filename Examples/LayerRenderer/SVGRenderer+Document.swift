import Foundation

extension SVGRenderer {
    /// Layout of the document, in points.
    enum Layout {
        static let margin = 16.0
        static let titleHeight = 36.0
        static let gap = 24.0
        static let ganttWidth = 520.0
        static let labelWidth = 170.0
        static let rowHeight = 22.0
        static let thumbsPerRow = 4
        static let filmstripFrames = 8
        /// Seconds the last frame stays on screen before the animation loops.
        static let hold = 1.0
    }

    /// An SVG document that plays the recording: the layers on a stage (an SMIL animation
    /// that shows one frame at a time and loops), the steps as a timeline with a moving
    /// playhead, the series as charts under it, and a filmstrip of eight frames for viewers that do not animate.
    public static func document(_ recording: Recording) -> String {
        let frames = distinctFrames(recording.frames)
        let W = Double(recording.size.width), H = Double(recording.size.height)
        let duration = max(recording.duration, 0.1)
        let loop = duration + Layout.hold
        let ganttX = Layout.margin + W + Layout.gap
        let ganttHeight = Layout.rowHeight * Double(recording.steps.count) + 48
        let rightHeight = ganttHeight + (recording.series.isEmpty ? 0 : Layout.gap + chartsHeight(recording.series))
        let width = ganttX + Layout.ganttWidth + Layout.margin
        let stageY = Layout.titleHeight + 8
        let chartsY = stageY + ganttHeight + Layout.gap
        let stripY = stageY + max(H, rightHeight) + Layout.gap
        let thumbWidth = (width - 2 * Layout.margin - Double(Layout.thumbsPerRow - 1) * 12) / Double(Layout.thumbsPerRow)
        let scale = min(1, thumbWidth / W)
        let thumbHeight = H * scale + 20
        let thumbs = filmstrip(frames, duration: duration)
        let rows = (thumbs.count + Layout.thumbsPerRow - 1) / Layout.thumbsPerRow
        let height = stripY + 20 + Double(rows) * (thumbHeight + 12) + Layout.margin
        let f = SVGNumber.format

        var out = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" \
        viewBox="0 0 \(f(width)) \(f(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
        <rect width="100%" height="100%" fill="#ffffff"/>
        <defs><clipPath id="stage"><rect width="\(f(W))" height="\(f(H))"/></clipPath></defs>
        <text x="\(f(Layout.margin))" y="24" font-size="18" font-weight="bold">\(XML.escape(recording.title))</text>

        """
        // The stage: every frame, each visible during its own slice of the loop.
        out += "<g id=\"stage-view\" transform=\"translate(\(f(Layout.margin)) \(f(stageY)))\">"
        out += stageBackground(W, H)
        out += "<g clip-path=\"url(#stage)\">\n"
        for (index, frame) in frames.enumerated() {
            let isLast = index == frames.count - 1
            out += "<g class=\"frame\" visibility=\"\(isLast ? "visible" : "hidden")\">"
            out += visibilityAnimation(index: index, frames: frames, loop: loop)
            out += elements(frame.root, idPrefix: "f\(index)")
            out += "<text x=\"\(f(W - 8))\" y=\"\(f(H - 8))\" text-anchor=\"end\" fill=\"#5f6368\">"
            out += "t = \(String(format: "%.2f", frame.time)) s</text></g>\n"
        }
        out += "</g></g>\n"
        out += gantt(recording.steps, duration: duration, loop: loop, x: ganttX, y: stageY)
        out += charts(recording.series, duration: duration, loop: loop, x: ganttX, y: chartsY)
        // The filmstrip.
        out += "<text x=\"\(f(Layout.margin))\" y=\"\(f(stripY + 12))\" font-weight=\"bold\">Frames</text>\n"
        for (index, frame) in thumbs.enumerated() {
            let x = Layout.margin + Double(index % Layout.thumbsPerRow) * (thumbWidth + 12)
            let y = stripY + 20 + Double(index / Layout.thumbsPerRow) * (thumbHeight + 12)
            out += "<g class=\"thumbnail\" transform=\"translate(\(f(x)) \(f(y)))\">"
            out += "<g transform=\"scale(\(f(scale)))\">" + stageBackground(W, H)
            out += "<g clip-path=\"url(#stage)\">" + elements(frame.root, idPrefix: "t\(index)") + "</g></g>"
            out += "<text x=\"0\" y=\"\(f(H * scale + 15))\" fill=\"#5f6368\">"
            out += "t = \(String(format: "%.2f", frame.time)) s</text></g>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// The frames with strictly increasing times (a later sample at the same time wins).
    static func distinctFrames(_ frames: [Recording.Frame]) -> [Recording.Frame] {
        var result: [Recording.Frame] = []
        for frame in frames.sorted(by: { $0.time < $1.time }) {
            if let last = result.last, last.time >= frame.time - 1e-9 { result.removeLast() }
            result.append(frame)
        }
        return result
    }

    /// Up to eight frames evenly spread over the recording, first and last included.
    static func filmstrip(_ frames: [Recording.Frame], duration: Double) -> [Recording.Frame] {
        guard frames.count > Layout.filmstripFrames else { return frames }
        var picked: [Recording.Frame] = []
        for index in 0..<Layout.filmstripFrames {
            let target = duration * Double(index) / Double(Layout.filmstripFrames - 1)
            let nearest = frames.min { abs($0.time - target) < abs($1.time - target) }!
            if picked.last != nearest { picked.append(nearest) }
        }
        return picked
    }

    private static func stageBackground(_ w: Double, _ h: Double) -> String {
        "<rect width=\"\(SVGNumber.format(w))\" height=\"\(SVGNumber.format(h))\" fill=\"#f6f7f9\" stroke=\"#d0d4da\"/>"
    }

    /// A discrete SMIL animation that shows frame `index` from its time until the next frame's.
    private static func visibilityAnimation(index: Int, frames: [Recording.Frame], loop: Double) -> String {
        let f = { (value: Double) in String(format: "%.5f", value) }   // keyTimes: finer than frames
        let start = frames[index].time / loop
        let end = index + 1 < frames.count ? frames[index + 1].time / loop : 1
        let (values, keyTimes): (String, String)
        switch (start <= 0, end >= 1) {
        case (true, true): (values, keyTimes) = ("visible", "0")
        case (true, false): (values, keyTimes) = ("visible;hidden", "0;\(f(end))")
        case (false, true): (values, keyTimes) = ("hidden;visible", "0;\(f(start))")
        case (false, false): (values, keyTimes) = ("hidden;visible;hidden", "0;\(f(start));\(f(end))")
        }
        return "<animate attributeName=\"visibility\" calcMode=\"discrete\" dur=\"\(SVGNumber.format(loop))s\" "
            + "repeatCount=\"indefinite\" values=\"\(values)\" keyTimes=\"\(keyTimes)\"/>"
    }
}
