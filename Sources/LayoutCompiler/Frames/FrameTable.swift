import LayoutRuntimeCore

/// The frames of the selected layouts, ready to print as a table, JSON (docs/format.md §5) or CSV.
public struct FrameTable: Sendable {
    public struct Layout: Sendable {
        public var name: String
        public var size: Size
        public var frames: [LayoutEngine.Frame]
        /// The direction it was computed in (docs/format.md §6.3).
        public var direction: LayoutDirection
        /// The pixel grid's scale it was computed on (docs/format.md, "The pixel grid"), if any.
        public var scale: Double?

        public init(name: String, size: Size, frames: [LayoutEngine.Frame], direction: LayoutDirection = .leftToRight, scale: Double? = nil) {
            self.scale = scale
            self.name = name
            self.size = size
            self.frames = frames
            self.direction = direction
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
        case .json, .csv: return String(decoding: renderedBytes(as: format), as: UTF8.self)
        }
    }

    /// The table as UTF-8 bytes, for writing out without an intermediate String.
    public func renderedBytes(as format: Format) -> [UInt8] {
        switch format {
        case .table: return tableText().bytes
        case .json: return json().bytes
        case .csv: return csv().bytes
        }
    }

    private var frameCount: Int { layouts.reduce(0) { $0 + $1.frames.count } }

    /// docs/format.md §5's JSON, one frame per line, byte-identical for the same input.
    package func json() -> TextBuffer {
        var out = TextBuffer(capacity: 96 * frameCount + 128)
        out.write("{\"layouts\": [")
        for (index, layout) in layouts.enumerated() {
            out.write(index == 0 ? "\n" : ",\n")
            out.write("  {\"layout\": ")
            out.write(jsonString: layout.name)
            out.write(", \"size\": {\"width\": ")
            out.write(number: layout.size.width)
            out.write(", \"height\": ")
            out.write(number: layout.size.height)
            if let scale = layout.scale {
                out.write("}, \"scale\": ")
                out.write(number: scale)
                out.write(layout.direction == .rightToLeft ? ", \"direction\": \"rtl\", \"frames\": [" : ", \"frames\": [")
            } else {
                out.write(layout.direction == .rightToLeft ? "}, \"direction\": \"rtl\", \"frames\": [" : "}, \"frames\": [")
            }
            for (frameIndex, frame) in layout.frames.enumerated() {
                out.write(frameIndex == 0 ? "\n    {\"name\": " : ",\n    {\"name\": ")
                out.write(jsonString: frame.name)
                // The rest of the line is at most some 170 bytes (four numbers of 24 at most).
                if !out.write(chunkOf: 256, { Self.writeJSONFields(of: frame, to: &$0) }) { Self.writeJSONFields(of: frame, to: &out) }
            }
            out.write(layout.frames.isEmpty ? "]}" : "\n  ]}")
        }
        out.write(layouts.isEmpty ? "]}\n" : "\n]}\n")
        return out
    }

    /// A JSON frame's fields after its name, and the brace that ends it.
    private static func writeJSONFields(of frame: LayoutEngine.Frame, to out: inout some TextSink) {
        out.write(", \"kind\": \"")
        out.write(frame.kind.rawValue)
        out.write("\", \"x\": ")
        out.write(number: frame.rect.x)
        out.write(", \"y\": ")
        out.write(number: frame.rect.y)
        out.write(", \"width\": ")
        out.write(number: frame.rect.width)
        out.write(", \"height\": ")
        out.write(number: frame.rect.height)
        out.write("}")
    }

    func csv() -> TextBuffer {
        var out = TextBuffer(capacity: 64 * frameCount + 64)
        out.write("layout,name,kind,x,y,width,height\n")
        for layout in layouts {
            for frame in layout.frames {
                out.write(layout.name)
                out.write(",")
                out.write(frame.name)
                out.write(",")
                out.write(frame.kind.rawValue)
                out.write(",")
                out.write(number: frame.rect.x)
                out.write(",")
                out.write(number: frame.rect.y)
                out.write(",")
                out.write(number: frame.rect.width)
                out.write(",")
                out.write(number: frame.rect.height)
                out.write("\n")
            }
        }
        return out
    }

    /// Aligned columns for people: names and kinds left, numbers right.
    public func table() -> String { tableText().string }

    /// The table written as bytes, without a String or an array per row: on a layout of 15,000
    /// frames this was most of `layoutc frames` (docs/format.md §5 keeps the spelling).
    func tableText() -> TextBuffer {
        var out = TextBuffer(capacity: 56 * frameCount + 64 * layouts.count)
        var numbers: [String] = []
        for (index, layout) in layouts.enumerated() {
            if index > 0 { out.write("\n") }
            out.write(layout.name)
            out.write(" (")
            // The heading's size reads as its rows do (a fitted 395.33333333333337 is 395.333).
            out.write(NumberFormat.readable(layout.size.width))
            out.write("×")
            out.write(NumberFormat.readable(layout.size.height))
            out.write(layout.direction == .rightToLeft ? ", right to left)\n" : ")\n")
            // Column widths count Characters, as a terminal shows them; the header sets the least.
            var widths = TableColumns(name: 4, kind: 4, x: 1, y: 1, width: 5, height: 6)
            numbers.removeAll(keepingCapacity: true)
            numbers.reserveCapacity(4 * layout.frames.count)
            for frame in layout.frames {
                let r = frame.rect
                let x = NumberFormat.readable(r.x), y = NumberFormat.readable(r.y)
                let width = NumberFormat.readable(r.width), height = NumberFormat.readable(r.height)
                widths.name = max(widths.name, TableColumns.characters(frame.name))
                widths.kind = max(widths.kind, frame.kind.rawValue.utf8.count)
                widths.x = max(widths.x, x.utf8.count)
                widths.y = max(widths.y, y.utf8.count)
                widths.width = max(widths.width, width.utf8.count)
                widths.height = max(widths.height, height.utf8.count)
                numbers.append(x)
                numbers.append(y)
                numbers.append(width)
                numbers.append(height)
            }
            widths.row("name", "kind", "x", "y", "width", "height", into: &out)
            for (frameIndex, frame) in layout.frames.enumerated() {
                let at = 4 * frameIndex
                widths.row(frame.name, frame.kind.rawValue, numbers[at], numbers[at + 1], numbers[at + 2], numbers[at + 3], into: &out)
            }
        }
        return out
    }
}
