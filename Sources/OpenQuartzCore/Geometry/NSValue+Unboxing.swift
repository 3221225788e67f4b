import Foundation

extension NSValue {
    /// The `T` this value boxes, read by its Objective-C type encoding (`{CGPoint=dd}`,
    /// `{CATransform3D=dddddddddddddddd}`, ...); nil when it boxes anything else. A vector
    /// or transform may also arrive as the array of doubles Linux Foundation boxes it in
    /// (`[16d]`, see `NSValue(caTransform3D:)`).
    ///
    /// The engine reads boxed geometry this way on every platform: Foundation's accessors
    /// are spelled differently on Linux and macOS (`pointValue`) and on iOS (`cgPointValue`).
    ///
    /// ```swift
    /// let point = NSValue(cgPoint: CGPoint(x: 1, y: 2)).unboxed(CGPoint.self)   // (1, 2)
    /// ```
    func unboxed<T>(_ type: T.Type) -> T? {
        let encoding = String(cString: objCType)
        let arrayBoxed = Self.arrayBoxedTypes.contains { $0 == T.self } && encoding == Self.arrayEncoding(of: T.self)
        guard encoding.hasPrefix("{\(T.self)=") || arrayBoxed else { return nil }
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

    /// The structs that Linux Foundation can box only as arrays of doubles.
    static var arrayBoxedTypes: [Any.Type] { [CGVector.self, CGAffineTransform.self, CATransform3D.self] }

    /// The encoding of `T`, a struct of `CGFloat`s, as an array of doubles: `[16d]` for a
    /// `CATransform3D`.
    static func arrayEncoding<T>(of type: T.Type) -> String {
        "[\(MemoryLayout<T>.size / MemoryLayout<CGFloat>.size)d]"
    }
}
