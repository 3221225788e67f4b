import Foundation

// API misuse is a programming error, reported through one named `-> Never` function per
// kind of mistake, all in this file. Each message names the problem and the fix, so the
// crash log alone tells the user what to change.

/// Stops the program with the message most of these functions give:
/// "AnimationQueue: `subject` must be `requirement`, got `value`. `fix`".
///
/// - Parameters:
///   - value: The value passed, as the caller interpolates it (a `Float` reads differently
///     from the same number as a `Double`).
private func APIViolationOutOfRange(_ subject: String, mustBe requirement: String, got value: String, fix: String,
                                    file: StaticString, line: UInt) -> Never {
    preconditionFailure("AnimationQueue: \(subject) must be \(requirement), got \(value). \(fix)", file: file, line: line)
}

/// Stops the program because a time value is negative, NaN or infinite.
///
/// - Parameters:
///   - name: The parameter, for example `"duration"` or `"delay"`.
///   - value: The value passed.
func APIViolationInvalidTime(_ name: String, _ value: TimeInterval,
                             file: StaticString = #fileID, line: UInt = #line) -> Never {
    APIViolationOutOfRange(name, mustBe: "a finite number of seconds ≥ 0", got: "\(value)",
                           fix: "Pass 0 or a positive finite value.", file: file, line: line)
}

/// Stops the program because a reduced-motion limit is negative or not a number.
func APIViolationInvalidShortening(_ limit: TimeInterval, file: StaticString = #fileID, line: UInt = #line) -> Never {
    APIViolationOutOfRange(
        "ReducedMotionBehavior.shorten(to:)", mustBe: "a number of seconds ≥ 0", got: "\(limit)",
        fix: "Pass 0 to jump to the final values, a positive limit, or .infinity to keep the motion whole.",
        file: file, line: line)
}

/// `value` itself, after checking that every number in it is finite: Core Animation cannot
/// show NaN or an infinity (Apple's `CALayer` raises an exception for a NaN position).
func validatedFinite<Value: AnimationValue>(_ value: Value, _ name: String,
                                            file: StaticString = #fileID, line: UInt = #line) -> Value {
    if let bad = nonFiniteNumber(in: value) {
        preconditionFailure(
            "AnimationQueue: \(name) \(value) holds \(bad), which is not a finite number; Core Animation cannot "
                + "show it. Pass finite numbers.",
            file: file, line: line)
    }
    return value
}

/// The first number in `value` that is NaN or infinite, for the number, point, size,
/// rectangle and transform types; nil when there is none.
private func nonFiniteNumber(in value: Any) -> Double? {
    let numbers: [Double] = switch value {
    case let v as Float: [Double(v)]
    case let v as Double: [v]
    case let v as CGFloat: [Double(v)]
    case let v as CGPoint: [v.x, v.y].map(Double.init)
    case let v as CGSize: [v.width, v.height].map(Double.init)
    case let v as CGRect: [v.origin.x, v.origin.y, v.size.width, v.size.height].map(Double.init)
    case let v as CATransform3D: [v.m11, v.m12, v.m13, v.m14, v.m21, v.m22, v.m23, v.m24,
                                  v.m31, v.m32, v.m33, v.m34, v.m41, v.m42, v.m43, v.m44].map(Double.init)
    default: []
    }
    return numbers.first { !$0.isFinite }
}

/// Stops the program because an animation's speed is not a finite number greater than 0.
func APIViolationInvalidSpeed(_ value: Float, file: StaticString = #fileID, line: UInt = #line) -> Never {
    APIViolationOutOfRange(
        "speed", mustBe: "a finite number > 0", got: "\(value)",
        fix: "Use 1 for normal speed, 2 for twice as fast; to pause, pause the run instead.",
        file: file, line: line)
}

/// Stops the program because a repeat count or repeat duration is invalid.
func APIViolationInvalidRepeat(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    preconditionFailure("AnimationQueue: \(message)", file: file, line: line)
}

/// Stops the program because a preferred frame rate range is not a range of rates.
func APIViolationInvalidFrameRateRange(_ range: CAFrameRateRange, file: StaticString = #fileID,
                                       line: UInt = #line) -> Never {
    preconditionFailure(
        "AnimationQueue: a preferred frame rate range needs finite rates ≥ 0 with minimum ≤ preferred ≤ maximum, "
            + "got minimum \(range.minimum), maximum \(range.maximum), preferred \(range.preferred.map { "\($0)" } ?? "none"). "
            + "Pass, for example, CAFrameRateRange(minimum: 80, maximum: 120, preferred: 120), or .default to let the system choose.",
        file: file, line: line)
}

/// Stops the program because a keyframe animation has no values.
func APIViolationEmptyKeyframes(file: StaticString = #fileID, line: UInt = #line) -> Never {
    preconditionFailure(
        "AnimationQueue: a KeyframeAnimation needs at least one value, got an empty array. "
            + "Pass the values to pass through, for example [0, 10, 0].",
        file: file, line: line)
}

/// Stops the program because a keyframe animation along a path was given a path with no point.
func APIViolationEmptyKeyframePath(file: StaticString = #fileID, line: UInt = #line) -> Never {
    preconditionFailure(
        "AnimationQueue: a KeyframeAnimation along a path needs a path that starts with a point, got an empty path. "
            + "Start the path with move(to:), then add lines or curves.",
        file: file, line: line)
}

/// Stops the program because a keyframe animation's key times do not fit its values.
func APIViolationKeyTimes(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    preconditionFailure("AnimationQueue: invalid keyTimes: \(message)", file: file, line: line)
}

/// Stops the program because segment timings were given to a paced keyframe animation,
/// which ignores them (Apple, `CAKeyframeAnimation.calculationMode`).
func APIViolationPacedSegmentTimings(mode: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    preconditionFailure(
        "AnimationQueue: the \(mode) calculation mode paces the values evenly by distance and ignores segmentTimings. "
            + "Pass nil, or use .linear or .cubic to time each segment.",
        file: file, line: line)
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
    APIViolationOutOfRange(
        "spring \(name)", mustBe: requirement, got: "\(value)",
        fix: "Pass a value in that range (Core Animation would silently fall back to its default).",
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
    APIViolationOutOfRange(
        "cubic Bézier control point \(name)", mustBe: requirement, got: "\(value)",
        fix: "Keep x coordinates in 0…1 so that the curve is a function of time; y may overshoot.",
        file: file, line: line)
}

/// Stops the program because a key built with `AnimationKeyPath(_:)` names no property of
/// the layer it animates.
func APIViolationUnknownKeyPath(_ keyPath: String, layer: String, valueType: String, lookalike: String?,
                                file: StaticString = #fileID, line: UInt = #line) -> Never {
    let guess = lookalike.map { " Did you mean '\($0)' (.\($0))?" } ?? ""
    preconditionFailure(
        "AnimationQueue: '\(keyPath)' is not a property of \(layer), so animating it would do nothing.\(guess) "
            + "Check the spelling (the built-in keys such as .cornerRadius are checked by the compiler), "
            + "or declare the property in your CALayer subclass: override class func needsDisplay(forKey:) "
            + "to return true for \"\(keyPath)\", or defaultValue(forKey:) to return its initial \(valueType).",
        file: file, line: line)
}

/// Stops the program because a key built with `AnimationKeyPath(_:)` names `frame`, or a
/// path inside it: a layer's frame is derived from its bounds, position, anchor point and
/// transform, and Core Animation cannot animate it.
func APIViolationFrameKeyPath(_ keyPath: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    preconditionFailure(
        "AnimationQueue: '\(keyPath)' cannot be animated: a layer's frame is derived from its bounds, position, "
            + "anchor point and transform, and Core Animation animates none of it through \"frame\". "
            + "Animate .bounds (or .boundsSize) and .position instead, for example in one AnimationGroup.",
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

/// Stops the program because a run's speed is not a finite number greater than 0.
func APIViolationInvalidRunSpeed(_ speed: Float) -> Never {
    APIViolationOutOfRange(
        "AnimationRun.speed", mustBe: "a finite number greater than 0", got: "\(speed)",
        fix: "Use pause() to stop time and resume() to continue.", file: #fileID, line: #line)
}

// MARK: Queues and operations

/// Misuse of an ``AnimationQueue``: each reports the problem and the fix, then stops.
enum QueueViolation {
    static func dependencyCycle(_ cycle: [Operation], queue: String) -> Never {
        let names = cycle.map(displayName).joined(separator: " → ")
        preconditionFailure("AnimationQueue '\(queue)': dependency cycle \(names). Each of these operations waits for the next, so none could ever start. Remove one of these dependencies.")
    }

    /// `operation` was made to depend on itself.
    static func dependsOnItself(_ operation: Operation) -> Never {
        preconditionFailure("\(displayName(operation)).addDependency(_:) was given the operation itself: an operation that waits for itself could never start. Make it depend on another operation.")
    }

    /// `operation` was made to wait for `dependency`, which already waits for it.
    static func mutualDependency(_ operation: Operation, on dependency: Operation) -> Never {
        preconditionFailure("\(displayName(operation)).addDependency(\(displayName(dependency))): \(displayName(dependency)) already waits for \(displayName(operation)), so each would wait for the other and neither could ever start. Remove one of these dependencies.")
    }

    /// A dependency came after `operation` joined the queue named `queue` (nil: after it
    /// started), when it can no longer be honoured.
    static func dependencyAddedTooLate(to operation: Operation, on dependency: Operation, queue: String?) -> Never {
        let when = queue.map { "after it was added to AnimationQueue '\($0)', which reads dependencies once, as operations are added" }
            ?? "after it started"
        preconditionFailure("\(displayName(operation)).addDependency(\(displayName(dependency))) came \(when): the dependency could not be honoured. Add dependencies before adding the operation to a queue.")
    }

    /// `start()` was called by hand before `operation`'s dependencies finished.
    static func startedBeforeReady(_ operation: Operation) -> Never {
        let waiting = operation.dependencies.filter { !$0.isFinished }.map(displayName).joined(separator: ", ")
        preconditionFailure("\(displayName(operation)).start() was called while it waits for \(waiting): an operation starts once its dependencies have finished. Add it to a queue, which starts it then, or call start() after they finish.")
    }

    /// `operation` is in this queue already, has finished, or was started elsewhere.
    static func addedTwice(_ operation: Operation, queue: String, isInThisQueue: Bool) -> Never {
        let problem = isInThisQueue ? "was already added to this queue"
            : operation.isFinished ? "has already run"
            : "has already started (on an OperationQueue, or by a call to start())"
        preconditionFailure("AnimationQueue '\(queue)': \(displayName(operation)) \(problem). An operation runs once; add it to one queue, once, and create a new operation to animate again.")
    }

    static func startedTwice(_ operation: Operation) -> Never {
        preconditionFailure("\(displayName(operation)) was started a second time. An operation runs once: add it to one queue, once, and call start() yourself only on an operation in no queue; create a new operation to animate again.")
    }

    static func invalidPlan(_ error: AnimationQueueError) -> Never {
        preconditionFailure(error.message)
    }

    static func addedToTwoQueues(_ operation: Operation, queue: String, other: String) -> Never {
        preconditionFailure("AnimationQueue '\(queue)': \(displayName(operation)) is already in AnimationQueue '\(other)'. An operation runs on one queue only; add it to one of them, or create a second operation.")
    }

    static func neverEndingOnMainOperationQueue(_ operation: Operation) -> Never {
        preconditionFailure("AnimationQueue: \(displayName(operation)) animates forever and was started by OperationQueue.main. OperationQueue.main runs one operation at a time, and an animation operation holds that slot until its animation ends, so everything else on OperationQueue.main would wait forever. Add it to an AnimationQueue (AnimationQueue.main.addOperation(_:)), or give the animation an end.")
    }

    /// The operation's name, or its type and address.
    static func displayName(_ operation: Operation) -> String {
        if let name = operation.name { return "'\(name)'" }
        let address = String(UInt(bitPattern: ObjectIdentifier(operation)), radix: 16)
        return "\(type(of: operation))(0x\(address))"
    }
}

/// Misuse of an ``AsyncOperation``: each reports the problem and the fix, then stops.
enum AsyncOperationViolation {
    static func finishedTwice(_ operation: Operation) -> Never {
        preconditionFailure("finish() called twice on \(QueueViolation.displayName(operation)); an operation finishes exactly once — remove the second call (or guard it, for example when both a timeout and a response may finish the work).")
    }

    static func finishedBeforeStart(_ operation: Operation) -> Never {
        preconditionFailure("finish() called on \(QueueViolation.displayName(operation)) before it started; an operation finishes exactly once, after its queue calls start() — call finish() from execute() or from the work it begins, not before adding the operation.")
    }

    static func startedTwice(_ operation: Operation) -> Never {
        preconditionFailure("start() called twice on \(QueueViolation.displayName(operation)); an operation runs once — add it to one queue only, and do not call start() on an operation that a queue runs.")
    }
}

/// Stops the program because a stagger interval, or an offset that a custom stagger returned
/// for one part, is negative, NaN or infinite.
///
/// - Parameters:
///   - value: The interval, or the offset returned.
///   - index: The part the custom stagger returned `value` for; nil for an interval.
///   - count: The number of parts in the group.
func APIViolationInvalidStagger(_ value: TimeInterval, part index: Int? = nil, of count: Int = 0,
                                file: StaticString = #fileID, line: UInt = #line) -> Never {
    guard let index else {
        APIViolationOutOfRange(
            "a stagger interval", mustBe: "a finite number of seconds ≥ 0", got: "\(value)",
            fix: "Pass the time between the starts of two neighbouring parts, for example Parallel(stagger: 0.04).",
            file: file, line: line)
    }
    preconditionFailure(
        "AnimationQueue: the custom stagger returned \(value) for part \(index) of \(count), but an offset "
            + "must be a finite number of seconds ≥ 0 after the group starts. Return 0 or a positive finite "
            + "value for every index in 0..<count, for example Double(index) * 0.04.",
        file: file, line: line)
}

/// Stops the program because a run whose length is unknown was scrubbed or reversed.
///
/// - Parameters:
///   - api: The property or method used, for example `"fractionComplete"`.
///   - step: The label of the first step without a length.
func APIViolationRunWithoutLength(_ api: String, step: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    preconditionFailure(
        "AnimationQueue: AnimationRun.\(api) needs a plan whose length is known, but \(step) has none (it repeats "
            + "forever), so the run's duration is nil. Give that step a finite repeatCount or repeatDuration, or run "
            + "it outside the plan you scrub.",
        file: file, line: line)
}

/// Stops the program because a run's `fractionComplete` was set to NaN.
func APIViolationInvalidFraction(_ value: Double, file: StaticString = #fileID, line: UInt = #line) -> Never {
    APIViolationOutOfRange("AnimationRun.fractionComplete", mustBe: "a number from 0 to 1", got: "\(value)",
                           fix: "Pass the fraction of the plan to show, such as a drag's offset over its length.",
                           file: file, line: line)
}

/// Stops the program because a retarget names a key path the step does not animate.
func APIViolationRetargetKeyPath(_ keyPath: String, step: String, animated: [String],
                                 file: StaticString = #fileID, line: UInt = #line) -> Never {
    preconditionFailure(
        "AnimationQueue: retarget(_:to:) asked \(step) to turn \(keyPath), but it animates "
            + animated.joined(separator: ", ") + ". Pass one of those key paths exactly as the step's animation "
            + "names it (position and position.x are different key paths).",
        file: file, line: line)
}

/// Stops the program because a step whose animation never ends was retargeted.
func APIViolationRetargetEndless(step: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    preconditionFailure(
        "AnimationQueue: retarget(_:to:) cannot turn \(step): its animation repeats forever, so there is no end "
            + "to turn toward. Give it a finite repeatCount or repeatDuration, or cancel it and start a new step.",
        file: file, line: line)
}
