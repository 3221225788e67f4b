#if !canImport(QuartzCore)
import AnimationQueue
import Foundation

extension AnimationRun {
    /// When each step started and ended, in seconds since `origin` rounded to the
    /// millisecond (NaN for an end or start not recorded), from the run's recorded events.
    func stepTimeline(since origin: TimeInterval) -> [String: (start: Double, end: Double)] {
        var result: [String: (start: Double, end: Double)] = [:]
        for event in recordedEvents {
            let t = ((event.time - origin) * 1000).rounded() / 1000
            switch event.kind {
            case .started: result[event.step, default: (t, .nan)].start = t
            case .finished: result[event.step, default: (.nan, t)].end = t
            case .seeked, .reversed, .retargeted: break
            }
        }
        return result
    }
}
#endif
