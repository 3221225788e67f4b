#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock) or scheduler internals:
// compiled only where QuartzCore is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// What the layer shows after a cancel, per `CancellationPolicy` (the Cancellation guide).
///
/// The fixture: a layer at opacity 0.2 animated linearly to 1 over 1 s, cancelled at
/// t = 0.25, when it shows 0.2 + 0.8 · 0.25 = 0.4.
@Suite(.hangGuard)
struct CancellationPolicyTests {
    static let before: Float = 0.2
    static let target: Float = 1
    static let shownAtCancel = 0.4

    /// Plays the fade above with `policy` on `fixture`'s clock and queue, and cancels it at
    /// t = 0.25.
    private func cancelMidway(_ policy: CancellationPolicy?, in fixture: QueueFixture)
        async -> (layer: CALayer, operation: ProbedAnimationOperation) {
        let layer = fixture.layer(opacity: Self.before)
        let fade = ProbedAnimationOperation("fade", layer: layer,
                                            animation: BasicAnimation(.opacity, to: Self.target, duration: 1, timing: .linear), log: fixture.log)
        if let policy { fade.cancellationPolicy = policy }
        fixture.queue.addOperation(fade)
        await fixture.clock.advance(by: 0.25)
        #expect(isClose(shownOpacity(layer), Self.shownAtCancel, 1e-6))
        #expect(layer.opacity == Self.target)
        fade.cancel()
        await fixture.clock.advance(by: 0)
        return (layer, fade)
    }

    @Test func defaultPolicyIsHoldPresentation() {
        let operation = AnimationOperation(layer: CALayer(), animation: OpacityRamp(from: 0, to: 1, duration: 1))
        #expect(operation.cancellationPolicy == .holdPresentation)
    }

    @Test func cancellingRunningOperationWithDefaultPolicyHoldsThePresentationValue() async {
        let fixture = QueueFixture()
        let (layer, fade) = await cancelMidway(nil, in: fixture)
        await expectFinishedOnce(fade, .cancelled, clock: fixture.clock)
        #expect(isClose(Double(layer.opacity), Self.shownAtCancel, 1e-6))
        #expect(isClose(shownOpacity(layer), Self.shownAtCancel, 1e-6))
        #expect(layer.animationKeys() == nil)
        await fixture.clock.advance(by: 2)
        #expect(isClose(shownOpacity(layer), Self.shownAtCancel, 1e-6))
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test func cancellingRunningOperationWithRevertRestoresTheValueBeforeTheStart() async {
        let fixture = QueueFixture()
        let (layer, fade) = await cancelMidway(.revert, in: fixture)
        await expectFinishedOnce(fade, .cancelled, clock: fixture.clock)
        #expect(layer.opacity == Self.before)
        #expect(Float(shownOpacity(layer)) == Self.before)
        #expect(layer.animationKeys() == nil)
        await fixture.clock.advance(by: 2)
        #expect(Float(shownOpacity(layer)) == Self.before)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test func cancellingRunningOperationWithCompleteJumpsToTheFinalValue() async {
        let fixture = QueueFixture()
        let (layer, fade) = await cancelMidway(.complete, in: fixture)
        await expectFinishedOnce(fade, .cancelled, clock: fixture.clock)
        #expect(layer.opacity == Self.target)
        #expect(Float(shownOpacity(layer)) == Self.target)
        #expect(layer.animationKeys() == nil)
        await fixture.clock.advance(by: 2)
        #expect(Float(shownOpacity(layer)) == Self.target)
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    /// `revert` goes back to the animation's from-value, even when the model held another
    /// value before the start.
    @Test func revertGoesBackToTheFromValueNotThePreviousModelValue() async {
        let fixture = QueueFixture()
        let layer = fixture.layer(opacity: 0.6)
        let fade = ProbedAnimationOperation("fade", layer: layer, animation: BasicAnimation(.opacity, from: 0, to: 1, duration: 1),
                                            log: fixture.log)
        fade.cancellationPolicy = .revert
        fixture.queue.addOperation(fade)
        await fixture.clock.advance(by: 0.5)
        fade.cancel()
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(fade, .cancelled, clock: fixture.clock)
        #expect(layer.opacity == 0)
        #expect(shownOpacity(layer) == 0)
    }

    /// Each policy applied to a two-dimensional value: position slides linearly from
    /// (0, 0) to (100, 40) over 2 s and is cancelled at t = 0.5, showing (25, 10).
    @Test(arguments: [
        (CancellationPolicy.holdPresentation, CGPoint(x: 25, y: 10)),
        (.revert, CGPoint(x: 0, y: 0)),
        (.complete, CGPoint(x: 100, y: 40)),
    ])
    func policyDecidesWhereACancelledSlideRests(policy: CancellationPolicy, rest: CGPoint) async {
        let fixture = QueueFixture(queueName: "\(#function) \(policy)")
        let layer = fixture.layer(opacity: 1)
        let slide = ProbedAnimationOperation("slide", layer: layer,
                                             animation: BasicAnimation(.position, to: CGPoint(x: 100, y: 40), duration: 2, timing: .linear),
                                             log: fixture.log)
        slide.cancellationPolicy = policy
        fixture.queue.addOperation(slide)
        await fixture.clock.advance(by: 0.5)
        let shown = layer.presentation()?.position
        #expect(isClose(shown.map { Double($0.x) }, 25, 1e-6) && isClose(shown.map { Double($0.y) }, 10, 1e-6))
        slide.cancel()
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(slide, .cancelled, clock: fixture.clock)
        #expect(isClose(Double(layer.position.x), Double(rest.x), 1e-6))
        #expect(isClose(Double(layer.position.y), Double(rest.y), 1e-6))
        #expect(layer.presentation()?.position == layer.position)
        #expect(layer.animationKeys() == nil)
    }

    /// Whatever the policy, an operation cancelled before it starts leaves the layer as it was.
    @Test(arguments: [CancellationPolicy.holdPresentation, .revert, .complete])
    func operationCancelledBeforeStartLeavesTheLayerUntouched(policy: CancellationPolicy) async {
        let fixture = QueueFixture(queueName: "\(#function) \(policy)")
        let layer = fixture.layer(opacity: 0.2)
        let fade = ProbedAnimationOperation("fade", layer: layer, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        fade.cancellationPolicy = policy
        fade.cancel()
        fixture.queue.addOperation(fade)
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(fade, .cancelled, clock: fixture.clock)
        #expect(layer.opacity == 0.2)
        #expect(Float(shownOpacity(layer)) == 0.2)
        #expect(layer.animationKeys() == nil)
    }

    /// The policy removes only the operation's own animation; another one on the same
    /// layer keeps running.
    @Test(arguments: [CancellationPolicy.holdPresentation, .revert, .complete])
    func cancellingRemovesOnlyTheOperationsOwnAnimation(policy: CancellationPolicy) async {
        let fixture = QueueFixture(queueName: "\(#function) \(policy)")
        let layer = fixture.layer(opacity: 1)
        let fade = ProbedAnimationOperation("fade", layer: layer, animation: OpacityRamp(from: 0, to: 1, duration: 1), log: fixture.log)
        fade.cancellationPolicy = policy
        let other = CABasicAnimation(keyPath: "position.x")
        other.fromValue = CGFloat(0)
        other.toValue = CGFloat(80)
        other.duration = 2
        CATransaction.begin()
        layer.add(other, forKey: "other")
        CATransaction.commit()
        fixture.queue.addOperation(fade)
        await fixture.clock.advance(by: 0.5)
        fade.cancel()
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(fade, .cancelled, clock: fixture.clock)
        #expect(layer.animationKeys() == ["other"])
        #expect(isClose(layer.presentation().map { Double($0.position.x) }, 20, 1e-6))   // 80 · 0.5 / 2
        #expect(Float(shownOpacity(layer)) == layer.opacity)
    }

    /// Cancelling a running keyframe animation with `holdPresentation` freezes it on the
    /// keyframe value it shows (linear keyframes 0 → 100 → 50 over 1 s, cancelled at 0.75 s:
    /// halfway down the second segment, 75).
    @Test func holdingAKeyframeAnimationFreezesItsCurrentKeyframeValue() async {
        let fixture = QueueFixture()
        let layer = fixture.layer(opacity: 1)
        let bounce = ProbedAnimationOperation("bounce", layer: layer,
                                              animation: KeyframeAnimation(.positionY, values: [0, 100, 50], duration: 1), log: fixture.log)
        fixture.queue.addOperation(bounce)
        await fixture.clock.advance(by: 0.75)
        bounce.cancel()
        await fixture.clock.advance(by: 0)
        await expectFinishedOnce(bounce, .cancelled, clock: fixture.clock)
        #expect(isClose(Double(layer.position.y), 75, 1e-6))
        #expect(layer.presentation()?.position.y == layer.position.y)
        #expect(layer.animationKeys() == nil)
    }

    /// A later operation on the same key path takes the earlier one over as it begins: the
    /// earlier one finishes `.interrupted` at once, its takeover naming the key path, and a
    /// cancel of it afterwards changes nothing, under every policy, whether the later one is
    /// still running or has finished. The layer ends on the later one's value, detached.
    @Test(arguments: [CancellationPolicy.holdPresentation, .revert, .complete], [false, true])
    func aLaterOperationTakesOverAnEarlierOnesKeyPath(policy: CancellationPolicy, laterFinishes: Bool) async {
        let fixture = QueueFixture()
        let layer = fixture.layer()
        let earlier = AnimationOperation(layer: layer, animation: BasicAnimation(.positionX, from: 0, to: 100, duration: 2, timing: .linear))
        earlier.cancellationPolicy = policy
        fixture.queue.addOperation(earlier)
        await fixture.clock.advance(by: 0.5)                 // earlier shows 25
        let later = AnimationOperation(layer: layer, animation: BasicAnimation(.positionX, to: 200, duration: 1, timing: .linear))
        later.name = "later"
        fixture.queue.addOperation(later)
        await fixture.clock.advance(by: 0)
        #expect(earlier.outcome == .interrupted)
        #expect(earlier.takeover?.keyPaths == ["position.x"] && earlier.takeover?.newerOperationName == "later")
        await fixture.clock.advance(by: laterFinishes ? 1 : 0.25)
        #expect(layer.position.x == 200)
        earlier.cancel()
        await fixture.clock.advance(by: 0)
        #expect(earlier.outcome == .interrupted)
        #expect(layer.position.x == 200)
        await fixture.clock.advance(by: 2)
        #expect(later.outcome == .finished)
        #expect(layer.position.x == 200 && layer.presentation()?.position.x == 200)
        #expect(layer.animationKeys() == nil)
    }
}
#endif
