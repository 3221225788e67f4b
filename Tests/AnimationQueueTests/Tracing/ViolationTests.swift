#if os(macOS) || os(Linux) || os(Windows)
// Exit tests run each body in a child process, which Swift Testing can start on macOS,
// Linux and Windows only: compiled there.

import AnimationQueue
import Foundation
import Testing

/// Bad input stops the program with a clear message (exit tests: each runs in a child process).
@Suite struct ViolationTests {
    @Test func negativeOrNonFiniteTimesStop() async {
        await #expect(processExitsWith: .failure) { _ = BasicAnimation(.opacity, to: 1, duration: -1) }
        await #expect(processExitsWith: .failure) { _ = BasicAnimation(.opacity, to: 1, duration: .nan) }
        await #expect(processExitsWith: .failure) { _ = BasicAnimation(.opacity, to: 1, duration: .infinity) }
        await #expect(processExitsWith: .failure) { _ = BasicAnimation(.opacity, to: 1, delay: -0.1) }
        await #expect(processExitsWith: .failure) {
            _ = BasicAnimation(.opacity, to: 1).delayed(by: .infinity)
        }
        await #expect(processExitsWith: .failure) { _ = BasicAnimation(.opacity, to: 1, speed: 0) }
    }

    @Test func messageNamesProblemAndFix() async throws {
        let result = try #require(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = KeyframeAnimation(.positionX, values: [0, 1, 2], keyTimes: [0, 1])
        })
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("2 keyTimes for 3 values"))
        #expect(message.contains("Pass 3 fractions from 0 to 1"))
    }

    @Test func badKeyframesStop() async {
        await #expect(processExitsWith: .failure) { _ = KeyframeAnimation<CGFloat>(.positionX, values: []) }
        await #expect(processExitsWith: .failure) {
            _ = KeyframeAnimation(.positionX, values: [0, 1, 2], keyTimes: [0, 1])
        }
        await #expect(processExitsWith: .failure) {
            _ = KeyframeAnimation(.positionX, values: [0, 1], keyTimes: [0.5, 0.2])
        }
        await #expect(processExitsWith: .failure) {
            _ = KeyframeAnimation(.positionX, values: [0, 1, 2], segmentTimings: [.easeIn])
        }
    }

    @Test func springParametersOutOfRangeStop() async {
        await #expect(processExitsWith: .failure) { _ = SpringAnimation(.positionX, to: 1, mass: 0) }
        await #expect(processExitsWith: .failure) { _ = SpringAnimation(.positionX, to: 1, stiffness: -1) }
        await #expect(processExitsWith: .failure) { _ = SpringAnimation(.positionX, to: 1, damping: -1) }
        await #expect(processExitsWith: .failure) {
            _ = SpringAnimation(.positionX, to: 1, perceptualDuration: 0)
        }
        await #expect(processExitsWith: .failure) {
            _ = SpringAnimation(.positionX, to: 1, perceptualDuration: 0.4, bounce: 1.5)
        }
        await #expect(processExitsWith: .failure) {
            _ = SpringAnimation(.positionX, to: 1, damping: 0)   // never settles, no duration
        }
    }

    @Test func validInputDoesNotStop() async {
        await #expect(processExitsWith: .success) {
            _ = SpringAnimation(.positionX, to: 1, perceptualDuration: 0.4, bounce: -0.9)
            _ = KeyframeAnimation(.positionX, values: [0, 1], keyTimes: [0, 1], segmentTimings: [.easeIn])
            _ = BasicAnimation(.opacity, to: 1, duration: 0)
        }
    }
}
#endif
