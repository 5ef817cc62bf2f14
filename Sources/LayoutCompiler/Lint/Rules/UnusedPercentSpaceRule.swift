/// Percent children that add up to less than 100 with no flexible sibling: the rest of the free
/// space stays empty at the end of the group (docs/format.md §4.2.5), which is rarely what was meant.
enum UnusedPercentSpaceRule: LintRule {
    static let descriptor = LintRuleDescriptor(
        name: "unusedPercentSpace",
        summary: "The percent children of a group add up to less than 100% and no sibling is flexible, so the rest of the free space stays empty.")

    static func check(document: LayoutDocument, plan: LayoutPlan?, into findings: inout [LintFinding]) {
        guard let plan else { return }
        forEachNode(plan.root) { group in
            guard group.kind == .hgroup || group.kind == .vgroup else { return }
            let horizontal = group.kind == .hgroup
            var total = 0.0
            var percentChildren = 0
            for child in group.children {
                switch horizontal ? child.width : child.height {
                case .percent(let p):
                    total += p
                    percentChildren += 1
                case .flexible, .fill:
                    return
                case .fixed, .fit:
                    break
                }
            }
            guard percentChildren > 0, total < 100 - 1e-9 else { return }
            findings.append(LintFinding(
                rule: descriptor.name, location: group.location,
                message: "the percent children of \(group.title) add up to \(NumberFormat.string(total))% and none of its children is flexible, so \(NumberFormat.string(100 - total))% of its free \(horizontal ? "width" : "height") stays empty; make the percents add up to 100 or add a flexible child or spacer"))
        }
    }
}
