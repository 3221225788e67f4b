import Foundation

/// The name of a value function: which transform a ``CAValueFunction`` builds from the
/// values an animation interpolates (Apple, `CAValueFunction.h`).
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    /// The constant's string value, for example `"rotateZ"`.
    public let rawValue: String
    /// Wraps a raw name string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A rotation about the x axis, from one value in radians.
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    /// A rotation about the y axis, from one value in radians.
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    /// A rotation about the z axis, from one value in radians.
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    /// A scale, from three values: x, y and z.
    public static let scale = CAValueFunctionName(rawValue: "scale")
    /// A scale along the x axis, from one value.
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    /// A scale along the y axis, from one value.
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    /// A scale along the z axis, from one value.
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    /// A translation, from three values: x, y and z.
    public static let translate = CAValueFunctionName(rawValue: "translate")
    /// A translation along the x axis, from one value.
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    /// A translation along the y axis, from one value.
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    /// A translation along the z axis, from one value.
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}

/// A function that turns the values a property animation interpolates into a transform, so
/// an animation of `transform` can interpolate an angle, a scale or an offset (Apple,
/// `CAPropertyAnimation.valueFunction`).
///
/// ```swift
/// let spin = CABasicAnimation(keyPath: "transform")
/// spin.valueFunction = CAValueFunction(name: .rotateZ)
/// spin.fromValue = 0
/// spin.toValue = 2 * CGFloat.pi      // a whole turn: interpolating the matrices shows none
/// layer.add(spin, forKey: "spin")
/// ```
///
/// The rotations and the single-axis functions take one number; `.scale` and `.translate`
/// take three, as an array `[x, y, z]`. An endpoint left nil (`toValue` only, say) is the
/// function's identity (an angle or offset of 0, a scale of 1): the layer's transform cannot
/// be read back as the function's input. The transform built replaces the layer's, or, with
/// `isAdditive`, is applied before it.
///
/// The class is `@unchecked Sendable` because it is immutable: its one stored property is
/// written only in `init(name:)`.
open class CAValueFunction: NSObject, NSSecureCoding, @unchecked Sendable {
    private let function: CAValueFunctionName

    /// The function's name.
    open var name: CAValueFunctionName { function }

    /// Returns the function called `name`, or nil for a name Core Animation does not define.
    public init?(name: CAValueFunctionName) {
        guard Self.arity[name] != nil else { return nil }
        function = name
        super.init()
    }

    /// Decoding is not supported (see `MissingAPI.md`): gives the z rotation.
    public required init?(coder: NSCoder) {
        function = .rotateZ
        super.init()
    }

    /// Archives nothing (see `MissingAPI.md`).
    open func encode(with coder: NSCoder) {}

    /// True, as in Core Animation.
    open class var supportsSecureCoding: Bool { true }

    /// How many numbers each function takes.
    private static let arity: [CAValueFunctionName: Int] = [
        .rotateX: 1, .rotateY: 1, .rotateZ: 1, .scale: 3, .scaleX: 1, .scaleY: 1, .scaleZ: 1,
        .translate: 3, .translateX: 1, .translateY: 1, .translateZ: 1,
    ]

    /// How many numbers the function takes: 1, or 3 for `.scale` and `.translate`.
    var inputCount: Int { Self.arity[function] ?? 1 }

    /// Reads one of an animation's values as this function's input: a number, or for the
    /// three-value functions an array of three numbers; nil if it is neither.
    func input(from value: Any) -> AnimatableValue? {
        if inputCount == 1 {
            guard let number = AnimatableValue.number(value) else { return nil }
            return AnimatableValue(number: number.value, type: number.type)
        }
        let elements: [Any]
        switch value {
        case let array as [Any]: elements = array
        case let array as NSArray: elements = array.map { $0 }
        default: return nil
        }
        let numbers = elements.compactMap { AnimatableValue.number($0)?.value }
        guard elements.count == 3, numbers.count == 3 else { return nil }
        return AnimatableValue(vector: numbers[0], numbers[1], numbers[2])
    }

    /// The input that builds the identity transform: 0 for rotations and translations, 1 for
    /// scales.
    var identityInput: AnimatableValue {
        let isScale = [.scale, .scaleX, .scaleY, .scaleZ].contains(function)
        let value: Double = isScale ? 1 : 0
        return inputCount == 1
            ? AnimatableValue(number: value, type: .cgFloat)
            : AnimatableValue(vector: value, value, value)
    }

    /// The transform the function builds from `input`.
    func transform(from input: AnimatableValue) -> CATransform3D {
        let (a, b, c) = (CGFloat(input.lanes[0]), CGFloat(input.lanes[1]), CGFloat(input.lanes[2]))
        switch function {
        case .rotateX: return CATransform3DMakeRotation(a, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(a, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(a, 0, 0, 1)
        case .scale: return CATransform3DMakeScale(a, b, c)
        case .scaleX: return CATransform3DMakeScale(a, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, a, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, a)
        case .translate: return CATransform3DMakeTranslation(a, b, c)
        case .translateX: return CATransform3DMakeTranslation(a, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, a, 0)
        default: return CATransform3DMakeTranslation(0, 0, a)
        }
    }
}
