import Foundation

/// While a run on its timeline plays, one marker animation on a topmost layer ends when
/// plan time reaches the next step begin or end (main thread).
extension RunTimeline {
    // MARK: The marker

    /// Attaches, in place of the last, an animation to the first topmost layer that ends when
    /// plan time reaches the next step begin or end in the direction the run plays; played
    /// backwards to plan time 0 while playing, the run ends at its start.
    func armMarker(rate: Float) {
        guard !isOver else { return }
        markerGeneration += 1
        guard let host = hosts.first(where: { $0.layer.object != nil }), let layer = host.layer.object else {
            // Every layer of the run is gone: nothing keeps its time any more. Its animation
            // steps end `.interrupted` as their layers go; the rest end now.
            letGo()
            for operation in DependencyGraph.dependentsFirst(steps.map(\.operation).filter { !$0.isFinished }) {
                operation.cancel()
            }
            return
        }
        let markerKey = keyPrefix + "marker"
        layer.removeAnimation(forKey: markerKey)
        // The first topmost layer alive carries plan time, for readers on any thread too.
        let frame = self.frame
        run?.lockedState { $0.frame = frame }
        // From where the run is now: it may have played on, in its direction, since it was
        // last moved (the layer's time may read a rounding error behind).
        let now = isReversed ? min(planTime, time) : max(planTime, time)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        moveModel(to: now)
        CATransaction.commit()
        passEnds()
        guard !isOver else { return }
        let boundary: TimeInterval?
        if isReversed {
            boundary = begunCount > 0 ? steps[byBegin[begunCount - 1]].begin : 0
        } else {
            let nextBegin = begunCount < byBegin.count ? steps[byBegin[begunCount]].begin : nil
            let nextEnd = passedCount < byEnd.count ? steps[byEnd[passedCount]].end : nil
            boundary = [nextBegin, nextEnd].compactMap { $0 }.min()
        }
        guard let boundary else { return }
        let distance = abs(time - boundary)
        guard distance > 0 else {
            if isReversed, rate > 0 { endAtStart() }
            return
        }
        let marker = PauseAnimation.hold(for: distance)
        let local = layer.convertTime(MediaClock.now(for: layer), from: nil)
        marker.beginTime = local == 0 ? -.leastNonzeroMagnitude : local
        marker.delegate = TimelineMarker(self, generation: markerGeneration, boundary: boundary)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.add(marker, forKey: markerKey)
        CATransaction.commit()
    }

    /// The marker went before it ended: its layer was deallocated, or something other than
    /// the timeline removed it (the app went to the background). Another takes its place.
    func markerLost(generation: Int) {
        guard !isOver, generation == markerGeneration else { return }
        armMarker(rate: run?.control.rate ?? 0)
    }

    /// Plan time reached `boundary` as the run played.
    func markerReached(_ boundary: TimeInterval, generation: Int) {
        guard !isOver, generation == markerGeneration else { return }
        // The layer's time may read a rounding error short of the boundary.
        let now = planTime
        let target = isReversed ? min(now, boundary) : max(now, boundary)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        moveModel(to: target)
        CATransaction.commit()
        passEnds()
        guard !isOver else { return }
        armMarker(rate: run?.control.rate ?? 1)
    }
}

/// How a run's plan time maps to the local time of one of its topmost layers, which moves
/// while the run plays: plan time can be read from it on any thread. It holds until the run
/// turns (a seek moves the layer's time, not the mapping).
struct TimelineFrame {
    let host: WeakReference<CALayer>
    let anchor: CFTimeInterval
    let anchorTime: TimeInterval
    let isReversed: Bool
    let duration: TimeInterval

    /// Plan time now; nil once the layer is gone.
    var planTime: TimeInterval? {
        guard let layer = host.object else { return nil }
        let local = layer.convertTime(MediaClock.now(for: layer), from: nil)
        return min(max(anchorTime + (isReversed ? anchor - local : local - anchor), 0), duration)
    }
}

/// The delegate of a timeline's marker animation: tells the timeline that plan time reached
/// the marker's boundary when the marker ends (not when it is removed).
final class TimelineMarker: NSObject, CAAnimationDelegate, @unchecked Sendable {
    // Immutable after init; the timeline it refers to is used on the main thread only.
    private let timeline: UncheckedSendableBox<WeakReference<RunTimeline>>
    private let generation: Int
    private let boundary: TimeInterval

    init(_ timeline: RunTimeline, generation: Int, boundary: TimeInterval) {
        self.timeline = UncheckedSendableBox(WeakReference(timeline))
        self.generation = generation
        self.boundary = boundary
    }

    func animationDidStop(_ animation: CAAnimation, finished: Bool) {
        guard finished else { return }
        MainThread.run { [self] in timeline.value.object?.markerReached(boundary, generation: generation) }
    }

    /// The marker animation is released: removed, or gone with its layer. One the timeline
    /// did not replace is re-armed (the timeline ignores a marker it has replaced since).
    deinit {
        let (timeline, generation) = (self.timeline, self.generation)
        MainThread.run { timeline.value.object?.markerLost(generation: generation) }
    }
}
