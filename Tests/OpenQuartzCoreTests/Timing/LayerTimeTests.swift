#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// Layer time: the chain `local = (parent − beginTime) · speed + timeOffset` from the clock
/// through every layer, `convertTime`, QA1673 pause/resume, and sampling a paused layer.
///
/// Expected local times are worked out by hand in the comments.
@Suite struct LayerTimeTests {
    /// A `position.x` animation from 0 to `to` over `duration` seconds (no timing function:
    /// linear), reporting its start and stop to `log`, stamped with the harness's clock.
    private func slide(to: Double, duration: Double, log: StampedLog? = nil, on h: EngineHarness) -> CABasicAnimation {
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = to
        move.duration = duration
        if let log { move.delegate = StampingDelegate(log: log, clock: h.clock) }
        return move
    }

    // MARK: - convertTime

    @Test func convertTimeMatchesApplesDocumentedExample() {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.setModel {
            layer.timeOffset = 1
            layer.speed = 0.5
        }
        // (0.5 − 0) · 0.5 + 1 = 1.25
        expectClose(layer.convertTime(0.5, from: nil), 1.25)
        expectClose(layer.convertTime(1.25, to: nil), 0.5)
    }

    @Test func rootLayerWithDefaultTimingIsInMediaTime() {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let now = OQC.withClock(h.clock) { CACurrentMediaTime() }
        expectClose(now, 100)
        expectClose(layer.convertTime(now, from: nil), 100)
        expectClose(layer.convertTime(42, to: nil), 42)
    }

    /// root: beginTime 90, speed 2, timeOffset 3
    /// child: beginTime 5, speed 0.5, timeOffset 1
    /// grandchild: beginTime 4, speed 3, timeOffset −2
    private struct Tree {
        let root: CALayer, child: CALayer, grandchild: CALayer, sibling: CALayer
    }

    /// Builds the three-level tree, plus `sibling`: a second child of root with
    /// beginTime 1, speed 4, timeOffset 0.
    private func makeTree(_ h: EngineHarness) -> Tree {
        let root = h.makeLayer(), child = h.makeLayer(), grandchild = h.makeLayer(), sibling = h.makeLayer()
        h.setModel {
            root.addSublayer(child)
            root.addSublayer(sibling)
            child.addSublayer(grandchild)
            (root.beginTime, root.speed, root.timeOffset) = (90, 2, 3)
            (child.beginTime, child.speed, child.timeOffset) = (5, 0.5, 1)
            (grandchild.beginTime, grandchild.speed, grandchild.timeOffset) = (4, 3, -2)
            (sibling.beginTime, sibling.speed, sibling.timeOffset) = (1, 4, 0)
            grandchild.position = CGPoint(x: -1, y: 0)
        }
        return Tree(root: root, child: child, grandchild: grandchild, sibling: sibling)
    }

    /// Hand-computed local times at media time t.
    private func rootTime(_ t: Double) -> Double { (t - 90) * 2 + 3 }
    private func childTime(_ t: Double) -> Double { (rootTime(t) - 5) * 0.5 + 1 }
    private func grandchildTime(_ t: Double) -> Double { (childTime(t) - 4) * 3 - 2 }

    @Test func threeLevelTreeChainsEveryLayersTiming() {
        let h = EngineHarness()
        let tree = makeTree(h)
        // At t = 100: root (10)·2 + 3 = 23; child (23 − 5)·0.5 + 1 = 10; grandchild (10 − 4)·3 − 2 = 16.
        expectClose(tree.root.convertTime(100, from: nil), 23)
        expectClose(tree.child.convertTime(100, from: nil), 10)
        expectClose(tree.grandchild.convertTime(100, from: nil), 16)
        // Overall rate 2 · 0.5 · 3 = 3: at t = 100.5 the grandchild is at 17.5.
        expectClose(tree.grandchild.convertTime(100.5, from: nil), 17.5)
        expectClose(tree.grandchild.convertTime(100.5, from: nil), grandchildTime(100.5))
        // Back to media time: grandchild 19 → t = 100 + (19 − 16)/3 = 101.
        expectClose(tree.grandchild.convertTime(19, to: nil), 101)
    }

    @Test func convertTimeBetweenLayersOfTheTree() {
        let h = EngineHarness()
        let tree = makeTree(h)
        // From child to grandchild: (10 − 4) · 3 − 2 = 16; and back.
        expectClose(tree.grandchild.convertTime(10, from: tree.child), 16)
        expectClose(tree.child.convertTime(16, from: tree.grandchild), 10)
        expectClose(tree.grandchild.convertTime(16, to: tree.child), 10)
        expectClose(tree.child.convertTime(10, to: tree.grandchild), 16)
        // Root to grandchild: root 23 → child 10 → grandchild 16.
        expectClose(tree.grandchild.convertTime(23, from: tree.root), 16)
        expectClose(tree.root.convertTime(16, from: tree.grandchild), 23)
        // Across branches: grandchild 16 → root 23 → sibling (23 − 1) · 4 = 88.
        expectClose(tree.sibling.convertTime(16, from: tree.grandchild), 88)
        expectClose(tree.grandchild.convertTime(88, from: tree.sibling), 16)
        // Grandchild 22 → child 12 → root 27 → sibling 104.
        expectClose(tree.grandchild.convertTime(22, to: tree.sibling), 104)
    }

    @Test func animationOnGrandchildRunsInGrandchildTime() throws {
        let h = EngineHarness()
        let tree = makeTree(h)
        let log = StampedLog()
        let move = slide(to: 30, duration: 3, on: h)
        move.beginTime = 17            // grandchild time; reached at t = 100 + (17 − 16)/3
        move.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { tree.grandchild.add(move, forKey: "move") }
        expectClose(try #require(tree.grandchild.presentation()).position.x, -1, "not started")
        h.advanceClock(to: 100.5)      // grandchild 17.5: 0.5 s into 3 s
        expectClose(try #require(tree.grandchild.presentation()).position.x, 5)
        h.advanceClock(to: 101)        // grandchild 19: 2 s in
        expectClose(try #require(tree.grandchild.presentation()).position.x, 20)
        h.advanceClock(to: 101.5)      // grandchild 20.5: ended at 20, i.e. t = 100 + 4/3
        expectClose(try #require(tree.grandchild.presentation()).position.x, -1)
        expectClose(log.time(of: "start"), 100 + 1.0 / 3)
        expectClose(log.time(of: "stop(true)"), 100 + 4.0 / 3)
    }

    @Test func zeroBeginTimeBecomesGrandchildLocalTimeAtCommit() throws {
        let h = EngineHarness()
        let tree = makeTree(h)
        let move = slide(to: 30, duration: 3, on: h)
        h.commit { tree.grandchild.add(move, forKey: "move") }
        expectClose(tree.grandchild.animation(forKey: "move")?.beginTime, 16)
        h.advanceClock(to: 100.25)     // grandchild advanced 0.75
        expectClose(try #require(tree.grandchild.presentation()).position.x, 7.5)
    }

    @Test func changingAncestorSpeedMidAnimationReschedulesCompletion() throws {
        let h = EngineHarness()
        let tree = makeTree(h)
        let log = StampedLog()
        let move = slide(to: 30, duration: 3, log: log, on: h)
        h.commit { tree.grandchild.add(move, forKey: "move") }   // begins at grandchild 16
        h.advanceClock(to: 100.5)      // grandchild 17.5
        expectClose(try #require(tree.grandchild.presentation()).position.x, 15)
        // Slow the child to 0.25. To keep the child's time continuous at t = 100.5 (root 24):
        // (24 − b)·0.25 + 1 = (24 − 5)·0.5 + 1 = 10.5  ⇒  b = −14.
        h.setModel {
            tree.child.speed = 0.25
            tree.child.beginTime = -14
        }
        expectClose(tree.grandchild.convertTime(100.5, from: nil), 17.5)
        // The grandchild now runs at 2 · 0.25 · 3 = 1.5× media time; 1.5 s left ⇒ 1 s.
        h.advanceClock(to: 101)
        expectClose(try #require(tree.grandchild.presentation()).position.x, 22.5)
        h.advanceClock(to: 102)
        expectClose(log.time(of: "stop(true)"), 101.5)
    }

    @Test func pausedChildShowsItsTimeOffsetWhateverItsParentDoes() throws {
        let h = EngineHarness()
        let root = h.makeLayer(), child = h.makeLayer()
        h.setModel { root.addSublayer(child) }
        let move = slide(to: 100, duration: 1, on: h)
        move.beginTime = 5
        h.setModel {
            child.speed = 0
            child.timeOffset = 5.3
            child.add(move, forKey: "move")
            root.speed = 2
        }
        expectClose(try #require(child.presentation()).position.x, 30)
        h.advance(by: 7)
        expectClose(try #require(child.presentation()).position.x, 30)
        expectClose(child.convertTime(1234, from: nil), 5.3)
    }

    // MARK: - Pause and resume (QA1673)

    @Test func pausingFreezesPresentationAndResumingContinuesFromSameValue() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let move = slide(to: 100, duration: 1, on: h)
        h.commit { layer.add(move, forKey: "move") }
        h.advanceClock(to: 100.25)
        expectClose(try #require(layer.presentation()).position.x, 25)
        h.commit { QA1673.pause(layer) }
        expectClose(try #require(layer.presentation()).position.x, 25)
        h.advanceClock(to: 103.25)
        expectClose(try #require(layer.presentation()).position.x, 25, "frozen while paused")
        #expect(layer.animationKeys() == ["move"], "a paused animation does not complete")
        h.commit { QA1673.resume(layer) }
        expectClose(try #require(layer.presentation()).position.x, 25, "resumes where it paused")
        h.advanceClock(to: 103.75)
        expectClose(try #require(layer.presentation()).position.x, 75)
    }

    @Test func resumedAnimationCompletesLaterByThePausedInterval() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let log = StampedLog()
        let move = slide(to: 100, duration: 1, log: log, on: h)
        let clock = h.clock
        h.commit {
            CATransaction.setCompletionBlock { log.append("done", at: clock.now) }
            layer.add(move, forKey: "move")
        }
        h.advanceClock(to: 100.5)
        h.commit { QA1673.pause(layer) }
        h.advanceClock(to: 102)        // paused for 1.5 s; the original end (101) passes
        #expect(log.events == ["start"])
        h.commit { QA1673.resume(layer) }
        h.advanceClock(to: 102.375)
        expectClose(try #require(layer.presentation()).position.x, 87.5)
        h.advanceClock(to: 102.49)
        #expect(log.events == ["start"])
        h.advanceClock(to: 103)
        #expect(log.events == ["start", "stop(true)", "done"])
        expectClose(log.time(of: "stop(true)"), 102.5)   // 101 + 1.5
        expectClose(log.time(of: "done"), 102.5)
        #expect(layer.animationKeys() == nil)
    }

    /// Core Animation applies a transaction's changes when it commits, all at once. QA1673's
    /// resume passes through speed 1 with both offsets 0, a timing under which the paused
    /// animation ended long ago; time that passes before the commit (the clock runs on its
    /// own thread) must neither end the animation there nor show it ended.
    @Test func timingChangesTakeEffectAtCommitNotHalfwayThroughTheTransaction() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let log = StampedLog()
        let move = slide(to: 100, duration: 1, log: log, on: h)
        h.commit { layer.add(move, forKey: "move") }
        h.advanceClock(to: 100.5)
        h.commit { QA1673.pause(layer) }
        h.advanceClock(to: 102)
        h.commit {
            let pausedTime = layer.timeOffset
            layer.speed = 1
            layer.timeOffset = 0
            layer.beginTime = 0
            // In this uncommitted timing the animation ended at 101; the screen still
            // shows the committed, paused one.
            h.advance(by: 0)
            #expect(log.events == ["start"])
            #expect(layer.presentation().map { abs($0.position.x - 50) < 1e-9 } == true)
            layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
        }
        #expect(layer.animationKeys() == ["move"])
        h.advanceClock(to: 102.25)
        expectClose(try #require(layer.presentation()).position.x, 75)
        h.advanceClock(to: 103)
        #expect(log.events == ["start", "stop(true)"])
        expectClose(log.time(of: "stop(true)"), 102.5)   // 101 + 1.5 s paused
    }

    @Test func pauseAndResumeTwiceAddsBothIntervals() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let log = StampedLog()
        let move = slide(to: 100, duration: 1, log: log, on: h)
        h.commit { layer.add(move, forKey: "move") }
        h.advanceClock(to: 100.25)
        h.commit { QA1673.pause(layer) }
        h.advanceClock(to: 101.25)     // +1 s
        h.commit { QA1673.resume(layer) }
        h.advanceClock(to: 101.5)
        expectClose(try #require(layer.presentation()).position.x, 50)
        h.commit { QA1673.pause(layer) }
        h.advanceClock(to: 103.5)      // +2 s
        expectClose(try #require(layer.presentation()).position.x, 50)
        h.commit { QA1673.resume(layer) }
        h.advanceClock(to: 104)
        expectClose(log.time(of: "stop(true)"), 104)     // 101 + 1 + 2
    }

    @Test func pausingRootFreezesAndDelaysAnimationsOfSublayers() throws {
        let h = EngineHarness()
        let root = h.makeLayer(), child = h.makeLayer()
        h.setModel { root.addSublayer(child) }
        let log = StampedLog()
        let move = slide(to: 100, duration: 1, log: log, on: h)
        h.commit { child.add(move, forKey: "move") }
        h.advanceClock(to: 100.75)
        h.commit { QA1673.pause(root) }
        h.advanceClock(to: 104.75)     // 4 s paused
        expectClose(try #require(child.presentation()).position.x, 75)
        #expect(log.events == ["start"])
        h.commit { QA1673.resume(root) }
        h.advanceClock(to: 105.5)
        expectClose(log.time(of: "stop(true)"), 105)      // 101 + 4
    }

    @Test func pausingDelaysAnimationDidStartOfDelayedAnimation() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let log = StampedLog()
        let move = slide(to: 100, duration: 1, log: log, on: h)
        h.commit {
            move.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 1
            layer.add(move, forKey: "move")
        }
        h.advanceClock(to: 100.5)
        h.commit { QA1673.pause(layer) }
        h.advanceClock(to: 102.5)      // 2 s paused, across the original start (101)
        #expect(log.events.isEmpty)
        h.commit { QA1673.resume(layer) }
        h.advanceClock(to: 104.5)
        #expect(log.events == ["start", "stop(true)"])
        expectClose(log.time(of: "start"), 103)           // 101 + 2
        expectClose(log.time(of: "stop(true)"), 104)      // 102 + 2
    }

    @Test func pauseAndResumeSublayerOfFasterParent() throws {
        // QA1673 on a sublayer whose parent runs at 2×: local times are the parent's, so the
        // remaining animation time passes at 2× media time after the resume.
        let h = EngineHarness()
        let root = h.makeLayer(), child = h.makeLayer()
        h.setModel {
            root.addSublayer(child)
            root.speed = 2
            root.beginTime = 50        // root time at t = 100: (100 − 50) · 2 = 100
        }
        let log = StampedLog()
        let move = slide(to: 100, duration: 2, log: log, on: h)
        h.commit { child.add(move, forKey: "move") }   // begins at child time 100
        h.advanceClock(to: 100.25)     // child time 100.5
        expectClose(try #require(child.presentation()).position.x, 25)
        h.commit { QA1673.pause(child) }
        expectClose(child.timeOffset, 100.5)
        h.advanceClock(to: 103.25)
        expectClose(try #require(child.presentation()).position.x, 25)
        h.commit { QA1673.resume(child) }
        expectClose(child.beginTime, (103.25 - 50) * 2 - 100.5)   // parent time now − paused time
        h.advanceClock(to: 103.5)      // child time +0.5
        expectClose(try #require(child.presentation()).position.x, 50)
        h.advanceClock(to: 105)
        expectClose(log.time(of: "stop(true)"), 103.25 + 1.5 / 2)
    }

    @Test func removingPausedAnimationReportsUnfinishedAndRunsCompletion() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let log = StampedLog()
        let clock = h.clock
        let move = slide(to: 100, duration: 1, log: log, on: h)
        h.commit {
            CATransaction.setCompletionBlock { log.append("done", at: clock.now) }
            layer.add(move, forKey: "move")
        }
        h.advanceClock(to: 100.5)
        h.commit { QA1673.pause(layer) }
        h.advanceClock(to: 102)
        h.commit { layer.removeAnimation(forKey: "move") }
        h.advance(by: 0)
        #expect(log.events == ["start", "stop(false)", "done"])
        expectClose(log.time(of: "done"), 102)
        expectClose(try #require(layer.presentation()).position.x, 0, "model")
    }

    @Test func changingLayerTimeOffsetJumpsRunningAnimationAndCompletion() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let log = StampedLog()
        let move = slide(to: 100, duration: 1, log: log, on: h)
        h.commit { layer.add(move, forKey: "move") }
        h.advanceClock(to: 100.25)
        h.setModel { layer.timeOffset = 0.5 }
        expectClose(try #require(layer.presentation()).position.x, 75)
        h.advanceClock(to: 101)
        expectClose(log.time(of: "stop(true)"), 100.5)
    }

    @Test func layerSpeedScalesAnimationsOnIt() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let log = StampedLog()
        h.setModel {
            layer.speed = 4
            layer.beginTime = 75       // layer time at t = 100: (100 − 75) · 4 = 100
        }
        let move = slide(to: 100, duration: 1, log: log, on: h)
        h.commit { layer.add(move, forKey: "move") }
        expectClose(layer.animation(forKey: "move")?.beginTime, 100)
        h.advanceClock(to: 100.125)
        expectClose(try #require(layer.presentation()).position.x, 50)
        h.advanceClock(to: 101)
        expectClose(log.time(of: "stop(true)"), 100.25)
    }

    // MARK: - Sampling at an exact time

    @Test func pausedLayerShowsAnimationsAtExactlyItsTimeOffset() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 0, y: 0)
        move.toValue = CGPoint(x: 100, y: 200)
        move.duration = 2
        move.beginTime = 10
        h.setModel {
            layer.speed = 0
            layer.timeOffset = 0
            layer.add(move, forKey: "move")
        }
        for (offset, expected) in [(10.5, CGPoint(x: 25, y: 50)), (11.0, CGPoint(x: 50, y: 100)),
                                   (11.75, CGPoint(x: 87.5, y: 175)), (10.25, CGPoint(x: 12.5, y: 25))] {
            h.setModel { layer.timeOffset = offset }
            h.advance(by: 3)           // media time passing changes nothing
            expectClose(try #require(layer.presentation()).position, expected, "at local time \(offset)")
        }
        h.setModel { layer.timeOffset = 9 }
        expectClose(try #require(layer.presentation()).position, .zero, "before beginTime: model")
        #expect(layer.animationKeys() == ["move"])
    }

    @Test func pausedLayerSamplesTimingFunctionAtItsTimeOffset() throws {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 4
        fade.beginTime = 2
        fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        h.setModel {
            layer.speed = 0
            layer.add(fade, forKey: "fade")
        }
        let curve = ReferenceTimingCurve.easeInEaseOut
        for offset in [2.4, 3.0, 4.1, 5.9] {
            h.setModel { layer.timeOffset = offset }
            expectClose(try #require(layer.presentation()).opacity, curve((offset - 2) / 4), tolerance: 1e-6,
                        "at local time \(offset)")
        }
    }

    @Test func pausedLayerSamplesAnimationsAddedWhilePaused() throws {
        // beginTime 0 takes the layer's local time at commit: its timeOffset when paused.
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.setModel {
            layer.speed = 0
            layer.timeOffset = 7
        }
        let move = slide(to: 100, duration: 1, on: h)
        h.commit { layer.add(move, forKey: "move") }
        expectClose(layer.animation(forKey: "move")?.beginTime, 7)
        h.setModel { layer.timeOffset = 7.625 }
        expectClose(try #require(layer.presentation()).position.x, 62.5)
    }
}
#endif
