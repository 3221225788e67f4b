import AnimationQueue
import AnimationQueueTesting
import Foundation
import Testing

// The classic Core Animation patterns that AnimationQueue replaces (the README's first
// section). The pattern code below uses Apple's API only and compiles
// unchanged against QuartzCore on iOS; the tests drive it on the virtual clock.

// MARK: - Pattern (a): an async Operation that finishes in a CATransaction completion block

/// The Stack Overflow classic: an asynchronous `Operation` that runs one `CABasicAnimation`
/// and finishes in the transaction's completion block, chained with `addDependency`.
final class TransactionAnimationOperation: Operation, @unchecked Sendable {
    private let layer: CALayer
    private let keyPath: String
    private let fromValue: Any
    private let toValue: Any
    private let duration: CFTimeInterval
    /// Called with "start" and "finish" (on whatever thread the event happens).
    var onEvent: (@Sendable (String) -> Void)?

    private let stateLock = NSLock()
    private var _executing = false
    private var _finished = false

    init(layer: CALayer, keyPath: String, from fromValue: Any, to toValue: Any, duration: CFTimeInterval) {
        self.layer = layer
        self.keyPath = keyPath
        self.fromValue = fromValue
        self.toValue = toValue
        self.duration = duration
        super.init()
    }

    override var isAsynchronous: Bool { true }

    override var isExecuting: Bool {
        stateLock.lock(); defer { stateLock.unlock() }
        return _executing
    }

    override var isFinished: Bool {
        stateLock.lock(); defer { stateLock.unlock() }
        return _finished
    }

    override func start() {
        if isCancelled {
            finish()
            return
        }
        willChangeValue(forKey: "isExecuting")
        stateLock.lock(); _executing = true; stateLock.unlock()
        didChangeValue(forKey: "isExecuting")
        if Thread.isMainThread {
            animate()
        } else {
            DispatchQueue.main.async { self.animate() }
        }
    }

    private func animate() {
        onEvent?("start")
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = fromValue
        animation.toValue = toValue
        animation.duration = duration
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.setCompletionBlock { self.finish() }
        layer.setValue(toValue, forKeyPath: keyPath)      // the model holds the final value
        layer.add(animation, forKey: keyPath)
        CATransaction.commit()
    }

    private func finish() {
        onEvent?("finish")
        willChangeValue(forKey: "isExecuting")
        willChangeValue(forKey: "isFinished")
        stateLock.lock()
        _executing = false
        _finished = true
        stateLock.unlock()
        didChangeValue(forKey: "isExecuting")
        didChangeValue(forKey: "isFinished")
    }
}

/// App code that starts a chain: `OperationQueue.main` runs one operation at a time.
func enqueueOnMainQueue(_ operations: [Operation]) {
    OperationQueue.main.addOperations(operations, waitUntilFinished: false)
}

// MARK: - Pattern (b): nested CATransaction completion blocks (the bar chart)

/// Shakes a bar, then, in the shake's completion block, stretches it to `height` and slides
/// it to `position` together: the pyramid of doom, one level deep.
func shakeThenStretchAndSlide(_ bar: CALayer, height: CGFloat, position: CGPoint, duration: CFTimeInterval,
                              event: @escaping (String) -> Void) {
    let shake = CAKeyframeAnimation(keyPath: "position.x")
    shake.values = [0, 10, -10, 10, -5, 5, -5, 0].map { CGFloat($0) }
    shake.duration = 0.4
    shake.isAdditive = true

    CATransaction.begin()
    CATransaction.setCompletionBlock {
        event("shake ended")
        let stretch = CABasicAnimation(keyPath: "bounds.size.height")
        stretch.fromValue = bar.bounds.size.height
        stretch.toValue = height
        stretch.duration = duration
        let slide = CABasicAnimation(keyPath: "position")
        slide.fromValue = bar.position
        slide.toValue = position
        slide.duration = duration

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.setCompletionBlock { event("stretch and slide ended") }
        bar.bounds.size.height = height
        bar.position = position
        bar.add(stretch, forKey: "stretch")
        bar.add(slide, forKey: "slide")
        CATransaction.commit()
    }
    bar.add(shake, forKey: "shake")
    CATransaction.commit()
}

// MARK: - Pattern (c): a CALayer subclass with a custom animatable property

/// A progress ring whose `progress` animates like a built-in property: a computed property
/// over key-value coding (Apple code often writes `@NSManaged var progress: CGFloat`),
/// `needsDisplay(forKey:)`, `action(forKey:)`, `init(layer:)`, and `display()` reading the
/// presentation layer.
final class ProgressRingLayer: CALayer {
    var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }

    /// A plain stored property: presentation copies get it through `init(layer:)`.
    var ringColorName = "gray"
    /// Called from `display()` with the progress on screen.
    var onDisplay: ((CGFloat) -> Void)?

    override init() { super.init() }

    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? ProgressRingLayer {
            ringColorName = other.ringColorName
            onDisplay = other.onDisplay
        }
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func action(forKey event: String) -> (any CAAction)? {
        guard event == "progress" else { return super.action(forKey: event) }
        let animation = CABasicAnimation(keyPath: event)
        animation.fromValue = presentation()?.progress ?? progress
        return animation
    }

    override func display() {
        onDisplay?(presentation()?.progress ?? progress)
    }
}

// MARK: - Tests

// These drive the patterns on the engine's virtual time, so they compile only where
// QuartzCore is absent; ClassicPatternRealTimeTests plays them on any platform.
#if !canImport(QuartzCore)

@Suite(.hangGuard)
struct ClassicPatternTests {
    @Test func classicTransactionOperationsChainedOnTheMainQueueRunInOrder() async {
        let clock = AnimationTestClock(now: 20)
        let log = ProbeLog(clock: clock)
        let card = clock.makeLayer(), badge = clock.makeLayer()
        let slide = TransactionAnimationOperation(layer: card, keyPath: "position.x", from: CGFloat(0), to: CGFloat(200), duration: 0.5)
        let fade = TransactionAnimationOperation(layer: badge, keyPath: "opacity", from: Float(0), to: Float(0.5), duration: 0.25)
        slide.onEvent = { log.record("slide \($0)") }
        fade.onEvent = { log.record("fade \($0)") }
        fade.addDependency(slide)
        enqueueOnMainQueue([slide, fade])

        #expect(await settle(clock) { card.animationKeys() != nil })
        #expect(card.animation(forKey: "position.x")?.beginTime == 20)
        #expect(card.position.x == 200)
        await clock.advance(to: 20.25)
        #expect(isClose(card.presentation().map { Double($0.position.x) }, 100, 1e-6))
        #expect(!fade.isExecuting && badge.animationKeys() == nil && badge.opacity == 1)
        await clock.advance(to: 20.5)
        #expect(slide.isFinished)
        #expect(await settle(clock) { badge.animationKeys() != nil })
        #expect(badge.animation(forKey: "opacity")?.beginTime == 20.5)
        await clock.advance(to: 20.625)
        #expect(isClose(shownOpacity(badge), 0.25, 1e-6))
        await clock.advance(to: 20.75)
        #expect(await settle(clock) { fade.isFinished })
        #expect(log.events == ["slide start", "slide finish", "fade start", "fade finish"])
        #expect(log.time(of: "slide finish") == 20.5 && log.time(of: "fade finish") == 20.75)
        #expect(card.position.x == 200 && card.presentation()?.position.x == 200)
        #expect(badge.opacity == 0.5 && shownOpacity(badge) == 0.5)
        #expect(card.animationKeys() == nil && badge.animationKeys() == nil)
    }

    @Test func nestedCompletionBlocksShakeThenStretchAndSlideTogether() async {
        let clock = AnimationTestClock(now: 50)
        let log = ProbeLog(clock: clock)
        let bar = clock.makeLayer {
            let bar = CALayer()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            bar.bounds = CGRect(x: 0, y: 0, width: 40, height: 50)
            bar.position = CGPoint(x: 100, y: 300)
            CATransaction.commit()
            return bar
        }
        let d: CFTimeInterval = 0.25
        shakeThenStretchAndSlide(bar, height: 200, position: CGPoint(x: 100, y: 225), duration: d) { log.record($0) }
        await clock.advance(by: 0)
        #expect(bar.animation(forKey: "shake")?.beginTime == 50)

        // Seven equal linear segments of 0.4/7 s; the keyframes are offsets from x = 100.
        let segment = 0.4 / 7
        func shownX() -> Double? { bar.presentation().map { Double($0.position.x) } }
        await clock.advance(to: 50 + segment)
        #expect(isClose(shownX(), 110, 1e-6))
        await clock.advance(to: 50 + 2 * segment)
        #expect(isClose(shownX(), 90, 1e-6))
        await clock.advance(to: 50 + 4.5 * segment)      // halfway from −5 to 5
        #expect(isClose(shownX(), 100, 1e-6))
        #expect(bar.presentation()?.bounds.size.height == 50)
        #expect(bar.animation(forKey: "stretch") == nil)

        await clock.advance(to: 50.4)
        #expect(isClose(log.time(of: "shake ended"), 50.4))
        #expect(bar.animation(forKey: "shake") == nil)
        #expect(isClose(bar.animation(forKey: "stretch")?.beginTime, 50.4))
        #expect(isClose(bar.animation(forKey: "slide")?.beginTime, 50.4))
        await clock.advance(to: 50.4 + d / 2)
        #expect(isClose(bar.presentation().map { Double($0.bounds.size.height) }, 125, 1e-6))
        #expect(isClose(bar.presentation().map { Double($0.position.y) }, 262.5, 1e-6))
        #expect(isClose(shownX(), 100, 1e-6))
        await clock.advance(to: 50.4 + d - 0.001)
        #expect(log.count("stretch and slide ended") == 0)
        await clock.advance(to: 50.4 + d)
        #expect(isClose(log.time(of: "stretch and slide ended"), 50.4 + d))
        #expect(log.events == ["shake ended", "stretch and slide ended"])
        #expect(bar.bounds.size.height == 200 && bar.position == CGPoint(x: 100, y: 225))
        #expect(bar.presentation()?.bounds.size.height == 200 && bar.presentation()?.position == CGPoint(x: 100, y: 225))
        #expect(bar.animationKeys() == nil)
        #expect(clock.pendingWork.isEmpty)
    }

    @Test func customAnimatablePropertyAnimatesThroughAnAnimationOperation() async {
        let fixture = QueueFixture()
        let displayed = DisplayRecord(clock: fixture.clock)
        let ring = fixture.layer { ProgressRingLayer() }
        ring.ringColorName = "blue"
        ring.onDisplay = { displayed.append($0) }
        let fill = ProbedAnimationOperation("fill", layer: ring,
                                            animation: BasicAnimation(AnimationKeyPath<CGFloat>("progress"), from: 0, to: 1, duration: 0.5, timing: .linear),
                                            log: fixture.log)
        fixture.queue.addOperation(fill)

        await fixture.clock.advance(to: 0.25)
        let presentation = ring.presentation()
        #expect(presentation != nil, "the presentation layer is a ProgressRingLayer")
        #expect(presentation?.ringColorName == "blue")
        #expect(isClose(presentation.map { Double($0.progress) }, 0.5, 1e-6))
        #expect(ring.progress == 1)                       // model first
        await fixture.clock.advance(to: 0.5)
        await expectFinishedOnce(fill, .finished, clock: fixture.clock)
        #expect(ring.progress == 1)
        #expect(ring.presentation()?.progress == 1)
        #expect(ring.animationKeys() == nil)

        let frames = displayed.all
        #expect(frames.count >= 25, "display() ran \(frames.count) times in 0.5 s")
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.progress < $1.progress }, "\(frames)")
        for frame in frames where frame.time < 0.5 {
            // Linear from 0 at t = 0 to 1 at t = 0.5.
            #expect(isClose(Double(frame.progress), frame.time / 0.5, 1e-6), "display at \(frame.time) saw \(frame.progress)")
        }
        // At most one more frame, at the end instant, showing the final value; then none.
        await fixture.clock.advance(by: 1.0 / 60)
        let afterEnd = displayed.all.dropFirst(frames.count)
        #expect(afterEnd.count <= 1 && afterEnd.allSatisfy { $0.progress == 1 }, "\(afterEnd)")
        let settled = displayed.all.count
        await fixture.clock.advance(by: 1)
        #expect(displayed.all.count == settled, "display() keeps running after the animation ended")
        #expect(fixture.clock.pendingWork.isEmpty)
    }

    @Test func customPropertyChangedInATransactionAnimatesThroughItsAction() async {
        let clock = AnimationTestClock()
        let displayed = DisplayRecord(clock: clock)
        let ring = clock.makeLayer { ProgressRingLayer() }
        ring.onDisplay = { displayed.append($0) }
        OQC.withClock(clock.engineClock) {
            // In effect at once, whatever implicit transaction an earlier test left pending
            // on this (reused) thread.
            LayerFixtures.inEffect {
                CATransaction.setAnimationDuration(0.5)
                ring.progress = 1
            }
        }
        await clock.advance(to: 0.25)
        #expect(ring.progress == 1)
        #expect(isClose(ring.presentation().map { Double($0.progress) }, 0.5, 0.1))
        await clock.advance(to: 1)
        let frames = displayed.all
        #expect(frames.count >= 25)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.progress <= $1.progress })
        #expect(ring.presentation()?.progress == 1)
    }
}

/// What `display()` saw, stamped with virtual time; thread-safe.
final class DisplayRecord: @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [(time: TimeInterval, progress: CGFloat)] = []
    private let clock: AnimationTestClock

    init(clock: AnimationTestClock) { self.clock = clock }

    func append(_ progress: CGFloat) {
        let now = clock.now
        lock.withLock { frames.append((now, progress)) }
    }

    var all: [(time: TimeInterval, progress: CGFloat)] { lock.withLock { frames } }
}
#endif
