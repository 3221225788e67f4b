#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// How a group's children are timed: their own speed and begin time in the group's time,
/// and the group's duration clipping them (the helpers and the clock's start, 100, are
/// those of AnimationGroupTests.swift).
extension AnimationGroupTests {
    /// Apple, `CAAnimation.h`: each member of `animations` runs "in the time space of the
    /// parent animation using the normal rules", so a child's own `speed` scales its time
    /// inside the group: at speed 2 the 1 s move is halfway 0.25 s into the group and over
    /// 0.5 s in.
    @Test func childSpeedScalesItsOwnTimeInsideTheGroup() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let move = delayedMove()
        move.beginTime = 0
        move.speed = 2
        h.commit { layer.add(group([move]), forKey: "g") }
        h.advanceClock(to: 100.25)
        expectClose(try #require(layer.presentation()).position.x, 50)
        h.advanceClock(to: 100.75)
        expectClose(try #require(layer.presentation()).position.x, -1, "the child ended at group time 0.5")
    }

    /// Apple, "CAAnimationGroup": the children "are clipped to the duration of the animation
    /// group". A child that repeats forever still ends with its 2 s group: the group's
    /// delegate hears it stop, finished, at 102, and then nothing is shown.
    @Test func groupDurationEndsAChildThatRepeatsForever() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let log = StampedLog()
        let move = delayedMove()
        move.beginTime = 0
        move.repeatCount = .infinity
        let g = group([move])
        g.delegate = StampingDelegate(log: log, clock: h.clock)
        h.commit { layer.add(g, forKey: "g") }
        h.advanceClock(to: 101.5)
        expectClose(try #require(layer.presentation()).position.x, 50, "second pass of the child")
        h.advanceClock(to: 102.5)
        expectClose(try #require(layer.presentation()).position.x, -1)
        expectClose(log.time(of: "stop(true)"), 102)
        #expect(layer.animation(forKey: "g") == nil)
    }

    /// Apple, `CAAnimation.h`: the children run "in the time space of the parent animation",
    /// which a group that lasts forever does not clip: its 1 s child, begun 0.5 s in, is half
    /// way at 1 s, and after it ends the layer shows its model value.
    @Test func childrenOfAGroupThatLastsForeverRunInItsTime() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        h.commit { layer.add(group(duration: .infinity, [delayedMove()]), forKey: "g") }
        try expectShown(h, layer, [(100.25, -1, "the child has not begun"), (101, 50, nil), (101.25, 75, nil),
                                   (103, -1, "the child has ended")])
        #expect(layer.animation(forKey: "g") != nil, "the group itself never ends")
    }

    /// Apple, "CAAnimationGroup": the group's duration clips its children, so a child that
    /// begins at or after the group's end never shows.
    @Test func childBeginningAfterTheGroupEndsNeverShows() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let move = delayedMove()
        move.beginTime = 2
        h.commit { layer.add(group([move]), forKey: "g") }
        for time in [101, 101.999, 102, 102.5] {
            h.advanceClock(to: time)
            expectClose(try #require(layer.presentation()).position.x, -1, "at \(time)")
        }
    }

    /// Apple, `CAAnimation.h`: the children run "in the time space of the parent animation
    /// using the normal rules", where local time is `(tp − begin) · speed + offset`
    /// (`CAMediaTiming.h`). A child with beginTime −0.5 is already half done when the group
    /// starts: 0.25 s in it is at 0.75 of its 1 s move, and it ends 0.5 s in.
    @Test func childWithANegativeBeginTimeIsUnderWayWhenTheGroupStarts() throws {
        let h = EngineHarness()
        let layer = makeLayer(h)
        let move = delayedMove()
        move.beginTime = -0.5
        h.commit { layer.add(group([move]), forKey: "g") }
        h.advanceClock(to: 100.25)
        expectClose(try #require(layer.presentation()).position.x, 75)
        h.advanceClock(to: 100.75)
        expectClose(try #require(layer.presentation()).position.x, -1)
    }
}
#endif
