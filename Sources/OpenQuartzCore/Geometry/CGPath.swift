import Foundation

// Linux Foundation has no Core Graphics, so OpenQuartzCore supplies the path type that
// `CAShapeLayer.path`, `CALayer.shadowPath` and `CAKeyframeAnimation.path` take. Where Core
// Graphics exists, its own `CGPath` is used.
#if !canImport(CoreGraphics)

/// The kind of one path element, as Core Graphics' `CGPathElementType`.
public enum CGPathElementType: Int32, Sendable {
    /// Starts a new subpath at one point.
    case moveToPoint
    /// A straight line to one point.
    case addLineToPoint
    /// A quadratic Bézier curve: a control point, then the end point.
    case addQuadCurveToPoint
    /// A cubic Bézier curve: two control points, then the end point.
    case addCurveToPoint
    /// Closes the subpath with a line back to its start. No points.
    case closeSubpath

    /// How many points an element of this kind carries.
    var pointCount: Int {
        switch self {
        case .moveToPoint, .addLineToPoint: return 1
        case .addQuadCurveToPoint: return 2
        case .addCurveToPoint: return 3
        case .closeSubpath: return 0
        }
    }
}

/// One element of a path, as `applyWithBlock(_:)` hands it out: its kind and its points
/// (control points first, the end point last).
public struct CGPathElement {
    public var type: CGPathElementType
    /// The element's points; valid only during the call that hands the element out.
    public var points: UnsafeMutablePointer<CGPoint>

    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// How a path's interior is decided, as Core Graphics' `CGPathFillRule`.
public enum CGPathFillRule: Int, Sendable {
    /// Non-zero winding number.
    case winding
    /// Odd number of crossings.
    case evenOdd
}

/// How stroked lines join, as Core Graphics' `CGLineJoin`.
public enum CGLineJoin: Int32, Sendable {
    case miter, round, bevel
}

/// How stroked lines end, as Core Graphics' `CGLineCap`.
public enum CGLineCap: Int32, Sendable {
    case butt, round, square
}

/// An immutable graphics path, as Core Graphics' `CGPath`: subpaths of lines and quadratic
/// and cubic Bézier curves.
///
/// ```swift
/// let ring = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 80), transform: nil)
/// ring.boundingBoxOfPath   // (0, 0, 80, 80)
/// shapeLayer.path = ring
/// ```
///
/// Build one with ``CGMutablePath``. Paths compare equal when their elements are equal.
public class CGPath: Hashable, CustomStringConvertible {
    // Immutable once built, except through `CGMutablePath`, which, as on Apple, must not be
    // changed on one thread while another reads it: neither type is `Sendable`.

    /// Each element's kind, in order.
    var elementTypes: [CGPathElementType]
    /// Every element's points, in order: `elementTypes[i].pointCount` points per element.
    var elementPoints: [CGPoint]

    init(elementTypes: [CGPathElementType], elementPoints: [CGPoint]) {
        self.elementTypes = elementTypes
        self.elementPoints = elementPoints
    }

    /// A rectangle: a move to the rectangle's minimum corner, three lines, and a close,
    /// clockwise as Core Graphics counts it (x first, then y).
    ///
    /// Apple: `CGPathCreateWithRect`.
    ///
    /// ```swift
    /// let box = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20), transform: nil)
    /// ```
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elementTypes: path.elementTypes, elementPoints: path.elementPoints)
    }

    /// An ellipse inscribed in `rect`: a move to its rightmost point, four cubic curves and a
    /// close.
    ///
    /// Apple: `CGPathCreateWithEllipseInRect`.
    ///
    /// ```swift
    /// let dot = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 8, height: 8), transform: nil)
    /// ```
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elementTypes: path.elementTypes, elementPoints: path.elementPoints)
    }

    /// A rectangle whose corners are quarter ellipses `cornerWidth` wide and `cornerHeight`
    /// tall.
    ///
    /// Apple: `CGPathCreateWithRoundedRect`.
    ///
    /// ```swift
    /// let pill = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 60, height: 20),
    ///                   cornerWidth: 10, cornerHeight: 10, transform: nil)
    /// ```
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                            transform: transform?.pointee ?? .identity)
        self.init(elementTypes: path.elementTypes, elementPoints: path.elementPoints)
    }

    /// An immutable copy.
    public func copy() -> CGPath? {
        CGPath(elementTypes: elementTypes, elementPoints: elementPoints)
    }

    /// An immutable copy with every point transformed by `transform` (nil: unchanged).
    ///
    /// ```swift
    /// var twice = CGAffineTransform(scaleX: 2, y: 2)
    /// let bigger = path.copy(using: &twice)
    /// ```
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(elementTypes: elementTypes, elementPoints: transformedPoints(transform?.pointee))
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? {
        CGMutablePath(elementTypes: elementTypes, elementPoints: elementPoints)
    }

    /// A mutable copy with every point transformed by `transform` (nil: unchanged).
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        CGMutablePath(elementTypes: elementTypes, elementPoints: transformedPoints(transform?.pointee))
    }

    private func transformedPoints(_ transform: CGAffineTransform?) -> [CGPoint] {
        guard let transform else { return elementPoints }
        return elementPoints.map { $0.applying(transform) }
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elementTypes.isEmpty }

    /// The point where the next element starts: the last element's end point, or after a
    /// close, the closed subpath's start. `.zero` for an empty path.
    public var currentPoint: CGPoint { currentPointIfAny ?? .zero }

    /// The current point, nil while the path is empty.
    var currentPointIfAny: CGPoint? {
        guard let last = elementTypes.last else { return nil }
        return last == .closeSubpath ? subpathStart : elementPoints.last
    }

    /// The start of the last subpath: its move's point; nil for an empty path.
    var subpathStart: CGPoint? {
        var pointIndex = elementPoints.count
        for type in elementTypes.reversed() {
            pointIndex -= type.pointCount
            if type == .moveToPoint { return elementPoints[pointIndex] }
        }
        return nil
    }

    /// Calls `block` with each element, in order.
    ///
    /// ```swift
    /// path.applyWithBlock { element in
    ///     if element.pointee.type == .addCurveToPoint { curves += 1 }
    /// }
    /// ```
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        // One spare point: a close has no points, and still gets a valid pointer.
        var points = elementPoints + [.zero]
        points.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var index = 0
            for type in elementTypes {
                var element = CGPathElement(type: type, points: base + index)
                withUnsafePointer(to: &element) { block($0) }
                index += type.pointCount
            }
        }
    }

    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs.elementTypes == rhs.elementTypes && lhs.elementPoints == rhs.elementPoints
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(elementTypes)
        for point in elementPoints {
            hasher.combine(point.x)
            hasher.combine(point.y)
        }
    }

    public var description: String {
        var lines = ["CGPath \(elementTypes.count) elements:"]
        var index = 0
        for type in elementTypes {
            let points = elementPoints[index..<index + type.pointCount].map { "(\($0.x), \($0.y))" }
            lines.append("  \(type) \(points.joined(separator: " "))")
            index += type.pointCount
        }
        return lines.joined(separator: "\n")
    }
}

#endif
