/// Two flexible spacers around a flexible child, meant to centre it at a capped size: they
/// share the free space with it by weight, so the child is never exactly the size meant, however
/// small their weights (`.flexible(0.001)`). `maxWidth` on the child and
/// `align: center` on its parent give the exact frames (docs/format.md, readable-width recipe).
enum SpacersAroundFlexibleChildRule: LintRule {
    static let descriptor = LintRuleDescriptor(
        name: "spacersAroundFlexibleChild",
        summary: "A group of a flexible child between two flexible spacers shares the space by weight, so the child never gets an exact size: cap it with maxWidth (maxHeight) and centre it with align: center on its parent.")

    static func check(document: LayoutDocument, plan: LayoutPlan?, into findings: inout [LintFinding]) {
        guard let plan else { return }
        forEachNode(plan.root) { group in
            guard group.kind == .hgroup || group.kind == .vgroup, group.children.count == 3 else { return }
            let horizontal = group.kind == .hgroup
            let (leading, child, trailing) = (group.children[0], group.children[1], group.children[2])
            func takesAShare(_ node: PlanNode) -> Bool {
                switch horizontal ? node.width : node.height {
                case .flexible, .fill: return true
                default: return false
                }
            }
            guard leading.kind == .spacer, trailing.kind == .spacer, child.kind != .spacer,
                  takesAShare(leading), takesAShare(trailing), takesAShare(child),
                  (horizontal ? child.maxWidth : child.maxHeight) == .infinity else { return }
            let (bound, cross) = horizontal ? ("maxWidth", "vgroup") : ("maxHeight", "hgroup")
            findings.append(LintFinding(
                rule: descriptor.name, location: group.location,
                message: "\(group.title) centres \(child.title) between two flexible spacers, which share the space with it by weight, so it never gets an exact size; give it '\(bound)' and put it alone in a \(cross) with 'align: center' (docs/format.md, a readable-width column)"))
        }
    }
}
