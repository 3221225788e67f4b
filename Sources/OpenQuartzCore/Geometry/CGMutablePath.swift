import Foundation

#if !canImport(CoreGraphics)

/// A path built element by element, as Core Graphics' `CGMutablePath`.
///
/// Every method takes an optional `transform`, applied to the new points before they are
/// added. A line or curve needs a current point: without one (an empty path) the call is
/// reported and ignored, as Core Graphics logs "no current point" and ignores it. After
/// `closeSubpath()`, a line or curve starts a new subpath at the closed one's start.
///
/// ```swift
/// let check = CGMutablePath()
/// check.move(to: CGPoint(x: 10, y: 50))
/// check.addLine(to: CGPoint(x: 40, y: 80))
/// check.addLine(to: CGPoint(x: 90, y: 20))
/// shapeLayer.path = check
/// ```
public final class CGMutablePath: CGPath {
    /// An empty path.
    public init() {
        super.init(elementTypes: [], elementPoints: [])
    }

    override init(elementTypes: [CGPathElementType], elementPoints: [CGPoint]) {
        super.init(elementTypes: elementTypes, elementPoints: elementPoints)
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append(.moveToPoint, [point], transform)
    }

    /// A straight line from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        guard startsFromCurrentPoint("addLine(to:)") else { return }
        append(.addLineToPoint, [point], transform)
    }

    /// A move to the first point, then lines through the others.
    ///
    /// ```swift
    /// path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
    /// ```
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for point in points.dropFirst() { append(.addLineToPoint, [point], transform) }
    }

    /// A quadratic Bézier curve from the current point to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        guard startsFromCurrentPoint("addQuadCurve(to:control:)") else { return }
        append(.addQuadCurveToPoint, [control, end], transform)
    }

    /// A cubic Bézier curve from the current point to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                         transform: CGAffineTransform = .identity) {
        guard startsFromCurrentPoint("addCurve(to:control1:control2:)") else { return }
        append(.addCurveToPoint, [control1, control2, end], transform)
    }

    /// Closes the current subpath with a line back to its start.
    public func closeSubpath() {
        guard let last = elementTypes.last, last != .closeSubpath else { return }
        elementTypes.append(.closeSubpath)
    }

    /// A rectangle as its own subpath: a move to its minimum corner, three lines (x first,
    /// then y, which Core Graphics calls clockwise) and a close.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
        append(.addLineToPoint, [CGPoint(x: r.maxX, y: r.minY)], transform)
        append(.addLineToPoint, [CGPoint(x: r.maxX, y: r.maxY)], transform)
        append(.addLineToPoint, [CGPoint(x: r.minX, y: r.maxY)], transform)
        closeSubpath()
    }

    /// Each rectangle as its own subpath.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// An ellipse inscribed in `rect` as its own subpath: a move to its rightmost point,
    /// four cubic curves through the bottom, left and top points (in Core Graphics'
    /// coordinates: increasing y first), and a close.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let (cx, cy, rx, ry) = (r.midX, r.midY, r.width / 2, r.height / 2)
        let (kx, ky) = (rx * Self.circleControl, ry * Self.circleControl)
        move(to: CGPoint(x: cx + rx, y: cy), transform: transform)
        append(.addCurveToPoint, [CGPoint(x: cx + rx, y: cy + ky), CGPoint(x: cx + kx, y: cy + ry), CGPoint(x: cx, y: cy + ry)], transform)
        append(.addCurveToPoint, [CGPoint(x: cx - kx, y: cy + ry), CGPoint(x: cx - rx, y: cy + ky), CGPoint(x: cx - rx, y: cy)], transform)
        append(.addCurveToPoint, [CGPoint(x: cx - rx, y: cy - ky), CGPoint(x: cx - kx, y: cy - ry), CGPoint(x: cx, y: cy - ry)], transform)
        append(.addCurveToPoint, [CGPoint(x: cx + kx, y: cy - ry), CGPoint(x: cx + rx, y: cy - ky), CGPoint(x: cx + rx, y: cy)], transform)
        closeSubpath()
    }

    /// A rectangle whose corners are quarter ellipses as its own subpath. A corner more
    /// than half the rectangle's width or height, or negative, is reported and limited to
    /// that range (Core Graphics requires it).
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let w = min(max(cornerWidth, 0), r.width / 2)
        let h = min(max(cornerHeight, 0), r.height / 2)
        if w != cornerWidth || h != cornerHeight {
            OQC.report(.invalidValue, key: "CGMutablePath.addRoundedRect(in:cornerWidth:cornerHeight:transform:)",
                       "corners of \(cornerWidth) × \(cornerHeight) do not fit a \(r.width) × \(r.height) rectangle; each must be from 0 to half the rectangle's width and height. They are limited to \(w) × \(h).")
        }
        guard w > 0, h > 0 else { return addRect(r, transform: transform) }
        let (kw, kh) = (w * (1 - Self.circleControl), h * (1 - Self.circleControl))
        move(to: CGPoint(x: r.minX + w, y: r.minY), transform: transform)
        append(.addLineToPoint, [CGPoint(x: r.maxX - w, y: r.minY)], transform)
        append(.addCurveToPoint, [CGPoint(x: r.maxX - kw, y: r.minY), CGPoint(x: r.maxX, y: r.minY + kh), CGPoint(x: r.maxX, y: r.minY + h)], transform)
        append(.addLineToPoint, [CGPoint(x: r.maxX, y: r.maxY - h)], transform)
        append(.addCurveToPoint, [CGPoint(x: r.maxX, y: r.maxY - kh), CGPoint(x: r.maxX - kw, y: r.maxY), CGPoint(x: r.maxX - w, y: r.maxY)], transform)
        append(.addLineToPoint, [CGPoint(x: r.minX + w, y: r.maxY)], transform)
        append(.addCurveToPoint, [CGPoint(x: r.minX + kw, y: r.maxY), CGPoint(x: r.minX, y: r.maxY - kh), CGPoint(x: r.minX, y: r.maxY - h)], transform)
        append(.addLineToPoint, [CGPoint(x: r.minX, y: r.minY + h)], transform)
        append(.addCurveToPoint, [CGPoint(x: r.minX, y: r.minY + kh), CGPoint(x: r.minX + kw, y: r.minY), CGPoint(x: r.minX + w, y: r.minY)], transform)
        closeSubpath()
    }

    /// An arc of the circle around `center`, from `startAngle` to `endAngle` (radians,
    /// counter-clockwise from the positive x-axis), preceded by a line from the current
    /// point, or by a move on an empty path.
    ///
    /// `clockwise` turns towards decreasing angles, in Core Graphics' y-up coordinates (so
    /// on a flipped, y-down layer it looks counter-clockwise). The arc ends at `endAngle`
    /// after less than a full turn; when the angles are whole turns apart, it turns once
    /// round if it heads from one to the other, and not at all if it heads away: as Core
    /// Graphics documents, 0 to 2π clockwise draws nothing, and 2π to 0 clockwise the full
    /// circle.
    ///
    /// ```swift
    /// ring.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi * 2, clockwise: false)
    /// ```
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        // The turn in the arc's direction, less than a full one, unless the angles are whole
        // turns apart and the arc heads from the start towards the end.
        let sweep = clockwise ? startAngle - endAngle : endAngle - startAngle
        var turn = Self.wrapped(sweep)
        if turn == 0, sweep > 0 { turn = 2 * .pi }
        addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: clockwise ? -turn : turn,
                       transform: transform)
    }

    /// An arc of the circle around `center` from `startAngle` through `delta` radians
    /// (positive: counter-clockwise in Core Graphics' coordinates), preceded by a line from
    /// the current point, or by a move on an empty path.
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        let start = CGPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if currentPointIfAny == nil {
            move(to: start, transform: transform)
        } else {
            append(.addLineToPoint, [start], transform)
        }
        guard delta != 0, radius != 0, delta.isFinite else { return }
        // Quarter turns at most per curve: the cubic's error stays below 0.03 % of the radius.
        let segments = Int((abs(delta) / (CGFloat.pi / 2)).rounded(.up))
        let step = delta / CGFloat(segments)
        let handle = 4 / 3 * tan(step / 4) * radius
        var angle = startAngle
        for _ in 0..<segments {
            let next = angle + step
            let (c0, s0, c1, s1) = (cos(angle), sin(angle), cos(next), sin(next))
            append(.addCurveToPoint, [
                CGPoint(x: center.x + radius * c0 - handle * s0, y: center.y + radius * s0 + handle * c0),
                CGPoint(x: center.x + radius * c1 + handle * s1, y: center.y + radius * s1 - handle * c1),
                CGPoint(x: center.x + radius * c1, y: center.y + radius * s1),
            ], transform)
            angle = next
        }
    }

    /// A line from the current point towards `tangent1End`, then an arc of `radius` that
    /// touches both the line from the current point to `tangent1End` and the line from
    /// `tangent1End` to `tangent2End`. Without a current point the call is reported and
    /// ignored; when the three points are in one line (or `radius` is 0), it adds a line to
    /// `tangent1End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        guard startsFromCurrentPoint("addArc(tangent1End:tangent2End:radius:)"),
              let current = currentPointIfAny?.applying(transform.inverted()) else { return }
        let u = Self.unit(current, tangent1End)
        let v = Self.unit(tangent2End, tangent1End)
        let cosine = u.x * v.x + u.y * v.y
        let cross = u.x * v.y - u.y * v.x
        guard radius > 0, abs(cross) > 1e-12, abs(cosine) < 1 else {
            return append(.addLineToPoint, [tangent1End], transform)
        }
        let angle = acos(cosine)  // between the two lines, at tangent1End
        let reach = radius / tan(angle / 2)
        let from = CGPoint(x: tangent1End.x + u.x * reach, y: tangent1End.y + u.y * reach)
        let bisector = Self.unit(CGPoint(x: u.x + v.x, y: u.y + v.y), .zero)
        let centerDistance = radius / sin(angle / 2)
        let center = CGPoint(x: tangent1End.x + bisector.x * centerDistance, y: tangent1End.y + bisector.y * centerDistance)
        let startAngle = atan2(from.y - center.y, from.x - center.x)
        // The arc turns the short way: through π minus the angle between the lines.
        let sweep = (CGFloat.pi - angle) * (cross > 0 ? -1 : 1)
        addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: sweep, transform: transform)
    }

    /// Every element of `path`, each point transformed.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        elementTypes += path.elementTypes
        elementPoints += path.elementPoints.map { $0.applying(transform) }
    }

    // MARK: Building

    /// The control-point distance, as a fraction of the radius, of the cubic curve that
    /// best follows a quarter circle: 4/3 · (√2 − 1).
    static let circleControl: CGFloat = 4 / 3 * (2.squareRoot() - 1)

    private func append(_ type: CGPathElementType, _ points: [CGPoint], _ transform: CGAffineTransform) {
        // A line or curve after a close starts a new subpath where the closed one started.
        if type != .moveToPoint, elementTypes.last == .closeSubpath, let start = subpathStart {
            elementTypes.append(.moveToPoint)
            elementPoints.append(start)
        }
        elementTypes.append(type)
        elementPoints += points.map { $0.applying(transform) }
    }

    /// Whether there is a current point for `method` to start from; reports it when not.
    private func startsFromCurrentPoint(_ method: String) -> Bool {
        guard currentPointIfAny == nil else { return true }
        OQC.report(.ignoredInput, key: "CGMutablePath.\(method)",
                   "CGMutablePath.\(method) needs a current point; the path is empty, so the call is ignored. Call move(to:) first.")
        return false
    }

    /// `angle` brought into 0..<2π.
    private static func wrapped(_ angle: CGFloat) -> CGFloat {
        let full = 2 * CGFloat.pi
        let r = angle.truncatingRemainder(dividingBy: full)
        return r < 0 ? r + full : r
    }

    /// The unit vector from `to` towards `from`.
    private static func unit(_ from: CGPoint, _ to: CGPoint) -> CGPoint {
        let (dx, dy) = (from.x - to.x, from.y - to.y)
        let length = (dx * dx + dy * dy).squareRoot()
        return length > 0 ? CGPoint(x: dx / length, y: dy / length) : .zero
    }
}

#endif
