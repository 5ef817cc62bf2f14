/// `alignSelf` (docs/format.md §8.3) on a child that fills its group's cross axis: it has nothing
/// to align, so the key does nothing. Static: a child with no fixed or fit cross size and no
/// bound on that axis fills at every size (a bounded fill may be clamped smaller somewhere, and
/// is then placed by it, so it is not judged).
enum AlignSelfWithoutEffectRule: LintRule {
    static let descriptor = LintRuleDescriptor(
        name: "alignSelfWithoutEffect",
        summary: "An alignSelf on a child that fills its group's cross axis (no fixed or fit cross size, no bound there) has nothing to align and no effect.")

    static func check(document: LayoutDocument, plan: LayoutPlan?, into findings: inout [LintFinding]) {
        guard let plan else { return }
        forEachNode(plan.root) { group in
            guard group.kind == .hgroup || group.kind == .vgroup else { return }
            let horizontal = group.kind == .hgroup
            let crossAxis: Axis = horizontal ? .vertical : .horizontal
            for child in group.children {
                guard let alignment = child.alignSelf else { continue }
                let cross = horizontal ? child.height : child.width
                guard !cross.isFixedOrFit, child.bounds(crossAxis) == nil else { continue }
                let key = horizontal ? "height" : "width"
                let location = syntaxNode(at: child.location, in: document)?.property(.alignSelf)?.location ?? child.location
                findings.append(LintFinding(
                    rule: descriptor.name, location: location,
                    message: "'alignSelf: \(alignment.rawValue)' has no effect: \(child.title) fills the \(key) of \(group.title); "
                        + "give it a fixed or fit \(key) (or a max\(horizontal ? "Height" : "Width")) to place it, or remove 'alignSelf'"))
            }
        }
    }
}
