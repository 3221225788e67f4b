import Foundation

/// A step's label in events, traces and messages: its name, or a description such as
/// `"step 3 (opacity) on 'badge'"`, written out when it is read.
///
/// Most labels are never read, so a generated label keeps what it is made of (the step's
/// position, its animation, which names the key paths, and its layer's name when the plan
/// was compiled) and writes the text on each read, on whatever thread reads it. Everything
/// it reads is immutable.
struct StepLabel: Sendable {
    private enum Source: Sendable {
        case text(String)
        case animation(index: Int, animation: any LayerAnimation, layerName: String?)
    }

    private let source: Source

    init(text: String) {
        source = .text(text)
    }

    /// The label of the `index`-th step (from 1), which plays `animation`.
    init(index: Int, animation: any LayerAnimation, layerName: String?) {
        source = .animation(index: index, animation: animation, layerName: layerName)
    }

    var text: String {
        switch source {
        case .text(let text):
            return text
        case .animation(let index, let animation, let layerName):
            return Self.write(index: index, keys: animation.keyPathDescription, layerName: layerName)
        }
    }

    /// "step 3 (opacity) on 'badge'", written into one buffer.
    static func write(index: Int, keys: String, layerName: String?) -> String {
        var digits = 1
        var rest = index / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let prefix = "step "
        var length = prefix.utf8.count + digits
        if !keys.isEmpty { length += keys.utf8.count + 3 }
        if let layerName { length += layerName.utf8.count + 6 }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var end = 0
            func write(_ text: String) {
                for byte in text.utf8 {
                    buffer[end] = byte
                    end += 1
                }
            }
            write(prefix)
            var value = index
            for position in (end..<end + digits).reversed() {
                buffer[position] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
            end += digits
            if !keys.isEmpty {
                write(" (")
                write(keys)
                write(")")
            }
            if let layerName {
                write(" on '")
                write(layerName)
                write("'")
            }
            return end
        }
    }
}
