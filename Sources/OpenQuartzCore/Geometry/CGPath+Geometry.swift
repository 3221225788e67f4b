import Foundation

#if !canImport(CoreGraphics)

extension CGPath {
    /// The smallest rectangle holding every point of the path, control points included;
    /// `CGRect.null` for an empty path.
    ///
    /// Apple: `CGPathGetBoundingBox`.
    public var boundingBox: CGRect {
        Self.bounds(of: elementPoints)
    }

    /// The smallest rectangle holding the path itself: its curves' extremes, without the
    /// control points that pull them; `CGRect.null` for an empty path.
    ///
    /// Apple: `CGPathGetPathBoundingBox`.
    ///
    /// ```swift
    /// CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil).boundingBoxOfPath  // (0, 0, 10, 10)
    /// ```
    public var boundingBoxOfPath: CGRect {
        var onPath: [CGPoint] = []
        forEachSegment(
            move: { onPath.append($0) },
            line: { _, end in onPath.append(end) },
            curve: { curve in
                onPath.append(curve.end)
                onPath += curve.extremes.map(curve.point(at:))
            })
        return Self.bounds(of: onPath)
    }

    /// Whether the path is one rectangle with edges parallel to the axes (a move, three or
    /// four lines, and optionally a close); `rect`, when given, receives it.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        var types = elementTypes
        if types.last == .closeSubpath { types.removeLast() }
        guard types.first == .moveToPoint, types.dropFirst().allSatisfy({ $0 == .addLineToPoint }),
              types.count == 4 || types.count == 5 && elementPoints[4] == elementPoints[0] else { return false }
        let corners = Array(elementPoints.prefix(4))
        // 0 for a horizontal edge, 1 for a vertical one, nil for any other.
        let orientations = (0..<4).map { i -> Int? in
            let (a, b) = (corners[i], corners[(i + 1) % 4])
            if a.y == b.y, a.x != b.x { return 0 }
            if a.x == b.x, a.y != b.y { return 1 }
            return nil
        }
        guard let first = orientations[0], orientations == [first, 1 - first, first, 1 - first] else { return false }
        rect?.pointee = Self.bounds(of: corners)
        return true
    }

    /// Whether `point` is inside the filled path under `rule`, each subpath closed as a
    /// fill closes it; `transform` is applied to the path first.
    ///
    /// ```swift
    /// CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil).contains(CGPoint(x: 1, y: 1))  // false
    /// ```
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        let local = transform.isIdentity ? point : point.applying(transform.inverted())
        var winding = 0
        var crossings = 0
        func edge(_ a: CGPoint, _ b: CGPoint) {
            // The edge crosses the horizontal ray from `local` towards +x.
            guard (a.y <= local.y) != (b.y <= local.y) else { return }
            let x = a.x + (local.y - a.y) / (b.y - a.y) * (b.x - a.x)
            guard x > local.x else { return }
            crossings += 1
            winding += b.y > a.y ? 1 : -1
        }
        var start: CGPoint?
        var current: CGPoint?
        func closeFill() {
            if let start, let current, start != current { edge(current, start) }
        }
        forEachSegment(
            move: { point in
                closeFill()
                start = point
                current = point
            },
            line: { from, end in
                edge(from, end)
                current = end
            },
            curve: { curve in
                var previous = curve.start
                for step in 1...Self.flatteningSteps {
                    let next = curve.point(at: CGFloat(step) / CGFloat(Self.flatteningSteps))
                    edge(previous, next)
                    previous = next
                }
                current = curve.end
            })
        closeFill()
        return rule == .winding ? winding != 0 : crossings % 2 == 1
    }

    /// Straight pieces per curve when testing containment.
    private static let flatteningSteps = 32

    // MARK: Walking the elements

    /// Calls `move` for each move, `line` for each line (from its start point; a close is a
    /// line back to the subpath's start) and `curve` for each curve, as a cubic.
    func forEachSegment(move: (CGPoint) -> Void, line: (CGPoint, CGPoint) -> Void, curve: (CubicSegment) -> Void) {
        var index = 0
        var current = CGPoint.zero
        var subpathStart = CGPoint.zero
        for type in elementTypes {
            let p = elementPoints[index..<index + type.pointCount]
            index += type.pointCount
            switch type {
            case .moveToPoint:
                current = p[p.startIndex]
                subpathStart = current
                move(current)
            case .addLineToPoint:
                line(current, p[p.startIndex])
                current = p[p.startIndex]
            case .addQuadCurveToPoint:
                let (c, end) = (p[p.startIndex], p[p.startIndex + 1])
                // The cubic with the same shape: controls two thirds of the way to `c`.
                curve(CubicSegment(start: current,
                                   control1: CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y)),
                                   control2: CGPoint(x: end.x + 2 / 3 * (c.x - end.x), y: end.y + 2 / 3 * (c.y - end.y)),
                                   end: end))
                current = end
            case .addCurveToPoint:
                curve(CubicSegment(start: current, control1: p[p.startIndex], control2: p[p.startIndex + 1], end: p[p.startIndex + 2]))
                current = p[p.startIndex + 2]
            case .closeSubpath:
                line(current, subpathStart)
                current = subpathStart
            }
        }
    }

    private static func bounds(of points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .null }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for p in points.dropFirst() {
            (minX, minY, maxX, maxY) = (min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y))
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// A cubic Bézier curve.
struct CubicSegment {
    var start, control1, control2, end: CGPoint

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

#endif
