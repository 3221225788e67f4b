import Foundation

/// The from- and to-values of a one-key-path animation (``BasicAnimation``,
/// ``SpringAnimation``), kept both as typed values and as Core Animation takes them.
///
/// The Core Animation forms are boxed once, when a value is set: every step that plays the
/// animation reads them as it resolves, without instantiating generic types for `Value`.
struct AnimationEndpoints<Value: AnimationValue> {
    private var fromBox: UncheckedSendableBox<Value?>
    private var toBox: UncheckedSendableBox<Value>
    private var coreAnimationFromBox: UncheckedSendableBox<Any?>
    private var coreAnimationToBox: UncheckedSendableBox<Any>

    init(from: Value?, to: Value) {
        let from = from.map { validatedFinite($0, "from-value") }
        let to = validatedFinite(to, "to-value")
        fromBox = UncheckedSendableBox(from)
        toBox = UncheckedSendableBox(to)
        coreAnimationFromBox = UncheckedSendableBox(from?.coreAnimationValue)
        coreAnimationToBox = UncheckedSendableBox(to.coreAnimationValue)
    }

    var from: Value? {
        get { fromBox.value }
        set {
            let newValue = newValue.map { validatedFinite($0, "from-value") }
            fromBox.value = newValue
            coreAnimationFromBox.value = newValue?.coreAnimationValue
        }
    }

    var to: Value {
        get { toBox.value }
        set {
            let newValue = validatedFinite(newValue, "to-value")
            toBox.value = newValue
            coreAnimationToBox.value = newValue.coreAnimationValue
        }
    }

    var coreAnimationFrom: Any? { coreAnimationFromBox.value }
    var coreAnimationTo: Any { coreAnimationToBox.value }
}
