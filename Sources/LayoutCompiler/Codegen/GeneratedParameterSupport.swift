/// The places of docs/format.md §8.1 generated code does not take a parameter yet: a flow
/// item's size or aspect (folded into the flow's element sizes when the plan is made). Refused
/// with a diagnostic at the flow, never generated with the default folded in.
enum GeneratedParameterSupport {
    static func unsupported(in plan: LayoutPlan) -> [Diagnostic] {
        let uses = plan.parameterUses
        guard !uses.isEmpty else { return [] }
        var problems: [Diagnostic] = []
        var stack = [plan.root]
        while let node = stack.popLast() {
            if uses.flowsWithParameterItems.contains(node.id) {
                problems.append(Diagnostic(.invalidValue, GeneratorMessages.parameterNotSupported(node.title, key: "items"), at: node.location))
            }
            stack.append(contentsOf: node.children.reversed())
        }
        return problems
    }
}
