/// An SVG picture of frame tables, for people: each named frame outlined and labelled, groups
/// tinted by depth, flows (green, dashed) and overlays (purple, dotted) told apart, the safe
/// area's insets shaded, a title with the layout's name and size. Several panels (devices,
/// layouts) are laid side by side.
///
/// Pure and deterministic: frames in, SVG text out. Every named frame is a `<rect>` with
/// `data-name` and `data-kind` and the engine's coordinates unchanged (inside a translated
/// `<g>` per panel), so tests and tools can read them back.
public enum PreviewRenderer {
    public struct Frame: Hashable, Sendable {
        /// nil for an anonymous group, flow or overlay (tinted, not labelled).
        public var name: String?
        public var kind: NodeKind
        public var rect: Rect
        /// 0 for the root; a flow's elements are one deeper than the flow.
        public var depth: Int
        /// An element of a flow (`chip[3]`).
        public var isFlowElement: Bool

        public init(name: String?, kind: NodeKind, rect: Rect, depth: Int, isFlowElement: Bool = false) {
            self.name = name
            self.kind = kind
            self.rect = rect
            self.depth = depth
            self.isFlowElement = isFlowElement
        }
    }

    public struct Panel: Hashable, Sendable {
        public var layout: String
        /// e.g. "iPhone 16 portrait"; nil for a plain size.
        public var label: String?
        public var size: Size
        public var safeArea: EdgeInsets
        /// In depth-first document order (parents before children).
        public var frames: [Frame]

        public init(layout: String, label: String?, size: Size, safeArea: EdgeInsets, frames: [Frame]) {
            self.layout = layout
            self.label = label
            self.size = size
            self.safeArea = safeArea
            self.frames = frames
        }

        var title: String {
            let size = "\(NumberFormat.string(self.size.width))×\(NumberFormat.string(self.size.height))"
            return label.map { "\(layout) — \($0) (\(size))" } ?? "\(layout) — \(size)"
        }
    }

    static let margin = 24.0
    static let gap = 40.0
    static let titleHeight = 28.0
    static let legendHeight = 36.0
    /// Panels wrap onto a new row past this width.
    static let rowWidth = 3600.0

    /// Blues for hgroups / vgroups, lighter to darker with depth.
    static let groupTints = ["#eef3fb", "#dce7f7", "#c8daf2", "#b4cdee", "#a0c0ea", "#8cb3e5"]

    public static func svg(_ panels: [Panel]) -> String {
        // Place panels in rows.
        var origins: [(Double, Double)] = []
        var x = margin, y = margin, rowHeight = 0.0, totalWidth = 0.0
        for panel in panels {
            let width = max(panel.size.width, textWidth(panel.title, size: 14))
            if x > margin, x + width > rowWidth {
                x = margin
                y += rowHeight + gap
                rowHeight = 0
            }
            origins.append((x, y + titleHeight))
            x += width + gap
            totalWidth = max(totalWidth, x - gap + margin)
            rowHeight = max(rowHeight, titleHeight + panel.size.height)
        }
        let legendTop = y + rowHeight + 16
        let width = max(totalWidth, legendWidth + 2 * margin)
        let height = legendTop + legendHeight + margin / 2

        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\""
        out += " font-family=\"-apple-system, 'Helvetica Neue', Helvetica, Arial, sans-serif\">\n"
        out += "<title>\(escape(panels.map(\.title).joined(separator: "; ")))</title>\n"
        out += "<rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#f4f4f6\"/>\n"
        for (panel, origin) in zip(panels, origins) {
            out += render(panel, x: origin.0, y: origin.1)
        }
        out += legend(x: margin, y: legendTop)
        out += "</svg>\n"
        return out
    }

    static func render(_ panel: Panel, x: Double, y: Double) -> String {
        let w = panel.size.width, h = panel.size.height
        var out = "<g class=\"panel\" data-layout=\"\(escape(panel.layout))\" data-width=\"\(n(w))\" data-height=\"\(n(h))\">\n"
        out += "<text x=\"\(n(x))\" y=\"\(n(y - 9))\" font-size=\"14\" font-weight=\"600\" fill=\"#1c1c1e\">\(escape(panel.title))</text>\n"
        out += "<g transform=\"translate(\(n(x)) \(n(y)))\">\n"
        out += "<rect class=\"screen\" x=\"0\" y=\"0\" width=\"\(n(w))\" height=\"\(n(h))\" fill=\"#ffffff\" stroke=\"#3a3a3c\" stroke-width=\"1.5\"/>\n"

        // Fills first, parents before children, so nesting shows as darkening tints.
        for frame in panel.frames {
            out += shape(frame)
        }
        // Safe area: the insets shaded over everything but labels.
        out += safeArea(panel)
        // Labels last, so no fill hides them.
        for frame in panel.frames {
            out += label(frame)
        }
        out += "</g>\n</g>\n"
        return out
    }

    static func shape(_ frame: Frame) -> String {
        let r = frame.rect
        var attributes = "x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(max(r.width, 0)))\" height=\"\(n(max(r.height, 0)))\""
        if let name = frame.name {
            attributes += " data-name=\"\(escape(name))\""
        }
        attributes += " data-kind=\"\(frame.kind.rawValue)\""
        let style: String
        switch frame.kind {
        case .hgroup, .vgroup:
            style = "fill=\"\(groupTints[min(frame.depth, groupTints.count - 1)])\" stroke=\"#5b7fb5\" stroke-width=\"1\""
        case .flow:
            style = "fill=\"#e3f4e6\" stroke=\"#2f9e44\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\""
        case .overlay:
            style = "fill=\"#f1e8fb\" stroke=\"#8e44c9\" stroke-width=\"1.5\" stroke-dasharray=\"2 3\""
        case .item where frame.isFlowElement:
            style = "fill=\"#b9e6c2\" stroke=\"#2f9e44\" stroke-width=\"1\" rx=\"4\""
        case .item, .spacer:
            style = "fill=\"#fff7e0\" fill-opacity=\"0.9\" stroke=\"#c27c0e\" stroke-width=\"1.25\""
        }
        let tooltip = frame.name.map { "<title>\(escape($0)) (\(frame.kind.rawValue)): x \(n(r.x)), y \(n(r.y)), \(n(r.width)) × \(n(r.height))</title>" } ?? ""
        return tooltip.isEmpty ? "<rect \(attributes) \(style)/>\n" : "<rect \(attributes) \(style)>\(tooltip)</rect>\n"
    }

    static func label(_ frame: Frame) -> String {
        guard let name = frame.name, frame.rect.width > 0, frame.rect.height > 0 else { return "" }
        let r = frame.rect
        let color: String
        switch frame.kind {
        case .hgroup, .vgroup: color = "#2c4a7a"
        case .flow: color = "#1e6b2f"
        case .overlay: color = "#5e2a88"
        case .item, .spacer: color = frame.isFlowElement ? "#1e4d28" : "#6b4408"
        }
        if frame.kind == .item || frame.kind == .spacer {
            // Centred, as large as fits (4 … 13 pt).
            let size = min(13, r.height * 0.7, r.width / (0.6 * Double(max(name.count, 1))))
            guard size >= 3 else { return "" }
            return "<text x=\"\(n(r.midX))\" y=\"\(n(r.midY))\" font-size=\"\(n((size * 10).rounded() / 10))\" fill=\"\(color)\" text-anchor=\"middle\" dominant-baseline=\"central\">\(escape(name))</text>\n"
        }
        // Containers: a tag in the top-left corner, naming the kind.
        let text = "\(name) · \(frame.kind.rawValue)"
        let size = min(11, max(r.height - 2, 0), r.width / (0.6 * Double(text.count)))
        guard size >= 5 else { return "" }
        let fontSize = (size * 10).rounded() / 10
        // On a light backing, so the tag stays readable over the children it overlaps.
        let backing = "<rect x=\"\(n(r.x + 1))\" y=\"\(n(r.y + 1))\" width=\"\(n(min(textWidth(text, size: fontSize) + 4, max(r.width - 2, 0))))\" height=\"\(n(fontSize + 3))\" fill=\"#ffffff\" fill-opacity=\"0.8\" rx=\"2\"/>"
        return backing + "<text x=\"\(n(r.x + 3))\" y=\"\(n(r.y + fontSize + 1))\" font-size=\"\(n(fontSize))\" font-style=\"italic\" fill=\"\(color)\">\(escape(text))</text>\n"
    }

    static func safeArea(_ panel: Panel) -> String {
        let w = panel.size.width, h = panel.size.height, s = panel.safeArea
        var bands: [Rect] = []
        if s.top > 0 { bands.append(Rect(x: 0, y: 0, width: w, height: min(s.top, h))) }
        if s.bottom > 0 { bands.append(Rect(x: 0, y: max(h - s.bottom, 0), width: w, height: min(s.bottom, h))) }
        if s.leading > 0 { bands.append(Rect(x: 0, y: 0, width: min(s.leading, w), height: h)) }
        if s.trailing > 0 { bands.append(Rect(x: max(w - s.trailing, 0), y: 0, width: min(s.trailing, w), height: h)) }
        guard !bands.isEmpty else { return "" }
        var out = "<g class=\"safe-area\" fill=\"#ff3b30\" fill-opacity=\"0.13\">\n"
        for band in bands {
            out += "<rect x=\"\(n(band.x))\" y=\"\(n(band.y))\" width=\"\(n(band.width))\" height=\"\(n(band.height))\"/>\n"
        }
        out += "</g>\n"
        let safe = Rect(x: 0, y: 0, width: w, height: h).inset(by: s)
        if safe.width > 0, safe.height > 0 {
            out += "<rect class=\"safe-area-edge\" x=\"\(n(safe.x))\" y=\"\(n(safe.y))\" width=\"\(n(safe.width))\" height=\"\(n(safe.height))\" fill=\"none\" stroke=\"#ff3b30\" stroke-opacity=\"0.6\" stroke-width=\"1\" stroke-dasharray=\"4 3\"/>\n"
        }
        return out
    }

    static var legendWidth: Double {
        legendEntries.reduce(0) { $0 + 24 + textWidth($1.1, size: 12) + 22 }
    }

    static func legend(x: Double, y: Double) -> String {
        let entries = legendEntries
        var out = "<g class=\"legend\" font-size=\"12\" fill=\"#3a3a3c\">\n"
        var cursor = x
        for (style, text) in entries {
            out += "<rect x=\"\(n(cursor))\" y=\"\(n(y))\" width=\"18\" height=\"12\" \(style) stroke-width=\"1.25\"/>\n"
            out += "<text x=\"\(n(cursor + 24))\" y=\"\(n(y + 10))\">\(escape(text))</text>\n"
            cursor += 24 + textWidth(text, size: 12) + 22
        }
        out += "</g>\n"
        return out
    }

    static var legendEntries: [(String, String)] {
        [
            ("fill=\"\(groupTints[1])\" stroke=\"#5b7fb5\"", "hgroup / vgroup (darker = deeper)"),
            ("fill=\"#e3f4e6\" stroke=\"#2f9e44\" stroke-dasharray=\"6 4\"", "flow"),
            ("fill=\"#b9e6c2\" stroke=\"#2f9e44\" rx=\"4\"", "flow element"),
            ("fill=\"#f1e8fb\" stroke=\"#8e44c9\" stroke-dasharray=\"2 3\"", "overlay"),
            ("fill=\"#fff7e0\" stroke=\"#c27c0e\"", "item"),
            ("fill=\"#ff3b30\" fill-opacity=\"0.13\" stroke=\"#ff3b30\" stroke-dasharray=\"4 3\"", "outside the safe area"),
        ]
    }

    /// A rough width of text in the sans-serif font, for placing it.
    static func textWidth(_ text: String, size: Double) -> Double { Double(text.count) * size * 0.56 }

    static func n(_ value: Double) -> String { NumberFormat.string(value) }

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
