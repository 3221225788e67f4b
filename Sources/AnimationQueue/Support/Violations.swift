import Foundation

// API misuse is a programming error, reported through one named `-> Never` function per
// kind of mistake (OpenCombine `Helpers/Violations.swift`). Each message names the problem
// and the fix, so the crash log alone tells the user what to change.

/// Stops the program because a time value is negative, NaN or infinite.
///
/// - Parameters:
///   - name: The parameter, for example `"duration"` or `"delay"`.
///   - value: The value passed.
func APIViolationInvalidTime(_ name: String, _ value: TimeInterval,
                             file: StaticString = #fileID, line: UInt = #line) -> Never {
    preconditionFailure(
        "AnimationQueue: \(name) must be a finite number of seconds ≥ 0, got \(value). "
            + "Pass 0 or a positive finite value.",
        file: file, line: line)
}

/// Stops the program because an animation's speed is not a finite number greater than 0.
func APIViolationInvalidSpeed(_ value: Float, file: StaticString = #fileID, line: UInt = #line) -> Never {
    preconditionFailure(
        "AnimationQueue: speed must be a finite number > 0, got \(value). "
            + "Use 1 for normal speed, 2 for twice as fast; to pause, pause the run instead.",
        file: file, line: line)
}

/// Stops the program because a repeat count or repeat duration is invalid.
func APIViolationInvalidRepeat(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    preconditionFailure("AnimationQueue: \(message)", file: file, line: line)
}

/// Stops the program because a keyframe animation has no values.
func APIViolationEmptyKeyframes(file: StaticString = #fileID, line: UInt = #line) -> Never {
    preconditionFailure(
        "AnimationQueue: a KeyframeAnimation needs at least one value, got an empty array. "
            + "Pass the values to pass through, for example [0, 10, 0].",
        file: file, line: line)
}

/// Stops the program because a keyframe animation's key times do not fit its values.
func APIViolationKeyTimes(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    preconditionFailure("AnimationQueue: invalid keyTimes: \(message)", file: file, line: line)
}

/// Stops the program because the per-segment timings do not match the keyframe segments.
func APIViolationSegmentTimings(count: Int, segments: Int,
                                file: StaticString = #fileID, line: UInt = #line) -> Never {
    preconditionFailure(
        "AnimationQueue: a KeyframeAnimation with \(segments + 1) values has \(segments) segments "
            + "but \(count) segment timings were given. Pass one timing per segment (values.count − 1), "
            + "or nil to use linear segments.",
        file: file, line: line)
}

/// Stops the program because a spring parameter is out of range.
///
/// - Parameters:
///   - name: The parameter, for example `"stiffness"`.
///   - value: The value passed.
///   - requirement: The valid range in words, for example `"> 0"`.
func APIViolationSpringParameter(_ name: String, _ value: Double, _ requirement: String,
                                 file: StaticString = #fileID, line: UInt = #line) -> Never {
    preconditionFailure(
        "AnimationQueue: spring \(name) must be \(requirement), got \(value). "
            + "Pass a value in that range (Core Animation would silently fall back to its default).",
        file: file, line: line)
}

/// Stops the program because an additive animation has no from-value to start its offset at.
func APIViolationAdditiveWithoutFrom(_ keyPath: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    preconditionFailure(
        "AnimationQueue: the additive animation of '\(keyPath)' has no from-value, and its value type "
            + "has no zero offset to start from. Pass `from:` explicitly.",
        file: file, line: line)
}

// MARK: Validation helpers

/// Validates a time value (duration, delay, repeat duration), or stops with a clear message.
@inline(__always)
func validatedTime(_ value: TimeInterval, _ name: String,
                   file: StaticString = #fileID, line: UInt = #line) -> TimeInterval {
    guard value.isFinite, value >= 0 else { APIViolationInvalidTime(name, value, file: file, line: line) }
    return value
}

/// Stops the program because a Bézier control point is out of range.
func APIViolationControlPoint(_ name: String, _ value: Double, _ requirement: String,
                              file: StaticString = #fileID, line: UInt = #line) -> Never {
    preconditionFailure(
        "AnimationQueue: cubic Bézier control point \(name) must be \(requirement), got \(value). "
            + "Keep x coordinates in 0…1 so that the curve is a function of time; y may overshoot.",
        file: file, line: line)
}

/// Stops the program because a key built with `AnimationKeyPath(_:)` names no property of
/// the layer it animates.
func APIViolationUnknownKeyPath(_ keyPath: String, layer: String, valueType: String,
                                file: StaticString = #fileID, line: UInt = #line) -> Never {
    preconditionFailure(
        "AnimationQueue: '\(keyPath)' is not a property of \(layer), so animating it would do nothing. "
            + "Check the spelling (the built-in keys such as .cornerRadius are checked by the compiler), "
            + "or declare the property in your CALayer subclass: override class func needsDisplay(forKey:) "
            + "to return true for \"\(keyPath)\", or defaultValue(forKey:) to return its initial \(valueType).",
        file: file, line: line)
}

/// Stops the program because a key built with `AnimationKeyPath(_:)` declares a value type
/// that the layer's property does not hold.
func APIViolationKeyPathValueType(_ keyPath: String, layer: String, declared: String, actual: String,
                                  file: StaticString = #fileID, line: UInt = #line) -> Never {
    preconditionFailure(
        "AnimationQueue: AnimationKeyPath<\(declared)>(\"\(keyPath)\") animates \(declared) values, but "
            + "\(layer).\(keyPath) holds \(actual). Declare the key with the property's type: "
            + "AnimationKeyPath<\(actual)>(\"\(keyPath)\").",
        file: file, line: line)
}
