import AnimationQueue
import Dispatch
import Foundation
import LayerRenderer
#if !canImport(QuartzCore)
import AnimationQueueTesting
#endif

/// One run of an example: its clock, its screen, its timeline and its recording.
@MainActor
final class DemoSession {
    static let framesPerSecond = 30.0
    /// Virtual seconds after which a `--fast` run that has not ended is reported as stuck.
    static let virtualTimeLimit = 120.0
    /// Wall-clock seconds after which a real-time run that has not ended is reported as
    /// stuck: every example plays in under ten seconds, so a run still going after a minute
    /// waits for a callback that will not come (for example, Core Animation not calling back
    /// for a layer that is in no window).
    static let realTimeLimit = 60.0

    let options: DemoOptions
    let clock: DemoClock
    let screen: CALayer
    /// The clock time the demo started, which the timeline counts from.
    let start: TimeInterval
    private var recording: Recording
    private var stepIndex: [String: Int] = [:]
    private var nextFrame = 0.0
    private var printedEvents = 0
    private var tracker = OperationTracker([])
    /// What ``Demo/plot(_:_:color:dashed:_:)`` follows, by index in the recording's series.
    private var plotted: [@MainActor () -> CGFloat?] = []

    init(options: DemoOptions, size: CGSize) {
        #if canImport(QuartzCore)
        if options.fast {
            Self.fail("--fast needs the virtual time of the Linux engine (OpenQuartzCore); on Apple platforms, run without --fast")
        }
        #endif
        if let path = options.renderPath, !FileManager.default.createFile(atPath: path, contents: nil) {
            Self.fail("--render \(path): cannot write this file; check that its folder exists and is writable")
        }
        if options.reduceMotion { setenv("ANIMATIONQUEUE_REDUCE_MOTION", "1", 1) }
        self.options = options
        clock = DemoClock(fast: options.fast)
        DemoClock.install(clock)
        let root: CALayer
        #if canImport(QuartzCore)
        root = CALayer()
        #else
        root = clock.virtual?.makeLayer() ?? CALayer()
        #endif
        root.name = "screen"
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = CGPoint(x: size.width / 2, y: size.height / 2)
        screen = root
        start = clock.now
        let name = URL(fileURLWithPath: ProcessInfo.processInfo.arguments.first ?? "demo").lastPathComponent
        recording = Recording(title: name, size: size)
        let mode = clock.isVirtual ? "virtual time (--fast)" : "real time on the engine (try --fast)"
        let motion = options.reduceMotion ? ", Reduce Motion on" : ""
        say("\(name): \(mode)\(motion); \(Int(size.width))×\(Int(size.height)) screen")
    }

    // MARK: Playing

    func play(_ run: AnimationRun) async {
        printedEvents = 0
        let order = Dictionary(run.stepNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let poll: @MainActor @Sendable () -> Void = { [self] in
            let events = run.recordedEvents
            for event in Self.timelineOrder(events.dropFirst(printedEvents), stepOrder: order) { record(event) }
            printedEvents = events.count
        }
        await drive(until: { run.isFinished }, poll: poll)
        poll()
        await finish(outcome: await run.outcome)
    }

    func play(_ operations: [Operation]) async {
        tracker = OperationTracker(operations)
        let box = UncheckedSendableBox(operations)
        let poll: @MainActor @Sendable () -> Void = { [self] in
            for (label, kind) in tracker.poll() { record(label: label, kind: kind, at: clock.now) }
        }
        await drive(until: { box.value.allSatisfy(\.isFinished) }, poll: poll)
        poll()
        let outcomes = operations.map { ($0 as? AnimationOperation)?.outcome ?? ($0.isCancelled ? .cancelled : .finished) }
        let outcome: AnimationOutcome = outcomes.contains(.interrupted) ? .interrupted
            : outcomes.contains(.cancelled) ? .cancelled : .finished
        await finish(outcome: outcome)
    }

    /// Advances (virtual) or waits for (real) time until `isDone`, sampling frames and
    /// calling `poll` whenever something may have happened.
    private func drive(until isDone: @escaping @MainActor @Sendable () -> Bool,
                       poll: @escaping @MainActor @Sendable () -> Void) async {
        #if !canImport(QuartzCore)
        if let virtual = clock.virtual {
            await virtual.settle()
            poll()
            sampleIfDue()
            while !isDone() {
                let frame = start + nextFrame
                let target = min(frame, virtual.engineClock.nextDeadline ?? frame)
                await virtual.advance(to: max(target, virtual.now))
                poll()
                sampleIfDue()
                if virtual.now - start > Self.virtualTimeLimit {
                    say("error: still running after \(Int(Self.virtualTimeLimit)) s of virtual time; pending work:")
                    for work in virtual.pendingWork { say("  \(work)") }
                    exit(1)
                }
            }
            sample()
            return
        }
        #endif
        // Real time: a timer on the main queue samples and polls while the run plays.
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now(), repeating: 1 / 120)
        timer.setEventHandler {
            MainActor.assumeIsolated {
                poll()
                self.sampleIfDue()
            }
        }
        timer.resume()
        let deadline = DispatchTime.now() + Self.realTimeLimit
        while !isDone() {
            if DispatchTime.now() > deadline {
                say("error: still running after \(Int(Self.realTimeLimit)) s of real time; Core Animation did not report every step's end")
                exit(1)
            }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.005) { continuation.resume() }
            }
        }
        timer.cancel()
        sample()
    }

    private func finish(outcome: AnimationOutcome) async {
        say(String(format: "outcome: %@ after %.3f s", outcome.description, clock.now - start))
        guard let path = options.renderPath else { return }
        do {
            try RecordingWriter.write(recording, to: path)
            say("rendered \(recording.frames.count) frames and \(recording.steps.count) steps to \(path)")
        } catch {
            Self.fail("--render \(path): \(error.localizedDescription)")
        }
    }

    /// Prints one line to standard error and exits: bad input, found before anything plays.
    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        exit(1)
    }

    /// New events in the order the timeline prints them: by time (to the printed
    /// millisecond), then by the step's place in the plan, a start before an end. Steps that
    /// end together may complete on different threads, so the order they were recorded in
    /// varies from run to run; this order does not.
    static func timelineOrder(_ events: some Sequence<AnimationRun.Event>, stepOrder: [String: Int]) -> [AnimationRun.Event] {
        events.enumerated().sorted { a, b in
            func key(_ e: (offset: Int, element: AnimationRun.Event)) -> (Double, Int, Int, Int) {
                let isStart = if case .started = e.element.kind { 0 } else { 1 }
                return ((e.element.time * 1000).rounded(), stepOrder[e.element.step] ?? .max, isStart, e.offset)
            }
            return key(a) < key(b)
        }.map(\.element)
    }

    // MARK: Timeline

    private func record(_ event: AnimationRun.Event) {
        let kind: String
        switch event.kind {
        case .started: kind = "started"
        case .finished(let outcome): kind = outcome.description
        case .seeked, .reversed, .retargeted:
            // Moves of the run or of a step's target, not starts or ends: printed, not drawn.
            return say(String(format: "%8.3f s  ", event.time - start) + event.description.split(separator: " ", maxSplits: 1)[1])
        }
        record(label: event.step, kind: kind, at: event.time)
    }

    /// Prints one line of the timeline and adds it to the recording's steps.
    private func record(label: String, kind: String, at time: TimeInterval) {
        let t = time - start
        say(String(format: "%8.3f s  ", t) + kind.padding(toLength: max(11, kind.count + 1), withPad: " ", startingAt: 0) + label)
        let index = stepIndex[label] ?? {
            recording.steps.append(Recording.Step(label: label, start: nil, end: nil, outcome: nil))
            stepIndex[label] = recording.steps.count - 1
            return recording.steps.count - 1
        }()
        if kind == "started" {
            recording.steps[index].start = t
        } else {
            recording.steps[index].end = t
            recording.steps[index].outcome = kind
        }
    }

    private func say(_ line: String) {
        print(line)
        fflush(nil)     // live, even into a pipe
        recording.log.append(line)
    }

    // MARK: Frames

    func plot(_ chart: String, _ label: String, color: CGColor, dashed: Bool, _ value: @escaping @MainActor () -> CGFloat?) {
        recording.series.append(Recording.Series(chart: chart, label: label, color: RGBA(color) ?? RGBA(red: 0, green: 0, blue: 0),
                                                 isDashed: dashed))
        plotted.append(value)
    }

    private func sampleIfDue() {
        guard clock.now - start >= nextFrame - 1e-9 else { return }
        sample()
        // The frame after this one. A time a rounding error short of a frame's time (4.1 s is
        // frame 122.99999999999999 at 30 fps) counts as that frame, or the next frame's time
        // would be now again and the demo would stand still.
        let frame = ((clock.now - start) * Self.framesPerSecond + 1e-6).rounded(.down)
        nextFrame = (frame + 1) / Self.framesPerSecond
    }

    /// Snapshots the screen as shown now.
    ///
    /// First gives each layer marked with `setNeedsDisplay()` its `display()` call, as Core
    /// Animation does when it commits a transaction (OpenQuartzCore calls `display()` only
    /// while a custom property animates, so the final value would otherwise not be drawn).
    private func sample() {
        displayIfNeeded(screen)
        let time = ((clock.now - start) * 1000).rounded() / 1000
        recording.frames.append(Recording.Frame(time: time, root: LayerSnapshot(presentationOf: screen)))
        for (index, value) in plotted.enumerated() {
            if let value = value() { recording.series[index].points.append((time, Double(value))) }
        }
    }

    private func displayIfNeeded(_ layer: CALayer) {
        layer.displayIfNeeded()
        for sublayer in layer.sublayers ?? [] { displayIfNeeded(sublayer) }
    }
}

/// Notices operations starting and finishing, for graphs built from plain operations (an
/// ``AnimationRun`` reports its steps itself; a set of operations has no such stream).
struct OperationTracker {
    private var entries: [(operation: Operation, label: String, started: Bool, finished: Bool)]

    init(_ operations: [Operation]) {
        entries = operations.enumerated().map { index, operation in
            (operation, operation.name ?? "operation \(index + 1)", false, false)
        }
    }

    /// The changes since the last poll: (label, "started" or an outcome).
    mutating func poll() -> [(String, String)] {
        var changes: [(String, String)] = []
        for index in entries.indices {
            let operation = entries[index].operation
            let finished = operation.isFinished
            if !entries[index].started, operation.isExecuting || (finished && !operation.isCancelled) {
                entries[index].started = true
                changes.append((entries[index].label, "started"))
            }
            if !entries[index].finished, finished {
                entries[index].finished = true
                let outcome = (operation as? AnimationOperation)?.outcome
                    ?? (operation.isCancelled ? .cancelled : .finished)
                changes.append((entries[index].label, outcome.description))
            }
        }
        return changes
    }
}
