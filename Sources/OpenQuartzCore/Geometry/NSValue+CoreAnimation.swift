import Foundation

// On Apple platforms UIKit (`NSValue(cgPoint:)`, `cgPointValue` and their size, rect,
// vector and affine-transform siblings, in `UIGeometry.h`) and QuartzCore
// (`NSValue(caTransform3D:)`, `caTransform3DValue`, in `CATransform3D.h`) supply these.
// Linux Foundation has only `NSValue(point:)`, `NSValue(size:)` and `NSValue(rect:)`, and
// cannot box any other struct, so code written for iOS gets Apple's spellings here. Points,
// sizes and rects carry Apple's type encodings (`{CGPoint=dd}`, ...); vectors and transforms
// are boxed as arrays of doubles (`[16d]` for a `CATransform3D`), where Apple reports the
// struct (`{CATransform3D=dddddddddddddddd}`).
#if !canImport(QuartzCore)
extension NSValue {
    /// Creates a value that contains the point (UIKit's spelling).
    ///
    /// ```swift
    /// slide.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 40))
    /// ```
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }

    /// Creates a value that contains the size (UIKit's spelling).
    public convenience init(cgSize size: CGSize) { self.init(size: size) }

    /// Creates a value that contains the rectangle (UIKit's spelling).
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

    /// Creates a value that contains the vector (UIKit's spelling).
    public convenience init(cgVector vector: CGVector) {
        self.init(doubles: vector)
    }

    /// Creates a value that contains the affine transform (UIKit's spelling).
    public convenience init(cgAffineTransform transform: CGAffineTransform) {
        self.init(doubles: transform)
    }

    /// Creates a value that contains the 3D transform (QuartzCore's spelling).
    ///
    /// ```swift
    /// spin.toValue = NSValue(caTransform3D: CATransform3DMakeRotation(.pi, 0, 0, 1))
    /// ```
    public convenience init(caTransform3D transform: CATransform3D) {
        self.init(doubles: transform)
    }

    /// The point this value contains.
    public var cgPointValue: CGPoint { unboxed(CGPoint.self) ?? .zero }
    /// The size this value contains.
    public var cgSizeValue: CGSize { unboxed(CGSize.self) ?? .zero }
    /// The rectangle this value contains.
    public var cgRectValue: CGRect { unboxed(CGRect.self) ?? .zero }
    /// The vector this value contains.
    public var cgVectorValue: CGVector { unboxed(CGVector.self) ?? .zero }
    /// The affine transform this value contains.
    public var cgAffineTransformValue: CGAffineTransform { unboxed(CGAffineTransform.self) ?? CGAffineTransform() }
    /// The 3D transform this value contains.
    public var caTransform3DValue: CATransform3D { unboxed(CATransform3D.self) ?? CATransform3D() }

    /// Boxes a struct of `CGFloat`s as an array of doubles, which Linux Foundation can hold.
    private convenience init<T>(doubles value: T) {
        let bytes = withUnsafeBytes(of: value) { Array($0) }
        self.init(bytes: bytes, objCType: NSValue.arrayEncoding(of: T.self))
    }
}

/// A transform bridges to and from `NSValue`, as QuartzCore's Swift overlay declares
/// (`extension CATransform3D : _ObjectiveCBridgeable` with `_ObjectiveCType = NSValue`), so
/// `transform as NSValue` boxes it and `value as? CATransform3D` unboxes an
/// `NSValue(caTransform3D:)` (and fails for a value boxing anything else).
///
/// ```swift
/// let boxed = CATransform3DMakeScale(2, 2, 1) as NSValue
/// let back = (boxed as Any) as? CATransform3D   // the scale
/// ```
extension CATransform3D: _ObjectiveCBridgeable {
    public typealias _ObjectiveCType = NSValue

    public func _bridgeToObjectiveC() -> NSValue {
        NSValue(caTransform3D: self)
    }

    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CATransform3D?) {
        guard _conditionallyBridgeFromObjectiveC(source, result: &result) else {
            preconditionFailure("Could not cast an NSValue of type \(String(cString: source.objCType)) to CATransform3D")
        }
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CATransform3D?) -> Bool {
        result = source.unboxed(CATransform3D.self)
        return result != nil
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CATransform3D {
        var result: CATransform3D?
        _forceBridgeFromObjectiveC(source!, result: &result)
        return result!
    }
}
#endif
