/// The safe area a preview panel shades: the container's insets only when a node of the layout
/// measures from them (`safeArea: true` on the root or an overlay child, docs/format.md §4.1,
/// §4.5). A layout that never reads them, a fitted 64 pt cell drawn at every device of the
/// matrix, is not covered by a 59 pt band it does not use (issue 43, item 8).
public enum DrawnSafeArea {
    static func insets(_ insets: EdgeInsets, for plan: LayoutPlan) -> EdgeInsets {
        usesSafeArea(plan.root) ? insets : .zero
    }

    /// Whether any node of the subtree has `safeArea: true` (with a stack: trees are deep).
    public static func usesSafeArea(_ root: PlanNode) -> Bool {
        var stack = [root]
        while let node = stack.popLast() {
            if node.safeArea { return true }
            stack.append(contentsOf: node.children)
        }
        return false
    }
}
