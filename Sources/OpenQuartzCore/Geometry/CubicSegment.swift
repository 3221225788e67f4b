import Foundation
#if canImport(CoreGraphics)
import CoreGraphics  // CGPathElementType
#endif

/// A cubic Bézier curve: how the engine measures and walks every path segment (a line is
/// the cubic with its controls a third and two thirds of the way, which it follows at an
/// even speed; a quadratic curve, the cubic of the same shape).
struct CubicSegment {
    var start, control1, control2, end: CGPoint

    static func line(from start: CGPoint, to end: CGPoint) -> CubicSegment {
        CubicSegment(start: start, control1: start.lerp(to: end, 1.0 / 3), control2: start.lerp(to: end, 2.0 / 3), end: end)
    }

    /// The cubic with the same shape as the quadratic curve: controls two thirds of the way
    /// to the quadratic's control point.
    static func quad(from start: CGPoint, control: CGPoint, to end: CGPoint) -> CubicSegment {
        CubicSegment(start: start, control1: start.lerp(to: control, 2.0 / 3), control2: end.lerp(to: control, 2.0 / 3), end: end)
    }

    /// Calls `move` for each move, and `segment` for each line, curve and close (a line back
    /// to the subpath's start), in order, for the path with elements `types` whose points,
    /// in order, are `points`.
    static func walk(types: [CGPathElementType], points: [CGPoint],
                     move: (CGPoint) -> Void, segment: (CubicSegment, CGPathElementType) -> Void) {
        var index = 0
        var current = CGPoint.zero
        var subpathStart = CGPoint.zero
        for type in types {
            func point(_ i: Int) -> CGPoint { points[index + i] }
            switch type {
            case .moveToPoint:
                current = point(0)
                subpathStart = current
                move(current)
                index += 1
            case .addLineToPoint:
                segment(.line(from: current, to: point(0)), type)
                current = point(0)
                index += 1
            case .addQuadCurveToPoint:
                segment(.quad(from: current, control: point(0), to: point(1)), type)
                current = point(1)
                index += 2
            case .addCurveToPoint:
                segment(CubicSegment(start: current, control1: point(0), control2: point(1), end: point(2)), type)
                current = point(2)
                index += 3
            case .closeSubpath:
                segment(.line(from: current, to: subpathStart), type)
                current = subpathStart
            #if canImport(CoreGraphics)
            @unknown default:
                break
            #endif
            }
        }
    }

    func point(at t: CGFloat) -> CGPoint {
        let u = 1 - t
        let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        return CGPoint(x: a * start.x + b * control1.x + c * control2.x + d * end.x,
                       y: a * start.y + b * control1.y + c * control2.y + d * end.y)
    }

    /// The parameters in 0...1 where x or y turns: the roots of the derivative.
    var extremes: [CGFloat] {
        Self.turns(start.x, control1.x, control2.x, end.x) + Self.turns(start.y, control1.y, control2.y, end.y)
    }

    /// The roots in 0...1 of the derivative of the one-dimensional cubic through p0…p3.
    private static func turns(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat, _ p3: CGFloat) -> [CGFloat] {
        // B'(t)/3 = a·t² + b·t + c
        let a = -p0 + 3 * p1 - 3 * p2 + p3
        let b = 2 * (p0 - 2 * p1 + p2)
        let c = p1 - p0
        var roots: [CGFloat] = []
        if abs(a) < 1e-12 {
            if abs(b) > 1e-12 { roots.append(-c / b) }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let s = discriminant.squareRoot()
                roots += [(-b + s) / (2 * a), (-b - s) / (2 * a)]
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}

extension CGPoint {
    /// The point `fraction` of the way from `self` to `other`.
    func lerp(to other: CGPoint, _ fraction: CGFloat) -> CGPoint {
        CGPoint(x: x + (other.x - x) * fraction, y: y + (other.y - y) * fraction)
    }
}
