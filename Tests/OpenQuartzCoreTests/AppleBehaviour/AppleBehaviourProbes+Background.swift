// Probe of what Core Animation does to an app's animations when the app goes to the
// background and comes back, written with Apple's API only, like the probes in
// AppleBehaviourProbes.swift. Apple documents none of it; apps report three orders for the
// end of the removed animations: at once, when the app returns, or never.
//
// A unit test cannot send an app to the background, so on iOS the probe waits for a trip
// that someone else makes, and records its callbacks against UIKit's
// `didEnterBackgroundNotification` and `willEnterForegroundNotification`:
//
// - By hand, in the Simulator: add the files of this folder and of the Support folder's
//   TimeLimits.swift to a unit test target hosted by an iOS app (the target's Host
//   Application), set `AQ_PROBE_BACKGROUND=1` in the scheme's Test environment variables, and
//   run `AppleBackgroundProbeTests`. When the console prints "[apple-probe] press Home",
//   press Home (Device > Home, Shift-Command-H), stay away at least 10 s so the app is
//   suspended, not only in the background, then reopen the app from the Home Screen. The
//   probe prints its `[apple-probe]` lines and the test fails where QuartzCore differs.
// - From a UI test: launch the host app with `AQ_PROBE_BACKGROUND=1` in
//   `XCUIApplication.launchEnvironment` and have it run
//   `AppleBehaviourProbes.backgroundTrip(.homeButton(timeout:))` and print the results; the
//   UI test calls `XCUIDevice.shared.press(.home)`, waits 10 s, and calls
//   `XCUIApplication().activate()`.
//
// Without `AQ_PROBE_BACKGROUND=1` the Apple test is disabled, so a normal run never waits
// for a trip; with it, the probe gives up after its timeout and reports that no trip came.
// On Linux the same probe runs against OpenQuartzCore's simulation, a manual clock's
// `enterBackground()` and `enterForeground()` (OpenQuartzCoreProbeTests).
#if canImport(QuartzCore)
import QuartzCore
#else
import OpenQuartzCore
#endif
#if canImport(UIKit)
import UIKit
#endif
import Dispatch
import Foundation

extension AppleBehaviourProbes {
    /// One trip of the app to the background and back.
    ///
    /// `run` records `did-enter-background` and `will-enter-foreground` in the log when the
    /// app hears of each, and returns whether the app came back in time.
    struct BackgroundTrip: Sendable {
        let run: @MainActor @Sendable (CallbackLog) async -> Bool
    }

    /// The probe animations' duration: long enough to be running whenever the trip comes.
    static let backgroundProbeDuration: CFTimeInterval = 600

    /// Whether this run asked for the background probe (`AQ_PROBE_BACKGROUND=1`).
    nonisolated static var backgroundProbeRequested: Bool {
        ProcessInfo.processInfo.environment["AQ_PROBE_BACKGROUND"] == "1"
    }

    /// What a trip to the background does to a layer's animations: when the one removed on
    /// completion reports its end (its delegate's `animationDidStop(_:finished:)` and its
    /// transaction's completion block), against the app's notifications; and whether the one
    /// kept on completion stays and shows its value at the current media time.
    ///
    /// - Returns: Two results: the order of the callbacks, then what the layer kept.
    static func backgroundTrip(_ trip: BackgroundTrip) async -> [ProbeResult] {
        let log = CallbackLog()
        let layer = committedLayer()
        addRecordedFade(to: layer, duration: backgroundProbeDuration, log: log)
        let kept = positionXRamp(from: 0, to: 100)
        kept.duration = backgroundProbeDuration
        kept.isRemovedOnCompletion = false
        kept.fillMode = .forwards
        kept.delegate = StopRecorder(log: log, name: "kept-stop")
        CATransaction.begin()
        layer.add(kept, forKey: "kept")
        CATransaction.commit()
        CATransaction.flush()

        let cameBack = await trip.run(log)
        // The ends, if they come at the return, come in its first turns.
        _ = await log.wait(atMost: max(absenceWait, 1)) { events in
            events.contains("completion") && events.contains("stop(finished: false)")
        }
        let keys = layer.animationKeys() ?? []
        let shown = layer.presentation().map { Double($0.position.x) } ?? .nan
        let beginTime = layer.animation(forKey: "kept")?.beginTime ?? .nan
        let elapsed = layer.convertTime(CACurrentMediaTime(), from: nil) - beginTime
        let expected = 100 * min(1, max(0, elapsed / backgroundProbeDuration))
        let events = log.events.filter { !$0.hasSuffix("-dispatched") }
        return [
            backgroundCallbackOrder(events, cameBack: cameBack),
            ProbeResult(
                question: "which animations a layer keeps through a trip to the background",
                openQuartzCoreChoice: "the one kept on completion (isRemovedOnCompletion = false) stays, its time running on in the background, and the other is removed",
                alternativeMode: nil,
                observed: cameBack
                    ? "animationKeys \(keys); the kept one shows \(shown) where media time gives \(expected)"
                    : "no trip to the background and back within the probe's wait",
                matches: cameBack && keys == ["kept"] && abs(shown - expected) < 0.5
            ),
        ]
    }

    /// Reads when the removed animation reported its end, relative to the notifications.
    private static func backgroundCallbackOrder(_ events: [String], cameBack: Bool) -> ProbeResult {
        let question = "when an animation removed by a trip to the background reports its end"
        let choice = "at once: animationDidStop(finished: false) and the completion block come while the app is in the background, before it returns"
        guard cameBack, let returned = events.firstIndex(of: "will-enter-foreground") else {
            return ProbeResult(question: question, openQuartzCoreChoice: choice, alternativeMode: nil,
                               observed: "no trip to the background and back within the probe's wait: \(events)",
                               matches: false)
        }
        let ends = ["stop(finished: false)", "completion"].map { events.firstIndex(of: $0) }
        let order: String
        let mode: String?
        if ends.allSatisfy({ $0 == nil }) {
            (order, mode) = ("never", "background-no-callbacks")
        } else if ends.allSatisfy({ $0.map { $0 < returned } ?? false }) {
            (order, mode) = ("before the return", nil)
        } else if ends.allSatisfy({ $0.map { $0 > returned } ?? false }) {
            (order, mode) = ("after the return", "background-callbacks-at-return")
        } else {
            (order, mode) = ("partly", nil)
        }
        return ProbeResult(
            question: question,
            openQuartzCoreChoice: choice,
            alternativeMode: mode,
            observed: "\(order): \(events.joined(separator: ", "))",
            matches: order == "before the return"
        )
    }
}

#if canImport(UIKit) && !os(watchOS)
extension AppleBehaviourProbes.BackgroundTrip {
    /// A trip someone makes by pressing Home and reopening the app (or a UI test, through
    /// `XCUIDevice`), within `timeout` seconds of the prompt.
    static func homeButton(timeout: TimeInterval) -> Self {
        Self { log in
            let center = NotificationCenter.default
            let observers = [
                center.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main) { _ in
                    log.record("did-enter-background")
                },
                center.addObserver(forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main) { _ in
                    log.record("will-enter-foreground")
                },
            ]
            defer {
                for observer in observers { center.removeObserver(observer) }
            }
            print("[apple-probe] press Home, stay away at least 10 s, then reopen the app (within \(Int(timeout)) s)")
            return await log.wait(atMost: timeout) { $0.contains("will-enter-foreground") }
        }
    }
}
#endif

#if !canImport(QuartzCore)
extension AppleBehaviourProbes.BackgroundTrip {
    /// OpenQuartzCore's simulation of a trip on `clock`: the clock enters the background, the
    /// app hears of it, `away` seconds pass, the app hears it is returning and the clock
    /// enters the foreground. The clock takes a turn after each move.
    static func simulated(on clock: OQC.ManualClock, away: CFTimeInterval) -> Self {
        Self { log in
            clock.enterBackground()
            log.record("did-enter-background")
            clock.advance(by: 0)
            clock.advance(by: away)
            log.record("will-enter-foreground")
            clock.enterForeground()
            clock.advance(by: 0)
            return true
        }
    }
}
#endif
