#if !canImport(QuartzCore)
// Exit tests of the scheduler's timing checks: compiled with the Linux engine's suites.

import AnimationQueue
import Foundation
import Testing

/// A time, rate or count that cannot be played stops the program with a message naming the
/// parameter, the value and the fix, before anything runs.
@Suite(.hangGuard) struct TimingMisuseMessageTests {
    private func message(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test func aNegativeOrNaNPerceptualDurationStopsNamingIt() async {
        let negative = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SpringAnimation(.transformScale, from: 0.6, to: 1, perceptualDuration: -0.4, bounce: 0.3)
        }
        #expect(message(negative).contains("spring perceptualDuration must be finite and > 0, got -0.4. Pass a value in that range"))
        let nan = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SpringAnimation(.transformScale, from: 0.6, to: 1, perceptualDuration: .nan, bounce: 0.3)
        }
        #expect(message(nan).contains("spring perceptualDuration must be finite and > 0, got nan."))
    }

    @Test func aNaNBounceStopsNamingTheRange() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SpringAnimation(.transformScale, from: 0.6, to: 1, perceptualDuration: 0.4, bounce: .nan)
        }
        #expect(message(result).contains("spring bounce must be strictly between −1 and 1"))
        #expect(message(result).contains("got nan"))
    }

    @Test func aNegativeDelayStopsNamingIt() async {
        let modifier = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3).delayed(by: -0.1)
        }
        #expect(message(modifier).contains("delay must be a finite number of seconds ≥ 0, got -0.1. Pass 0 or a positive finite value."))
        let step = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Step(CALayer(), BasicAnimation(.opacity, to: 1, duration: 0.3)).delayed(by: .nan)
        }
        #expect(message(step).contains("delay must be a finite number of seconds ≥ 0, got nan."))
    }

    @Test func aNegativeGroupDurationStopsNamingIt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = AnimationGroup([BasicAnimation(.opacity, to: 1, duration: 0.3)], duration: -1)
        }
        #expect(message(result).contains("duration must be a finite number of seconds ≥ 0, got -1.0."))
    }

    @Test func aNegativeRepeatCountStopsNamingTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = BasicAnimation(.opacity, to: 1, duration: 0.3).repeating(-1)
        }
        #expect(message(result).contains("repeatCount must be ≥ 0 (0 plays once), got -1.0. Pass a count such as 2, or .infinity to repeat forever."))
        let duration = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = BasicAnimation(.opacity, to: 1, duration: 0.3).repeating(for: .nan)
        }
        #expect(message(duration).contains("repeatDuration must be a finite number of seconds ≥ 0, got nan."))
    }

    @Test func aZeroAnimationSpeedStopsPointingAtPause() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = BasicAnimation(.opacity, to: 1, duration: 0.3, speed: 0)
        }
        #expect(message(result).contains("speed must be a finite number > 0, got 0.0. Use 1 for normal speed, 2 for twice as fast; to pause, pause the run instead."))
    }

    /// The speed is passed as text: an exit test's captured values travel as JSON, which has
    /// no NaN.
    @Test(arguments: ["0", "-1", "nan"])
    func anInvalidRunSpeedStopsPointingAtPause(_ speed: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [speed] in
            let queue = AnimationQueue(name: "speed")
            queue.isSuspended = true
            let run = queue.run(AnimationPlan { Step(CALayer(), BasicAnimation(.opacity, to: 1, duration: 1)) })
            run.speed = Float(speed)!
        }
        #expect(message(result).contains("AnimationRun.speed must be a finite number greater than 0, got \(Float(speed)!). Use pause() to stop time and resume() to continue."))
    }
}
#endif
