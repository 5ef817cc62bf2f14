import LayoutRuntimeCore

/// How the walk reads a node's numbers (docs/format.md §8.1): each through `parameterValue`, so
/// that the code generator gets a parameter's argument where a parameter gave the number and
/// the engine (whose `parameterValue` is always nil, and inlined away) the plan's Double. Sums
/// of numbers (`padding.horizontal`, `spacing × (n − 1)`) are the domain's operations here, in
/// the order the Double arithmetic did them, so the engine's bits do not change.
extension LayoutDomain {
    /// `value` (the plan's number of `field`), or the parameter's value that gave it.
    @inline(__always)
    func number(_ value: Double, _ node: PlanNode, _ field: ParameterField) -> Value {
        // `hasParameters` first in each of these: false in the engine, so its walk is the code
        // it was before parameters (an unused branch still changed the optimizer's inlining).
        guard hasParameters, let parameter = parameterValue(node, field) else { return constant(value) }
        return parameter
    }

    /// Whether a parameter gave `field` of `node`: a structure the walk decides from a value
    /// (`spaceBefore != 0`) must then hold for any value.
    @inline(__always)
    func isParameter(_ node: PlanNode, _ field: ParameterField) -> Bool {
        hasParameters && parameterValue(node, field) != nil
    }

    /// A fixed size of `node` on `axis`.
    @inline(__always)
    func fixed(_ value: Double, _ node: PlanNode, _ axis: Axis) -> Value {
        number(value, node, axis == .horizontal ? .width : .height)
    }

    /// The node's `aspect`.
    @inline(__always)
    func ratio(_ value: Double, _ node: PlanNode) -> Value {
        number(value, node, .aspect)
    }

    /// `leading + trailing` (or `top + bottom`) of the node's padding.
    @inline(__always)
    func paddingSum(_ node: PlanNode, _ axis: Axis) -> Value {
        let padding = node.padding
        return axis == .horizontal
            ? add(number(padding.leading, node, .paddingLeading), number(padding.trailing, node, .paddingTrailing))
            : add(number(padding.top, node, .paddingTop), number(padding.bottom, node, .paddingBottom))
    }

    /// The node's padding on one edge.
    @inline(__always)
    func paddingEdge(_ node: PlanNode, _ field: ParameterField) -> Value {
        let padding = node.padding
        let value = switch field {
        case .paddingTop: padding.top
        case .paddingLeading: padding.leading
        case .paddingBottom: padding.bottom
        default: padding.trailing
        }
        return number(value, node, field)
    }

    /// A group's spacing (a flow's horizontal one).
    @inline(__always)
    func spacingValue(_ node: PlanNode) -> Value {
        number(node.spacing.horizontal, node, .spacing)
    }

    @inline(__always)
    func marginValue(_ node: PlanNode) -> Value {
        number(node.margin, node, .margin)
    }

    /// An overlay child's anchor, nil when not given.
    @inline(__always)
    func anchor(_ value: Double?, _ node: PlanNode, _ field: ParameterField) -> Value? {
        guard let value else { return nil }
        return number(value, node, field)
    }

    /// The node's bounds on `axis` (§6.4), nil when it has none there; the maximum nil when
    /// infinite. A bound a parameter gives is always there: its value may be any at run time.
    @inline(__always)
    func boundValues(_ node: PlanNode, _ axis: Axis) -> (minimum: Value, maximum: Value?)? {
        guard hasParameters else {
            guard let bounds = node.bounds(axis) else { return nil }
            return (constant(bounds.minimum), bounds.maximum.isFinite ? constant(bounds.maximum) : nil)
        }
        if let bounds = node.bounds(axis) {
            let horizontal = axis == .horizontal
            return (number(bounds.minimum, node, horizontal ? .minWidth : .minHeight),
                    bounds.maximum.isFinite ? number(bounds.maximum, node, horizontal ? .maxWidth : .maxHeight) : nil)
        }
        guard node.hasBounds, hasParameterBound(node, axis) else { return nil }
        let horizontal = axis == .horizontal
        let maximum = horizontal ? node.maxWidth : node.maxHeight
        return (number(horizontal ? node.minWidth : node.minHeight, node, horizontal ? .minWidth : .minHeight),
                maximum.isFinite ? number(maximum, node, horizontal ? .maxWidth : .maxHeight) : nil)
    }

    /// Whether the node has bounds on `axis` (a parameter's included).
    @inline(__always)
    func hasBoundValues(_ node: PlanNode, _ axis: Axis) -> Bool {
        node.bounds(axis) != nil || (hasParameters && node.hasBounds && hasParameterBound(node, axis))
    }

    /// Whether a parameter gives a bound of the node on `axis`.
    @inline(__always)
    func hasParameterBound(_ node: PlanNode, _ axis: Axis) -> Bool {
        axis == .horizontal
            ? isParameter(node, .minWidth) || isParameter(node, .maxWidth)
            : isParameter(node, .minHeight) || isParameter(node, .maxHeight)
    }

    /// Whether some child of `node` may shrink (§7.2): `shrink > 0`, or a parameter's `shrink`.
    @inline(__always)
    func hasShrinkingChildren(_ node: PlanNode) -> Bool {
        if node.hasShrinkingChildren { return true }
        guard hasParameters else { return false }
        return node.children.contains { isParameter($0, .shrink) }
    }

    /// A fit child's size inside its group's margins where only a parameter's `shrink` may keep
    /// it (nil elsewhere: the slot less the margin, as for any fit child): kept where the value
    /// is above 0, `slot − margin` as the engine computes it where it is 0, so the bits are the
    /// file's with that number written in.
    func keptSize(_ child: PlanNode, _ size: Value, margin: Value) -> Value? {
        guard isParameter(child, .shrink), let positive = positive(number(child.shrink, child, .shrink)) else { return nil }
        return select(positive, size, otherwise: maximum(sub(add(size, margin), margin), constant(0)))
    }

    /// Whether some child of `node` has a `spaceBefore` or `spaceAfter` (§8.4), a parameter's
    /// included.
    @inline(__always)
    func hasChildSpaces(_ node: PlanNode) -> Bool {
        if node.hasSpacedChildren { return true }
        guard hasParameters else { return false }
        return node.children.contains { isParameter($0, .spaceBefore) || isParameter($0, .spaceAfter) }
    }
}
