import Foundation

/// A layer a run may retime, with the timing it had before the run first did.
final class TimedLayer {
    // Main thread only: created, read and written by its run's retiming on main.
    weak var layer: CALayer?
    var original: LayerTiming?
    init(_ layer: CALayer) { self.layer = layer }
}

/// A layer's own media timing: what pausing and speeding a run changes.
struct LayerTiming {
    let speed: Float
    let timeOffset: CFTimeInterval
    let beginTime: CFTimeInterval

    init(of layer: CALayer) {
        speed = layer.speed
        timeOffset = layer.timeOffset
        beginTime = layer.beginTime
    }

    func apply(to layer: CALayer) {
        layer.speed = speed
        layer.timeOffset = timeOffset
        layer.beginTime = beginTime
    }
}
