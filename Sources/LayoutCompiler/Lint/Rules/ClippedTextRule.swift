import LayoutRuntimeCore

/// A wrap item (docs/format.md §7.1) whose frame is lower than its sample text needs at the
/// width it gets: its own height (`height: 20`) or its `maxHeight` cuts the text, and the layout
/// is valid, so nothing else says so. Judged only with sample texts (`wrap:` in .layoutlint.yml).
enum ClippedTextRule: LintRule {
    static let descriptor = LintRuleDescriptor(
        name: "clippedText",
        summary: "A wrap item's height (its own or its maxHeight) is lower than its sample text needs at the width it gets on some device, so the text is cut.")

    /// The frames' wrap items lower than their texts at their widths (`texts` by item name).
    static func check(geometry: LayoutGeometry, frames: LayoutGeometry.Frames, texts: [String: LayoutTextModel],
                      into findings: inout [LintFinding]) {
        for index in geometry.nodes.indices {
            let node = geometry.nodes[index]
            guard node.isWrap, let name = node.name, let text = texts[name], let rect = frames.rects[index],
                  !geometry.frameDependsOnContent[index] else { continue }
            let needed = text.size(at: rect.width).height
            guard rect.height < needed - lintEpsilon * max(1, needed) else { continue }
            let lines = text.lines(at: rect.width)
            let what: String
            if case .fixed = node.height { what = "its 'height'" } else if node.maxHeight.isFinite { what = "its 'maxHeight'" } else { what = "its height" }
            findings.append(LintFinding(
                rule: descriptor.name, location: node.location,
                message: "\(node.title) is \(NumberFormat.string(rounded(rect.height))) pt high, but its text needs \(NumberFormat.string(rounded(needed))) pt "
                    + "(\(lines) \(lines == 1 ? "line" : "lines") at \(NumberFormat.string(rounded(rect.width))) pt wide): \(what) cuts it; "
                    + "leave the height out (it follows the text) or raise it"))
        }
    }

    /// Hundredths are enough for a size in a message.
    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
