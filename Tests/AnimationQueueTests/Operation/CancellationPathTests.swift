#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where
// QuartzCore is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Each ``CancellationPolicy`` on the ways an animation can be running when it is cancelled:
/// waiting out its delay, cross-fading under reduced motion, playing backwards, repeating
/// forever, and awaited by a task that is cancelled. Every case finishes `.cancelled` with
/// the model and the presentation where the policy says, and nothing attached.
///
/// The fixture: a layer at x = 0 moved from 0 to 100 over 1 s (linear where the value shown
/// at the cancel matters).
@Suite(.hangGuard)
struct CancellationPathTests {
    static let slide = BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear)

    /// Starts `animation` with `policy`, cancels it at `cancelAt` and checks the outcome,
    /// that nothing stays attached, and that the model and the presentation show `x`.
    private func cancel(_ animation: some LayerAnimation, policy: CancellationPolicy, motion: MotionPolicy = .full,
                        at cancelAt: TimeInterval, expecting x: CGFloat, name: String,
                        sourceLocation: SourceLocation = #_sourceLocation) async {
        let fixture = QueueFixture(queueName: name)
        let layer = fixture.layer()
        let operation = AnimationOperation(layer: layer, animation: animation)
        operation.cancellationPolicy = policy
        operation.motion = motion
        fixture.queue.addOperation(operation)
        await fixture.clock.advance(by: cancelAt)
        #expect(operation.outcome == nil, sourceLocation: sourceLocation)
        operation.cancel()
        await fixture.clock.advance(by: 0)
        #expect(operation.outcome == .cancelled, sourceLocation: sourceLocation)
        #expect(isClose(Double(layer.position.x), Double(x), 1e-6), "model \(layer.position.x)", sourceLocation: sourceLocation)
        #expect(isClose(layer.presentation().map { Double($0.position.x) }, Double(x), 1e-6), sourceLocation: sourceLocation)
        #expect(layer.animationKeys() == nil, sourceLocation: sourceLocation)
        await fixture.clock.advance(by: 2)
        #expect(isClose(layer.presentation().map { Double($0.position.x) }, Double(x), 1e-6), sourceLocation: sourceLocation)
        #expect(fixture.clock.pendingWork.isEmpty, sourceLocation: sourceLocation)
    }

    /// During a delay the layer shows the from-value, so holding it keeps 0.
    @Test(arguments: [(CancellationPolicy.holdPresentation, CGFloat(0)), (.revert, 0), (.complete, 100)])
    func cancellingDuringTheDelay(policy: CancellationPolicy, x: CGFloat) async {
        await cancel(Self.slide.delayed(by: 0.5), policy: policy, at: 0.25, expecting: x, name: "\(#function) \(policy)")
    }

    /// A cross-fade shows the final value from the start: holding it keeps 100.
    @Test(arguments: [(CancellationPolicy.holdPresentation, CGFloat(100)), (.revert, 0), (.complete, 100)])
    func cancellingACrossFade(policy: CancellationPolicy, x: CGFloat) async {
        await cancel(Self.slide.reducingMotion(.crossFade(duration: 0.5)), policy: policy, motion: .reduced,
                     at: 0.25, expecting: x, name: "\(#function) \(policy)")
    }

    /// Halfway back (t = 1.5) an autoreversing slide shows 50; it ends where it began, so
    /// completing it goes to 0.
    @Test(arguments: [(CancellationPolicy.holdPresentation, CGFloat(50)), (.revert, 0), (.complete, 0)])
    func cancellingAnAutoreversingAnimationOnItsWayBack(policy: CancellationPolicy, x: CGFloat) async {
        await cancel(Self.slide.autoreversing(), policy: policy, at: 1.5, expecting: x, name: "\(#function) \(policy)")
    }

    /// A quarter into its fourth pass (t = 3.25) an endless slide shows 25.
    @Test(arguments: [(CancellationPolicy.holdPresentation, CGFloat(25)), (.revert, 0), (.complete, 100)])
    func cancellingAnAnimationThatRepeatsForever(policy: CancellationPolicy, x: CGFloat) async {
        await cancel(Self.slide.repeatingForever(), policy: policy, at: 3.25, expecting: x, name: "\(#function) \(policy)")
    }

    /// `layer.run(_:cancellationPolicy:)`: cancelling the awaiting task applies the policy,
    /// and the await returns `.cancelled` rather than throwing.
    @MainActor
    @Test(arguments: [(CancellationPolicy.holdPresentation, CGFloat(25)), (.revert, 0), (.complete, 100)])
    func cancellingTheTaskThatAwaitsLayerRun(policy: CancellationPolicy, x: CGFloat) async {
        let fixture = QueueFixture(queueName: "\(#function) \(policy)")
        let layer = fixture.layer()
        let task = Task { await layer.run(Self.slide, on: fixture.queue, cancellationPolicy: policy, motion: .full) }
        await fixture.clock.advance(by: 0.25)
        task.cancel()
        await fixture.clock.advance(by: 0)
        #expect(await task.value == .cancelled)
        #expect(isClose(Double(layer.position.x), Double(x), 1e-6))
        #expect(isClose(layer.presentation().map { Double($0.position.x) }, Double(x), 1e-6))
        #expect(layer.animationKeys() == nil)
    }
}
#endif
