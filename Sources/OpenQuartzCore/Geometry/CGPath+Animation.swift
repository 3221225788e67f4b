import Foundation
#if canImport(CoreGraphics)
import CoreGraphics
#endif

/// Paths as the engine animates them: element kinds plus a flat list of coordinates, read
/// and rebuilt through the `CGPath` API that Core Graphics and OpenQuartzCore share.
enum PathReading {
    /// The path `value` holds; nil when it holds none.
    static func cgPath(_ value: Any?) -> CGPath? {
        guard let value else { return nil }
        #if canImport(CoreGraphics)
        // A cast to a Core Foundation type always succeeds; its type ID tells.
        let object = value as AnyObject
        guard CFGetTypeID(object) == CGPath.typeID else { return nil }
        return unsafeDowncast(object, to: CGPath.self)
        #else
        return value as? CGPath
        #endif
    }

    /// The elements and coordinates of the path `value` holds; nil when it holds no path.
    static func path(_ value: Any) -> (types: [CGPathElementType], components: [Double])? {
        guard let path = cgPath(value) else { return nil }
        var types: [CGPathElementType] = []
        var components: [Double] = []
        path.applyWithBlock { element in
            let type = element.pointee.type
            types.append(type)
            for i in 0..<pointCount(type) {
                let point = element.pointee.points[i]
                components += [Double(point.x), Double(point.y)]
            }
        }
        return (types, components)
    }

    /// The path with elements `types` whose coordinates, in order, are `components`.
    static func path(_ types: [CGPathElementType], _ components: [Double]) -> CGPath {
        let path = CGMutablePath()
        var next = 0
        func point() -> CGPoint {
            defer { next += 2 }
            return CGPoint(x: components[next], y: components[next + 1])
        }
        for type in types {
            switch type {
            case .moveToPoint:
                path.move(to: point())
            case .addLineToPoint:
                path.addLine(to: point())
            case .addQuadCurveToPoint:
                let control = point()
                path.addQuadCurve(to: point(), control: control)
            case .addCurveToPoint:
                let (control1, control2) = (point(), point())
                path.addCurve(to: point(), control1: control1, control2: control2)
            case .closeSubpath:
                path.closeSubpath()
            #if canImport(CoreGraphics)
            @unknown default:
                break
            #endif
            }
        }
        return path
    }

    private static func pointCount(_ type: CGPathElementType) -> Int {
        #if canImport(CoreGraphics)
        switch type {
        case .moveToPoint, .addLineToPoint: return 1
        case .addQuadCurveToPoint: return 2
        case .addCurveToPoint: return 3
        case .closeSubpath: return 0
        @unknown default: return 0
        }
        #else
        return type.pointCount
        #endif
    }
}
