import AnimationQueue
import Dispatch
import Foundation
import LayerRenderer
#if !canImport(QuartzCore)
import AnimationQueueTesting
#endif

/// The harness around every example: it owns the clock, prints the timeline, samples the
/// layers and writes the picture, so that the examples themselves contain only app code.
///
/// ```swift
/// let screen = Demo.screen(width: 360, height: 480)    // in an app: view.layer
/// screen.addSublayer(card)
/// let run = AnimationQueue.main.run(plan)
/// await Demo.play(run)
/// ```
///
/// Flags: `--fast` (virtual time), `--render PATH.svg|PATH.html`, `--reduce-motion`.
@MainActor
public enum Demo {
    private static var session: DemoSession?

    /// Starts the demo: reads the flags, chooses the clock and returns the root layer of a
    /// screen `width` × `height` points, y growing downwards.
    public static func screen(width: CGFloat, height: CGFloat) -> CALayer {
        let options = DemoOptions.parse(Array(ProcessInfo.processInfo.arguments.dropFirst()))
        let session = DemoSession(options: options, size: CGSize(width: width, height: height))
        Demo.session = session
        return session.screen
    }

    /// Plays a plan's run to its end: prints each step starting and finishing as it happens,
    /// then the outcome, and writes the picture if asked to.
    public static func play(_ run: AnimationRun) async {
        await current.play(run)
    }

    /// Plays a graph of operations already added to a queue, until all have finished;
    /// prints each operation (by its `name`) starting and finishing.
    public static func play(_ operations: [Operation]) async {
        await current.play(operations)
    }

    /// Runs `body` on the main thread `seconds` after the demo started, on the demo's clock:
    /// how an example simulates a tap.
    public static func after(_ seconds: TimeInterval, _ body: @escaping @MainActor @Sendable () -> Void) {
        let session = current
        let delay = session.start + seconds - session.clock.now
        session.clock.schedule(after: delay) { MainActor.assumeIsolated { body() } }
    }

    /// Follows `value` over time: it is read at every frame, and the picture draws it as a
    /// line in the chart named `chart` (series of one chart share its axes). `value` returns
    /// nil when there is nothing to draw.
    ///
    /// ```swift
    /// Demo.plot("card x", "retargeted", color: blue) { card.presentation()?.position.x }
    /// ```
    public static func plot(_ chart: String, _ label: String, color: CGColor, dashed: Bool = false,
                            _ value: @escaping @MainActor () -> CGFloat?) {
        current.plot(chart, label, color: color, dashed: dashed, value)
    }

    /// Whether the demo runs in virtual time (`--fast`): the clock stands still while main
    /// thread code runs, so two reads in one callback see the same instant.
    public static var isVirtualTime: Bool { current.clock.isVirtual }

    private static var current: DemoSession {
        guard let session else { preconditionFailure("Call Demo.screen(width:height:) before the rest of the demo.") }
        return session
    }
}
