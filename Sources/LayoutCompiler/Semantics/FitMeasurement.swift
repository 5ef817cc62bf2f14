/// Measuring `fit` sizes (docs/format.md §4.6). Widths never depend on heights; heights are
/// measured at a width. Results are cached per node, so a chain of fit groups is measured once
/// per level.
extension LayoutDomain {
    func incomplete(_ reason: IncompleteReason, at node: PlanNode) -> LayoutFailure<Self> {
        LayoutFailure(.incomplete(reason), at: node.location)
    }

    mutating func measureWidth(_ node: PlanNode) throws(LayoutError) -> Value {
        if let cached = cachedFitWidth(node) { return cached }
        let width: Value
        switch node.kind {
        case .hgroup:
            var total = constant(node.padding.horizontal + node.spacing.horizontal * Double(max(node.children.count - 1, 0)))
            for child in node.children {
                switch child.width {
                case .fixed(let value): total = add(total, constant(value))
                case .fit: total = add(total, add(try measureWidth(child), constant(node.margin)))
                default: try fail(incomplete(.widthChild(node, child: child), at: node))
                }
            }
            width = total
        case .vgroup:
            var widest: Value?
            for child in node.children {
                switch child.width {
                case .fixed(let value): widest = maximum(widest ?? constant(0), constant(value))
                case .fit: widest = maximum(widest ?? constant(0), try measureWidth(child))
                default: continue
                }
            }
            guard let widest else { try fail(incomplete(.widthNoChild(node), at: node)) }
            width = add(constant(node.padding.horizontal), widest)
        case .item, .spacer, .overlay, .flow:
            try fail(incomplete(.noContent(node, .horizontal), at: node))
        }
        storeFitWidth(node, width)
        return width
    }

    mutating func measureHeight(_ node: PlanNode, width: Value) throws(LayoutError) -> Value {
        if let cached = cachedFitHeight(node, width: width) { return cached }
        let height: Value
        let innerWidth = sub(width, constant(node.padding.horizontal))
        switch node.kind {
        case .vgroup:
            var total = constant(node.padding.vertical + node.spacing.horizontal * Double(max(node.children.count - 1, 0)))
            for child in node.children {
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
            let slots = node.children.contains(where: { $0.height == .fit })
                ? try mainSlots(node, innerMain: innerWidth, innerCross: constant(0), outerMain: width) : []
            var tallest: Value?
            for (index, child) in node.children.enumerated() {
                switch child.height {
                case .fixed(let value): tallest = maximum(tallest ?? constant(0), constant(value))
                case .fit:
                    let childWidth = maximum(sub(slots[index], constant(node.margin)), constant(0))
                    tallest = maximum(tallest ?? constant(0), try measureHeight(child, width: childWidth))
                default: continue
                }
            }
            guard let tallest else { try fail(incomplete(.heightNoChild(node), at: node)) }
            height = add(constant(node.padding.vertical), tallest)
        case .flow:
            try check(.negative(innerWidth), needs(node, constant(node.padding.horizontal), width, .padding(.horizontal)))
            let elements = try flowElements(node)
            try checkElementWidths(node, innerWidth: innerWidth)
            height = add(constant(node.padding.vertical), measureLines(node, elements, innerWidth: innerWidth).height)
        case .item, .spacer, .overlay:
            try fail(incomplete(.noContent(node, .vertical), at: node))
        }
        storeFitHeight(node, width: width, height)
        return height
    }
}
