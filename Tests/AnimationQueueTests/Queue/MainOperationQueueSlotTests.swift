#if !canImport(QuartzCore)
// Exit tests run the body in a child process; Swift Testing offers them on Linux and macOS.

import AnimationQueue
import Foundation
import Testing

/// `OperationQueue.main` runs one operation at a time, and an animation operation holds that
/// slot until its animation ends: one that never ends is refused with a message.
@Suite(.hangGuard) struct MainOperationQueueSlotTests {
    @Test func aNeverEndingAnimationOnOperationQueueMainStopsNamingTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let pulse = AnimationOperation(layer: CALayer(),
                                           animation: BasicAnimation(.opacity, from: 1, to: 0.5, duration: 0.2).repeatingForever())
            OperationQueue.main.addOperation(pulse)
            // The main queue starts it within a turn; the precondition ends the process. If
            // it did not, the process would exit normally here and the test would fail.
            try? await Task.sleep(for: .seconds(20))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("animates forever and was started by OperationQueue.main"))
        #expect(message.contains("Add it to an AnimationQueue"))
    }

    /// Started by hand on the main thread, in no queue, it holds no queue's slot: it runs. (On
    /// Apple platforms `OperationQueue.current` is the main queue on the main thread even
    /// outside any operation; under Swift Testing on Linux it is nil.)
    @MainActor @Test func aNeverEndingAnimationStartedByHandOnTheMainThreadRuns() async {
        let layer = CALayer()
        let pulse = AnimationOperation(layer: layer,
                                       animation: BasicAnimation(.opacity, from: 1, to: 0.5, duration: 0.2).repeatingForever())
        pulse.start()
        #expect(layer.animationKeys()?.count == 1)
        pulse.cancel()
        let deadline = Date().addingTimeInterval(30)
        while !pulse.isFinished, Date() < deadline { await Task.yield() }
        #expect(pulse.outcome == .cancelled)
    }

    @Test func aNeverEndingAnimationRunsOnAnAnimationQueue() async {
        let layer = CALayer()
        let pulse = AnimationOperation(layer: layer,
                                       animation: BasicAnimation(.opacity, from: 1, to: 0.5, duration: 0.2).repeatingForever())
        let queue = AnimationQueue(name: #function)
        queue.addOperation(pulse)
        let deadline = Date().addingTimeInterval(30)
        while layer.animationKeys() == nil, Date() < deadline { await Task.yield() }
        #expect(layer.animationKeys()?.count == 1)
        pulse.cancel()
        await queue.waitUntilAllOperationsAreFinished()
        #expect(pulse.outcome == .cancelled)
    }
}
#endif
