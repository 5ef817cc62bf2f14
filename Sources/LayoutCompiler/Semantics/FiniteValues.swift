/// docs/format.md §4: a computed size or position that is not finite (an overflow, e.g. through
/// a chain of extreme aspect ratios) is `outOfSpace` at the node where it first appears, so no
/// frame table holds NaN or infinity. Numbers in the file are bounded (§6.5: an aspect from 1e-9
/// to 1e9), so a value overflows only where it is multiplied by a ratio or added up: an aspect
/// child's derived size (checked at the child, where it is made), a sum (the group's own
/// `outOfSpace` checks fail on an infinite need), and whatever reaches a frame (checked at the
/// node whose frame holds it, parents before children).
extension LayoutDomain {
    /// The node's frame, before anyone sees it.
    @inline(__always)
    func checkFinite(_ frame: LayoutRect<Value>, of node: PlanNode) throws(LayoutError) {
        try check(.notFinite(frame), LayoutFailure(.notFinite(node, frame), at: node.location))
    }

    /// A size derived from an aspect ratio (§6.5) along `axis`, at the child it is derived for.
    func checkFinite(_ size: Value, of child: PlanNode, axis: Axis) throws(LayoutError) {
        let zero = constant(0)
        let rect = axis == .horizontal ? LayoutRect(x: zero, y: zero, width: size, height: zero)
            : LayoutRect(x: zero, y: zero, width: zero, height: size)
        try checkFinite(rect, of: child)
    }
}
