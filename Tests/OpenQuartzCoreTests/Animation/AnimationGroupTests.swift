#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// CAAnimationGroup: the children run concurrently in the group's time space (a child's
/// beginTime is relative to the group's start) and the group's duration clips them
/// (Apple, "CAAnimationGroup").
///
/// The clock starts at 100; a group added then begins at 100. The layer's model position.x
/// is −1 and opacity 1, so "nothing applies" shows as −1 / 1.
@Suite struct AnimationGroupTests {
    func makeLayer(_ h: EngineHarness) -> CALayer {
        let layer = h.makeLayer()
        h.setModel { layer.position = CGPoint(x: -1, y: 0) }
        return layer
    }

    /// position.x 0 → 100 over 1 s, starting 0.5 s into the group.
    func delayedMove() -> CABasicAnimation {
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 100
        move.duration = 1
        move.beginTime = 0.5
        return move
    }

    /// opacity 0 → 1 over 4 s: longer than the 2 s group.
    func longFade() -> CABasicAnimation {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 4
        return fade
    }

    func group(duration: Double = 2, _ children: [CAAnimation]) -> CAAnimationGroup {
        let group = CAAnimationGroup()
        group.animations = children
        group.duration = duration
        return group
    }

    /// Plays the clock to each sample's time and checks the `position.x` the layer shows.
    func expectShown(_ h: EngineHarness, _ layer: CALayer,
                     _ samples: [(time: Double, x: Double, comment: Comment?)],
                     sourceLocation: SourceLocation = #_sourceLocation) throws {
        for sample in samples {
            h.advanceClock(to: sample.time)
            expectClose(try #require(layer.presentation()).position.x, sample.x, sample.comment,
                        sourceLocation: sourceLocation)
        }
    }

    @Test func childBeginTimeIsRelativeToGroupStart() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        h.commit { layer.add(group([delayedMove()]), forKey: "g") }
        try expectShown(h, layer, [(100.25, -1, "child has not begun"), (100.75, 25, nil), (101.25, 75, nil),
                                   (101.75, -1, "child ended inside the group")])
    }

    @Test func childrenRunConcurrently() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        h.commit { layer.add(group([delayedMove(), longFade()]), forKey: "g") }
        h.advanceClock(to: 101)
        let presentation = try #require(layer.presentation())
        expectClose(presentation.position.x, 50)
        expectClose(presentation.opacity, 0.25)
    }

    @Test func groupDurationClipsLongerChild() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        let g = group([longFade()])
        g.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(g, forKey: "g") }
        h.advanceClock(to: 101.875)
        expectClose(try #require(layer.presentation()).opacity, 1.875 / 4)
        h.advanceClock(to: 102)
        expectClose(try #require(layer.presentation()).opacity, 1, "cut off at the group's end")
        h.advanceClock(to: 103)
        expectClose(try #require(layer.presentation()).opacity, 1, "the child's remaining 2 s never play")
        expectClose(log.time(of: "stop(true)"), 102)
        #expect(layer.animationKeys() == nil)
    }

    /// Apple's `CAAnimationGroup` example: a 1 s fade and a scale that sets no duration, in
    /// a 1 s group; "as the animation's scale increases to (3, 3, 3), the opacity drops to 0".
    @Test func childWithoutADurationSpansTheGroup() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let fadeOut = CABasicAnimation(keyPath: "opacity")
        fadeOut.fromValue = 1
        fadeOut.toValue = 0
        fadeOut.duration = 1
        let expandScale = CABasicAnimation(keyPath: "transform.scale")
        expandScale.fromValue = 1
        expandScale.toValue = 3
        h.commit { layer.add(group(duration: 1, [fadeOut, expandScale]), forKey: "g") }
        h.advanceClock(to: 100.5)
        let halfway = try #require(layer.presentation())
        expectClose(halfway.opacity, 0.5)
        expectClose(halfway.transform.m11, 2, "1 → 3 over the group's 1 s, not the transaction's 0.25 s")
        h.advanceClock(to: 100.875)
        expectClose(try #require(layer.presentation()).transform.m11, 2.75)
    }

    /// A group that sets no duration takes the transaction's (0.25 s), and so do its
    /// children that set none.
    @Test func childrenOfAGroupWithoutADurationSpanTheTransactionsDuration() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 100
        let g = CAAnimationGroup()
        g.animations = [move]
        h.commit { layer.add(g, forKey: "g") }
        h.advanceClock(to: 100.125)
        expectClose(try #require(layer.presentation()).position.x, 50)
        #expect(layer.animation(forKey: "g")?.duration == 0.25)
    }

    @Test func childBackwardFillHoldsFromValueBeforeItsBeginInGroup() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let move = delayedMove()
        move.fromValue = 20
        move.fillMode = .backwards
        h.commit { layer.add(group([move]), forKey: "g") }
        h.advanceClock(to: 100.25)
        expectClose(try #require(layer.presentation()).position.x, 20)
        h.advanceClock(to: 101)
        expectClose(try #require(layer.presentation()).position.x, 60)
    }

    @Test func childrenDelegatesAndRemovedOnCompletionAreIgnored() throws {
        // Apple, CAAnimationGroup.h: "The `delegate' and `removedOnCompletion' properties of
        // animations in the array are currently ignored."
        let h = EngineHarness()
        let layer = makeLayer(h)
        let childLog = StampedLog(), groupLog = StampedLog()
        let move = delayedMove()
        move.delegate = StampingDelegate(log: childLog, clock: h.clock)
        move.fillMode = .forwards              // isRemovedOnCompletion stays true: ignored
        let g = group([move])
        g.delegate = StampingDelegate(log: groupLog, clock: h.clock)
        h.commit { layer.add(g, forKey: "g") }
        h.advanceClock(to: 101.75)
        expectClose(try #require(layer.presentation()).position.x, 100, "child fill holds inside the group")
        h.advanceClock(to: 103)
        #expect(childLog.events.isEmpty)
        #expect(groupLog.events == ["start", "stop(true)"])
        expectClose(groupLog.time(of: "stop(true)"), 102)
    }

    @Test func repeatingChildRepeatsInGroupTime() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 100
        move.duration = 0.5
        move.repeatCount = 3
        h.commit { layer.add(group([move]), forKey: "g") }
        h.advanceClock(to: 101.125)    // group time 1.125: third pass, 0.125 in
        expectClose(try #require(layer.presentation()).position.x, 25)
        h.advanceClock(to: 101.625)    // after 3 passes (1.5 s), still inside the group
        expectClose(try #require(layer.presentation()).position.x, -1)
    }

    @Test func pausedLayerSamplesGroupAtItsTimeOffset() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let g = group([delayedMove(), longFade()])
        g.beginTime = 1
        h.setModel {
            layer.speed = 0
            layer.timeOffset = 2.25            // group time 1.25
            layer.add(g, forKey: "g")
        }
        h.advance(by: 10)
        let presentation = try #require(layer.presentation())
        expectClose(presentation.position.x, 75)
        expectClose(presentation.opacity, 1.25 / 4)
    }

    @Test func groupTimingFunctionWarpsChildTime() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 100
        move.duration = 2
        let g = group([move])
        g.timingFunction = CAMediaTimingFunction(name: .easeOut)
        h.commit { layer.add(g, forKey: "g") }
        h.advanceClock(to: 100.5)      // group progress 0.25
        expectClose(try #require(layer.presentation()).position.x,
                    100 * ReferenceTimingCurve.easeOut(0.25), tolerance: 1e-6)
    }

    @Test func autoreversingGroupPlaysChildrenBackwards() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 100
        move.duration = 2
        let g = group([move])
        g.autoreverses = true
        h.commit { layer.add(g, forKey: "g") }
        h.advanceClock(to: 102.5)      // way back: group time 2 − 0.5 = 1.5
        expectClose(try #require(layer.presentation()).position.x, 75)
        h.advanceClock(to: 104)
        expectClose(try #require(layer.presentation()).position.x, -1)
    }

    @Test func childForwardFillDoesNotOutliveRemovedGroup() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let move = delayedMove()
        move.fillMode = .forwards
        move.isRemovedOnCompletion = false
        h.commit { layer.add(group([move]), forKey: "g") }
        h.advanceClock(to: 101.75)
        expectClose(try #require(layer.presentation()).position.x, 100, "child fill holds inside the group")
        h.advanceClock(to: 102.5)
        expectClose(try #require(layer.presentation()).position.x, -1, "nothing applies after the group")
    }

    @Test func groupForwardFillHoldsChildrenAtGroupEnd() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let g = group([longFade()])
        g.fillMode = .forwards
        g.isRemovedOnCompletion = false
        h.commit { layer.add(g, forKey: "g") }
        h.advanceClock(to: 105)
        // Group time is held at its end, 2 s: the 4 s child is half way.
        expectClose(try #require(layer.presentation()).opacity, 0.5)
    }

    /// `CAAnimationGroup.animations`: the children run "in the time space of the parent
    /// animation using the normal rules". A filling group does not make its children fill:
    /// one that ended inside the group, or has not begun, shows nothing, before the group
    /// starts and after it ends as while it runs.
    @Test func aFillingGroupDoesNotMakeItsChildrenFill() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let g = group([delayedMove()])
        g.fillMode = .both
        g.isRemovedOnCompletion = false
        h.commit {
            g.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 1
            layer.add(g, forKey: "g")
        }
        h.advanceClock(to: 100.5)
        expectClose(try #require(layer.presentation()).position.x, -1, "before the group: the child has not begun")
        h.advanceClock(to: 101.75)
        expectClose(try #require(layer.presentation()).position.x, 25)
        h.advanceClock(to: 102.75)
        expectClose(try #require(layer.presentation()).position.x, -1, "the child ended inside the group")
        h.advanceClock(to: 104)
        expectClose(try #require(layer.presentation()).position.x, -1, "after the group: the child still ended")
    }

    /// A child that ends exactly when a forward-filling group does holds its end with it.
    @Test func aChildThatEndsWithAFillingGroupHoldsItsEnd() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let g = group(duration: 1.5, [delayedMove()])   // the child ends at 0.5 + 1 = 1.5
        g.fillMode = .forwards
        g.isRemovedOnCompletion = false
        h.commit { layer.add(g, forKey: "g") }
        h.advanceClock(to: 103)
        expectClose(try #require(layer.presentation()).position.x, 100)
    }

    @Test func delayedGroupDelaysItsChildren() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let g = group([delayedMove()])
        h.commit {
            g.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 1
            layer.add(g, forKey: "g")
        }
        h.advanceClock(to: 101.25)
        expectClose(try #require(layer.presentation()).position.x, -1)
        h.advanceClock(to: 101.75)
        expectClose(try #require(layer.presentation()).position.x, 25)
    }

    @Test func groupSpeedScalesChildTime() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        let g = group([delayedMove(), longFade()])
        g.speed = 2
        g.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(g, forKey: "g") }
        h.advanceClock(to: 100.5)      // group time 1
        let presentation = try #require(layer.presentation())
        expectClose(presentation.position.x, 50)
        expectClose(presentation.opacity, 0.25)
        h.advanceClock(to: 102)
        expectClose(log.time(of: "stop(true)"), 101)
    }

    @Test func repeatingGroupRestartsItsChildren() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let g = group([delayedMove()])
        g.repeatCount = 2
        h.commit { layer.add(g, forKey: "g") }
        h.advanceClock(to: 102.25)
        expectClose(try #require(layer.presentation()).position.x, -1, "second pass, before the child")
        h.advanceClock(to: 103)
        expectClose(try #require(layer.presentation()).position.x, 50)
        h.advanceClock(to: 104)
        expectClose(try #require(layer.presentation()).position.x, -1)
    }

    @Test func childTimeOffsetAppliesInGroupTime() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let move = delayedMove()
        move.beginTime = 0
        move.timeOffset = 0.5
        h.commit { layer.add(group([move]), forKey: "g") }
        h.advanceClock(to: 100.25)
        expectClose(try #require(layer.presentation()).position.x, 75)
        h.advanceClock(to: 100.75)
        expectClose(try #require(layer.presentation()).position.x, 25, "wrapped")
    }
}
#endif
