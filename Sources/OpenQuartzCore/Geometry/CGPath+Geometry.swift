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
    /// fill closes it; `transform` is applied to the point first (`CGPath.h`: "the point is
    /// transformed by `m' before determining whether the path contains it").
    ///
    /// ```swift
    /// CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil).contains(CGPoint(x: 1, y: 1))  // false
    /// ```
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        let local = point.applying(transform)
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
        CubicSegment.walk(types: elementTypes, points: elementPoints, move: move) { segment, type in
            switch type {
            case .addLineToPoint, .closeSubpath: line(segment.start, segment.end)
            default: curve(segment)
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

#endif
