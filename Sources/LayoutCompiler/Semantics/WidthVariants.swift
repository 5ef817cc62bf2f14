/// The nodes with `when` of a layout (docs/format.md §7.4), as preview and serve show them.
public enum WidthVariants {
    /// The nodes with `when` present at this container width (their ancestors present too),
    /// in document order: "hgroup 'sideBySide' (W ≥ 600)".
    public static func present(in plan: LayoutPlan, width: Double) -> [String] {
        var out: [String] = []
        func walk(_ node: PlanNode) {
            if let range = node.widthRange {
                guard range.contains(width) else { return }
                out.append("\(node.title) (\(range.description))")
            }
            for item in node.items {
                if let range = item.widthRange, range.contains(width) {
                    out.append("\(PlanNode.title(kind: .item, name: item.name)) (\(range.description))")
                }
            }
            for child in node.children { walk(child) }
        }
        walk(plan.root)
        return out
    }

    /// Every width at which some node appears or disappears, ascending: the bounds of the
    /// `when` ranges (0 left out).
    public static func breakpoints(of plan: LayoutPlan) -> [Double] {
        var bounds = Set<Double>()
        func walk(_ node: PlanNode) {
            for range in [node.widthRange] + node.items.map(\.widthRange) {
                guard let range else { continue }
                if range.lower > 0 { bounds.insert(range.lower) }
                if range.upper.isFinite { bounds.insert(range.upper) }
            }
            node.children.forEach(walk)
        }
        walk(plan.root)
        return bounds.sorted()
    }
}
