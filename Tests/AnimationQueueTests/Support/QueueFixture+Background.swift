#if !canImport(QuartzCore)
@testable import AnimationQueue
import AnimationQueueTesting
import Foundation
import OpenQuartzCore

extension QueueFixture {
    /// A trip to the background from now until `time`: the queue hears the app leave, then
    /// Core Animation removes the animations; on the return the engine comes back first, then
    /// the queue hears it. Each side settles before time moves on.
    func trip(returningAt time: TimeInterval) async {
        queue.applicationDidEnterBackground()
        clock.engineClock.enterBackground()
        await clock.settle()
        await clock.advance(to: time)
        clock.engineClock.enterForeground()
        queue.applicationWillEnterForeground()
        await clock.settle()
    }
}
#endif
