#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import OpenQuartzCore

// Apple's SDK gives CATransform3D no `Equatable`; apps declare it themselves, exactly like
// this. The tests do the same, which also proves such app code compiles against the engine.
extension CATransform3D: Equatable {
    public static func == (lhs: CATransform3D, rhs: CATransform3D) -> Bool {
        CATransform3DEqualToTransform(lhs, rhs)
    }
}
#endif
