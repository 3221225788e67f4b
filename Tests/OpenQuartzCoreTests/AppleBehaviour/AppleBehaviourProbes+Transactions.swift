// Apple's API only, as the other probes (AppleBehaviourProbes.swift).
#if canImport(QuartzCore)
import QuartzCore
#else
import OpenQuartzCore
#endif
import Foundation

/// Probes of what Apple's documentation leaves open about transactions and springs: when a
/// completion block with nothing to wait for runs, and whether a spring's timing function
/// bends its time.
extension AppleBehaviourProbes {
    /// `CATransaction.h`: with no animation added, the completion block "will be invoked
    /// immediately". Inside `commit()`, or once it has returned?
    static func completionWithNothingToWaitFor() async -> ProbeResult {
        let log = CallbackLog()
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.record("completion") }
        CATransaction.commit()
        let insideCommit = log.events.contains("completion")
        let ran = await log.wait(atMost: callbackTimeout) { $0.contains("completion") }
        return ProbeResult(
            question: "when a transaction's completion block runs if no animation was added",
            openQuartzCoreChoice: "after commit() has returned, on the main queue's next turn",
            alternativeMode: nil,
            observed: insideCommit ? "inside commit()" : ran ? "after commit() returned" : "not within \(callbackTimeout) s",
            matches: !insideCommit && ran
        )
    }

    /// `CAMediaTiming`'s timing function bends an animation's time; does it bend a spring's?
    /// A critically damped spring (mass 1, stiffness 100, damping 20) from 0 to 100 with a
    /// duration of 1 s and ease-in, at 0.2 s: ease-in maps 0.2 to 0.06228, where the spring
    /// shows 100·(1 − (1 + 10t)·e^(−10t)) = 12.947; unbent, it shows 59.399.
    static func springTimingFunction() -> ProbeResult {
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = CGFloat(0)
        spring.toValue = CGFloat(100)
        spring.damping = 20
        spring.duration = 1
        spring.timingFunction = CAMediaTimingFunction(name: .easeIn)
        let seen = positionX(showing: spring, at: 0.2)
        return reading(
            [seen], expected: [12.947],
            question: "a critically damped spring 0 → 100 (1 s) with ease-in, position.x at 0.2 s",
            openQuartzCoreChoice: "12.947: the timing function bends the spring's time, as any animation's (59.399 unbent)"
        )
    }
}
