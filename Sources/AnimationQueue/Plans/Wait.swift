import Foundation

/// A pause in a plan: the next part starts `duration` seconds after the previous one ends.
///
/// Core Animation times the pause, on the plan's first layer, so it runs on the same clock
/// as the steps around it. The pause holds that layer until it ends, so it keeps its length
/// even if the app releases the layer meanwhile (a toast removed after fading out).
public struct Wait: PlanComponent {
    let duration: TimeInterval
    var name: String?

    /// Creates a pause of `duration` seconds.
    public init(_ duration: TimeInterval) {
        self.duration = validatedTime(duration, "Wait duration")
    }

    /// Names the pause, for ``Step/after(_:)`` and events.
    public func named(_ name: String) -> Wait {
        var wait = self
        wait.name = name
        return wait
    }
}
