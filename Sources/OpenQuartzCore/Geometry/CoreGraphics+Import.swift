// On Apple platforms `CGFloat`, `CGPoint`, `CGSize`, `CGRect` and their Swift API (`.zero`,
// `width`, `applying(_:)`, ...) come from CoreGraphics, which Foundation re-exports; the
// engine imports it by name so that it does not depend on that re-export. On Linux,
// Foundation itself defines these types.
#if canImport(CoreGraphics)
import CoreGraphics
#endif
