/// Measuring `fit` sizes (docs/format.md §4.6, §6). Widths never depend on heights; heights are
/// measured at a width. Results are cached per node, so a chain of fit groups is measured once
/// per level. A measured size comes clamped by the node's own bounds (§6.4).
extension LayoutDomain {
    func incomplete(_ reason: IncompleteReason, at node: PlanNode) -> LayoutFailure<Self> {
        LayoutFailure(.incomplete(reason), at: node.location)
    }

    mutating func measureWidth(_ node: PlanNode) throws(LayoutError) -> Value {
        if let cached = cachedFitWidth(node) { return cached }
        var width: Value
        let shown = node.hasOptionalChildren ? node.children.count { !isHidden($0) } : node.children.count
        switch node.kind {
        case .hgroup:
            var total = constant(node.padding.horizontal + node.spacing.horizontal * Double(max(shown - 1, 0)))
            for child in node.children where !isHidden(child) {
                if let ratio = child.aspect, case .fixed(let height) = child.height {
                    // An aspect child counts the width its height gives it, keeping it inside margins.
                    total = add(total, add(clamp(mul(constant(height), constant(ratio)), child, .horizontal), constant(node.margin)))
                    continue
                }
                switch child.width {
                case .fixed(let value): total = add(total, constant(value))
                case .fit: total = add(total, add(try measureWidth(child), constant(node.margin)))
                default:
                    try fail(incomplete(child.aspect != nil ? .aspectWidth(child) : .widthChild(node, child: child),
                                        at: child.aspect != nil ? child : node))
                }
            }
            width = total
        case .vgroup:
            var widest: Value?
            var counted = false
            for child in node.children {
                switch child.width {
                case .fixed(let value):
                    counted = true
                    if isHidden(child) { continue }
                    widest = maximum(widest ?? constant(0), constant(value))
                case .fit:
                    counted = true
                    if isHidden(child) { continue }
                    widest = maximum(widest ?? constant(0), try measureWidth(child))
                default: continue
                }
            }
            if let widest {
                width = add(constant(node.padding.horizontal), widest)
            } else if counted {
                width = constant(node.padding.horizontal)  // every sized child hidden (§6.2)
            } else {
                try fail(incomplete(.widthNoChild(node), at: node))
            }
        case .item where node.isDynamic:
            width = try contentSize(node).width
        case .item, .spacer, .overlay, .flow:
            try fail(incomplete(.noContent(node, .horizontal), at: node))
        }
        width = clamp(width, node, .horizontal)
        storeFitWidth(node, width)
        return width
    }

    mutating func measureHeight(_ node: PlanNode, width: Value) throws(LayoutError) -> Value {
        if let cached = cachedFitHeight(node, width: width) { return cached }
        var height: Value
        let innerWidth = sub(width, constant(node.padding.horizontal))
        let shown = node.hasOptionalChildren ? node.children.count { !isHidden($0) } : node.children.count
        switch node.kind {
        case .vgroup:
            var total = constant(node.padding.vertical + node.spacing.horizontal * Double(max(shown - 1, 0)))
            for child in node.children where !isHidden(child) {
                if let ratio = child.aspect {
                    // Its height follows from its width at this width.
                    let childWidth: Value
                    if case .fixed(let value) = child.width { childWidth = constant(value) } else { childWidth = clamp(innerWidth, child, .horizontal) }
                    total = add(total, add(clamp(div(childWidth, constant(ratio)), child, .vertical), constant(node.margin)))
                    continue
                }
                switch child.height {
                case .fixed(let value): total = add(total, constant(value))
                case .fit:
                    let measured = try measureHeight(child, width: try measureWidthForHeight(child, available: innerWidth))
                    total = add(total, add(measured, constant(node.margin)))
                default: try fail(incomplete(.heightChild(node, child: child), at: node))
                }
            }
            height = total
        case .hgroup:
            // Final widths are needed only by children whose height is fit.
            let slots = node.children.contains(where: { $0.height == .fit && !isHidden($0) })
                ? try mainSlots(node, innerMain: innerWidth, innerCross: constant(0), outerMain: width) : []
            var tallest: Value?
            var counted = false
            var fillingAspect: PlanNode?
            for (index, child) in node.children.enumerated() {
                switch child.height {
                case .fixed(let value):
                    counted = true
                    if isHidden(child) { continue }
                    tallest = maximum(tallest ?? constant(0), constant(value))
                case .fit:
                    counted = true
                    if isHidden(child) { continue }
                    let slot = slots[index]
                    let childWidth = slot.size ?? maximum(sub(slot.slot, constant(node.margin)), constant(0))
                    tallest = maximum(tallest ?? constant(0), try measureHeight(child, width: childWidth))
                default:
                    if child.aspect != nil, fillingAspect == nil, !isHidden(child) { fillingAspect = child }
                }
            }
            if let tallest {
                height = add(constant(node.padding.vertical), tallest)
            } else if counted {
                height = constant(node.padding.vertical)  // every sized child hidden (§6.2)
            } else if let fillingAspect {
                try fail(incomplete(.aspectHeight(fillingAspect), at: fillingAspect))
            } else {
                try fail(incomplete(.heightNoChild(node), at: node))
            }
        case .flow:
            try check(.negative(innerWidth), needs(node, constant(node.padding.horizontal), width, .padding(.horizontal)))
            let elements = try flowElements(node)
            try checkElementWidths(node, innerWidth: innerWidth)
            height = add(constant(node.padding.vertical), measureLines(node, elements, innerWidth: innerWidth).height)
        case .item where node.isDynamic:
            height = try contentSize(node).height
        case .item, .spacer, .overlay:
            try fail(incomplete(.noContent(node, .vertical), at: node))
        }
        height = clamp(height, node, .vertical)
        storeFitHeight(node, width: width, height)
        return height
    }
}
