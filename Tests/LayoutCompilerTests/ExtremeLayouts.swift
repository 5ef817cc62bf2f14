/// Layouts whose numbers are all valid but whose computed sizes overflow a Double (issue 20:
/// docs/format.md §4, "a value that is not finite is outOfSpace where it first appears").
enum ExtremeLayouts {
    /// Overlays nested `levels` deep under the root overlay `level0` in a 390×844 container, with
    /// `aspect` alternating 1e9 (width from height) and 1e-9 (height from width): each level is
    /// 1e9 times the one before on one axis. Level 33 is 8.44e299 × 8.44e290; level 34's height
    /// is infinite. `inner` (block YAML, indented for a child list at column 1) goes into the
    /// children of the deepest level.
    static func chain(_ levels: Int, inner: [String] = []) -> String {
        var lines = ["layout: Extreme", "size: [390, 844]", "root:", "  overlay: level0", "  children:"]
        var indent = "    "
        for level in 1...levels {
            lines.append(indent + "- overlay: level\(level)")
            lines.append(indent + (level % 2 == 1 ? "  aspect: 1e9" : "  aspect: 1e-9"))
            let anchors = level % 2 == 1 ? ["leading", "top", "bottom"] : ["leading", "trailing", "top"]
            lines += anchors.map { indent + "  \($0): 0" }
            if level < levels || !inner.isEmpty {
                lines.append(indent + "  children:")
                indent += "    "
            }
        }
        lines += inner.map { indent + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The line and column (1-based) of the first occurrence of `text`, as a diagnostic gives them.
    static func locate(_ text: String, in yaml: String) -> (line: Int, column: Int) {
        for (index, line) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: text) { return (index + 1, line.distance(from: line.startIndex, to: range.lowerBound) + 1) }
        }
        return (0, 0)
    }
}
