/// A `shrink` child of an hgroup (docs/format.md §7.2) squeezed narrower than the readable width
/// `.layoutlint.yml` gives it (`readableWidths:`): the layout is valid there, but its text would
/// be cut or wrapped into a thin column. A lint threshold, not a layout bound: `minWidth` is one
/// the shrink loop obeys (a floor), and a floor turns a squeezed label into `outOfSpace` where
/// the user may prefer a squeezed label.
enum ShrunkBelowReadableWidthRule: LintRule {
    static let descriptor = LintRuleDescriptor(
        name: "shrunkBelowReadableWidth",
        summary: "A shrink child of an hgroup gives way until it is narrower than the readable width .layoutlint.yml gives it ('readableWidths:') on some device.")

    /// The frames' shrunk children in hgroups below their readable widths (by node index; an
    /// item whose own width is less than its readable width is judged by its own width instead).
    static func check(geometry: LayoutGeometry, frames: LayoutGeometry.Frames, readableWidths: [Int: Double],
                      into findings: inout [LintFinding]) {
        for (index, readable) in readableWidths.sorted(by: { $0.key < $1.key }) {
            guard let base = frames.unshrunk[index], let rect = frames.rects[index] else { continue }
            // A content size lint has no samples for moves every width in the group.
            if geometry.frameDependsOnContent[index] { continue }
            let threshold = min(readable, base)
            guard rect.width < threshold - lintEpsilon * max(1, threshold) else { continue }
            let node = geometry.nodes[index]
            let parent = geometry.nodes[geometry.parents[index]]
            findings.append(LintFinding(
                rule: descriptor.name, location: node.location,
                message: "\(node.title) shrinks to \(NumberFormat.string(rounded(rect.width))) pt wide in \(parent.title) (from \(NumberFormat.string(rounded(base))) pt), "
                    + "less than its readable width of \(NumberFormat.string(readable)) pt"))
        }
    }

    /// Hundredths are enough for a width in a message.
    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    /// The readable widths of a plan's shrink children of hgroups, by node index.
    static func readableWidths(geometry: LayoutGeometry, state: LintState) -> [Int: Double] {
        guard !state.readableWidths.isEmpty else { return [:] }
        var out: [Int: Double] = [:]
        for index in geometry.shrinkable where geometry.nodes[geometry.parents[index]].kind == .hgroup {
            if let name = geometry.nodes[index].name, let width = state.readableWidth(for: name) { out[index] = width }
        }
        return out
    }
}
