#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where
// QuartzCore is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Each ``CancellationPolicy`` applied to animations other than a single basic one: a group
/// of two key paths, a spring and a keyframe animation. After the cancel the model holds what
/// the policy promises for every key path, the presentation agrees, and nothing stays
/// attached.
@Suite(.hangGuard)
struct CompositeCancellationPolicyTests {
    /// Runs `animation` on `layer` with `policy` on `fixture`'s queue, cancels it at t = 0.25
    /// and returns the operation once it has finished.
    private func cancelAtAQuarter(_ animation: some LayerAnimation, on layer: CALayer, policy: CancellationPolicy,
                                  in fixture: QueueFixture,
                                  beforeCancel: (CALayer) -> Void = { _ in }) async -> ProbedAnimationOperation {
        let operation = ProbedAnimationOperation("animation", layer: layer, animation: animation, log: fixture.log)
        operation.cancellationPolicy = policy
        fixture.queue.addOperation(operation)
        await fixture.clock.advance(by: 0.25)
        beforeCancel(layer)
        operation.cancel()
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(operation, .cancelled, clock: fixture.clock)
        #expect(layer.animationKeys() == nil)
        return operation
    }

    // MARK: A group of two key paths

    /// A layer at opacity 0.2 and x = 0, animated linearly over 1 s to opacity 1 and x = 100;
    /// at t = 0.25 it shows opacity 0.2 + 0.8 · 0.25 = 0.4 and x = 25.
    @Test(arguments: [
        (CancellationPolicy.holdPresentation, Float(0.4), CGFloat(25)),
        (.revert, 0.2, 0),
        (.complete, 1, 100),
    ])
    func cancellingAGroupAppliesThePolicyToEveryKeyPath(policy: CancellationPolicy, opacity: Float, x: CGFloat) async {
        let fixture = QueueFixture(queueName: "\(#function) \(policy)")
        let layer = fixture.layer(opacity: 0.2)
        let group = AnimationGroup([
            BasicAnimation(.opacity, to: 1, duration: 1, timing: .linear),
            BasicAnimation(.positionX, from: 0, to: 100, duration: 1, timing: .linear),
        ])
        _ = await cancelAtAQuarter(group, on: layer, policy: policy, in: fixture)
        #expect(isClose(Double(layer.opacity), Double(opacity), 1e-6))
        #expect(isClose(Double(layer.position.x), Double(x), 1e-6))
        #expect(isClose(shownOpacity(layer), Double(opacity), 1e-6))
        #expect(isClose(layer.presentation().map { Double($0.position.x) }, Double(x), 1e-6))
        await fixture.clock.advance(by: 2)
        #expect(isClose(Double(layer.position.x), Double(x), 1e-6))
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    // MARK: A spring

    /// A critically damped spring (bounce 0) of perceptual duration 1 s has mass 1 and
    /// stiffness (2π)², so ω = 2π, and from 0 to 100 with no initial velocity it is at
    /// 100 − 100 · (1 + ωt) · e^(−ωt): 46.56… at t = 0.25.
    static let springAtAQuarter: Double = {
        let omegaT = 2 * Double.pi * 0.25
        return 100 - 100 * (1 + omegaT) * exp(-omegaT)
    }()

    @Test(arguments: [
        (CancellationPolicy.holdPresentation, springAtAQuarter),
        (.revert, 0),
        (.complete, 100),
    ])
    func cancellingASpringAppliesThePolicy(policy: CancellationPolicy, x: Double) async {
        let fixture = QueueFixture(queueName: "\(#function) \(policy)")
        let layer = fixture.layer()
        let spring = SpringAnimation(.positionX, from: 0, to: 100, perceptualDuration: 1, bounce: 0)
        _ = await cancelAtAQuarter(spring, on: layer, policy: policy, in: fixture) {
            #expect(isClose($0.presentation().map { Double($0.position.x) }, Self.springAtAQuarter, 1e-3))
        }
        #expect(isClose(Double(layer.position.x), x, 1e-3))
        #expect(isClose(layer.presentation().map { Double($0.position.x) }, x, 1e-3))
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    // MARK: Keyframes

    /// Keyframes 0 → 100 → 50 over 1 s: revert goes back to the first value, complete to
    /// the last, whatever the value shown at the cancel (50, a quarter of the way).
    @Test(arguments: [(CancellationPolicy.revert, CGFloat(0)), (.complete, 50)])
    func cancellingKeyframesRevertsToTheFirstValueOrCompletesToTheLast(policy: CancellationPolicy, y: CGFloat) async {
        let fixture = QueueFixture(queueName: "\(#function) \(policy)")
        let layer = fixture.layer()
        let keyframes = KeyframeAnimation(.positionY, values: [0, 100, 50], duration: 1)
        _ = await cancelAtAQuarter(keyframes, on: layer, policy: policy, in: fixture) {
            #expect(isClose($0.presentation().map { Double($0.position.y) }, 50, 1e-6))
        }
        #expect(layer.position.y == y)
        #expect(layer.presentation()?.position.y == y)
    }
}
#endif
