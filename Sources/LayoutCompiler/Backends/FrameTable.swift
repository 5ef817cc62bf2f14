/// The frames of the selected layouts, ready to print as a table, JSON (SPEC §5) or CSV.
public struct FrameTable: Sendable {
    public struct Layout: Sendable {
        public var name: String
        public var size: Size
        public var frames: [LayoutEngine.Frame]

        public init(name: String, size: Size, frames: [LayoutEngine.Frame]) {
            self.name = name
            self.size = size
            self.frames = frames
        }
    }

    public enum Format: String, CaseIterable, Sendable {
        case table, json, csv
    }

    public var layouts: [Layout]

    public init(layouts: [Layout]) {
        self.layouts = layouts
    }

    public func rendered(as format: Format) -> String {
        switch format {
        case .table: return table()
        case .json: return json()
        case .csv: return csv()
        }
    }

    /// SPEC §5's JSON, one frame per line, byte-identical for the same input.
    public func json() -> String {
        var out = "{\"layouts\": ["
        for (index, layout) in layouts.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += "  {\"layout\": \(Self.quoted(layout.name)), \"size\": {\"width\": \(n(layout.size.width)), \"height\": \(n(layout.size.height))}, \"frames\": ["
            for (frameIndex, frame) in layout.frames.enumerated() {
                out += frameIndex == 0 ? "\n" : ",\n"
                out += "    {\"name\": \(Self.quoted(frame.name)), \"kind\": \"\(frame.kind.rawValue)\", \"x\": \(n(frame.rect.x)), \"y\": \(n(frame.rect.y)), \"width\": \(n(frame.rect.width)), \"height\": \(n(frame.rect.height))}"
            }
            out += layout.frames.isEmpty ? "]}" : "\n  ]}"
        }
        out += layouts.isEmpty ? "]}\n" : "\n]}\n"
        return out
    }

    public func csv() -> String {
        var out = "layout,name,kind,x,y,width,height\n"
        for layout in layouts {
            for frame in layout.frames {
                out += "\(layout.name),\(frame.name),\(frame.kind.rawValue),\(n(frame.rect.x)),\(n(frame.rect.y)),\(n(frame.rect.width)),\(n(frame.rect.height))\n"
            }
        }
        return out
    }

    /// Aligned columns for people: names and kinds left, numbers right.
    public func table() -> String {
        var out = ""
        for (index, layout) in layouts.enumerated() {
            if index > 0 { out += "\n" }
            out += "\(layout.name) (\(n(layout.size.width))×\(n(layout.size.height)))\n"
            var rows = [["name", "kind", "x", "y", "width", "height"]]
            for frame in layout.frames {
                let r = frame.rect
                rows.append([frame.name, frame.kind.rawValue] + [r.x, r.y, r.width, r.height].map(NumberFormat.readable))
            }
            var widths = [Int](repeating: 0, count: 6)
            for row in rows {
                for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
            }
            for row in rows {
                var line = ""
                for (column, cell) in row.enumerated() {
                    let padding = String(repeating: " ", count: widths[column] - cell.count)
                    if column > 0 { line += "  " }
                    line += column < 2 ? cell + padding : padding + cell
                }
                while line.hasSuffix(" ") { line.removeLast() }
                out += line + "\n"
            }
        }
        return out
    }

    private func n(_ value: Double) -> String { NumberFormat.string(value) }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
