import LayoutRuntime

/// hgroup and vgroup (docs/format.md §4.2): fixed, fit, percent and weighted flexible children
/// along the main axis, margins, and alignment or fill across.
extension LayoutDomain {
    mutating func layout(_ node: PlanNode, in frame: LayoutRect<Value>) throws(LayoutError) {
        self.frame(node, frame)
        switch node.kind {
        case .item, .spacer: return
        case .hgroup, .vgroup: try layoutGroup(node, in: frame)
        case .flow: try layoutFlow(node, in: frame)
        case .overlay: try layoutOverlay(node, in: frame)
        }
    }

    /// The root's frame: the container, or the safe area.
    mutating func layoutRoot() throws(LayoutError) {
        let root = plan.root
        let frame = root.safeArea
            ? try safeAreaRect(for: root)
            : LayoutRect(x: constant(0), y: constant(0), width: containerWidth, height: containerHeight)
        try layout(root, in: frame)
    }

    /// The container inset by the safe-area insets; a negative size is `outOfSpace` at `node`
    /// the first time it is needed (it is the same every time).
    mutating func safeAreaRect(for node: PlanNode) throws(LayoutError) -> LayoutRect<Value> {
        if let known = safeAreaCache { return known }
        let insets = safeAreaInsets
        let rect = LayoutRect(x: add(constant(0), insets.leading), y: add(constant(0), insets.top),
                              width: sub(sub(containerWidth, insets.leading), insets.trailing),
                              height: sub(sub(containerHeight, insets.top), insets.bottom))
        try check(.negative(rect.width), LayoutFailure(.safeArea(node, needed: add(insets.leading, insets.trailing),
                                                                 available: containerWidth), at: node.location))
        try check(.negative(rect.height), LayoutFailure(.safeArea(node, needed: add(insets.top, insets.bottom),
                                                                  available: containerHeight), at: node.location))
        safeAreaCache = rect
        return rect
    }

    func inset(_ rect: LayoutRect<Value>, by padding: EdgeInsets) -> LayoutRect<Value> {
        LayoutRect(x: add(rect.x, constant(padding.leading)), y: add(rect.y, constant(padding.top)),
                   width: sub(sub(rect.width, constant(padding.leading)), constant(padding.trailing)),
                   height: sub(sub(rect.height, constant(padding.top)), constant(padding.bottom)))
    }

    /// "N needs X pt[ what] but has Y pt" at `node`.
    func needs(_ node: PlanNode, _ needed: Value, _ available: Value, _ what: NeedsDetail = .total) -> LayoutFailure<Self> {
        LayoutFailure(.needs(node, needed: needed, available: available, what: what), at: node.location)
    }

    /// Checks that padding leaves a non-negative inner rect.
    mutating func checkPadding(_ node: PlanNode, frame: LayoutRect<Value>, inner: LayoutRect<Value>) throws(LayoutError) {
        try check(.negative(inner.width), needs(node, constant(node.padding.horizontal), frame.width, .padding(.horizontal)))
        try check(.negative(inner.height), needs(node, constant(node.padding.vertical), frame.height, .padding(.vertical)))
    }

    mutating func layoutGroup(_ node: PlanNode, in frame: LayoutRect<Value>) throws(LayoutError) {
        let horizontal = node.kind == .hgroup
        let inner = inset(frame, by: node.padding)
        try checkPadding(node, frame: frame, inner: inner)
        let innerCross = horizontal ? inner.height : inner.width
        let slots = try mainSlots(node, innerMain: horizontal ? inner.width : inner.height, innerCross: innerCross,
                                  outerMain: horizontal ? frame.width : frame.height)
        let margin = node.margin
        let spacing = node.spacing.horizontal
        // Every child's frame first, so the group's own errors come before any of its children's.
        var rects: [LayoutRect<Value>] = []
        rects.reserveCapacity(node.children.count)
        var position = horizontal ? inner.x : inner.y
        for (index, child) in node.children.enumerated() {
            let slot = slots[index]
            // Slots are never negative, so a zero margin always fits.
            if margin != 0 {
                try check(.notFits(constant(margin), slot),
                          LayoutFailure(.margin(node, margin: margin, slot: slot, child: child), at: node.location))
            }
            let mainStart = add(position, constant(margin / 2))
            let mainSize = maximum(sub(slot, constant(margin)), constant(0))
            if index < node.children.count - 1 {
                position = add(position, add(slot, constant(spacing)))
            }
            var crossSize = innerCross
            var crossStart = horizontal ? inner.y : inner.x
            let crossSpec = horizontal ? child.height : child.width
            if crossSpec.isFixedOrFit {
                crossSize = try measuredCross(child, spec: crossSpec, horizontalGroup: horizontal, mainSize: mainSize)
                let padding = horizontal ? node.padding.vertical : node.padding.horizontal
                try check(.notFits(crossSize, innerCross),
                          needs(node, add(crossSize, constant(padding)), horizontal ? frame.height : frame.width,
                                .cross(horizontal ? .vertical : .horizontal, child: child)))
                switch node.align {
                case .leading: break
                case .center: crossStart = add(crossStart, div(sub(innerCross, crossSize), constant(2)))
                case .trailing: crossStart = add(crossStart, sub(innerCross, crossSize))
                }
            }
            rects.append(horizontal
                ? LayoutRect(x: mainStart, y: crossStart, width: mainSize, height: crossSize)
                : LayoutRect(x: crossStart, y: mainStart, width: crossSize, height: mainSize))
        }
        try layoutChildren(of: node, in: rects)
    }

    /// A child's fixed or measured size across the group.
    mutating func measuredCross(_ child: PlanNode, spec: AxisSize, horizontalGroup: Bool, mainSize: Value) throws(LayoutError) -> Value {
        if case .fixed(let value) = spec { return constant(value) }
        // Across an hgroup a fit height is measured at the child's final width; across a
        // vgroup a fit width depends on nothing.
        return horizontalGroup ? try measureHeight(child, width: mainSize) : try measureWidth(child)
    }

    /// Each child's main-axis slot (steps 2–5), before margins: fixed sizes, fit sizes + margin,
    /// percent shares of the free space, then flexible shares of what is left.
    mutating func mainSlots(_ node: PlanNode, innerMain: Value, innerCross: Value, outerMain: Value) throws(LayoutError) -> [Value] {
        let horizontal = node.kind == .hgroup
        let children = node.children
        var slots = [Value](repeating: constant(0), count: children.count)
        var used = constant(node.spacing.horizontal * Double(max(children.count - 1, 0)))
        var totalWeight = 0.0
        var hasShares = false
        for (index, child) in children.enumerated() {
            switch horizontal ? child.width : child.height {
            case .fixed(let value):
                slots[index] = constant(value)
                used = add(used, constant(value))
            case .fit:
                let measured = horizontal
                    ? try measureWidth(child)
                    : try measureHeight(child, width: try measureWidthForHeight(child, available: innerCross))
                slots[index] = add(measured, constant(node.margin))
                used = add(used, slots[index])
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
        try check(.notFits(used, innerMain), needs(node, sub(add(used, outerMain), innerMain), outerMain))
        guard hasShares else { return slots }
        let shareable = maximum(sub(innerMain, used), constant(0))
        var left = shareable
        for (index, child) in children.enumerated() {
            if case .percent(let p) = horizontal ? child.width : child.height {
                slots[index] = mul(constant(p / 100), shareable)
                left = sub(left, slots[index])
            }
        }
        left = maximum(left, constant(0))
        guard totalWeight > 0 else { return slots }
        for (index, child) in children.enumerated() {
            switch horizontal ? child.width : child.height {
            case .flexible(let weight): slots[index] = div(mul(left, constant(weight)), constant(totalWeight))
            case .fill: slots[index] = div(left, constant(totalWeight))
            default: break
            }
        }
        return slots
    }

    /// The width a vgroup child's fit height is measured at: its fixed width, its fit width,
    /// or the group's inner width it fills.
    mutating func measureWidthForHeight(_ child: PlanNode, available: Value) throws(LayoutError) -> Value {
        switch child.width {
        case .fixed(let value): return constant(value)
        case .fit: return try measureWidth(child)
        default: return available
        }
    }
}
