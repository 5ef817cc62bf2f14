/// A group whose only child fills it exactly: the group adds a level of nesting and nothing else.
enum SingleChildGroupRule: LintRule {
    static let descriptor = LintRuleDescriptor(
        name: "singleChildGroup",
        summary: "A group with a single child that fills it (no padding, margin or alignment at work) is redundant nesting: use the child in its place.")

    static func check(document: LayoutDocument, plan: LayoutPlan?, into findings: inout [LintFinding]) {
        guard let plan else { return }
        forEachNode(plan.root) { group in
            guard group.kind == .hgroup || group.kind == .vgroup, group.children.count == 1, let child = group.children.first else { return }
            let padding = group.padding
            // Its own spaces (§8.4) keep it off the group's edges: the group places it.
            guard padding == .zero, group.margin == 0, child.spaceBefore == 0, child.spaceAfter == 0 else { return }
            let horizontal = group.kind == .hgroup
            // The child fills the group only if its main size takes all the free space and its
            // cross size fills; a fixed, fit or percent size leaves room and is placed by the group.
            let main = horizontal ? child.width : child.height
            let cross = horizontal ? child.height : child.width
            switch main {
            case .flexible, .fill: break
            case .percent(let p) where p >= 100: break
            default: return
            }
            guard !cross.isFixedOrFit else { return }
            findings.append(LintFinding(
                rule: descriptor.name, location: group.location,
                message: "\(group.title) holds only \(child.title), which fills it: the group is redundant nesting; use the \(child.kind.rawValue) in its place"))
        }
    }
}
