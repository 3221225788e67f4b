#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Dispatch
import Foundation
import Testing
import OpenQuartzCore

/// Code written for iOS uses no clock of OpenQuartzCore's: layers run on real media time
/// (`CACurrentMediaTime()`), and completions arrive on the main queue. A few short checks
/// of that path, with generous tolerances; each wait is bounded.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct RealClockTests {
    /// Waits until `body` calls its argument, or `timeout` seconds pass; returns the media
    /// time it was called at, or nil.
    private func waitForCallback(timeout: TimeInterval, _ body: @escaping (@escaping @Sendable () -> Void) -> Void) async -> CFTimeInterval? {
        let once = Once()
        return await withCheckedContinuation { (continuation: CheckedContinuation<CFTimeInterval?, Never>) in
            body { if once.claim() { continuation.resume(returning: CACurrentMediaTime()) } }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                if once.claim() { continuation.resume(returning: nil) }
            }
        }
    }

    @Test func completionBlockRunsOnTheMainThreadAtTheAnimationsEnd() async {
        let layer = CALayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = Float(0)
        fade.toValue = Float(1)
        fade.duration = 0.2
        let onMain = Flag()
        let added = CACurrentMediaTime()
        let ended = await waitForCallback(timeout: 30) { done in
            CATransaction.begin()
            CATransaction.setCompletionBlock {
                onMain.value = Thread.isMainThread || DispatchQueue.isMain
                done()
            }
            layer.add(fade, forKey: "fade")
            CATransaction.commit()
        }
        #expect(ended != nil)
        let end = ended
        #expect(onMain.value)
        // Never early; late only by however long a loaded machine keeps the main queue busy.
        if let end { #expect(end - added >= 0.19 && end - added < 20, "ended after \(end - added) s") }
        #expect(layer.animationKeys() == nil)
    }

    /// The engine schedules some work without keeping the token (removal callbacks,
    /// completions of transactions that added nothing, display frames): it must still run.
    @Test func workRunsWhenItsTokenIsNotKept() async {
        let clock = OQC.RealClock.shared
        let ran = await waitForCallback(timeout: 10) { done in
            _ = clock.schedule(at: clock.now + 0.01) { done() }
        }
        #expect(ran != nil, "work scheduled without keeping its token never ran")
    }

    @Test func cancelledWorkDoesNotRun() async {
        let clock = OQC.RealClock.shared
        let ran = Flag()
        let token = clock.schedule(at: clock.now + 0.05) { ran.value = true }
        token.cancel()
        // A later piece of work on the same queue marks the point by which it would have run.
        let later = await waitForCallback(timeout: 10) { done in
            _ = clock.schedule(at: clock.now + 0.2) { done() }
        }
        #expect(later != nil)
        #expect(!ran.value)
    }

    @Test func removingARunningAnimationCallsDidStopAndTheCompletionBlock() async {
        nonisolated(unsafe) let layer = CALayer()
        let stops = StopLog()
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = CGFloat(0)
        slide.toValue = CGFloat(100)
        slide.duration = 100
        slide.delegate = stops
        let completed = await waitForCallback(timeout: 10) { done in
            CATransaction.begin()
            CATransaction.setCompletionBlock { done() }
            layer.add(slide, forKey: "slide")
            CATransaction.commit()
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.05) {
                layer.removeAnimation(forKey: "slide")
            }
        }
        #expect(completed != nil, "the completion block never ran after the removal")
        #expect(stops.flags == [false])
        #expect(layer.animationKeys() == nil)
    }

    @Test func completionBlockOfATransactionThatAddedNothingRuns() async {
        let ran = await waitForCallback(timeout: 10) { done in
            CATransaction.begin()
            CATransaction.setCompletionBlock { done() }
            CATransaction.commit()
        }
        #expect(ran != nil)
    }

    @Test func presentationFollowsMediaTimeMidAnimation() async {
        let layer = CALayer()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = CGFloat(0)
        move.toValue = CGFloat(100_000)
        move.duration = 100                  // 1,000 points per second, far longer than the test
        CATransaction.begin()
        layer.add(move, forKey: "move")
        CATransaction.commit()
        let begin = layer.animation(forKey: "move")?.beginTime ?? 0
        let sampled = await waitForCallback(timeout: 10) { done in
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { done() }
        }
        #expect(sampled != nil)
        // The presentation is read between two clock readings, so its value lies between
        // the values at those two times, however long the read took.
        let before = layer.convertTime(CACurrentMediaTime(), from: nil)
        let shown = layer.presentation()?.position.x ?? -1
        let after = layer.convertTime(CACurrentMediaTime(), from: nil)
        #expect(shown >= 1000 * (before - begin) - 1e-6 && shown <= 1000 * (after - begin) + 1e-6,
                "shown \(shown) outside \(1000 * (before - begin))…\(1000 * (after - begin))")
        #expect(shown >= 290)                // at least the 0.3 s waited
        layer.removeAllAnimations()
    }

    @Test func implicitTransactionCommitsOnTheMainQueuesNextTurn() async {
        nonisolated(unsafe) let layer = CALayer()
        let slow = CABasicAnimation(keyPath: "opacity")   // no values: previous value → new one
        slow.duration = 100
        layer.actions = ["opacity": slow]
        CATransaction.flush()
        let committed = await waitForCallback(timeout: 10) { done in
            DispatchQueue.main.async {
                layer.opacity = 0.5           // outside begin/commit: an implicit transaction
                DispatchQueue.main.async {    // a later turn of the main queue
                    if layer.presentation()?.opacity != nil { done() }
                }
            }
        }
        #expect(committed != nil)
        // The layer was committed before, so the change ran its action (here from `actions`,
        // slow enough to outlast a loaded machine), keyed by the property.
        #expect(layer.opacity == 0.5)
        #expect(layer.animationKeys() == ["opacity"])
        let shown = layer.presentation()?.opacity ?? -1
        #expect(shown >= 0.5 && shown <= 1)
        #expect(layer.animation(forKey: "opacity")?.duration == 100)
        layer.removeAllAnimations()
    }
}

/// Set once, read after a callback.
private final class Flag: @unchecked Sendable {
    // `lock` guards `stored`.
    private let lock = NSLock()
    private var stored = false
    var value: Bool {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Records the `finished` flags of `animationDidStop(_:finished:)`.
private final class StopLog: CAAnimationDelegate, @unchecked Sendable {
    // `lock` guards `stored`.
    private let lock = NSLock()
    private var stored: [Bool] = []
    var flags: [Bool] { lock.withLock { stored } }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { lock.withLock { stored.append(flag) } }
}

/// Lets exactly one of several callbacks through.
private final class Once: @unchecked Sendable {
    // `lock` guards `claimed`.
    private let lock = NSLock()
    private var claimed = false
    func claim() -> Bool {
        lock.withLock {
            defer { claimed = true }
            return !claimed
        }
    }
}

extension DispatchQueue {
    /// Whether the current code runs on the main queue (`Thread.isMainThread` is false under
    /// Swift Testing on Linux).
    static var isMain: Bool {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        defer { DispatchQueue.main.setSpecific(key: key, value: nil) }
        return DispatchQueue.getSpecific(key: key) == true
    }
}
#endif
