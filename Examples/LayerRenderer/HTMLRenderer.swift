import Foundation

/// Writes a recording as a web page: the animated SVG, play/pause and a scrubber (through
/// the SVG DOM's `pauseAnimations()` and `setCurrentTime(_:)`), and the printed timeline.
///
/// ```swift
/// try HTMLRenderer.page(recording).write(toFile: "onboarding.html", atomically: true, encoding: .utf8)
/// ```
public enum HTMLRenderer {
    /// The page's HTML.
    public static func page(_ recording: Recording) -> String {
        let loop = max(recording.duration, 0.1) + SVGRenderer.Layout.hold
        let log = recording.log.map(XML.escape).joined(separator: "\n")
        return """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>\(XML.escape(recording.title))</title>
        <style>
          body { font: 14px -apple-system, system-ui, sans-serif; margin: 24px; color: #202124; }
          .controls { margin: 8px 0 16px; display: flex; gap: 12px; align-items: center; }
          input[type=range] { width: 360px; }
          pre { background: #f6f7f9; padding: 12px; border-radius: 6px; }
        </style>
        </head>
        <body>
        <div class="controls">
          <button id="play">Pause</button>
          <input id="scrub" type="range" min="0" max="\(SVGNumber.format(loop))" step="0.01" value="0">
          <span id="time">0.00 s</span>
        </div>
        \(SVGRenderer.document(recording))
        <h2>Timeline</h2>
        <pre>\(log)</pre>
        <script>
          const svg = document.querySelector("svg");
          const play = document.getElementById("play");
          const scrub = document.getElementById("scrub");
          const time = document.getElementById("time");
          const loop = \(SVGNumber.format(loop));
          play.onclick = () => {
            if (svg.animationsPaused()) { svg.unpauseAnimations(); play.textContent = "Pause"; }
            else { svg.pauseAnimations(); play.textContent = "Play"; }
          };
          scrub.oninput = () => {
            svg.pauseAnimations(); play.textContent = "Play";
            svg.setCurrentTime(Number(scrub.value));
          };
          setInterval(() => {
            const t = svg.getCurrentTime() % loop;
            if (!svg.animationsPaused()) scrub.value = t;
            time.textContent = Math.min(t, loop - \(SVGNumber.format(SVGRenderer.Layout.hold))).toFixed(2) + " s";
          }, 50);
        </script>
        </body>
        </html>

        """
    }
}

/// Writes a recording to a file, choosing the format by the path's extension.
public enum RecordingWriter {
    /// A path whose extension is neither `.svg` nor `.html`.
    public struct UnsupportedExtension: Error, CustomStringConvertible {
        /// The path.
        public let path: String
        /// Names the supported extensions.
        public var description: String { "cannot render to '\(path)': use a path ending in .svg or .html" }
    }

    /// Writes `.svg` (``SVGRenderer/document(_:)``) or `.html`/`.htm` (``HTMLRenderer/page(_:)``).
    public static func write(_ recording: Recording, to path: String) throws {
        let text: String
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "svg": text = SVGRenderer.document(recording)
        case "html", "htm": text = HTMLRenderer.page(recording)
        default: throw UnsupportedExtension(path: path)
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
