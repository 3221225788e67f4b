import Foundation

/// Draws layer snapshots as SVG: one layer becomes a `<g>` with its transform and opacity,
/// holding a `<rect>` for the background, its sublayers, and a `<rect>` for the border.
///
/// ```swift
/// let snapshot = LayerSnapshot(bounds: CGRect(x: 0, y: 0, width: 100, height: 50),
///                              position: CGPoint(x: 200, y: 100),
///                              backgroundColor: RGBA(red: 1, green: 0, blue: 0))
/// SVGRenderer.elements(snapshot)
/// // <g transform="matrix(1 0 0 1 150 75)"><rect x="0" y="0" width="100" height="50" fill="#ff0000"/></g>
/// ```
///
/// Coordinates are Core Animation's as iOS uses them: y grows downwards. What is drawn, as
/// Core Animation composites it: the background color filling the bounds with rounded
/// corners; the sublayers (through `sublayerTransform`, clipped to the rounded bounds when
/// `masksToBounds`); the border on top, inset inside the bounds. Opacity applies to the
/// layer and its sublayers as a group. Hidden layers and layers with opacity 0 are left out.
/// Not drawn: contents, shadows, and depth (transforms are flattened, see ``Affine``).
public enum SVGRenderer {
    /// The elements that draw `layer` and its sublayers, in its superlayer's coordinates.
    ///
    /// - Parameter idPrefix: Prefixes the ids of clip paths, which must be unique in a document.
    public static func elements(_ layer: LayerSnapshot, idPrefix: String = "clip") -> String {
        var ids = IDs(prefix: idPrefix)
        var out = ""
        draw(layer, into: &out, ids: &ids)
        return out
    }

    /// A complete SVG document of one frame, `size` points wide and high.
    public static func standalone(_ root: LayerSnapshot, size: CGSize) -> String {
        let w = SVGNumber.format(Double(size.width)), h = SVGNumber.format(Double(size.height))
        return """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(w)" height="\(h)" viewBox="0 0 \(w) \(h)">\
        \(elements(root))</svg>

        """
    }

    struct IDs {
        let prefix: String
        var next = 0
        mutating func make() -> String {
            next += 1
            return "\(prefix)-\(next)"
        }
    }

    private static func draw(_ layer: LayerSnapshot, into out: inout String, ids: inout IDs) {
        guard !layer.isHidden, layer.opacity > 0 else { return }
        out += "<g"
        if let name = layer.name { out += " data-layer=\"\(XML.escape(name))\"" }
        out += " transform=\"\(layer.toSuperlayer.svg)\""
        if layer.opacity < 1 { out += " opacity=\"\(SVGNumber.format(layer.opacity))\"" }
        out += ">"
        let b = layer.bounds
        let radius = min(layer.cornerRadius, Double(min(b.width, b.height)) / 2)
        if let fill = layer.backgroundColor, fill.alpha > 0, b.width > 0, b.height > 0 {
            out += "<rect" + rectAttributes(b, radius: radius) + " fill=\"\(fill.hex)\""
            if fill.alpha < 1 { out += " fill-opacity=\"\(SVGNumber.format(fill.alpha))\"" }
            out += "/>"
        }
        if !layer.sublayers.isEmpty {
            var open = 0
            if layer.masksToBounds {
                let id = ids.make()
                out += "<clipPath id=\"\(id)\"><rect" + rectAttributes(b, radius: radius) + "/></clipPath>"
                out += "<g clip-path=\"url(#\(id))\">"
                open += 1
            }
            if !layer.toSublayers.isIdentity {
                out += "<g transform=\"\(layer.toSublayers.svg)\">"
                open += 1
            }
            for sublayer in layer.sublayers { draw(sublayer, into: &out, ids: &ids) }
            out += String(repeating: "</g>", count: open)
        }
        let width = min(layer.borderWidth, Double(min(b.width, b.height)) / 2)
        if width > 0, let stroke = layer.borderColor, stroke.alpha > 0 {
            let inset = b.insetBy(dx: width / 2, dy: width / 2)
            out += "<rect" + rectAttributes(inset, radius: max(0, radius - width / 2))
            out += " fill=\"none\" stroke=\"\(stroke.hex)\" stroke-width=\"\(SVGNumber.format(width))\""
            if stroke.alpha < 1 { out += " stroke-opacity=\"\(SVGNumber.format(stroke.alpha))\"" }
            out += "/>"
        }
        out += "</g>"
    }

    private static func rectAttributes(_ rect: CGRect, radius: Double) -> String {
        let f = { (value: CGFloat) in SVGNumber.format(Double(value)) }
        var text = " x=\"\(f(rect.minX))\" y=\"\(f(rect.minY))\" width=\"\(f(rect.width))\" height=\"\(f(rect.height))\""
        if radius > 0 { text += " rx=\"\(SVGNumber.format(radius))\"" }
        return text
    }
}

/// Escaping for XML text and attribute values.
enum XML {
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
