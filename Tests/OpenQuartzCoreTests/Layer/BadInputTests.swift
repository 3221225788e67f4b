#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// Input Core Animation accepts silently: the engine ignores it like Apple, never crashes,
/// and reports it through `OQC.observeDiagnostics`.
@Suite struct BadInputTests {
    typealias R = ReferenceSolvers

    /// A layer is a key-value container (Apple, "Key-Value Coding Extensions"): a misspelled
    /// key is a key of its own, which the animation changes in the presentation, while the
    /// property meant stays as it is. The engine reports the key as no property of the layer.
    @Test func misspelledKeyPathIsReportedAndAnimatesOnlyItsOwnKey() {
        let diagnostics = DiagnosticCollector(key: "conerRadius")
        let h = EngineHarness()
        let layer = h.makeLayerInTransaction { () -> CALayer in
            let layer = CALayer()
            layer.cornerRadius = 6
            return layer
        }
        let animation = CABasicAnimation(keyPath: "conerRadius")
        animation.fromValue = CGFloat(0)
        animation.toValue = CGFloat(20)
        animation.duration = 1
        h.commit { layer.add(animation, forKey: "typo") }
        let values = R.sample(h, layer, "cornerRadius", at: [0.5])
        #expect(values == [6])
        #expect(layer.presentation()?.value(forKey: "conerRadius") as? CGFloat == 10)
        #expect(layer.value(forKey: "conerRadius") == nil, "the model holds nothing under the key")
        #expect(diagnostics.kinds.contains(.unknownKeyPath))
    }

    /// Apple's guide ("Animatable Properties"): `frame` is not animatable. The report says
    /// so and names what to animate, rather than calling it no property of the layer.
    @Test func frameAnimationIsReportedAsNotAnimatable() {
        let diagnostics = DiagnosticCollector(key: "frame.size.width")
        let h = EngineHarness()
        let layer = h.makeLayer()
        let widen = CABasicAnimation(keyPath: "frame.size.width")
        widen.toValue = CGFloat(40)
        widen.duration = 1
        h.commit { layer.add(widen, forKey: "widen") }
        h.advance(by: 0.5)
        #expect(layer.presentation()?.bounds.width == 0)
        let messages = diagnostics.all.map(\.message)
        #expect(messages.contains { $0.contains("'frame.size.width' is not animatable") && $0.contains("animate \"bounds\" and \"position\" instead") })
    }

    @Test func unknownSubPathIsReportedAndAnimatesNothing() {
        let diagnostics = DiagnosticCollector(key: "position.z")
        let h = EngineHarness()
        let layer = h.makeLayerInTransaction { () -> CALayer in
            let layer = CALayer()
            layer.position = CGPoint(x: 3, y: 4)
            return layer
        }
        let animation = CABasicAnimation(keyPath: "position.z")
        animation.fromValue = CGFloat(0)
        animation.toValue = CGFloat(20)
        animation.duration = 1
        h.commit { layer.add(animation, forKey: "typo") }
        h.advance(by: 0.5)
        #expect(layer.presentation()?.position == CGPoint(x: 3, y: 4))
        #expect(diagnostics.kinds.contains(.unknownKeyPath))
    }

    @Test func misspelledKeyPathDoesNotStopItsDelegateOrCompletion() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let log = EventLog()
        let animation = CABasicAnimation(keyPath: "opactiy")
        animation.fromValue = Float(0)
        animation.toValue = Float(1)
        animation.duration = 1
        animation.delegate = RecordingDelegate(log: log, clock: h.clock)
        let clock = h.clock
        h.commit {
            CATransaction.setCompletionBlock { log.append("done@\(clock.now)") }
            layer.add(animation, forKey: "typo")
        }
        h.advance(by: 2)
        #expect(log.all == ["start@100.0", "stop(true)@101.0", "done@101.0"])
    }

    @Test func wrongValueTypeForOpacityIsReportedAndIgnored() {
        let diagnostics = DiagnosticCollector(key: "opacity")
        let h = EngineHarness()
        let layer = h.makeLayerInTransaction { () -> CALayer in
            let layer = CALayer()
            layer.opacity = 0.8
            return layer
        }
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = "test-bad-input-from"
        animation.duration = 1
        h.commit { layer.add(animation, forKey: "bad") }
        let values = R.sample(h, layer, "opacity", at: [0, 0.5, 0.9])
        for value in values { #expect(R.close(value, Double(Float(0.8)), 1e-7)) }
        #expect(diagnostics.all.contains { $0.kind == .invalidValue && $0.message.contains("test-bad-input-from") })
    }

    @Test func wrongValueTypeSetThroughKeyValueCodingIsReportedAndIgnored() {
        let diagnostics = DiagnosticCollector(key: "shadowRadius")
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        h.commit { layer.setValue("wide", forKey: "shadowRadius") }
        #expect(layer.shadowRadius == 3)
        #expect(layer.animationKeys() == nil)
        #expect(diagnostics.kinds.contains(.invalidValue))
    }

    @Test(arguments: [("badNegativeDuration", -1.0), ("badNaNDuration", Double.nan), ("badNegativeInfiniteDuration", -Double.infinity)])
    func invalidDurationFallsBackToTheTransactionDurationAndIsReported(key: String, duration: Double) {
        let diagnostics = DiagnosticCollector(key: key)
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let log = EventLog()
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = CGFloat(0)
        animation.toValue = CGFloat(100)
        animation.duration = duration
        animation.delegate = RecordingDelegate(log: log, clock: h.clock)
        h.commit {
            CATransaction.setAnimationDuration(2)
            layer.add(animation, forKey: key)
        }
        #expect(layer.animation(forKey: key)?.duration == 2)
        let values = R.sample(h, layer, "position.x", at: [0.5, 1])
        #expect(R.close(values[0], 25))
        #expect(R.close(values[1], 50))
        h.advance(by: 5)
        #expect(log.all == ["start@100.0", "stop(true)@102.0"])
        #expect(diagnostics.kinds.contains(.ignoredInput))
    }

    @Test func negativeDurationWithoutATransactionDurationUsesAQuarterSecond() {
        let key = "badNegativeDurationDefault"
        let diagnostics = DiagnosticCollector(key: key)
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = CGFloat(0)
        animation.toValue = CGFloat(100)
        animation.duration = -3
        h.commit { layer.add(animation, forKey: key) }
        #expect(layer.animation(forKey: key)?.duration == 0.25)
        let values = R.sample(h, layer, "position.x", at: [0.125])
        #expect(R.close(values[0], 50))
        #expect(diagnostics.kinds.contains(.ignoredInput))
    }

    /// Apple (`insertSublayer(_:below:)`, `insertSublayer(_:above:)`): "If `sublayer` is not
    /// in the receiver's `sublayers` array, this method raises an exception." The engine
    /// reports the call and inserts nothing: the layer stays where it was.
    @Test func insertingNextToALayerThatIsNotASublayerIsReportedAndIgnored() {
        let diagnostics = DiagnosticCollector(key: "sublayers")
        let h = EngineHarness()
        let parent = h.makePlainLayer()
        let child = h.makePlainLayer()
        let stranger = h.makePlainLayer()
        let elsewhere = h.makePlainLayer()
        let moved = h.makePlainLayer()
        h.commit {
            parent.addSublayer(child)
            elsewhere.addSublayer(moved)
        }
        h.commit {
            parent.insertSublayer(moved, below: stranger)
            parent.insertSublayer(moved, above: stranger)
        }
        #expect(parent.sublayers?.count == 1 && parent.sublayers?.first === child)
        #expect(moved.superlayer === elsewhere)
        let messages = diagnostics.all.map(\.message)
        #expect(messages.contains { $0.contains("insertSublayer(_:below:)") })
        #expect(messages.contains { $0.contains("insertSublayer(_:above:)") })

        h.commit { parent.insertSublayer(moved, below: nil) }
        #expect(moved.superlayer === parent, "a nil sibling is no error (the header declares it nullable)")
    }

    @Test func zeroDurationIsNotReported() {
        let key = "zeroDurationIsFine"
        let diagnostics = DiagnosticCollector(key: key)
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.toValue = CGFloat(100)
        h.commit { layer.add(animation, forKey: key) }
        #expect(layer.animation(forKey: key)?.duration == 0.25)
        #expect(diagnostics.all.isEmpty)
    }

    @Test func removingAnUnknownKeyLeavesOtherAnimationsRunning() {
        let h = EngineHarness()
        let layer = h.makePlainLayer()
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = CGFloat(0)
        animation.toValue = CGFloat(100)
        animation.duration = 1
        h.commit { layer.add(animation, forKey: "real") }
        h.commit { layer.removeAnimation(forKey: "missing") }
        let values = R.sample(h, layer, "position.x", at: [0.5])
        #expect(R.close(values[0], 50))
        #expect(layer.animationKeys() == ["real"])
    }
}
#endif
