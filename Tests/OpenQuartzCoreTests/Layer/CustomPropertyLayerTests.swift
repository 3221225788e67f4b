#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// A CALayer subclass with a custom animatable property, declared the portable way
/// (Apple, `CALayer.h` on `needsDisplayForKey:`).
final class ProgressLayer: CALayer {
    /// The custom animatable property, stored through key-value coding.
    var progress: CGFloat {
        get { ReferenceSolvers.number(value(forKey: "progress")).map { CGFloat($0) } ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }

    /// A plain stored property, copied only by `init(layer:)`.
    var label = ""
    /// Records display() calls and init(layer:) copies; set on the model layer.
    var log: EventLog?
    var testClock: OQC.ManualClock?

    override init() { super.init() }

    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? ProgressLayer {
            label = other.label
            log = other.log
            testClock = other.testClock
            other.log?.append("init(layer:)")
        }
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func display() {
        let shown = presentation()?.progress ?? progress
        log?.append("display \(testClock?.now ?? -1) \(shown)")
    }

    /// The Apple pattern: animate from the value currently on screen.
    override func action(forKey event: String) -> (any CAAction)? {
        guard event == "progress" else { return super.action(forKey: event) }
        let animation = CABasicAnimation(keyPath: event)
        animation.fromValue = presentation()?.value(forKey: event)
        animation.duration = 1
        return animation
    }
}

@Suite struct CustomPropertyLayerTests {
    typealias R = ReferenceSolvers

    /// Creates and commits the layer inside one explicit transaction, so no implicit
    /// transaction (committed later from the main queue) can call display() behind the test.
    private func makeProgressLayer(_ h: EngineHarness, progress: CGFloat = 0, log: EventLog? = nil) -> ProgressLayer {
        var made: ProgressLayer!
        h.commit {
            let layer = ProgressLayer()
            layer.progress = progress
            layer.label = "model-label"
            layer.log = log
            layer.testClock = h.clock
            made = layer
        }
        return made
    }

    private func progressAnimation(from: CGFloat, to: CGFloat, duration: Double) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "progress")
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        return animation
    }

    /// display() calls logged as (time, shown progress), in order.
    private func displays(_ log: EventLog) -> [(time: Double, progress: Double)] {
        log.all.filter { $0.hasPrefix("display ") }.map { entry in
            let parts = entry.split(separator: " ")
            return (Double(parts[1])!, Double(parts[2])!)
        }
    }

    @Test func presentationIsAnInstanceOfTheSubclassWithTheAnimatedValue() {
        let h = EngineHarness()
        let layer = makeProgressLayer(h, progress: 1)
        h.commit { layer.add(progressAnimation(from: 0, to: 1, duration: 1), forKey: "p") }
        h.advance(by: 0.25)
        let presentation = layer.presentation()
        #expect(presentation != nil)
        #expect(type(of: presentation!) == ProgressLayer.self)
        #expect(R.close(Double(presentation!.progress), 0.25))
        #expect(presentation!.model() === layer)
        #expect(layer.progress == 1)
        h.advance(by: 1)
        #expect(layer.presentation()!.progress == 1)
    }

    @Test func presentationIsMadeThroughTheSubclassesInitLayer() {
        let h = EngineHarness()
        let log = EventLog()
        let layer = makeProgressLayer(h, log: log)
        let before = log.all.filter { $0 == "init(layer:)" }.count
        let presentation = layer.presentation()!
        #expect(presentation.label == "model-label")
        #expect(log.all.filter { $0 == "init(layer:)" }.count >= before + 1)
    }

    @Test func customPropertyIsReadBackAndCopiedByInitLayer() {
        let h = EngineHarness()
        let layer = makeProgressLayer(h, progress: 0.4)
        #expect(R.close(Double(layer.progress), 0.4))
        var copy: ProgressLayer!
        h.commit { copy = ProgressLayer(layer: layer) }
        #expect(R.close(Double(copy.progress), 0.4))
        #expect(copy.label == "model-label")
        #expect(R.close(R.number(layer.presentation()?.value(forKey: "progress")), 0.4))
    }

    @Test func displayRunsOncePerFrameOnlyWhileTheCustomKeyAnimates() {
        let h = EngineHarness()
        let log = EventLog()
        let layer = makeProgressLayer(h, log: log)
        h.advance(by: 1)
        let settled = displays(log).count
        // 0.51 s covers frames 1…30 after the commit (frame 31 is at 0.5167 s).
        h.commit { layer.add(progressAnimation(from: 0, to: 1, duration: 0.51), forKey: "p") }
        h.advance(by: 2)
        let frames = Array(displays(log).dropFirst(settled))
        // 30 animated frames, then one last frame once the animation has ended, which draws
        // the model value (0: the animation never changed the model).
        #expect(frames.count == 31)
        let start = 101.0
        for (index, frame) in frames.prefix(30).enumerated() {
            let expectedTime = start + Double(index + 1) / 60
            #expect(abs(frame.time - expectedTime) < 1e-9, "frame \(index) at \(frame.time)")
            // display() sees the animated value of that frame.
            #expect(R.close(frame.progress, (expectedTime - start) / 0.51, 1e-9), "frame \(index) shows \(frame.progress)")
        }
        if let last = frames.last, frames.count == 31 {
            #expect(abs(last.time - (start + 31.0 / 60)) < 1e-9)
            #expect(last.progress == 0)
        }
        h.advance(by: 5)
        #expect(displays(log).count == settled + 31)
    }

    @Test func animatingAnotherKeyDoesNotDriveDisplay() {
        let h = EngineHarness()
        let log = EventLog()
        let layer = makeProgressLayer(h, log: log)
        // Past the 1 s animation that the subclass's action gives the initial progress.
        h.advance(by: 2)
        let settled = displays(log).count
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = Float(0)
        fade.toValue = Float(1)
        fade.duration = 0.5
        h.commit { layer.add(fade, forKey: "fade") }
        h.advance(by: 1)
        #expect(displays(log).count == settled)
    }

    @Test func customActionAnimatesFromThePreviouslyPresentedValue() {
        // The Apple pattern in ProgressLayer.action(forKey:): fromValue = presentation's value.
        // On Apple the presentation layer still shows the old value when the action is looked
        // up, so the property animates from 0.2 to 0.8 over 1 s.
        let h = EngineHarness()
        let layer = makeProgressLayer(h, progress: 0.2)
        h.commit { layer.progress = 0.8 }
        #expect(layer.animation(forKey: "progress") != nil)
        let values = R.sample(h, layer, "progress", at: [0.5])
        // The engine looks the action up before the model stores 0.8, and presentation()
        // reads the last committed state, so fromValue is 0.2 as on Apple.
        #expect(R.close(values[0], 0.5, 1e-9))
    }

    @Test func displayRunsWhenTheCustomPropertyChanges() {
        let h = EngineHarness()
        let log = EventLog()
        let layer = makeProgressLayer(h, log: log)
        h.advance(by: 1)
        let settled = displays(log).count
        h.commit {
            CATransaction.setDisableActions(true)
            layer.progress = 0.7
        }
        h.advance(by: 0)
        let after = displays(log).dropFirst(settled)
        #expect(after.count == 1)
        #expect(R.close(after.first?.progress, 0.7))
    }
}
#endif
