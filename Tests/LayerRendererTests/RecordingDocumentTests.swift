import Foundation
import LayerRenderer
import Testing

/// The animated document: one frame group per sample, shown in turn, and a timeline bar per step.
@Suite struct RecordingDocumentTests {
    func recording() -> Recording {
        func frame(_ t: Double, x: CGFloat) -> Recording.Frame {
            Recording.Frame(time: t, root: LayerSnapshot(name: "screen", bounds: CGRect(x: 0, y: 0, width: 200, height: 100),
                                                         position: CGPoint(x: 100, y: 50), sublayers: [
                LayerSnapshot(name: "dot", bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: x, y: 50),
                              backgroundColor: RGBA(red: 0, green: 0, blue: 0)),
            ]))
        }
        return Recording(title: "slide", size: CGSize(width: 200, height: 100),
                         frames: [frame(0, x: 20), frame(0.5, x: 100), frame(1, x: 180)],
                         steps: [.init(label: "dot slides", start: 0, end: 1, outcome: "finished"),
                                 .init(label: "never", start: nil, end: 0.5, outcome: "cancelled")])
    }

    @Test func eachFrameIsShownDuringItsSliceOfTheLoop() {
        // Duration 1 s plus a 1 s hold: a 2 s loop; frames at 0, 0.5 and 1 s start at
        // fractions 0, 0.25 and 0.5 of it.
        let svg = SVGRenderer.document(recording())
        let frames = svg.components(separatedBy: ##"<g class="frame""##).dropFirst()
        #expect(frames.count == 3)
        let animations = frames.map { $0.components(separatedBy: "<animate ")[1].components(separatedBy: "/>")[0] }
        #expect(animations[0].contains(##"dur="2s""##) && animations[0].contains(##"values="visible;hidden" keyTimes="0;0.25000""##))
        #expect(animations[1].contains(##"values="hidden;visible;hidden" keyTimes="0;0.25000;0.50000""##))
        #expect(animations[2].contains(##"values="hidden;visible" keyTimes="0;0.50000""##))
        // The dot of the middle frame is at x = 100 − 5 = 95, y = 50 − 5 = 45.
        #expect(frames[frames.startIndex + 1].contains(##"<g data-layer="dot" transform="matrix(1 0 0 1 95 45)">"##))
        // Static viewers show the last frame.
        #expect(frames.last!.hasPrefix(##" visibility="visible""##))
    }

    @Test func timelineHasABarPerStartedStepAndNamesTheOthers() {
        let svg = SVGRenderer.document(recording())
        // Axis 520 − 170 − 8 = 342 points for 1 s: the bar starts at x = 170 and is 342 wide.
        #expect(svg.contains(##"<rect class="bar" x="170" y="27" width="342" height="16" rx="3" fill="#1a73e8">"##))
        #expect(svg.contains("cancelled before it started"))
    }

    @Test func chartsPlotEachSeriesUnderTheTimelineOnItsTimeAxis() {
        var recording = recording()
        let blue = RGBA(red: 0, green: 0, blue: 1)
        recording.series = [.init(chart: "dot x", label: "moved", color: blue, points: [(0, 20), (0.5, 100), (1, 180)]),
                            .init(chart: "dot x", label: "restarted", color: blue, isDashed: true, points: [(0, 20), (1, 120)])]
        let svg = SVGRenderer.document(recording)
        // Under the timeline: title 36 + 8, two rows of 22 + 48, a gap of 24 → y = 160; beside
        // the 200-point stage: x = 16 + 200 + 24 = 240.
        #expect(svg.contains(##"<g class="chart" transform="translate(240 160)">"##))
        // Time as on the timeline (x from 170, 342 points for 1 s); values 20…180 over 100 points
        // upwards from y = 120.
        #expect(svg.contains(##"stroke="#0000ff" stroke-width="1.5" points="170,120 341,70 512,20">"##))
        #expect(svg.contains(##"stroke-dasharray="5 3" points="170,120 512,57.5">"##))
        #expect(svg.components(separatedBy: ##"<g class="chart""##).count == 2)
    }

    @Test func writerChoosesTheFormatByExtension() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let svgPath = directory.appendingPathComponent("a.svg").path
        let htmlPath = directory.appendingPathComponent("a.html").path
        try RecordingWriter.write(recording(), to: svgPath)
        try RecordingWriter.write(recording(), to: htmlPath)
        #expect(try String(contentsOfFile: svgPath, encoding: .utf8).hasPrefix("<svg "))
        let html = try String(contentsOfFile: htmlPath, encoding: .utf8)
        #expect(html.hasPrefix("<!doctype html>") && html.contains("setCurrentTime"))
        #expect(throws: RecordingWriter.UnsupportedExtension.self) {
            try RecordingWriter.write(recording(), to: directory.appendingPathComponent("a.png").path)
        }
    }
}
