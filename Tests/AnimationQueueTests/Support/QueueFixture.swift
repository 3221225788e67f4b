#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where QuartzCore
// is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation

/// What a scheduler test sets up: a test clock, a queue of the test's own, a log of its
/// probed operations' events on the clock's time, and layers that run on the clock.
///
/// ```swift
/// let fixture = QueueFixture()
/// let layer = fixture.layer(opacity: 1)
/// let fade = ProbedAnimationOperation("fade", layer: layer, animation: OpacityRamp(from: 1, to: 0, duration: 1), log: fixture.log)
/// fixture.queue.addOperation(fade)
/// await fixture.clock.advance(by: 1)
/// #expect(fixture.log.time(of: "fade finished") == 1)
/// ```
struct QueueFixture: Sendable {
    /// The virtual time the test's layers run on.
    let clock: AnimationTestClock
    /// The test's queue.
    let queue: AnimationQueue
    /// The events of the test's ``ProbedAnimationOperation``s, stamped with the clock's time.
    let log: ProbeLog

    /// - Parameters:
    ///   - now: The virtual time the clock starts at.
    ///   - queueName: The queue's name: by default the name of the test that calls this.
    init(now: TimeInterval = 0, queueName: String = #function) {
        clock = AnimationTestClock(now: now)
        queue = AnimationQueue(name: queueName)
        log = ProbeLog(clock: clock)
    }

    /// A new layer on the clock, committed so that it has a presentation layer.
    func layer() -> CALayer { clock.makeLayer() }

    /// An operation named `name` that moves `layer` whatever the system's Reduce Motion says.
    func operation(_ layer: CALayer, _ animation: some LayerAnimation, named name: String) -> AnimationOperation {
        let operation = AnimationOperation(layer: layer, animation: animation)
        operation.name = name
        operation.motion = .full
        return operation
    }

    /// A layer that `make` creates, on the clock, committed so that it has a presentation
    /// layer.
    func layer<Layer: CALayer>(_ make: () -> Layer) -> Layer { clock.makeLayer(make) }

    /// A layer on the clock whose model opacity was set to `opacity` without animation.
    func layer(opacity: Float) -> CALayer { probeLayer(on: clock, opacity: opacity) }
}
#endif
