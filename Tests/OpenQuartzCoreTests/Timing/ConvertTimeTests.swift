#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself: compiled only where QuartzCore is absent.
import Foundation
import Testing
@testable import OpenQuartzCore

/// `convertTime(_:from:)` and `convertTime(_:to:)` through paused layers (`speed = 0`).
///
/// Every expected value is worked out by hand from the link
/// `local = (parent − beginTime) · speed + timeOffset`, step by step in the comments.
/// The tree: a paused parent P (speed 0, timeOffset 5, beginTime 2) with two children,
/// C (speed 2, timeOffset 1, beginTime 3) and D (speed 0.5, timeOffset 0, beginTime 1).
@Suite struct ConvertTimeTests {
    private struct Tree {
        let parent = CALayer()
        let c = CALayer()
        let d = CALayer()

        init() {
            parent.speed = 0
            parent.timeOffset = 5
            parent.beginTime = 2
            c.speed = 2
            c.timeOffset = 1
            c.beginTime = 3
            d.speed = 0.5
            d.beginTime = 1
            parent.addSublayer(c)
            parent.addSublayer(d)
            CATransaction.flush()   // leaves no implicit transaction pending on this thread
        }
    }

    @Test func mediaTimeUnderAPausedParentIsFrozenAtItsTimeOffset() {
        let tree = Tree()
        // P: (t − 2) · 0 + 5 = 5 for every t.
        #expect(tree.parent.convertTime(100, from: nil) == 5)
        #expect(tree.parent.convertTime(-7, from: nil) == 5)
        // C: (5 − 3) · 2 + 1 = 5.
        #expect(tree.c.convertTime(100, from: nil) == 5)
        #expect(tree.c.convertTime(250, from: nil) == 5)
        // D: (5 − 1) · 0.5 + 0 = 2.
        #expect(tree.d.convertTime(100, from: nil) == 2)
    }

    @Test func childTimeConvertsToItsPausedParentExactly() {
        let tree = Tree()
        // Up one link from C: (7 − 1) / 2 + 3 = 6.
        #expect(tree.c.convertTime(7, to: tree.parent) == 6)
        #expect(tree.parent.convertTime(7, from: tree.c) == 6)
        // Down one link to C: (6 − 3) · 2 + 1 = 7.
        #expect(tree.parent.convertTime(6, to: tree.c) == 7)
    }

    @Test func siblingsUnderAPausedParentConvertThroughItWithoutCrossingThePause() {
        let tree = Tree()
        // Up from C to P: (7 − 1) / 2 + 3 = 6; down to D: (6 − 1) · 0.5 + 0 = 2.5.
        #expect(tree.d.convertTime(7, from: tree.c) == 2.5)
        #expect(tree.c.convertTime(7, to: tree.d) == 2.5)
        // And back: up from D: (2.5 − 0) / 0.5 + 1 = 6; down to C: (6 − 3) · 2 + 1 = 7.
        #expect(tree.c.convertTime(2.5, from: tree.d) == 7)
    }

    @Test func convertingOutOfAPausedLayerGivesThePausedLinksBeginTime() {
        let tree = Tree()
        // Up from C: (5 − 1) / 2 + 3 = 5 in P's time; P's link is paused: its beginTime, 2.
        #expect(tree.c.convertTime(5, to: nil) == 2)
        #expect(tree.parent.convertTime(42, to: nil) == 2)
        #expect(tree.parent.convertTime(42, to: nil).isFinite)
    }

    @Test func layerInAnotherTreeConvertsThroughMediaTime() {
        let tree = Tree()
        let other = CALayer()
        other.speed = 4
        other.beginTime = 10
        CATransaction.flush()
        // Up from `other`: (48 − 0) / 4 + 10 = 22 media time; down to C: P gives 5, C 5.
        #expect(tree.c.convertTime(48, from: other) == 5)
        // From C up: 6 in P's time, then P's paused link gives 2; down to `other`:
        // (2 − 10) · 4 + 0 = −32.
        #expect(other.convertTime(7, from: tree.c) == -32)
    }

    @Test func convertTimeMatchesApplesExampleThroughASharedParent() {
        let root = CALayer()
        let layer = CALayer()
        let offsetSlowMo = CALayer()
        offsetSlowMo.timeOffset = 1
        offsetSlowMo.speed = 0.5
        root.addSublayer(layer)
        root.addSublayer(offsetSlowMo)
        CATransaction.flush()
        // Up from `layer` (identity): 0.5; down: (0.5 − 0) · 0.5 + 1 = 1.25.
        #expect(offsetSlowMo.convertTime(0.5, from: layer) == 1.25)
    }

    /// Media time to and from layers 3 and 100 deep, in a chain where every layer has
    /// speed 2 and beginTime 1: going down, each link turns t into (t − 1) · 2, and going up
    /// into t / 2 + 1. Both depths take the same links, one by one.
    @Test(arguments: [3, 100])
    func mediaTimeConvertsThroughEveryLinkOfADeepTree(depth: Int) {
        let chain = (0..<depth).map { _ in CALayer() }
        for layer in chain {
            layer.speed = 2
            layer.beginTime = 1
        }
        for (parent, child) in zip(chain, chain.dropFirst()) { parent.addSublayer(child) }
        CATransaction.flush()
        let deepest = chain[depth - 1]
        // 2 is the fixed point of both: (2 − 1) · 2 = 2 and 2 / 2 + 1 = 2.
        #expect(deepest.convertTime(2, from: nil) == 2)
        #expect(deepest.convertTime(2, to: nil) == 2)
        // Down from 1.5: 1, then 0, then −2, …; up from 0: 1, then 1.5, then 1.75, …
        var down = 1.5, up = 0.0
        for _ in 0..<depth {
            down = (down - 1) * 2
            up = up / 2 + 1
        }
        if depth == 3 { #expect(down == -2 && up == 1.75) }
        #expect(deepest.convertTime(1.5, from: nil) == down)
        #expect(deepest.convertTime(0, to: nil) == up)
        // Layer to layer in the same tree: from the deepest up to the top one.
        #expect(chain[0].convertTime(2, from: deepest) == 2)
    }
}
#endif
