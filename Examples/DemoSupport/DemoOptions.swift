import Foundation

/// The command line of every example: `[--fast] [--render PATH] [--reduce-motion]`.
struct DemoOptions {
    /// Run on virtual time and finish at once.
    var fast = false
    /// Where to write the picture, `.svg` or `.html`.
    var renderPath: String?
    /// Turn the platform's Reduce Motion setting on for this process.
    var reduceMotion = false

    static let usage = """
        usage: swift run <example> [--fast] [--render PATH.svg|PATH.html] [--reduce-motion]
          --fast           run in virtual time: no waiting, same timeline (Linux engine only)
          --render PATH    also write what the layers did: an animated .svg (with a filmstrip
                           and a timeline) or an .html page with play/pause and a scrubber
          --reduce-motion  behave as if Reduce Motion were on (ANIMATIONQUEUE_REDUCE_MOTION=1)
        """

    /// Parses `arguments` (without the program name); prints usage and exits on anything unknown.
    static func parse(_ arguments: [String]) -> DemoOptions {
        var options = DemoOptions()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--fast": options.fast = true
            case "--reduce-motion": options.reduceMotion = true
            case "--render":
                guard let path = rest.popFirst(), !path.hasPrefix("--") else { fail("--render needs a path") }
                let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
                guard ["svg", "html", "htm"].contains(ext) else { fail("--render \(path): use a path ending in .svg or .html") }
                options.renderPath = path
            case "-h", "--help":
                print(usage)
                exit(0)
            default: fail("unknown argument '\(argument)'")
            }
        }
        return options
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n\(usage)\n".utf8))
        exit(2)
    }
}
