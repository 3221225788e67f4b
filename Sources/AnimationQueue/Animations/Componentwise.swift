import Foundation

/// `combine` applied to the components of `a` and `b`, which are numbers, points, sizes or
/// rectangles of the same kind; the result is boxed as `a` is (`CGFloat`, `Float` or
/// `Double` for numbers). Nil for other values, as Core Animation combines only these
/// componentwise (additive and cumulative animations, offsets).
func componentwise(_ a: Any, _ b: Any, _ combine: (CGFloat, CGFloat) -> CGFloat) -> Any? {
    switch (a, b) {
    case let (p as CGPoint, q as CGPoint):
        return CGPoint(x: combine(p.x, q.x), y: combine(p.y, q.y))
    case let (p as CGSize, q as CGSize):
        return CGSize(width: combine(p.width, q.width), height: combine(p.height, q.height))
    case let (p as CGRect, q as CGRect):
        return CGRect(x: combine(p.origin.x, q.origin.x), y: combine(p.origin.y, q.origin.y),
                      width: combine(p.size.width, q.size.width), height: combine(p.size.height, q.size.height))
    default:
        guard let x = animationNumber(a), let y = animationNumber(b) else { return nil }
        let result = combine(CGFloat(x), CGFloat(y))
        switch a {
        case is CGFloat: return result
        case is Float: return Float(result)
        default: return Double(result)
        }
    }
}
