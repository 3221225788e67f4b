/// The frame rates, in frames per second, at which an animation asks to be drawn, as
/// QuartzCore's `CAFrameRateRange` (iOS 15, macOS 12).
///
/// Headless nothing is drawn, so the range changes no timing: an animation's presentation
/// values come from time, whatever the frame rate. It is stored, copied and compared as on
/// Apple platforms, so code that asks a display with ProMotion for 120 Hz compiles and runs.
///
/// ```swift
/// let slide = CABasicAnimation(keyPath: "position.x")
/// slide.preferredFrameRateRange = CAFrameRateRange(minimum: 80, maximum: 120, preferred: 120)
/// ```
public struct CAFrameRateRange: Equatable, Sendable {
    /// The lowest acceptable rate.
    public var minimum: Float
    /// The highest acceptable rate.
    public var maximum: Float
    /// The C structure's `preferred` field: 0 for none.
    private var storedPreferred: Float

    /// A range of zeros, as the C structure's zero initialiser gives.
    public init() {
        minimum = 0
        maximum = 0
        storedPreferred = 0
    }

    /// A range from `minimum` to `maximum`, with the rate preferred within it, if any.
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        storedPreferred = preferred ?? 0
    }

    /// The rate preferred within the range, or nil for none (kept in the C structure's
    /// field as 0).
    public var preferred: Float? {
        get { storedPreferred == 0 ? nil : storedPreferred }
        set(rate) { storedPreferred = rate ?? 0 }
    }

    /// The range an animation has until it sets one: the system picks the rate. Apple does
    /// not document its fields; here they are zeros (the Apple probe
    /// `defaultFrameRateRange` records QuartzCore's).
    public static let `default` = CAFrameRateRange()
}
