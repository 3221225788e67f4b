// AnimationQueue is written once against Apple's QuartzCore API. On Apple platforms it
// uses the real framework; elsewhere it uses OpenQuartzCore, a headless re-implementation
// with the same names and semantics.
#if canImport(QuartzCore)
@_exported import QuartzCore
#else
@_exported import OpenQuartzCore
#endif
