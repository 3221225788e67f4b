import Foundation

/// Calls `display()` once per frame on layers whose custom (needsDisplay) properties are
/// animating, and does nothing at all otherwise: one driver per clock, scheduled frame by
/// frame on that clock while it has work.
final class FrameDriver: @unchecked Sendable {
    /// Frames per second of the engine's display link.
    static let framesPerSecond = 60.0

    // All state guarded by `Engine.lock`.
    nonisolated(unsafe) private static var drivers: [ObjectIdentifier: FrameDriver] = [:]
    private let clock: any OQC.Clock
    private var layers: [ObjectIdentifier: WeakLayer] = [:]
    private var isScheduled = false

    private init(clock: any OQC.Clock) { self.clock = clock }

    /// Adds `layer` to its clock's frame loop.
    static func register(_ layer: CALayer, clock: any OQC.Clock) {
        let driver: FrameDriver = Engine.locked {
            let id = ObjectIdentifier(clock)
            if let existing = drivers[id] { return existing }
            let created = FrameDriver(clock: clock)
            drivers[id] = created
            return created
        }
        let start: Bool = Engine.locked {
            driver.layers[ObjectIdentifier(layer)] = WeakLayer(layer)
            defer { driver.isScheduled = true }
            return !driver.isScheduled
        }
        if start { driver.scheduleFrame() }
    }

    private func scheduleFrame() {
        _ = clock.schedule(at: clock.now + 1 / Self.framesPerSecond) { [self] in frame() }
    }

    private func frame() {
        let candidates = Engine.locked { layers.values.compactMap(\.layer) }
        var active: [CALayer] = []
        for layer in candidates where layer.hasActiveDisplayAnimation() { active.append(layer) }
        let keepGoing: Bool = Engine.locked {
            layers = Dictionary(uniqueKeysWithValues: active.map { (ObjectIdentifier($0), WeakLayer($0)) })
            isScheduled = !layers.isEmpty
            if !isScheduled { Self.drivers[ObjectIdentifier(clock)] = nil }
            return isScheduled
        }
        // A layer whose animation just ended gets one last frame, so it shows its final
        // (model) value rather than the last in-between one.
        let ended = candidates.filter { candidate in !active.contains { $0 === candidate } }
        for layer in active + ended { layer.display() }
        if keepGoing { scheduleFrame() }
    }
}
