#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

@Suite struct SmokeTests {
    @Test func basicAnimationInterpolatesOverTime() {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        h.commit { layer.add(fade, forKey: "fade") }
        h.advance(by: 0.25)
        #expect(abs(Double(layer.presentation()!.opacity) - 0.25) < 1e-9)
        h.advance(by: 0.5)
        #expect(abs(Double(layer.presentation()!.opacity) - 0.75) < 1e-9)
        h.advance(by: 0.5)
        #expect(layer.presentation()!.opacity == 1)
        #expect(layer.animationKeys() == nil)
    }

    @Test func completionBlockFiresAtEnd() {
        let h = EngineHarness()
        let layer = h.makeLayer()
        let log = EventLog()
        let anim = CABasicAnimation(keyPath: "position.x")
        anim.fromValue = 0
        anim.toValue = 100
        anim.duration = 0.5
        anim.delegate = RecordingDelegate(log: log, clock: h.clock)
        let clock = h.clock
        h.commit {
            CATransaction.setCompletionBlock { log.append("done@\(clock.now)") }
            layer.add(anim, forKey: "move")
        }
        h.advance(by: 0.25)
        #expect(layer.presentation()!.position.x == 50)
        h.advance(by: 1)
        #expect(log.all == ["start@100.0", "stop(true)@100.5", "done@100.5"])
    }
}
#endif
