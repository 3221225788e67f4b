import Foundation

/// The animations the scheduler leaves playing on layers besides the steps' own: the motion of
/// the steps taken over (the offsets of the key paths a newer step blends, and what plays on of
/// their other key paths) and the settling springs of a layer moved alone by a retarget.
///
/// No step's lifecycle holds their time on the layer, and most outlive the step that put them
/// there, so this registry takes them through a trip to the background: as the app (or their
/// layer's scene) leaves, each comes off its layer and, if the policy of the step that put it
/// there is ``BackgroundPolicy/pause`` or ``BackgroundPolicy/keepWallClockTime``, goes back
/// on the return, moved by the time away or not, unless its end has passed; under the other
/// policies it stays off, and the layer shows its model value, the motion's end.
///
/// Each animation is registered as it is added and forgotten when it ends, when the scheduler
/// takes it off, or when anyone else removes it (its delegate hears the stop); one that is
/// gone from its layer as the app leaves is taken to have been removed by Core Animation then,
/// and goes back on the return as well. An animation whose step never ran in an
/// ``AnimationQueue`` hears no trip, as the step would not.
enum PlayingOn {
    /// An animation playing on, with what decides its policy.
    struct Entry {
        let layer: WeakReference<CALayer>
        let key: String
        /// A copy of what was added, begun at an explicit `beginTime` (the layer's time).
        let animation: CAAnimation
        /// The step that put it there, whose policy it follows.
        let owner: WeakReference<AnimationOperation>
        /// That step's own or run's policy when it put the animation there, for an owner gone
        /// since.
        let ownerPolicy: BackgroundPolicy?
        /// The queue that ran that step, whose policy applies when the step has none.
        let queue: WeakReference<AnyObject>?

        /// The policy that applies as the app leaves, `queuePolicy` being the queue's.
        func policy(queuePolicy: BackgroundPolicy) -> BackgroundPolicy {
            guard let owner = owner.object else { return ownerPolicy ?? queuePolicy }
            return owner.withLifecycle { $0.settings.stepBackgroundPolicy } ?? queuePolicy
        }
    }

    /// Where an animation plays: its layer and its key. A layer holds one animation per key.
    fileprivate struct Slot: Hashable {
        let layer: ObjectIdentifier
        let key: String

        init(_ layer: CALayer, _ key: String) {
            self.layer = ObjectIdentifier(layer)
            self.key = key
        }
    }

    /// An animation taken off as the app left, to put back on the return.
    private struct Away {
        let entry: Entry
        let policy: BackgroundPolicy
        /// When the app left, in the layer's time.
        let leftAt: CFTimeInterval
    }

    // `lock` guards the variables below. Everything else here runs on the main thread; the
    // lock covers the delegates' reports, which may come from another thread.
    private static let lock = NSLock()
    /// Each registered animation, with the number its delegate reports it by.
    nonisolated(unsafe) private static var playing: [Slot: (id: Int, entry: Entry)] = [:]
    nonisolated(unsafe) private static var away: [Away] = []
    nonisolated(unsafe) private static var lastID = 0
    /// The count of `playing` at which the records of deallocated layers are dropped next.
    nonisolated(unsafe) private static var pruneAt = 64

    /// Adds `animation` to `layer` under `key` in the caller's transaction and registers it,
    /// for `owner` (main thread). `animation` must begin at an explicit `beginTime`.
    static func add(_ animation: CAAnimation, forKey key: String, on layer: CALayer, by owner: AnimationOperation) {
        let (policy, queue) = owner.withLifecycle { ($0.settings.stepBackgroundPolicy, $0.settings.queue) }
        register(Entry(layer: WeakReference(layer), key: key, animation: animation.copy() as! CAAnimation,
                       owner: WeakReference(owner), ownerPolicy: policy, queue: queue), on: layer)
    }

    /// Forgets the animations under `keys` on `layer`, which the scheduler takes off.
    static func forget(_ keys: [String], on layer: CALayer) {
        guard !keys.isEmpty else { return }
        lock.withLock {
            for key in keys { playing[Slot(layer, key)] = nil }
        }
    }

    /// The app, or the scene whose window layers are `roots`, left (main thread): the
    /// animations playing on for the steps of `queue` on those layers come off, and those
    /// whose policy keeps them are kept for the return. `queuePolicy` applies to the steps
    /// that have none of their own or their run's.
    static func enteredBackground(queue: AnyObject, queuePolicy: BackgroundPolicy, under roots: [CALayer]?) {
        let leaving: [Entry] = lock.withLock {
            let leaving = playing.filter { _, record in
                record.entry.queue?.object === queue
                    && record.entry.layer.object.map { roots.map($0.isInTree(ofAnyOf:)) ?? true } == true
            }
            for slot in leaving.keys { playing[slot] = nil }
            return leaving.values.map(\.entry)
        }
        guard !leaving.isEmpty else { return }
        var kept: [Away] = []
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for entry in leaving {
            guard let layer = entry.layer.object else { continue }
            let now = layerTime(of: layer)
            guard entry.animation.beginTime + ActiveDuration.of(entry.animation) > now else { continue }
            if layer.animation(forKey: entry.key) != nil { layer.removeAnimation(forKey: entry.key) }
            let policy = entry.policy(queuePolicy: queuePolicy)
            if policy == .pause || policy == .keepWallClockTime {
                kept.append(Away(entry: entry, policy: policy, leftAt: now))
            }
        }
        CATransaction.commit()
        lock.withLock { away += kept }
    }

    /// The app, or a scene, returned (main thread): the animations of `queue`'s steps taken
    /// off as it left go back on their layers, later by the time away for a pause, where they
    /// would be keeping wall-clock time; those whose end has passed stay off. Called once the
    /// queue's suspended steps are back, so that the offsets go above them. The records of
    /// queues that are gone are dropped.
    static func enteredForeground(queue: AnyObject) {
        let returning: [Away] = lock.withLock {
            let returning = away.filter { $0.entry.queue?.object === queue }
            away.removeAll { $0.entry.queue?.object === queue || $0.entry.queue?.object == nil }
            return returning
        }
        guard !returning.isEmpty else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for returned in returning {
            guard let layer = returned.entry.layer.object else { continue }
            let now = layerTime(of: layer)
            let moved = returned.entry.animation.copy() as! CAAnimation
            if returned.policy == .pause { moved.beginTime += now - returned.leftAt }
            guard moved.beginTime + ActiveDuration.of(moved) > now else { continue }
            let entry = returned.entry
            register(Entry(layer: entry.layer, key: entry.key, animation: moved, owner: entry.owner,
                           ownerPolicy: entry.ownerPolicy, queue: entry.queue), on: layer)
        }
        CATransaction.commit()
    }

    /// Adds `entry`'s animation to `layer` with a delegate that forgets it when it stops, and
    /// records it in place of what the slot held; now and then drops the records of
    /// deallocated layers.
    private static func register(_ entry: Entry, on layer: CALayer) {
        let slot = Slot(layer, entry.key)
        let id = lock.withLock {
            lastID += 1
            playing[slot] = (lastID, entry)
            if playing.count >= pruneAt {
                playing = playing.filter { _, record in record.entry.layer.object != nil }
                pruneAt = max(64, 2 * playing.count)
            }
            return lastID
        }
        entry.animation.delegate = Observer(id: id, slot: slot)
        layer.add(entry.animation, forKey: entry.key)
        entry.animation.delegate = nil
    }

    /// The animation registered as `id` in `slot` stopped: it ended, or someone took it off.
    /// The slot may hold a newer one since.
    fileprivate static func stopped(_ id: Int, in slot: Slot) {
        lock.withLock {
            if playing[slot]?.id == id { playing[slot] = nil }
        }
    }

    private static func layerTime(of layer: CALayer) -> CFTimeInterval {
        layer.convertTime(MediaClock.now(for: layer), from: nil)
    }

    /// Hears the stop of one registered animation.
    private final class Observer: NSObject, CAAnimationDelegate, @unchecked Sendable {
        // Immutable after init.
        private let id: Int
        private let slot: Slot

        init(id: Int, slot: Slot) {
            self.id = id
            self.slot = slot
            super.init()
        }

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { PlayingOn.stopped(id, in: slot) }
    }
}
