// The renderer reads layer trees through Apple's QuartzCore API: QuartzCore itself on
// Apple platforms, OpenQuartzCore (the headless engine) everywhere else.
#if canImport(QuartzCore)
@_exported import QuartzCore
#else
@_exported import OpenQuartzCore
#endif
