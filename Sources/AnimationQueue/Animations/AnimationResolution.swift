import Foundation

// The shared machinery behind `resolve(for:)`: reading a layer's current values and
// building model-first resolutions. Only Apple's public QuartzCore API is used here.

enum LayerReading {
    /// The model value at `keyPath`.
    static func model(_ layer: CALayer, _ keyPath: String) -> Any? {
        LayerModelAccess.value(of: layer, at: keyPath)
    }

    /// What the layer shows now at `keyPath`: its presentation value when it has one (the
    /// layer was committed), else its model value. While ``resolvesAhead``, what it will
    /// show when a step committed ahead begins: the model value.
    static func shown(_ layer: CALayer, _ keyPath: String) -> Any? {
        if resolvesAhead { return model(layer, keyPath) }
        return layer.presentation().flatMap { model($0, keyPath) } ?? model(layer, keyPath)
    }

    /// Whether the resolution under way is for a step committed ahead (gapless plans), which
    /// begins when its dependencies end. By then the layer shows its model values: every
    /// dependency has started, and so has written its final values to the model, and ends
    /// on them. A step without a from-value starts from there, as it would had it started
    /// after their completions, and not from what the layer shows at the commit.
    @TaskLocal static var resolvesAhead = false
}

/// What Basic and Spring animations have in common: one key path, a from-value, a to-value.
struct PropertyAnimationInput {
    var keyPath: String
    /// The explicit from-value, boxed; nil to start from what the layer shows.
    var from: Any?
    var to: Any
    /// The boxed additive identity of the value type, for additive animations without `from`.
    var additiveIdentity: Any?
    var isAdditive: Bool
    var isCumulative: Bool
    var duration: TimeInterval
    var mediaTiming: MediaTiming
    var timing: AnimationTiming?

    /// Resolves model-first against `layer`; `make` creates the Core Animation object.
    func resolve(on layer: CALayer, make: () -> CABasicAnimation) -> ResolvedAnimation {
        let fromValue: Any?
        var finals: [(keyPath: String, value: Any?)]
        let initial: [(keyPath: String, value: Any?)]
        if isAdditive {
            guard let offset = from ?? additiveIdentity else { APIViolationAdditiveWithoutFrom(keyPath) }
            fromValue = offset
            // An additive animation is an offset: the model stays as it is, and so does a
            // revert.
            finals = [(keyPath, LayerReading.model(layer, keyPath))]
            initial = finals
        } else {
            let shown = from ?? LayerReading.shown(layer, keyPath)
            fromValue = shown
            let endsAtStart = mediaTiming.endsAtStart(forDuration: duration)
            let last = isCumulative ? cumulativeEnd(from: shown, to: to, timing: mediaTiming, duration: duration) : to
            finals = [(keyPath, endsAtStart ? (shown ?? to) : last)]
            initial = [(keyPath, shown)]
        }
        guard duration > 0 else {
            let hold = holdAnimation(keyPath, fromValue, isAdditive: isAdditive, for: mediaTiming.delay)
            // A zero-duration animation ends where it starts unless it has a duration: the
            // final value is the to-value (autoreversing nothing changes nothing).
            if !isAdditive { finals = [(keyPath, to)] }
            return ResolvedAnimation(animation: hold, finalValues: finals, initialValues: initial)
        }
        let animation = make()
        animation.keyPath = keyPath
        animation.fromValue = fromValue
        if from == nil && !isAdditive { TakenOverAnimation.markFromShown(animation) }
        animation.toValue = to
        // Both are off on a new animation.
        if isAdditive { animation.isAdditive = true }
        if isCumulative { animation.isCumulative = true }
        // Always set, linear when the typed animation gives none (a spring's physics shape
        // its motion): the typed animation says how it is paced.
        animation.timingFunction = (timing ?? .linear).mediaTimingFunction
        mediaTiming.apply(to: animation, duration: duration)
        return ResolvedAnimation(animation: animation, finalValues: finals, initialValues: initial)
    }
}

/// Where a cumulative animation from `from` to `to` ends: `to` plus the change of each
/// pass that accumulates (``MediaTiming/accumulatedPasses(forDuration:)``), added
/// componentwise for numbers, points, sizes and rects. Other values (transforms, colors)
/// end at `to`.
func cumulativeEnd(from: Any?, to: Any, timing: MediaTiming, duration: TimeInterval) -> Any {
    let passes = timing.accumulatedPasses(forDuration: duration)
    guard passes > 0, let from else { return to }
    let k = CGFloat(passes)
    return componentwise(to, from) { t, f in t + k * (t - f) } ?? to
}

/// For a zero-duration animation with a delay: an animation that shows `value` (the
/// from-value; an additive animation's from-offset, added to the model) for `delay`
/// seconds, after which the model's final value shows. Nil when there is no delay or
/// nothing to show.
func holdAnimation(_ keyPath: String, _ value: Any?, isAdditive: Bool = false, for delay: TimeInterval) -> CAAnimation? {
    guard delay > 0, let value else { return nil }
    let hold = CABasicAnimation(keyPath: keyPath)
    hold.fromValue = value
    hold.toValue = value
    hold.isAdditive = isAdditive
    hold.duration = delay
    return hold
}
