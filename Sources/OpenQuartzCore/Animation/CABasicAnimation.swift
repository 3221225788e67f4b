import Foundation

/// An object that provides basic, single-keyframe animation of a layer property.
///
/// The interpolation range comes from whichever of `fromValue`, `toValue` and `byValue`
/// are set (Apple, "CABasicAnimation"):
/// - from + to: from … to; from + by: from … from+by; by + to: to−by … to;
/// - from only: from … the current presentation value; to only: current … to;
/// - by only: current … current+by;
/// - none: the previous presentation value … the current one.
open class CABasicAnimation: CAPropertyAnimation {
    // Stored properties are `@exclusivity(unchecked)`, as in `CAAnimation` (see there why).
    /// The value the animation starts from.
    @exclusivity(unchecked) open var fromValue: Any? { didSet { parsedValues = nil } }
    /// The value the animation ends at.
    @exclusivity(unchecked) open var toValue: Any? { didSet { parsedValues = nil } }
    /// The value the animation adds, relative to its start.
    @exclusivity(unchecked) open var byValue: Any? { didSet { parsedValues = nil } }

    /// `fromValue`, `toValue` and `byValue` in interpolatable form, read once when the copy is
    /// attached (each frame would otherwise unbox them again); cleared whenever one of them is
    /// set. Written only before the copy joins its layer, so frames on any thread only read it.
    @exclusivity(unchecked) private var parsedValues: ParsedValues?

    /// The three values, parsed; a class, so the animation stores one reference.
    private final class ParsedValues {
        let from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?
        init(_ animation: CABasicAnimation) {
            from = animation.animatable(animation.fromValue)
            to = animation.animatable(animation.toValue)
            by = animation.animatable(animation.byValue)
        }
    }

    /// The previous presentation value captured when added with none of the three values set.
    @exclusivity(unchecked) var previousValue: AnimatableValue?

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CABasicAnimation else { return }
        fromValue = other.fromValue
        toValue = other.toValue
        byValue = other.byValue
        previousValue = other.previousValue
    }

    override func knownValue(forKey key: String) -> Any? {
        switch key {
        case "fromValue": return fromValue
        case "toValue": return toValue
        case "byValue": return byValue
        default: return super.knownValue(forKey: key)
        }
    }

    override func setKnownValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "fromValue": fromValue = value
        case "toValue": toValue = value
        case "byValue": byValue = value
        default: return super.setKnownValue(value, forKey: key)
        }
        return true
    }

    override var declaredValues: [Any] { [fromValue, toValue, byValue].compactMap { $0 } }

    /// The values are parsed once, here, and kept for the frames.
    override func valuesFit(_ current: AnimatableValue, keyPath: String) -> Bool {
        let parsed = ParsedValues(self)
        parsedValues = parsed
        func fit(_ value: Any?, _ candidate: AnimatableValue?) -> Bool {
            guard let value, let candidate else { return true }
            return fits(candidate, read: value, current: current, keyPath: keyPath)
        }
        return fit(fromValue, parsed.from) && fit(toValue, parsed.to) && fit(byValue, parsed.by)
    }

    /// The start and end of the interpolation, given the property's current value `base`.
    func endpoints(base: AnimatableValue?) -> (from: AnimatableValue, to: AnimatableValue)? {
        let parsed = parsedValues ?? ParsedValues(self)
        switch (parsed.from, parsed.to, parsed.by) {
        case let (from?, to?, _): return (from, to)
        case let (from?, nil, by?): return (from, from.adding(by))
        case let (nil, to?, by?): return (to.subtracting(by), to)
        case let (from?, nil, nil): return base.map { (from, $0) }
        case let (nil, to?, nil): return base.map { ($0, to) }
        case let (nil, nil, by?): return base.map { ($0, $0.adding(by)) }
        case (nil, nil, nil): return base.map { (previousValue ?? $0, $0) }
        }
    }

    override func value(atProgress progress: Double, localTime: Double, base: AnimatableValue?) -> AnimatableValue? {
        guard let (from, to) = endpoints(base: base) else { return nil }
        return from.interpolated(to: to, fraction: interpolationFraction(progress, localTime: localTime))
    }

    /// Maps timing progress to interpolation fraction; identity for a basic animation.
    func interpolationFraction(_ progress: Double, localTime: Double) -> Double { progress }

    override func cumulativeDelta(base: AnimatableValue?) -> AnimatableValue? {
        endpoints(base: base).map { $0.to.subtracting($0.from) }
    }

    override func prepareForAttachment(_ preparation: inout AttachmentPreparation) {
        super.prepareForAttachment(&preparation)
        let previousValues = preparation.previousValues
        if parsedValues == nil { parsedValues = ParsedValues(self) }
        // A value function's input cannot be read back from the property's previous value.
        guard fromValue == nil, toValue == nil, byValue == nil, valueFunction == nil, let keyPath else { return }
        if let previous = previousValues[keyPath] {
            previousValue = AnimatableValue(previous)
        } else if let dot = keyPath.firstIndex(of: "."), let root = previousValues[String(keyPath[..<dot])] {
            previousValue = AnimatableValue(SubPath.read(root, String(keyPath[keyPath.index(after: dot)...])))
        }
    }
}
