#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where
// QuartzCore is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// Model first, for every kind of animation: as soon as the operation starts the model holds
/// the final value while the presentation still moves; when it finishes, at the animation's
/// end, the presentation equals the model and no animation is attached.
@Suite(.hangGuard)
struct OperationModelFirstTests {
    /// Plays `animation` on a layer at x = 0, y = 0, opacity 1, and checks the model at the
    /// start and the layer at the end, `end` seconds later.
    private func expectModelFirst(_ animation: some LayerAnimation, end: TimeInterval, x: CGFloat, y: CGFloat = 0,
                                  opacity: Float = 1, name: String,
                                  sourceLocation: SourceLocation = #_sourceLocation) async {
        let fixture = QueueFixture(queueName: name)
        let layer = fixture.layer()
        let operation = AnimationOperation(layer: layer, animation: animation)
        operation.motion = .full
        fixture.queue.addOperation(operation)
        await fixture.clock.advance(by: 0)
        #expect(operation.isExecuting, sourceLocation: sourceLocation)
        #expect(layer.position == CGPoint(x: x, y: y) && layer.opacity == opacity,
                "model at the start: \(layer.position), \(layer.opacity)", sourceLocation: sourceLocation)
        #expect(layer.animationKeys()?.isEmpty == false, sourceLocation: sourceLocation)
        await fixture.clock.advance(to: end - 0.001)
        #expect(operation.outcome == nil, sourceLocation: sourceLocation)
        await fixture.clock.advance(to: end)
        #expect(operation.outcome == .finished, sourceLocation: sourceLocation)
        #expect(layer.animationKeys() == nil, sourceLocation: sourceLocation)
        #expect(layer.position == CGPoint(x: x, y: y) && layer.opacity == opacity, sourceLocation: sourceLocation)
        let shown = layer.presentation()
        #expect(shown?.position == layer.position && shown?.opacity == layer.opacity, sourceLocation: sourceLocation)
        #expect(fixture.clock.pendingWork.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func aBasicAnimation() async {
        await expectModelFirst(BasicAnimation(.positionX, to: 100, duration: 0.5), end: 0.5, x: 100, name: #function)
    }

    @Test func keyframesEndOnTheirLastValue() async {
        await expectModelFirst(KeyframeAnimation(.positionX, values: [0, 80, 40], duration: 0.4), end: 0.4, x: 40,
                               name: #function)
    }

    /// An additive shake is an offset that ends at 0: the model keeps its value.
    @Test func anAdditiveShakeLeavesTheModelWhereItWas() async {
        await expectModelFirst(KeyframeAnimation(.positionX, values: [0, 10, -10, 10, -5, 5, -5, 0], duration: 0.4,
                                                  isAdditive: true), end: 0.4, x: 0, name: #function)
    }

    /// A spring ends when it has settled: its settling duration, which its description
    /// reports, not its perceptual duration.
    @Test func aSpringEndsWhenItHasSettled() async {
        let pop = SpringAnimation(.positionY, from: 0, to: 60, perceptualDuration: 0.4, bounce: 0.3)
        #expect(pop.totalDuration > 0.4)
        await expectModelFirst(pop, end: pop.totalDuration, x: 0, y: 60, name: #function)
    }

    /// A group commits every child's final value and ends with its longest child.
    @Test func aGroupCommitsEveryChildsFinalValue() async {
        let group = AnimationGroup([
            BasicAnimation(.opacity, from: 1, to: 0.5, duration: 0.3),
            BasicAnimation(.positionY, to: 240, duration: 0.5),
        ])
        await expectModelFirst(group, end: 0.5, x: 0, y: 240, opacity: 0.5, name: #function)
    }
}
#endif
