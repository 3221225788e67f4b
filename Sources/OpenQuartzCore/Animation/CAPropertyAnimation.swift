import Foundation

/// An abstract subclass for animations that change one layer property, named by a key path.
open class CAPropertyAnimation: CAAnimation {
    /// Creates an animation of the property at `path`, such as `"position.x"`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    // Stored properties are `@exclusivity(unchecked)`, as in `CAAnimation` (see there why).
    /// The key path of the animated property, relative to the layer.
    @exclusivity(unchecked) open var keyPath: String?

    /// Whether the animated value is added to the property's current value (false).
    @exclusivity(unchecked) open var isAdditive: Bool = false

    /// Whether each repeat builds on the end value of the previous one (false).
    @exclusivity(unchecked) open var isCumulative: Bool = false

    /// A function that turns the interpolated values into the property's value, a transform
    /// (nil: the values are the property's own). See ``CAValueFunction``.
    @exclusivity(unchecked) open var valueFunction: CAValueFunction?

    /// Set at attachment when the animation cannot apply (unknown key, wrong value type).
    @exclusivity(unchecked) var isInert = false

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CAPropertyAnimation else { return }
        keyPath = other.keyPath
        isAdditive = other.isAdditive
        isCumulative = other.isCumulative
        valueFunction = other.valueFunction
    }

    override func knownValue(forKey key: String) -> Any? {
        switch key {
        case "keyPath": return keyPath
        case "additive": return isAdditive
        case "cumulative": return isCumulative
        case "valueFunction": return valueFunction
        default: return super.knownValue(forKey: key)
        }
    }

    override func setKnownValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "keyPath": keyPath = value as? String
        case "additive": isAdditive = Convert.bool(value) ?? false
        case "cumulative": isCumulative = Convert.bool(value) ?? false
        case "valueFunction": valueFunction = value as? CAValueFunction
        default: return super.setKnownValue(value, forKey: key)
        }
        return true
    }

    override func animatesKeyPath(where matches: (String) -> Bool) -> Bool { keyPath.map(matches) ?? false }

    // MARK: Evaluation

    /// The value at `progress` (after the timing function) given the property's value before
    /// this animation (`base`); nil when there is nothing to show. Subclasses override.
    ///
    /// `localTime` is the animation's time within its current pass, which a spring needs
    /// when its `duration` is infinite (its progress then stays 0).
    func value(atProgress progress: Double, localTime: Double, base: AnimatableValue?) -> AnimatableValue? { nil }

    /// The change over one pass, for cumulative repeats; nil when not cumulative-capable.
    func cumulativeDelta(base: AnimatableValue?) -> AnimatableValue? { nil }

    /// The values this animation carries, checked against the layer's property at attachment.
    var declaredValues: [Any] { [] }

    /// One of the animation's values in interpolatable form: the input of ``valueFunction``
    /// when there is one, else the property's own value; nil for nil (or for a value the
    /// function cannot take, which attachment reports).
    func animatable(_ value: Any?) -> AnimatableValue? {
        guard let valueFunction else { return AnimatableValue(value) }
        return value.flatMap(valueFunction.input(from:))
    }

    /// Whether `timingFunction` shapes the progress (a paced keyframe animation ignores it).
    var appliesTimingFunction: Bool { true }

    override func contribute(to presentation: inout PresentationEvaluation, atParentTime parentTime: Double, fill: InheritedFill = .none) {
        guard !isInert, let keyPath,
              let sample = ActiveTiming(self).filling(fill).sample(atParentTime: parentTime) else { return }
        let function = appliesTimingFunction ? timingFunction : nil
        let progress = function?.evaluate(sample.progress) ?? sample.progress
        if let accessor = accessor(for: keyPath) {
            // Typed: straight into the layer state, no boxes.
            let base = accessor.read(presentation.state)
            guard let value = composedValue(atProgress: progress, sample: sample, base: base) else { return }
            accessor.write(value, into: &presentation.state)
        } else {
            presentation.withCopy { copy in
                let base = copy.animatableValue(forKeyPath: keyPath)
                guard let value = composedValue(atProgress: progress, sample: sample, base: base) else { return }
                copy.setAnimatedValue(value, forKeyPath: keyPath, like: base)
            }
        }
    }

    /// The animated value at `progress` (after the timing function), with cumulative repeats
    /// and the additive base applied.
    ///
    /// A cumulative repeat starts from "the value at the end of the previous repeat cycle"
    /// (`CAAnimation.h`): one pass's change further on per cycle, none when the animation
    /// autoreverses, whose cycles end where they began. So a 5 → 10 ramp plays 5 → 10, then
    /// 10 → 15. The header's "plus the value of the current repeat cycle" could also be read
    /// as SMIL's sum, which adds the end value (10 → 15 would become 15 → 20); the two agree
    /// when the animation starts from zero. An Apple behaviour probe records which one
    /// QuartzCore does.
    ///
    /// With a ``valueFunction``, the interpolation and the cumulative repeats work on the
    /// function's inputs (an endpoint left nil is its identity input), and the transform it
    /// builds is the value, added to the property's as any additive value is.
    private func composedValue(atProgress progress: Double, sample: ActiveTiming.Sample, base: AnimatableValue?) -> AnimatableValue? {
        let inputBase = valueFunction.map(\.identityInput) ?? base
        guard var value = value(atProgress: progress, localTime: sample.localTime, base: inputBase) else { return nil }
        if isCumulative, !autoreverses, sample.iteration > 0, let delta = cumulativeDelta(base: inputBase) {
            value = value.adding(delta.repeated(sample.iteration))
        }
        if let valueFunction {
            value = AnimatableValue(transform: valueFunction.transform(from: value))
        }
        if isAdditive, let base {
            value = value.adding(base)
        }
        return value
    }

    /// The typed accessor of `keyPath`: the one resolved at attachment, unless the key path
    /// changed since.
    private func accessor(for keyPath: String) -> LayerStateAccessor? {
        if let resolved = resolvedAccessor, resolved.keyPath == keyPath { return resolved.accessor }
        return LayerStateAccessor.resolve(keyPath)
    }

    /// The key path resolved when the copy was attached, and its accessor (nil: the key-value
    /// path). Written only before the copy joins its layer, so frames on any thread only read it.
    @exclusivity(unchecked) private var resolvedAccessor: (keyPath: String, accessor: LayerStateAccessor?)?

    override func prepareForAttachment(_ preparation: inout AttachmentPreparation) {
        let layer = preparation.layer
        guard let keyPath else {
            OQC.report(.unknownKeyPath, key: "", "\(type(of: self)) has no keyPath, so it animates nothing; set keyPath (for example \"opacity\").")
            isInert = true
            return
        }
        let look = preparation.look(at: keyPath)
        resolvedAccessor = (keyPath, look.accessor)
        guard look.isAnimatable else {
            if CALayer.impliedTreeKeys.contains(keyPath) {
                // `sublayers` and `mask` change the layer tree at once; their implied
                // animation (and any other of these key paths) only times the change.
                isInert = true
                return
            }
            if keyPath == "frame" || keyPath.hasPrefix("frame.") {
                OQC.report(.unknownKeyPath, key: keyPath, "'\(keyPath)' is not animatable: a layer's frame is derived from its bounds, position, anchorPoint and transform, so this animation does nothing; animate \"bounds\" and \"position\" instead.")
                isInert = true
                return
            }
            if !keyPath.contains("."), LayerProperty.table[keyPath] == nil {
                // A layer is a key-value container: a key it does not declare animates in the
                // presentation's own storage, and shows nothing else.
                OQC.report(.unknownKeyPath, key: keyPath, "'\(keyPath)' is not a property of \(type(of: layer)), so this animation changes only the presentation's value for that key; check the spelling, or declare the property (needsDisplay(forKey:) or a stored value).")
                return
            }
            OQC.report(.unknownKeyPath, key: keyPath, "'\(keyPath)' is not a property of \(type(of: layer)), so this animation does nothing; check the spelling, or declare the property (needsDisplay(forKey:) or a stored value).")
            isInert = true
            return
        }
        let current = look.current
        if let valueFunction {
            isInert = !acceptsInputs(of: valueFunction, keyPath: keyPath, current: current)
            return
        }
        if let current, !valuesFit(current, keyPath: keyPath) { isInert = true }
    }

    /// Whether every value the animation carries can animate a property that holds `current`;
    /// reports the first that cannot.
    func valuesFit(_ current: AnimatableValue, keyPath: String) -> Bool {
        declaredValues.allSatisfy { value in
            AnimatableValue(value).map { fits($0, read: value, current: current, keyPath: keyPath) } ?? true
        }
    }

    /// Whether `candidate`, read from `value`, can animate a property that holds `current`:
    /// a value of a compatible kind, and a discrete one only for a discrete property. Reports
    /// why not.
    final func fits(_ candidate: AnimatableValue, read value: Any, current: AnimatableValue, keyPath: String) -> Bool {
        guard candidate.isCompatible(with: current), candidate.kind != .discrete || current.kind == .discrete else {
            OQC.report(.invalidValue, key: keyPath, "\(type(of: value)) value \(value) cannot animate '\(keyPath)', which holds \(type(of: current.boxed)); pass a value of that type. The animation is ignored.")
            return false
        }
        return true
    }

    /// Whether the animation can apply `function`: the property holds a transform, and each
    /// value is an input of the function. Reports why not.
    private func acceptsInputs(of function: CAValueFunction, keyPath: String, current: AnimatableValue?) -> Bool {
        if let current, current.kind != .transform {
            OQC.report(.invalidValue, key: keyPath, "valueFunction '\(function.name.rawValue)' builds a transform, but '\(keyPath)' holds \(type(of: current.boxed)); animate \"transform\" (or \"sublayerTransform\"). The animation is ignored.")
            return false
        }
        let expected = function.inputCount == 1 ? "one number" : "three numbers [x, y, z]"
        for value in declaredValues where function.input(from: value) == nil {
            OQC.report(.invalidValue, key: keyPath, "\(type(of: value)) value \(value) is not an input of valueFunction '\(function.name.rawValue)', which takes \(expected). The animation is ignored.")
            return false
        }
        return true
    }
}
