// Where the accelerated suites' host layers live: in no window by default, or, on macOS with
// AQ_ACCELERATED_HOST=window, in the layer tree of an on-screen window, for a Core Animation
// that reports animations only for layers it renders. The Apple behaviour probe
// `anAnimationOnALayerInNoWindowReportsItsEnd` says which a Mac needs.
import AnimationQueue
import Foundation
#if os(macOS)
import AppKit
#endif

@MainActor
enum TestWindow {
    /// Whether the environment asks for a window (`AQ_ACCELERATED_HOST=window`).
    static var isRequested: Bool {
        ProcessInfo.processInfo.environment["AQ_ACCELERATED_HOST"] == "window"
    }

    /// The root layer of the window to host layers in, if one is requested and the platform
    /// has windows this suite can open; nil hosts them in no window.
    static var rootLayer: CALayer? {
        guard isRequested else { return nil }
        #if os(macOS)
        return shared.contentView?.layer
        #else
        return nil
        #endif
    }

    #if os(macOS)
    /// One borderless, layer-backed window for the whole test process, ordered front once.
    private static let shared: NSWindow = {
        _ = NSApplication.shared
        let window = NSWindow(contentRect: NSRect(x: 0, y: 0, width: 320, height: 240),
                              styleMask: [.borderless], backing: .buffered, defer: false)
        let view = NSView(frame: NSRect(x: 0, y: 0, width: 320, height: 240))
        view.wantsLayer = true
        window.contentView = view
        window.isReleasedWhenClosed = false
        window.orderFrontRegardless()
        return window
    }()
    #endif
}
