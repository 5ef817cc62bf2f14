/// A name shared by width variants (docs/format.md §7.4) that no variant covers at some device
/// width of the matrix: there the view has no frame, which is rarely meant (the variants were
/// written to place one view at every width).
enum WidthVariantGapRule: LintRule {
    static let descriptor = LintRuleDescriptor(
        name: "widthVariantGap",
        summary: "A name shared by width variants (when) that no variant covers at some width of the device matrix: there the view gets no frame.")

    static func check(plan: LayoutPlan, sizes: [DeviceSize], into findings: inout [LintFinding]) {
        var variants: [String: [(range: WidthRange, location: SourceLocation)]] = [:]
        var order: [String] = []
        func note(_ name: String?, _ range: WidthRange, _ location: SourceLocation) {
            guard let name else { return }
            if variants[name] == nil { order.append(name) }
            variants[name, default: []].append((range, location))
        }
        func walk(_ node: PlanNode, _ outer: WidthRange) {
            let presence = node.widthRange.map { outer.intersection($0) } ?? outer
            note(node.name, presence, node.location)
            for item in node.items { note(item.name, item.widthRange.map { presence.intersection($0) } ?? presence, item.location) }
            for child in node.children { walk(child, presence) }
        }
        walk(plan.root, .all)
        for name in order {
            guard let nodes = variants[name], nodes.count > 1 else { continue }
            let uncovered = sizes.filter { size in !nodes.contains { $0.range.contains(size.size.width) } }
            guard !uncovered.isEmpty else { continue }
            var gaps: [WidthRange] = []
            for size in uncovered {
                let gap = Self.gap(around: size.size.width, nodes.map(\.range))
                if !gaps.contains(gap) { gaps.append(gap) }
            }
            let devices = uncovered.map { "\($0.label) (\(NumberFormat.string($0.size.width)))" }
            let places = nodes.map { "\($0.location.line):\($0.location.column)" }.joined(separator: ", ")
            findings.append(LintFinding(
                rule: descriptor.name, location: nodes[0].location,
                message: "'\(name)' (width variants at \(places)) has no frame at container widths \(gaps.sorted { $0.lower < $1.lower }.map(\.description).joined(separator: " and ")), "
                    + "as on \(devices.joined(separator: ", ")): widen a variant's 'when' to cover them"))
        }
    }

    /// The widest range around `width` that no range holds.
    static func gap(around width: Double, _ ranges: [WidthRange]) -> WidthRange {
        var gap = WidthRange.all
        for range in ranges where !range.isEmpty {
            if range.upper <= width { gap.lower = max(gap.lower, range.upper) }
            if range.lower > width { gap.upper = min(gap.upper, range.lower) }
        }
        return gap
    }
}
