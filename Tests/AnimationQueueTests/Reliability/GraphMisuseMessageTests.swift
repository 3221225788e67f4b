#if !canImport(QuartzCore)
// Exit tests of the scheduler's graph checks: compiled with the Linux engine's suites.

import AnimationQueue
import Foundation
import Testing

/// A broken graph stops the program with a message that names the problem, the operations
/// involved and the fix, whatever kinds of operation form it; it never hangs.
@Suite(.hangGuard) struct GraphMisuseMessageTests {
    private func message(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test func aCycleOfAnimationsNamesTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let layer = CALayer()
            let slide = AnimationOperation(layer: layer, animation: BasicAnimation(.positionX, to: 1, duration: 1))
            let fade = AnimationOperation(layer: layer, animation: BasicAnimation(.opacity, to: 0, duration: 1))
            let pop = AnimationOperation(layer: layer, animation: BasicAnimation(.transformScale, to: 2, duration: 1))
            slide.name = "slide"
            fade.name = "fade"
            pop.name = "pop"
            fade.addDependency(slide)
            pop.addDependency(fade)
            slide.addDependency(pop)
            AnimationQueue(name: "cycle").addOperations([slide, fade, pop])
        }
        let text = message(result)
        #expect(text.contains("AnimationQueue 'cycle': dependency cycle"))
        #expect(["'slide' → 'fade' → 'pop' → 'slide'", "'fade' → 'pop' → 'slide' → 'fade'", "'pop' → 'slide' → 'fade' → 'pop'",
                 "'slide' → 'pop' → 'fade' → 'slide'", "'pop' → 'fade' → 'slide' → 'pop'", "'fade' → 'slide' → 'pop' → 'fade'"]
            .contains { text.contains($0) }, "\(text)")
        #expect(text.contains("Each of these operations waits for the next, so none could ever start. Remove one of these dependencies."))
    }

    /// Plain operations only: the queue checks the graph whatever the operations are.
    @Test func aCycleOfPlainOperationsStopsNamingThem() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let fetch = BlockOperation {}
            let decode = BlockOperation {}
            fetch.name = "fetch"
            decode.name = "decode"
            decode.addDependency(fetch)
            fetch.addDependency(decode)
            AnimationQueue(name: "plain cycle").addOperations([fetch, decode])
        }
        let text = message(result)
        #expect(text.contains("AnimationQueue 'plain cycle': dependency cycle"))
        #expect(text.contains("'fetch'") && text.contains("'decode'"))
        #expect(text.contains("Remove one of these dependencies."))
    }

    /// A cycle through an operation that was never added to the queue: only one end of it
    /// is added, and it could never start.
    @Test func aCycleThroughAnOperationOutsideTheQueueStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let fade = AnimationOperation(layer: CALayer(), animation: BasicAnimation(.opacity, to: 0, duration: 1))
            let fetch = BlockOperation {}
            fade.name = "fade"
            fetch.name = "fetch"
            fade.addDependency(fetch)
            fetch.addDependency(fade)
            AnimationQueue(name: "outside").addOperation(fade)
        }
        let text = message(result)
        #expect(text.contains("dependency cycle"))
        #expect(text.contains("'fade'") && text.contains("'fetch'"))
    }

    @Test func anOperationAddedTwiceNamesTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let queue = AnimationQueue(name: "twice")
            queue.isSuspended = true
            let fade = AnimationOperation(layer: CALayer(), animation: BasicAnimation(.opacity, to: 0, duration: 1))
            fade.name = "fade"
            queue.addOperations([fade])
            queue.addOperations([fade])
        }
        #expect(message(result).contains("AnimationQueue 'twice': 'fade' was already added to this queue. An operation runs once; add it to one queue, once, and create a new operation to animate again."))
    }
}
#endif
