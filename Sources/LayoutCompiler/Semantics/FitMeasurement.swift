/// Measuring `fit` sizes (SPEC §4.6). Widths never depend on heights; heights are measured at
/// a width. Results are cached per node, so a chain of fit groups is measured once per level.
extension LayoutRun {
    mutating func measureWidth(_ node: PlanNode) throws(LayoutError) -> Double {
        let cached = fitWidths[node.id]
        if !cached.isNaN { return cached }
        let width: Double
        switch node.kind {
        case .hgroup:
            var total = node.padding.horizontal + node.spacing.horizontal * Double(max(node.children.count - 1, 0))
            for child in node.children {
                switch child.width {
                case .fixed(let value): total += value
                case .fit: total += try measureWidth(child) + node.margin
                default: throw incomplete(node, "\(node.title) cannot measure its width: \(child.title) has no fixed or fit width")
                }
            }
            width = total
        case .vgroup:
            var widest: Double?
            for child in node.children {
                switch child.width {
                case .fixed(let value): widest = max(widest ?? 0, value)
                case .fit: widest = max(widest ?? 0, try measureWidth(child))
                default: continue
                }
            }
            guard let widest else { throw incomplete(node, "\(node.title) cannot measure its width: no child has a fixed or fit width") }
            width = node.padding.horizontal + widest
        case .item, .spacer, .overlay, .flow:
            throw incomplete(node, "\(node.title) has no content to measure a width from")
        }
        fitWidths[node.id] = width
        return width
    }

    mutating func measureHeight(_ node: PlanNode, width: Double) throws(LayoutError) -> Double {
        if fitHeightWidths[node.id] == width { return fitHeights[node.id] }
        let height: Double
        let innerWidth = width - node.padding.horizontal
        switch node.kind {
        case .vgroup:
            var total = node.padding.vertical + node.spacing.horizontal * Double(max(node.children.count - 1, 0))
            for child in node.children {
                switch child.height {
                case .fixed(let value): total += value
                case .fit: total += try measureHeight(child, width: try measureWidthForHeight(child, available: innerWidth)) + node.margin
                default: throw incomplete(node, "\(node.title) cannot measure its height: \(child.title) has no fixed or fit height")
                }
            }
            height = total
        case .hgroup:
            // Final widths are needed only by children whose height is fit.
            let slots = node.children.contains(where: { $0.height == .fit })
                ? try mainSlots(node, innerMain: innerWidth, innerCross: 0, outerMain: width) : []
            var tallest: Double?
            for (index, child) in node.children.enumerated() {
                switch child.height {
                case .fixed(let value): tallest = max(tallest ?? 0, value)
                case .fit: tallest = max(tallest ?? 0, try measureHeight(child, width: max(slots[index] - node.margin, 0)))
                default: continue
                }
            }
            guard let tallest else { throw incomplete(node, "\(node.title) cannot measure its height: no child has a fixed or fit height") }
            height = node.padding.vertical + tallest
        case .flow:
            if Tolerance.isNegative(innerWidth) {
                throw needs(node, node.padding.horizontal, width, " of horizontal padding")
            }
            let elements = try flowElements(node)
            height = node.padding.vertical + (try flowLinesHeight(node, elements, innerWidth: innerWidth))
        case .item, .spacer, .overlay:
            throw incomplete(node, "\(node.title) has no content to measure a height from")
        }
        fitHeightWidths[node.id] = width
        fitHeights[node.id] = height
        return height
    }
}
