#if !canImport(QuartzCore)
import Foundation
import Testing
@testable import OpenQuartzCore

/// Timing rules that Apple's headers state, at the edges: offsets of animations that repeat
/// forever, negative speeds, paused layers, the transaction's timing function, partial
/// keyframe tangent parameters, and key-value coding of string constants.
///
/// A ramp of `position.x` from 0 to 10 over 1 s on a layer whose model x is −1, added at 100.
@Suite struct DocumentedTimingTests: PositionRampFixture {
    /// `CAMediaTiming.h`: "t = (tp - begin) * speed + offset", with no exception for an
    /// animation that repeats forever.
    @Test(arguments: [Float.infinity, .greatestFiniteMagnitude])
    func timeOffsetShiftsAnAnimationThatRepeatsForever(_ repeatCount: Float) throws {
        let harness = EngineHarness()
        let layer = makeLayer(harness)
        let animation = ramp()
        animation.repeatCount = repeatCount
        animation.timeOffset = 0.25
        harness.commit { layer.add(animation, forKey: "a") }
        expectClose(try x(layer), 2.5)        // t = 0.25
        harness.advanceClock(to: 100.5)
        expectClose(try x(layer), 7.5)        // t = 0.75
        harness.advanceClock(to: 100.875)
        expectClose(try x(layer), 1.25)       // t = 1.125: the second pass, 0.125 in
    }

    @Test func aNegativeTimeOffsetWrapsAroundOneCycleOfAnAnimationThatRepeatsForever() throws {
        let harness = EngineHarness()
        let layer = makeLayer(harness)
        let animation = ramp()
        animation.repeatCount = .infinity
        animation.timeOffset = -0.25
        harness.commit { layer.add(animation, forKey: "a") }
        expectClose(try x(layer), 7.5)        // t = −0.25, a quarter before a pass ends
        harness.advanceClock(to: 100.5)
        expectClose(try x(layer), 2.5)        // t = 0.25
    }

    /// At speed −1 with `timeOffset` 1, t = (tp − begin) · (−1) + 1 runs from 1 down to 0:
    /// the ramp plays backwards over one second, then ends (`isRemovedOnCompletion`).
    @Test func aNegativeSpeedPlaysTheAnimationBackwardsAndEnds() throws {
        let harness = EngineHarness()
        let layer = makeLayer(harness)
        let log = StampedLog()
        let animation = ramp()
        animation.speed = -1
        animation.timeOffset = 1
        animation.delegate = StampingDelegate(log: log, clock: harness.clock)
        harness.commit { layer.add(animation, forKey: "a") }
        harness.advanceClock(to: 100.25)
        expectClose(try x(layer), 7.5)
        harness.advanceClock(to: 100.75)
        expectClose(try x(layer), 2.5)
        harness.advanceClock(to: 105)
        #expect(layer.animationKeys() == nil)
        expectClose(try x(layer), -1)
        #expect(log.events == ["start", "stop(true)"])
        expectClose(log.time(of: "stop(true)") ?? 0, 101)
    }

    /// At speed −1 with `timeOffset` equal to the duration, t starts at 1: the first frame,
    /// and a backwards fill before the begin time, show the ramp's end.
    @Test(arguments: [CAMediaTimingFillMode.both, .backwards])
    func aBackwardPassFromTheEndShowsTheEndFirst(_ fillMode: CAMediaTimingFillMode) throws {
        let harness = EngineHarness()
        let layer = makeLayer(harness)
        let animation = ramp()
        animation.speed = -1
        animation.timeOffset = 1
        animation.fillMode = fillMode
        let delayed = fillMode == .backwards
        if delayed { animation.beginTime = layer.convertTime(100, from: nil) + 1 }
        harness.commit { layer.add(animation, forKey: "a") }
        expectClose(try x(layer), 10)
        if delayed {
            harness.advanceClock(to: 100.5)
            expectClose(try x(layer), 10)     // still filling backwards
            harness.advanceClock(to: 101.25)
        } else {
            harness.advanceClock(to: 100.25)
        }
        expectClose(try x(layer), 7.5)
    }

    /// Repeated twice (active duration 2) from `timeOffset` 2, the backward pass also starts
    /// at the very end.
    @Test func aRepeatedBackwardPassFromTheEndShowsTheEndFirst() throws {
        let harness = EngineHarness()
        let layer = makeLayer(harness)
        let animation = ramp()
        animation.speed = -1
        animation.repeatCount = 2
        animation.timeOffset = 2
        harness.commit { layer.add(animation, forKey: "a") }
        expectClose(try x(layer), 10)
        harness.advanceClock(to: 100.25)
        expectClose(try x(layer), 7.5)
        harness.advanceClock(to: 101.25)
        expectClose(try x(layer), 7.5)        // the first pass, backwards
    }

    /// `CAAnimation.h`: `animationDidStart(_:)` is "Called when the animation begins its
    /// active duration". Added to a paused layer, an animation begins at the layer's frozen
    /// time, so it is in its active duration at once.
    @Test func anAnimationAddedToAPausedLayerStarts() throws {
        let harness = EngineHarness()
        let layer = makeLayer(harness)
        harness.setModel {
            layer.speed = 0
            layer.timeOffset = 5
        }
        let log = StampedLog()
        let animation = ramp()
        animation.delegate = StampingDelegate(log: log, clock: harness.clock)
        harness.commit { layer.add(animation, forKey: "a") }
        harness.advanceClock(to: 102)
        #expect(log.events == ["start"])
        expectClose(try x(layer), 0)          // frozen at the animation's first instant
        #expect(layer.animationKeys() == ["a"])
    }

    /// `CATransaction.h`: when the transaction's timing function is set, "any animations
    /// added to layers will have this value set as their "timingFunction" property"; the
    /// reference of `kCATransactionAnimationTimingFunction`: it "overrides the timing
    /// function for all animations triggered within the transaction group". An animation
    /// with a timing function of its own takes it too.
    @Test func everyAnimationAddedTakesTheTransactionsTimingFunction() throws {
        let harness = EngineHarness()
        let plain = makeLayer(harness)
        let own = makeLayer(harness)
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        let easeOut = CAMediaTimingFunction(name: .easeOut)
        let withOwn = ramp()
        withOwn.timingFunction = easeOut
        harness.commit {
            CATransaction.setAnimationTimingFunction(easeIn)
            plain.add(ramp(), forKey: "a")
            own.add(withOwn, forKey: "a")
        }
        #expect(plain.animation(forKey: "a")?.timingFunction == easeIn)
        #expect(own.animation(forKey: "a")?.timingFunction == easeIn)
        #expect(withOwn.timingFunction == easeOut, "the animation given to add(_:forKey:) keeps its own")
        harness.advanceClock(to: 100.5)
        expectClose(try x(plain), 10 * ReferenceTimingCurve.easeIn(0.5))
        expectClose(try x(own), 10 * ReferenceTimingCurve.easeIn(0.5))
    }

    /// `CALayer.add(_:forKey:)`: "If the duration property of the animation is zero or
    /// negative, the duration is changed to" the transaction's. An infinite duration is
    /// neither: it is kept, and the animation never ends. An undamped spring run for its
    /// `settlingDuration` (infinite) oscillates on: x(t) = 1 − cos(ω0·t), ω0 = √(k/m) = 10;
    /// a basic animation stays at its start (t / ∞ = 0).
    @Test func anInfiniteDurationIsKeptAndTheAnimationNeverEnds() throws {
        let harness = EngineHarness()
        let layer = makeLayer(harness)
        let log = EventLog()
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = CGFloat(0)
        spring.toValue = CGFloat(1)
        spring.damping = 0
        spring.duration = spring.settlingDuration
        spring.delegate = RecordingDelegate(log: log, clock: harness.clock)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = Float(0.2)
        fade.toValue = Float(1)
        fade.duration = .infinity
        harness.commit {
            layer.add(spring, forKey: "spring")
            layer.add(fade, forKey: "fade")
        }
        #expect(layer.animation(forKey: "spring")?.duration == .infinity)
        #expect(layer.animation(forKey: "fade")?.duration == .infinity)
        harness.advanceClock(to: 101)
        expectClose(try x(layer), 1 - cos(10.0), tolerance: 1e-9)
        expectClose(layer.presentation()?.opacity, 0.2)
        harness.advanceClock(to: 1100)
        expectClose(try x(layer), 1 - cos(10.0 * 1000), tolerance: 1e-6)
        #expect(log.all == ["start@100.0"])
        #expect(layer.animationKeys()?.sorted() == ["fade", "spring"])
    }

    /// Cubic keyframes of `position.x` through 0, 10, 0, 10 over `duration` seconds.
    private func cubicZigzag(duration: CFTimeInterval) -> CAKeyframeAnimation {
        let keyframes = CAKeyframeAnimation(keyPath: "position.x")
        keyframes.values = [CGFloat(0), CGFloat(10), CGFloat(0), CGFloat(10)]
        keyframes.calculationMode = .cubic
        keyframes.duration = duration
        return keyframes
    }

    /// `position.x` at `fractions` of the middle segment (10 → 0, from 1 s to 2 s) of a 3 s
    /// cubic zigzag that `configure` sets up, added at 100.
    private func middleSegmentOfCubicZigzag(at fractions: [Double],
                                            _ configure: (CAKeyframeAnimation) -> Void) throws -> [CGFloat] {
        let harness = EngineHarness()
        let layer = makeLayer(harness)
        let keyframes = cubicZigzag(duration: 3)
        configure(keyframes)
        harness.commit { layer.add(keyframes, forKey: "k") }
        return try fractions.map { fraction in
            harness.advanceClock(to: 100 + 1 + fraction)
            return try x(layer)
        }
    }

    /// `CAAnimation.h` on `continuityValues`: "positive values give sharp corners, negative
    /// values give inverted corners". At +1 everywhere both tangents of a segment are its
    /// chord, so the segment is straight (sharp corners at the keyframes); at −1 each
    /// tangent is the neighbouring chord, which bends the segment the other way.
    @Test func positiveContinuityGivesSharpCorners() throws {
        func sample(continuity: Double, at fractions: [Double]) throws -> [CGFloat] {
            try middleSegmentOfCubicZigzag(at: fractions) {
                $0.continuityValues = Array(repeating: NSNumber(value: continuity), count: 4)
            }
        }
        // Straight: 10 − 10s.
        for (value, expected) in zip(try sample(continuity: 1, at: [0.25, 0.5, 0.75]), [7.5, 5, 2.5]) {
            expectClose(value, expected)
        }
        // At −1 the outgoing tangent at 10 is the chord before it (+10) and the incoming one
        // at 0 the chord after it (+10). Hermite with p1 = 10, p2 = 0, m1 = m2 = 10 at
        // s = 0.25: 10·h00 + 10·h10 + 0·h01 + 10·h11 = 10 · (0.84375 + 0.140625 − 0.046875)
        // = 9.375; by symmetry 0.625 at s = 0.75.
        for (value, expected) in zip(try sample(continuity: -1, at: [0.25, 0.5, 0.75]), [9.375, 5, 0.625]) {
            expectClose(value, expected)
        }
    }

    /// `CAAnimation.h` on `biasValues`: "positive values move the curve before the control
    /// point, negative values move it after the control point". Through 0, 10, 0, 10 over
    /// 3 s, the middle segment runs from 10 (at 1 s) to 0 (at 2 s). At bias +1 the curve has
    /// already turned at each keyframe: the tangent there is the chord after it, so the
    /// segment leaves 10 falling (m1 = −10), dips below 0 and arrives rising (m2 = +10). At
    /// −1 the tangent is the chord before it (m1 = +10, m2 = −10): the segment first
    /// overshoots past 10, turning after the keyframe.
    @Test(.timeLimit(.minutes(1)))
    func positiveBiasMovesTheCurveBeforeTheKeyframe() throws {
        func sample(bias: Double, at fractions: [Double]) throws -> [CGFloat] {
            try middleSegmentOfCubicZigzag(at: fractions) {
                $0.biasValues = Array(repeating: NSNumber(value: bias), count: 4)
            }
        }
        // Hermite with p1 = 10, p2 = 0: x = 10·h00 + m1·h10 + m2·h11. At s = 0.25,
        // (h00, h10, h11) = (0.84375, 0.140625, −0.046875); at s = 0.75, (0.15625, 0.046875,
        // −0.140625).
        func hermite(m1: Double, m2: Double, s: Double) -> Double {
            let (s2, s3) = (s * s, s * s * s)
            return 10 * (2 * s3 - 3 * s2 + 1) + m1 * (s3 - 2 * s2 + s) + m2 * (s3 - s2)
        }
        expectClose(hermite(m1: -10, m2: 10, s: 0.25), 6.5625)
        expectClose(hermite(m1: -10, m2: 10, s: 0.75), -0.3125)
        for (value, expected) in zip(try sample(bias: 1, at: [0.25, 0.75]), [6.5625, -0.3125]) {
            expectClose(value, expected)
        }
        for (value, expected) in zip(try sample(bias: -1, at: [0.25, 0.75]), [10.3125, 3.4375]) {
            expectClose(value, expected)
        }
    }

    /// `CAAnimation.h` on `tensionValues`, `continuityValues` and `biasValues`: "Any
    /// unspecified values default to zero".
    @Test func unspecifiedTangentParametersAreZero() throws {
        func sample(tension: [NSNumber]) throws -> CGFloat {
            let harness = EngineHarness()
            let layer = makeLayer(harness)
            let keyframes = cubicZigzag(duration: 1)
            keyframes.tensionValues = tension
            harness.commit { layer.add(keyframes, forKey: "k") }
            harness.advanceClock(to: 100.1)
            return try x(layer)
        }
        let partial = try sample(tension: [1])
        expectClose(partial, try sample(tension: [1, 0, 0, 0]))
        #expect(abs(partial - (try sample(tension: []))) > 0.1)
    }

    /// Apple bridges a typed string constant to `NSString`, so key-value coding takes it as
    /// well as its string.
    @Test func keyValueCodingTakesStringConstantsAsThemselves() {
        let basic = CABasicAnimation(keyPath: "opacity")
        basic.setValue(CAMediaTimingFillMode.forwards, forKey: "fillMode")
        #expect(basic.fillMode == .forwards)
        basic.setValue("both", forKey: "fillMode")
        #expect(basic.fillMode == .both)
        let keyframes = CAKeyframeAnimation(keyPath: "opacity")
        keyframes.setValue(CAAnimationCalculationMode.discrete, forKey: "calculationMode")
        #expect(keyframes.calculationMode == .discrete)
        let transition = CATransition()
        transition.setValue(CATransitionType.push, forKey: "type")
        transition.setValue(CATransitionSubtype.fromLeft, forKey: "subtype")
        #expect(transition.type == .push)
        #expect(transition.subtype == .fromLeft)
    }

    /// `CALayer`, `CAAnimation` and `CAMediaTimingFunction` adopt `NSSecureCoding` in
    /// Apple's headers, so subclasses that implement the coding methods compile; nothing is
    /// archived here (MissingAPI.md), and decoding gives the defaults.
    @Test func subclassesCanImplementTheCodingMethods() throws {
        final class CodedLayer: CALayer {
            override init() { super.init() }
            override init(layer: Any) { super.init(layer: layer) }
            required init?(coder: NSCoder) { super.init(coder: coder) }
            override func encode(with coder: NSCoder) { super.encode(with: coder) }
            override class var supportsSecureCoding: Bool { true }
        }
        final class CodedAnimation: CABasicAnimation {
            override init() { super.init() }
            required init?(coder: NSCoder) { super.init(coder: coder) }
            override func encode(with coder: NSCoder) { super.encode(with: coder) }
        }
        final class CodedCurve: CAMediaTimingFunction, @unchecked Sendable {  // immutable, as its superclass
            init() { super.init(controlPoints: 0.5, 0, 0.5, 1) }
            required init?(coder: NSCoder) { super.init(coder: coder) }
            override func encode(with coder: NSCoder) { super.encode(with: coder) }
        }
        #expect(CALayer.supportsSecureCoding && CAAnimation.supportsSecureCoding && CAMediaTimingFunction.supportsSecureCoding)
        #expect(CodedLayer.supportsSecureCoding)
        let archive = NSKeyedArchiver(requiringSecureCoding: false)
        CodedAnimation().encode(with: archive)
        CodedCurve().encode(with: archive)
        let decoded = try #require(CodedCurve(coder: NSKeyedUnarchiver(forReadingWith: archive.encodedData)))
        var point: [Float] = [0, 0]
        decoded.getControlPoint(at: 1, values: &point)
        #expect(point == [0, 0])   // the linear curve's first control point
        #expect(CodedLayer(coder: NSKeyedUnarchiver(forReadingWith: archive.encodedData))?.opacity == 1)
    }

    /// A subclass with a designated initialiser of its own compiles when it also overrides
    /// `init()` (see MissingAPI.md), and its copies keep their dynamic type.
    @Test func aSubclassWithItsOwnInitialiserIsCopiedAsItself() throws {
        final class TaggedAnimation: CABasicAnimation {
            var tag = ""
            init(tag: String) {
                self.tag = tag
                super.init()
            }
            override init() { super.init() }
            required init?(coder: NSCoder) { super.init(coder: coder) }
        }
        let harness = EngineHarness()
        let layer = makeLayer(harness)
        harness.commit { layer.add(TaggedAnimation(tag: "t"), forKey: "a") }
        #expect(layer.animation(forKey: "a") is TaggedAnimation)
    }
}
#endif
