import Foundation

extension NSValue {
    /// The `T` this value boxes, read by its Objective-C type encoding (`{CGPoint=dd}`,
    /// `{CATransform3D=dddddddddddddddd}`, ...); nil when it boxes anything else.
    ///
    /// The engine reads boxed geometry this way on every platform: Foundation's accessors
    /// are spelled differently on Linux and macOS (`pointValue`) and on iOS (`cgPointValue`).
    ///
    /// ```swift
    /// let point = NSValue(cgPoint: CGPoint(x: 1, y: 2)).unboxed(CGPoint.self)   // (1, 2)
    /// ```
    func unboxed<T>(_ type: T.Type) -> T? {
        let encoding = String(cString: objCType)
        guard encoding.hasPrefix("{\(T.self)=") else { return nil }
        return withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { buffer -> T in
            let raw = UnsafeMutableRawPointer(buffer.baseAddress!)
#if canImport(ObjectiveC)
            getValue(raw, size: MemoryLayout<T>.size)
#else
            getValue(raw)
#endif
            return buffer.baseAddress!.move()
        }
    }
}
