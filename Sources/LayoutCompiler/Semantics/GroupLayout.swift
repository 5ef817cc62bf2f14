import LayoutRuntime

/// hgroup and vgroup (SPEC §4.2): fixed, fit, percent and weighted flexible children along the
/// main axis, Shinpuru margins, and alignment or fill across.
extension LayoutRun {
    mutating func layoutGroup(_ node: PlanNode, in frame: Rect) throws(LayoutError) {
        let horizontal = node.kind == .hgroup
        let inner = frame.inset(by: node.padding)
        if Tolerance.isNegative(inner.width) {
            throw needs(node, node.padding.horizontal, frame.width, " of horizontal padding")
        }
        if Tolerance.isNegative(inner.height) {
            throw needs(node, node.padding.vertical, frame.height, " of vertical padding")
        }
        let innerCross = horizontal ? inner.height : inner.width
        let slots = try mainSlots(node, innerMain: horizontal ? inner.width : inner.height, innerCross: innerCross,
                                  outerMain: horizontal ? frame.width : frame.height)
        let margin = node.margin
        let spacing = node.spacing.horizontal
        // Every child's frame first, so the group's own errors come before any of its children's.
        var rects: [Rect] = []
        rects.reserveCapacity(node.children.count)
        var position = horizontal ? inner.minX : inner.minY
        for (index, child) in node.children.enumerated() {
            let slot = slots[index]
            if !Tolerance.fits(margin, in: slot) {
                throw outOfSpace(node, LayoutMessages.margin(node.title, margin, slot, child: child.title))
            }
            let mainStart = position + margin / 2
            let mainSize = max(slot - margin, 0)
            position += slot + spacing

            var crossSize = innerCross
            var crossStart = horizontal ? inner.minY : inner.minX
            let crossSpec = horizontal ? child.height : child.width
            if crossSpec.isFixedOrFit {
                crossSize = try measuredCross(child, spec: crossSpec, horizontalGroup: horizontal, mainSize: mainSize)
                if !Tolerance.fits(crossSize, in: innerCross) {
                    throw needs(node, crossSize + (horizontal ? node.padding.vertical : node.padding.horizontal),
                                horizontal ? frame.height : frame.width, " of \(horizontal ? "height" : "width") for \(child.title)")
                }
                switch node.align {
                case .leading: break
                case .center: crossStart += (innerCross - crossSize) / 2
                case .trailing: crossStart += innerCross - crossSize
                }
            }
            rects.append(horizontal
                ? Rect(x: mainStart, y: crossStart, width: mainSize, height: crossSize)
                : Rect(x: crossStart, y: mainStart, width: crossSize, height: mainSize))
        }
        for (child, rect) in zip(node.children, rects) {
            try layout(child, in: rect)
        }
    }

    /// A child's fixed or measured size across the group.
    mutating func measuredCross(_ child: PlanNode, spec: AxisSize, horizontalGroup: Bool, mainSize: Double) throws(LayoutError) -> Double {
        if case .fixed(let value) = spec { return value }
        // Across an hgroup a fit height is measured at the child's final width; across a
        // vgroup a fit width depends on nothing.
        return horizontalGroup ? try measureHeight(child, width: mainSize) : try measureWidth(child)
    }

    /// Each child's main-axis slot (steps 2–5), before margins: fixed sizes, fit sizes + margin,
    /// percent shares of the free space, then flexible shares of what is left.
    mutating func mainSlots(_ node: PlanNode, innerMain: Double, innerCross: Double, outerMain: Double) throws(LayoutError) -> [Double] {
        let horizontal = node.kind == .hgroup
        let children = node.children
        var slots = [Double](repeating: 0, count: children.count)
        var used = node.spacing.horizontal * Double(max(children.count - 1, 0))
        var totalWeight = 0.0
        var hasShares = false
        for (index, child) in children.enumerated() {
            switch horizontal ? child.width : child.height {
            case .fixed(let value):
                slots[index] = value
                used += value
            case .fit:
                let measured = horizontal
                    ? try measureWidth(child)
                    : try measureHeight(child, width: try measureWidthForHeight(child, available: innerCross))
                slots[index] = measured + node.margin
                used += slots[index]
            case .percent:
                hasShares = true
            case .flexible(let weight):
                totalWeight += weight
                hasShares = true
            case .fill:
                totalWeight += 1
                hasShares = true
            }
        }
        let free = innerMain - used
        if !Tolerance.fits(used, in: innerMain) {
            throw needs(node, used + outerMain - innerMain, outerMain)
        }
        guard hasShares else { return slots }
        let shareable = max(free, 0)
        var left = shareable
        for (index, child) in children.enumerated() {
            if case .percent(let p) = horizontal ? child.width : child.height {
                slots[index] = p / 100 * shareable
                left -= slots[index]
            }
        }
        left = max(left, 0)
        guard totalWeight > 0 else { return slots }
        for (index, child) in children.enumerated() {
            switch horizontal ? child.width : child.height {
            case .flexible(let weight): slots[index] = left * weight / totalWeight
            case .fill: slots[index] = left / totalWeight
            default: break
            }
        }
        return slots
    }

    /// The width a vgroup child's fit height is measured at: its fixed width, its fit width,
    /// or the group's inner width it fills.
    mutating func measureWidthForHeight(_ child: PlanNode, available: Double) throws(LayoutError) -> Double {
        switch child.width {
        case .fixed(let value): return value
        case .fit: return try measureWidth(child)
        default: return available
        }
    }
}
