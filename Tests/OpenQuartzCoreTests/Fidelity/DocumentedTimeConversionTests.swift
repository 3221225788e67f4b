// Engine fidelity written only against Apple's API, so the same tests check OpenQuartzCore
// on Linux and QuartzCore itself on Apple platforms.
#if canImport(QuartzCore)
import QuartzCore
#else
import OpenQuartzCore
#endif
import Dispatch
import Foundation
import Testing

/// `convertTime(_:from:)` / `convertTime(_:to:)` and `CACurrentMediaTime()`, checked against
/// `CAMediaTiming.h`'s link `t = (tp − begin) · speed + offset` worked out by hand.
@MainActor
@Suite(TimeLimits.suite(minutes: 1))
struct DocumentedTimeConversionTests {
    /// The formula holds for a negative speed too: local time runs backwards, and converting
    /// back divides by the speed.
    @Test func convertTimeFollowsTheFormulaThroughANegativeSpeed() {
        let parent = CALayer(), child = CALayer()
        parent.addSublayer(child)
        parent.speed = -1
        parent.timeOffset = 10
        child.beginTime = 5
        child.speed = 2
        // parent: (100 − 0) · −1 + 10 = −90; child: (−90 − 5) · 2 = −190
        #expect(abs(parent.convertTime(100, from: nil) - -90) < 1e-9)
        #expect(abs(child.convertTime(100, from: nil) - -190) < 1e-9)
        #expect(abs(child.convertTime(-190, to: parent) - -90) < 1e-9)
        #expect(abs(child.convertTime(-190, to: nil) - 100) < 1e-9)
    }

    /// Between cousins, each with all three timing properties, a time goes up one tree and
    /// down the other.
    @Test func convertTimeBetweenCousinsUsesEveryLink() {
        let root = CALayer(), left = CALayer(), right = CALayer(), leaf = CALayer()
        root.addSublayer(left)
        root.addSublayer(right)
        right.addSublayer(leaf)
        root.beginTime = 1; root.speed = 2; root.timeOffset = 3
        left.beginTime = 4; left.speed = 0.5; left.timeOffset = 6
        right.beginTime = 2; right.speed = 4; right.timeOffset = -1
        leaf.beginTime = 3; leaf.speed = 0.25; leaf.timeOffset = 7
        // left 10 → root: (10 − 6) / 0.5 + 4 = 12
        // root 12 → right: (12 − 2) · 4 − 1 = 39 → leaf: (39 − 3) · 0.25 + 7 = 16
        #expect(abs(leaf.convertTime(10, from: left) - 16) < 1e-9)
        #expect(abs(left.convertTime(16, from: leaf) - 10) < 1e-9)
        #expect(abs(leaf.convertTime(16, to: left) - 10) < 1e-9)
        // media 20 → root: (20 − 1) · 2 + 3 = 41 → right: (41 − 2) · 4 − 1 = 155
        //          → leaf: (155 − 3) · 0.25 + 7 = 45
        #expect(abs(leaf.convertTime(20, from: nil) - 45) < 1e-9)
        #expect(abs(leaf.convertTime(45, to: nil) - 20) < 1e-9)
    }

    /// `CABase.h`: `CACurrentMediaTime()` is `mach_absolute_time()` in seconds, the
    /// monotonic clock that `DispatchTime` reads on Apple platforms (and, on Linux, the
    /// monotonic clock OpenQuartzCore reads in its place).
    @Test func currentMediaTimeIsTheMonotonicClockInSeconds() {
        let before = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
        let first = CACurrentMediaTime()
        let second = CACurrentMediaTime()
        let after = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
        #expect(first <= second)
        #expect(before - 1e-6 <= first && second <= after + 1e-6)
    }
}
