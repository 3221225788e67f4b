#if !canImport(QuartzCore)
// Needs the Linux engine's virtual time (AnimationTestClock): compiled only where
// QuartzCore is absent.

import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

/// An operation's dependencies are unlinked once it starts, so a finished predecessor is
/// freed while its dependent still plays, and a long chain never holds its finished links.
@Suite(.hangGuard)
struct DependencyReleaseTests {
    @Test func aStartedOperationHoldsNoDependencyAndItsFinishedPredecessorIsFreed() async {
        let fixture = QueueFixture()
        let layer = fixture.layer()
        weak var weakFirst: AnimationOperation?
        let second: AnimationOperation = {
            let first = AnimationOperation(layer: layer, animation: BasicAnimation(.positionX, from: 0, to: 100, duration: 1))
            weakFirst = first
            let second = AnimationOperation(layer: layer, animation: BasicAnimation(.positionY, from: 0, to: 100, duration: 1))
            second.addDependency(first)
            fixture.queue.addOperations([first, second])
            return second
        }()
        await fixture.clock.advance(by: 0.5)
        #expect(second.dependencies.count == 1)      // still waiting: the link holds
        #expect(weakFirst != nil)
        await fixture.clock.advance(to: 1.5)
        #expect(second.isExecuting)
        #expect(second.dependencies.isEmpty)
        #expect(weakFirst == nil)
        await fixture.clock.advance(to: 2)
        #expect(second.outcome == .finished)
    }

    /// The same for plain operations on either side of an animation: a fetch that gates it,
    /// and a block that follows it.
    @Test func plainOperationsAroundAnAnimationAreUnlinkedToo() async {
        let fixture = QueueFixture()
        let layer = fixture.layer()
        let fetch = SimulatedFetch()
        let reveal = AnimationOperation(layer: layer, animation: BasicAnimation(.opacity, from: 0, to: 1, duration: 1))
        let after = BlockOperation {}
        reveal.addDependency(fetch)
        after.addDependency(reveal)
        fixture.queue.addOperations([fetch, reveal, after])
        await fixture.clock.advance(by: 0.5)
        #expect(reveal.dependencies.count == 1 && after.dependencies.count == 1)
        fetch.finish()
        await fixture.clock.advance(by: 0.1)
        #expect(reveal.isExecuting)
        #expect(reveal.dependencies.isEmpty)
        await fixture.clock.advance(by: 1)
        #expect(await settle(fixture.clock) { after.isFinished })
        #expect(after.dependencies.isEmpty)
        #expect(reveal.outcome == .finished)
    }
}
#endif
