import Foundation

/// The from- and to-values of a one-key-path animation (``BasicAnimation``,
/// ``SpringAnimation``), kept both as typed values and as Core Animation takes them.
///
/// The Core Animation forms are boxed when a value is set, in ``coreAnimation``, which every
/// step that plays the animation reads as it resolves. That field comes first and its type is
/// not generic, so code that is not specialised for `Value` (a resolution through
/// `any LayerAnimation`) reads it at a fixed offset.
struct AnimationEndpoints<Value: AnimationValue> {
    private(set) var coreAnimation: CoreAnimationEndpoints
    private var fromBox: UncheckedSendableBox<Value?>
    private var toBox: UncheckedSendableBox<Value>

    init(from: Value?, to: Value) {
        let from = from.map { validatedFinite($0, "from-value") }
        let to = validatedFinite(to, "to-value")
        coreAnimation = CoreAnimationEndpoints(from: from?.coreAnimationValue, to: to.coreAnimationValue,
                                               additiveIdentity: Value.additiveIdentity?.coreAnimationValue)
        fromBox = UncheckedSendableBox(from)
        toBox = UncheckedSendableBox(to)
    }

    var from: Value? {
        get { fromBox.value }
        set {
            let newValue = newValue.map { validatedFinite($0, "from-value") }
            fromBox.value = newValue
            coreAnimation = coreAnimation.with(from: newValue?.coreAnimationValue)
        }
    }

    var to: Value {
        get { toBox.value }
        set {
            let newValue = validatedFinite(newValue, "to-value")
            toBox.value = newValue
            coreAnimation = coreAnimation.with(to: newValue.coreAnimationValue)
        }
    }
}

/// The endpoints of a one-key-path animation as Core Animation takes them: immutable, so the
/// copies of an animation description (in each operation that plays it, and at each
/// resolution) share one object on any thread. Setting an endpoint replaces the whole object.
final class CoreAnimationEndpoints: Sendable {
    private let fromBox: UncheckedSendableBox<Any?>
    private let toBox: UncheckedSendableBox<Any>
    private let additiveIdentityBox: UncheckedSendableBox<Any?>

    init(from: Any?, to: Any, additiveIdentity: Any?) {
        fromBox = UncheckedSendableBox(from)
        toBox = UncheckedSendableBox(to)
        additiveIdentityBox = UncheckedSendableBox(additiveIdentity)
    }

    var from: Any? { fromBox.value }
    var to: Any { toBox.value }
    /// The value type's zero, the start of an additive animation without a from-value (nil
    /// for types with none).
    var additiveIdentity: Any? { additiveIdentityBox.value }

    func with(from: Any?) -> CoreAnimationEndpoints {
        CoreAnimationEndpoints(from: from, to: to, additiveIdentity: additiveIdentity)
    }

    func with(to: Any) -> CoreAnimationEndpoints {
        CoreAnimationEndpoints(from: from, to: to, additiveIdentity: additiveIdentity)
    }
}
