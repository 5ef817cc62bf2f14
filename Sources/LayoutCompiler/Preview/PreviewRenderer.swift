import LayoutRuntimeCore

/// An SVG picture of frame tables, for people: each named frame outlined and labelled, groups
/// tinted by depth, flows (green, dashed) and overlays (purple, dotted) told apart, the safe
/// area's insets shaded, a title with the layout's name and size. A wrap item (docs/format.md
/// §7.1) shows its text's lines, a child that shrank (§7.2) a dashed outline, a layout with `fit`
/// (§7.3) its fitted size, a child that follows an overlay measuring itself (§8.5) a dotted
/// outline. Several panels (devices, layouts) are laid side by side.
///
/// Pure and deterministic: frames in, SVG text out. Every named frame is a `<rect>` with
/// `data-name` and `data-kind` and the engine's coordinates rounded to 0.01 pt (inside a
/// translated `<g>` per panel), so tests and tools can read them back. A container's label goes
/// in its top-left corner only where none of its children is; otherwise, like an item too small
/// for its name, it is listed under the panel. A failing panel outlines the node at fault in
/// red and shows the diagnostic under the panel.
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
        /// The node a failing panel's error is about: outlined in red.
        public var isAtFault = false
        /// A wrap item's text model (docs/format.md §7.1): its lines are drawn in its frame.
        public var text: LayoutTextModel?
        /// A child that shrank (§7.2): the frame size it would have had; it is outlined dashed.
        public var unshrunk: Size?
        /// The axes ("width", "height") on which it follows an overlay measuring itself (§8.5),
        /// without counting in its size: it is outlined dotted.
        public var follows: [String] = []

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
        /// The diagnostic of a size where the layout does not fit (the frames are then those
        /// computed before the error).
        public var failure: String?
        /// Right to left: the frames are mirrored, the safe area's leading inset is on the
        /// right, and the title says so.
        public var direction: LayoutDirection = .leftToRight
        /// The optional nodes hidden (not drawn), listed under the panel.
        public var hidden: [String] = []
        /// The flags of `when` on (docs/format.md §8.7), listed under the panel.
        public var flags: [String] = []
        /// The parameters given values other than their defaults (docs/format.md §8.1), as
        /// "thumbnailSide=80", listed under the panel.
        public var parameters: [String] = []
        /// The container sizes the layout computed (docs/format.md §7.3): `size` is the fitted one,
        /// and the title says so.
        public var fit: LayoutFit?
        /// false where the engine stopped before measuring the fitted size: `size` is then the one given.
        public var fitMeasured = true
        /// The sample sizes and texts of `.layoutlint.yml` drawn with ("message text 120×18"),
        /// listed under the panel.
        public var samples: [String] = []

        public init(layout: String, label: String?, size: Size, safeArea: EdgeInsets, frames: [Frame]) {
            self.layout = layout
            self.label = label
            self.size = size
            self.safeArea = safeArea
            self.frames = frames
        }

        var title: String {
            var size = "\(NumberFormat.string(self.size.width))×\(NumberFormat.string(self.size.height))"
            if let fit {
                let axis = fit == .both ? "size" : fit.rawValue
                size += fitMeasured ? ", \(axis) fitted" : ", \(axis) not measured"
            }
            var title = label.map { "\(layout) — \($0) (\(size))" } ?? "\(layout) — \(size)"
            if direction == .rightToLeft { title += " — right to left" }
            return failure == nil ? title : title + " — does not fit"
        }

        /// How wide the panel is drawn: the screen, or its title if longer.
        var drawnWidth: Double { max(size.width, PreviewRenderer.textWidth(title, size: 14)) }

        /// The lines under the screen: the failure caption (wrapped), then the frames whose
        /// names found no room in the picture.
        var footnotes: [(text: String, isFailure: Bool)] {
            var lines: [(String, Bool)] = []
            if let failure {
                lines += PreviewRenderer.wrap("✕ " + failure, width: drawnWidth, size: PreviewRenderer.footnoteSize).map { ($0, true) }
            }
            if !hidden.isEmpty {
                let names = hidden.map { "'\($0)'" }.joined(separator: ", ")
                lines += PreviewRenderer.wrap("Hidden (not drawn): \(names)", width: drawnWidth, size: PreviewRenderer.footnoteSize).map { ($0, false) }
            }
            if !flags.isEmpty {
                let names = flags.map { "'\($0)'" }.joined(separator: ", ")
                lines += PreviewRenderer.wrap("Flags on: \(names)", width: drawnWidth, size: PreviewRenderer.footnoteSize).map { ($0, false) }
            }
            if !parameters.isEmpty {
                lines += PreviewRenderer.wrap("Parameters: \(parameters.joined(separator: ", "))", width: drawnWidth,
                                              size: PreviewRenderer.footnoteSize).map { ($0, false) }
            }
            if !samples.isEmpty {
                lines += PreviewRenderer.wrap("Samples from .layoutlint.yml: \(samples.joined(separator: ", "))", width: drawnWidth,
                                              size: PreviewRenderer.footnoteSize).map { ($0, false) }
            }
            let shrunk = frames.compactMap { frame -> String? in
                guard let name = frame.name, let unshrunk = frame.unshrunk else { return nil }
                let wide = unshrunk.height == frame.rect.height
                return "'\(name)' \(PreviewRenderer.n(wide ? frame.rect.width : frame.rect.height)) of \(PreviewRenderer.n(wide ? unshrunk.width : unshrunk.height)) pt \(wide ? "wide" : "high")"
            }
            if !shrunk.isEmpty {
                lines += PreviewRenderer.wrap("Shrunk (dashed): \(shrunk.joined(separator: ", "))", width: drawnWidth,
                                              size: PreviewRenderer.footnoteSize).map { ($0, false) }
            }
            let followers = frames.compactMap { frame -> String? in
                guard let name = frame.name, !frame.follows.isEmpty else { return nil }
                return "'\(name)' (\(frame.follows.joined(separator: " and ")))"
            }
            if !followers.isEmpty {
                lines += PreviewRenderer.wrap("Follow their overlay's measured size without counting in it (dotted): \(followers.joined(separator: ", "))",
                                              width: drawnWidth, size: PreviewRenderer.footnoteSize).map { ($0, false) }
            }
            let unlabelled = PreviewRenderer.placedLabels(self).unlabelled
            if !unlabelled.isEmpty {
                lines.append(("Not labelled above (no room):", false))
                for frame in unlabelled {
                    let r = frame.rect
                    let text = "\(frame.name ?? "") · \(frame.kind.rawValue) at \(PreviewRenderer.n(r.x)), \(PreviewRenderer.n(r.y)), \(PreviewRenderer.n(r.width))×\(PreviewRenderer.n(r.height))"
                    lines += PreviewRenderer.wrap(text, width: drawnWidth, size: PreviewRenderer.footnoteSize).map { ($0, false) }
                }
            }
            return lines
        }
    }

    static let footnoteSize = 11.0
    static let footnoteLine = 15.0

    static let margin = 24.0
    static let gap = 40.0
    static let titleHeight = 28.0
    static let legendHeight = 36.0
    /// Panels wrap onto a new row past this width.
    static let rowWidth = 3600.0


    public static func svg(_ panels: [Panel]) -> String {
        // Place panels in rows.
        var origins: [(Double, Double)] = []
        var x = margin, y = margin, rowHeight = 0.0, totalWidth = 0.0
        for panel in panels {
            let width = panel.drawnWidth
            if x > margin, x + width > rowWidth {
                x = margin
                y += rowHeight + gap
                rowHeight = 0
            }
            origins.append((x, y + titleHeight))
            x += width + gap
            totalWidth = max(totalWidth, x - gap + margin)
            let footnotes = panel.footnotes.count
            rowHeight = max(rowHeight, titleHeight + panel.size.height + (footnotes > 0 ? 8 + Double(footnotes) * footnoteLine : 0))
        }
        let legendTop = y + rowHeight + 16
        let shows = LegendExtras(panels)
        // The legend wraps to the panels' width (a 320 pt row is not widened to 1,672 px by it),
        // but is never narrower than its widest entry.
        let entries = legendEntries(shows)
        let width = max(totalWidth, (entries.map(legendEntryWidth).max() ?? 0) + 2 * margin)
        let legendLines = legendLayout(entries, width: width - 2 * margin)
        let height = legendTop + legendHeight + Double((legendLines.map(\.line).max() ?? 0)) * legendLineHeight + margin / 2

        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\""
        out += " font-family=\"-apple-system, 'Helvetica Neue', Helvetica, Arial, sans-serif\">\n"
        out += "<title>\(escape(panels.map(\.title).joined(separator: "; ")))</title>\n"
        out += "<rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#f4f4f6\"/>\n"
        for (panel, origin) in zip(panels, origins) {
            out += render(panel, x: origin.0, y: origin.1)
        }
        out += legend(x: margin, y: legendTop, entries, width: width - 2 * margin)
        out += "</svg>\n"
        return out
    }

    static func render(_ panel: Panel, x: Double, y: Double) -> String {
        let w = panel.size.width, h = panel.size.height
        var out = "<g class=\"panel\" data-layout=\"\(escape(panel.layout))\" data-width=\"\(n(w))\" data-height=\"\(n(h))\">\n"
        let titleColor = panel.failure == nil ? "#1c1c1e" : "#c62828"
        out += "<text x=\"\(n(x))\" y=\"\(n(y - 9))\" font-size=\"14\" font-weight=\"600\" fill=\"\(titleColor)\">\(escape(panel.title))</text>\n"
        out += "<g transform=\"translate(\(n(x)) \(n(y)))\">\n"
        out += "<rect class=\"screen\" x=\"0\" y=\"0\" width=\"\(n(w))\" height=\"\(n(h))\" \(PreviewPaint.svg(PreviewPaint.screen))/>\n"

        // Fills first, parents before children, so nesting shows as darkening tints.
        for frame in panel.frames {
            out += shape(frame)
        }
        // Wrap items' lines, then the children that shrank, over the fills.
        for frame in panel.frames where frame.text != nil {
            out += textLines(frame, direction: panel.direction)
        }
        for frame in panel.frames where frame.unshrunk != nil {
            out += shrunkOutline(frame)
        }
        for frame in panel.frames where !frame.follows.isEmpty {
            out += followerOutline(frame)
        }
        // Safe area: the insets shaded over everything but labels.
        out += safeArea(panel)
        // The node at fault, outlined over everything.
        for frame in panel.frames where frame.isAtFault {
            let r = frame.rect
            out += "<rect class=\"at-fault\" x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(max(r.width, 0)))\" height=\"\(n(max(r.height, 0)))\" \(PreviewPaint.svg(PreviewPaint.atFault))/>\n"
        }
        // Labels last, so no fill hides them.
        out += placedLabels(panel).svg
        out += "</g>\n"
        var lineY = y + h + 8 + footnoteSize
        for (text, isFailure) in panel.footnotes {
            let color = isFailure ? "#c62828" : "#48484a"
            out += "<text class=\"\(isFailure ? "failure" : "footnote")\" x=\"\(n(x))\" y=\"\(n(lineY))\" font-size=\"\(n(footnoteSize))\" fill=\"\(color)\">\(escape(text))</text>\n"
            lineY += footnoteLine
        }
        out += "</g>\n"
        return out
    }

    /// The labels of a panel that have room, and the named frames whose label has none.
    static func placedLabels(_ panel: Panel) -> (svg: String, unlabelled: [Frame]) {
        var svg = ""
        var unlabelled: [Frame] = []
        for (index, frame) in panel.frames.enumerated() {
            guard frame.name != nil, frame.rect.width > 0, frame.rect.height > 0 else { continue }
            // The frames drawn inside this one: the following ones that are deeper.
            var inside: [Rect] = []
            for other in panel.frames[(index + 1)...] {
                if frame.kind == .item, other.depth == frame.depth, !other.isFlowElement {
                    // An overlay's later children are drawn over an item: its label avoids them too.
                    if overlaps(other.rect, frame.rect) { inside.append(other.rect) }
                    continue
                }
                guard other.depth > frame.depth else { break }
                inside.append(other.rect)
            }
            if let text = label(frame, avoiding: inside) {
                svg += text
            } else {
                unlabelled.append(frame)
            }
        }
        return (svg, unlabelled)
    }

    /// Greedy word wrap to a width in the sans-serif font.
    static func wrap(_ text: String, width: Double, size: Double) -> [String] {
        // A legend is never wider than a few thousand characters a line, however wide the frame.
        let characters = width / (size * 0.56)
        let perLine = characters >= 20 ? Int(min(characters, 4_000)) : 20
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !line.isEmpty, line.count + 1 + word.count > perLine {
                lines.append(line)
                line = String(word)
            } else {
                line += line.isEmpty ? String(word) : " " + word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    static func shape(_ frame: Frame) -> String {
        let r = frame.rect
        var attributes = "x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(max(r.width, 0)))\" height=\"\(n(max(r.height, 0)))\""
        if let name = frame.name {
            attributes += " data-name=\"\(escape(name))\""
        }
        attributes += " data-kind=\"\(frame.kind.rawValue)\""
        let style = PreviewPaint.svg(PreviewPaint.shape(kind: frame.kind, depth: frame.depth, isFlowElement: frame.isFlowElement))
        let tooltip = frame.name.map { "<title>\(escape($0)) (\(frame.kind.rawValue)): x \(n(r.x)), y \(n(r.y)), \(n(r.width)) × \(n(r.height))</title>" } ?? ""
        return tooltip.isEmpty ? "<rect \(attributes) \(style)/>\n" : "<rect \(attributes) \(style)>\(tooltip)</rect>\n"
    }

    /// A wrap item's text as its model lays it out at the frame's width: one rule per line, at
    /// three quarters of the line's height, as long as the line's text (the last line holds what
    /// is left), from the leading edge; lines below the frame (text cut off) are not drawn, nor
    /// any past the first `maximumDrawnLines` (`data-lines` still says how many there are).
    static func textLines(_ frame: Frame, direction: LayoutDirection) -> String {
        guard let text = frame.text, text.width > 0, text.lineHeight > 0, frame.rect.width > 0 else { return "" }
        let r = frame.rect
        let count = text.lines(at: r.width)
        var lines = ""
        for line in 0..<min(count, maximumDrawnLines) {
            let y = r.y + (Double(line) + 0.75) * text.lineHeight
            guard y <= r.y + r.height + 1e-9 else { break }
            let length = line < count - 1 ? r.width : min(r.width, text.width - Double(count - 1) * r.width)
            guard length > 0 else { continue }
            let (x1, x2) = direction == .rightToLeft ? (r.x + r.width - length, r.x + r.width) : (r.x, r.x + length)
            lines += "<line x1=\"\(n(x1))\" y1=\"\(n(y))\" x2=\"\(n(x2))\" y2=\"\(n(y))\"/>"
        }
        let name = frame.name.map { " data-node=\"\(escape($0))\"" } ?? ""
        return "<g class=\"wrap-lines\"\(name) data-lines=\"\(count)\" \(PreviewPaint.svg(PreviewPaint.wrapLine))>\(lines)</g>\n"
    }

    /// More rules than a picture can show apart: 1,000 lines of text are a 16,000 pt column.
    static let maximumDrawnLines = 1_000

    /// A child that shrank: its frame outlined dashed, with the size it would have had.
    static func shrunkOutline(_ frame: Frame) -> String {
        guard let unshrunk = frame.unshrunk else { return "" }
        let r = frame.rect
        let name = frame.name.map { " data-node=\"\(escape($0))\"" } ?? ""
        let tooltip = frame.name.map { "<title>\(escape($0)) shrank from \(n(unshrunk.width)) × \(n(unshrunk.height)) to \(n(r.width)) × \(n(r.height))</title>" } ?? ""
        return "<rect class=\"shrunk\"\(name) data-unshrunk-width=\"\(n(unshrunk.width))\" data-unshrunk-height=\"\(n(unshrunk.height))\" "
            + "x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(max(r.width, 0)))\" height=\"\(n(max(r.height, 0)))\" \(PreviewPaint.svg(PreviewPaint.shrunk))>\(tooltip)</rect>\n"
    }

    /// A child that follows its measured overlay (docs/format.md §8.5): its frame outlined dotted.
    static func followerOutline(_ frame: Frame) -> String {
        let r = frame.rect
        let name = frame.name.map { " data-node=\"\(escape($0))\"" } ?? ""
        let tooltip = frame.name.map { "<title>\(escape($0)) follows its overlay's measured \(frame.follows.joined(separator: " and ")) without counting in it</title>" } ?? ""
        return "<rect class=\"follower\"\(name) data-follows=\"\(frame.follows.joined(separator: " "))\" "
            + "x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(max(r.width, 0)))\" height=\"\(n(max(r.height, 0)))\" \(PreviewPaint.svg(PreviewPaint.follower))>\(tooltip)</rect>\n"
    }

    /// The label of a named frame where it has room, or nil: an item's name centred in it; a
    /// container's tag ("footer · hgroup", else just "footer") in its top-left corner, only
    /// where it covers none of the frames `inside` it.
    static func label(_ frame: Frame, avoiding inside: [Rect]) -> String? {
        guard let name = frame.name else { return nil }
        let r = frame.rect
        let color = PreviewPaint.labelColor(kind: frame.kind, isFlowElement: frame.isFlowElement)
        if frame.kind == .item || frame.kind == .spacer {
            // Centred, as large as fits (4 … 13 pt).
            let size = min(13, r.height * 0.7, r.width / (0.6 * Double(max(name.count, 1))))
            guard size >= 4 else { return nil }
            let box = Rect(x: r.midX - textWidth(name, size: size) / 2, y: r.midY - size / 2, width: textWidth(name, size: size), height: size)
            if inside.contains(where: { overlaps($0, box) }) {
                // Covered in the middle (by an overlay sibling drawn over it): a corner tag, as a container's.
                return cornerTag([name], frame: frame, color: color, avoiding: inside)
            }
            return "<text x=\"\(n(r.midX))\" y=\"\(n(r.midY))\" font-size=\"\(n((size * 10).rounded() / 10))\" fill=\"\(color)\" text-anchor=\"middle\" dominant-baseline=\"central\">\(escape(name))</text>\n"
        }
        // Containers: a tag in the top-left (else top-right) corner, naming the kind if there is room.
        return cornerTag(["\(name) · \(frame.kind.rawValue)", name], frame: frame, color: color, avoiding: inside)
    }

    /// The first of `texts` that fits as a tag in the frame's top-left (else top-right) corner
    /// without covering any of `inside`.
    static func cornerTag(_ texts: [String], frame: Frame, color: String, avoiding inside: [Rect]) -> String? {
        let r = frame.rect
        for text in texts {
            let size = min(11, max(r.height - 2, 0), r.width / (0.6 * Double(text.count)))
            guard size >= 6 else { continue }
            let fontSize = (size * 10).rounded() / 10
            let width = min(textWidth(text, size: fontSize) + 4, max(r.width - 2, 0))
            for x in [r.x + 1, r.x + r.width - 1 - width] {
                let tag = Rect(x: x, y: r.y + 1, width: width, height: fontSize + 3)
                guard !inside.contains(where: { overlaps($0, tag) }) else { continue }
                let backing = "<rect x=\"\(n(tag.x))\" y=\"\(n(tag.y))\" width=\"\(n(tag.width))\" height=\"\(n(tag.height))\" fill=\"#ffffff\" fill-opacity=\"0.8\" rx=\"2\"/>"
                return backing + "<text x=\"\(n(x + 2))\" y=\"\(n(r.y + fontSize + 1))\" font-size=\"\(n(fontSize))\" font-style=\"italic\" fill=\"\(color)\">\(escape(text))</text>\n"
            }
        }
        return nil
    }

    /// Whether two rectangles share an area (touching edges do not count).
    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.width > 0 && a.height > 0 && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    static func safeArea(_ panel: Panel) -> String {
        let w = panel.size.width, h = panel.size.height
        var s = panel.safeArea
        if panel.direction == .rightToLeft { swap(&s.leading, &s.trailing) }
        var bands: [Rect] = []
        if s.top > 0 { bands.append(Rect(x: 0, y: 0, width: w, height: min(s.top, h))) }
        if s.bottom > 0 { bands.append(Rect(x: 0, y: max(h - s.bottom, 0), width: w, height: min(s.bottom, h))) }
        if s.leading > 0 { bands.append(Rect(x: 0, y: 0, width: min(s.leading, w), height: h)) }
        if s.trailing > 0 { bands.append(Rect(x: max(w - s.trailing, 0), y: 0, width: min(s.trailing, w), height: h)) }
        guard !bands.isEmpty else { return "" }
        var out = "<g class=\"safe-area\" \(PreviewPaint.svg(PreviewPaint.safeArea))>\n"
        for band in bands {
            out += "<rect x=\"\(n(band.x))\" y=\"\(n(band.y))\" width=\"\(n(band.width))\" height=\"\(n(band.height))\"/>\n"
        }
        out += "</g>\n"
        let safe = Rect(x: 0, y: 0, width: w, height: h).inset(by: s)
        if safe.width > 0, safe.height > 0 {
            out += "<rect class=\"safe-area-edge\" x=\"\(n(safe.x))\" y=\"\(n(safe.y))\" width=\"\(n(safe.width))\" height=\"\(n(safe.height))\" \(PreviewPaint.svg(PreviewPaint.safeAreaEdge))/>\n"
        }
        return out
    }

    /// The legend entries only some pictures need: text lines, shrunk children.
    struct LegendExtras {
        var textLines = false
        var shrunk = false
        var followers = false

        init(_ panels: [Panel]) {
            for panel in panels {
                textLines = textLines || panel.frames.contains { $0.text != nil }
                shrunk = shrunk || panel.frames.contains { $0.unshrunk != nil }
                followers = followers || panel.frames.contains { !$0.follows.isEmpty }
            }
        }
    }

    /// The height of each further line of a wrapped legend.
    static let legendLineHeight = 20.0

    /// An entry's swatch, text and the space after it.
    static func legendEntryWidth(_ entry: (String, String)) -> Double {
        24 + textWidth(entry.1, size: 12) + 22
    }

    /// Each entry's line and offset on it: entries wrap onto a new line past `width`.
    static func legendLayout(_ entries: [(String, String)], width: Double) -> [(line: Int, x: Double)] {
        var placed: [(line: Int, x: Double)] = []
        var line = 0, cursor = 0.0
        for entry in entries {
            let entryWidth = legendEntryWidth(entry)
            // The trailing space of the line's last entry may overhang.
            if cursor > 0, cursor + entryWidth - 22 > width {
                line += 1
                cursor = 0
            }
            placed.append((line, cursor))
            cursor += entryWidth
        }
        return placed
    }

    static func legend(x: Double, y: Double, _ entries: [(String, String)], width: Double) -> String {
        var out = "<g class=\"legend\" font-size=\"12\" fill=\"#3a3a3c\">\n"
        for ((style, text), place) in zip(entries, legendLayout(entries, width: width)) {
            let left = x + place.x, top = y + Double(place.line) * legendLineHeight
            out += "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"18\" height=\"12\" \(style) stroke-width=\"1.25\"/>\n"
            out += "<text x=\"\(n(left + 24))\" y=\"\(n(top + 10))\">\(escape(text))</text>\n"
        }
        out += "</g>\n"
        return out
    }

    static func legendEntries(_ extras: LegendExtras) -> [(String, String)] {
        // The frames' own paint, less the widths and opacities a small swatch does without.
        func swatch(_ attributes: PreviewPaint.Attributes) -> String {
            PreviewPaint.svg(attributes.filter { $0.name != "stroke-width" && $0.name != "fill-opacity" })
        }
        let safeEdge = PreviewPaint.safeAreaEdge.filter { $0.name == "stroke" || $0.name == "stroke-dasharray" }
        return [
            (swatch(PreviewPaint.shape(kind: .hgroup, depth: 1, isFlowElement: false)), "hgroup / vgroup (darker = deeper)"),
            (swatch(PreviewPaint.flow), "flow"),
            (swatch(PreviewPaint.flowElement), "flow element"),
            (swatch(PreviewPaint.overlay), "overlay"),
            (swatch(PreviewPaint.item), "item"),
            (PreviewPaint.svg(PreviewPaint.safeArea + safeEdge), "outside the safe area"),
            (swatch(PreviewPaint.atFault), "does not fit (outlined in red)"),
        ] + (extras.textLines ? [(swatch(PreviewPaint.wrapLine + [("fill", "none")]), "wrap item's text lines")] : [])
          + (extras.shrunk ? [(swatch(PreviewPaint.shrunk), "shrunk (dashed): smaller than its unshrunk size")] : [])
          + (extras.followers ? [(swatch(PreviewPaint.follower), "follows its measured overlay (dotted)")] : [])
    }

    /// A rough width of text in the sans-serif font, for placing it.
    static func textWidth(_ text: String, size: Double) -> Double { Double(text.count) * size * 0.56 }

    /// Numbers rounded to 0.01 pt, so the SVG reads `868.32`, not `868.3199999999999`.
    static func n(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return NumberFormat.string(rounded == 0 ? 0 : rounded)
    }

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
