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
        switch node.kind {
        case .hgroup:
            var total = spacingOfShown(node, padding: paddingSum(node, .horizontal))
            for child in node.children {
                let presence = self.presence(of: child, in: node)
                if presence.isHidden { continue }
                if let ratio = child.aspect, case .fixed(let height) = child.height {
                    // An aspect child counts the width its height gives it, keeping it inside margins.
                    let width = clamp(mul(fixed(height, child, .vertical), self.ratio(ratio, child)), child, .horizontal)
                    try whenPresent(presence) { (layout: inout Self) throws(LayoutError) in try layout.checkFinite(width, of: child, axis: .horizontal) }
                    total = add(total, counted(presence, add(width, marginValue(node))))
                    continue
                }
                switch child.width {
                case .fixed(let value): total = add(total, counted(presence, fixed(value, child, .horizontal)))
                case .fit:
                    let measured = try measured(presence) { (layout: inout Self) throws(LayoutError) in try layout.measureWidth(child) }
                    total = add(total, counted(presence, add(measured, marginValue(node))))
                default:
                    let failure = incomplete(child.aspect != nil ? .aspectWidth(child) : .widthChild(node, child: child),
                                             at: child.aspect != nil ? child : node)
                    try whenPresent(presence) { (layout: inout Self) throws(LayoutError) in try layout.fail(failure) }
                }
            }
            width = total
        case .vgroup:
            var widest: Value?
            var counted = false
            for child in node.children {
                let presence = self.presence(of: child, in: node)
                switch child.width {
                case .fixed(let value):
                    counted = true
                    if presence.isHidden { continue }
                    widest = maximum(widest ?? constant(0), self.counted(presence, fixed(value, child, .horizontal)))
                case .fit:
                    counted = true
                    if presence.isHidden { continue }
                    let measured = try measured(presence) { (layout: inout Self) throws(LayoutError) in try layout.measureWidth(child) }
                    widest = maximum(widest ?? constant(0), self.counted(presence, measured))
                default: continue
                }
            }
            if let widest {
                width = add(paddingSum(node, .horizontal), widest)
            } else if counted {
                width = paddingSum(node, .horizontal)  // every sized child hidden (§6.2)
            } else {
                try fail(incomplete(.widthNoChild(node), at: node))
            }
        case .item where node.isWrap:
            width = try measureWrap(node, width: nil).width  // its natural width (§7.1)
        case .item where node.isDynamic:
            width = try contentSize(node).width
        case .overlay:
            width = try measureOverlayWidth(node)
        case .item, .spacer, .flow:
            try fail(incomplete(.noContent(node, .horizontal), at: node))
        }
        width = clamp(width, node, .horizontal)
        storeFitWidth(node, width)
        return width
    }

    /// A wrap item's width where it has none of its own (§7.1): the width it is offered,
    /// clamped by its width bounds, measured, and clamped again.
    mutating func wrapWidth(_ node: PlanNode, offered: Value) throws(LayoutError) -> Value {
        clamp(try measureWrap(node, width: clamp(offered, node, .horizontal)).width, node, .horizontal)
    }

    mutating func measureHeight(_ node: PlanNode, width: Value) throws(LayoutError) -> Value {
        // A wrap item's measurements are cached by its measure (per width), not here.
        if node.isWrap { return clamp(try measureWrap(node, width: width).height, node, .vertical) }
        if let cached = cachedFitHeight(node, width: width) { return cached }
        var height: Value
        // Inset as a group's frame is (`inset`), so that what is measured here at the width a
        // group then gets is the same value, found in the caches (and in generated code the
        // same expression, written once).
        let innerWidth = sub(sub(width, paddingEdge(node, .paddingLeading)), paddingEdge(node, .paddingTrailing))
        switch node.kind {
        case .vgroup:
            var total = spacingOfShown(node, padding: paddingSum(node, .vertical))
            for child in node.children {
                let presence = self.presence(of: child, in: node)
                if presence.isHidden { continue }
                if let ratio = child.aspect {
                    // Its height follows from its width at this width.
                    let childWidth: Value
                    if case .fixed(let value) = child.width { childWidth = fixed(value, child, .horizontal) } else { childWidth = clamp(innerWidth, child, .horizontal) }
                    let height = clamp(div(childWidth, self.ratio(ratio, child)), child, .vertical)
                    try whenPresent(presence) { (layout: inout Self) throws(LayoutError) in try layout.checkFinite(height, of: child, axis: .vertical) }
                    total = add(total, counted(presence, add(height, marginValue(node))))
                    continue
                }
                switch child.height {
                case .fixed(let value): total = add(total, counted(presence, fixed(value, child, .vertical)))
                case .fit:
                    let measured = try measured(presence) { (layout: inout Self) throws(LayoutError) in
                        try layout.measureHeight(child, width: try layout.measureWidthForHeight(child, available: innerWidth))
                    }
                    total = add(total, counted(presence, add(measured, marginValue(node))))
                default:
                    let failure = incomplete(.heightChild(node, child: child), at: node)
                    try whenPresent(presence) { (layout: inout Self) throws(LayoutError) in try layout.fail(failure) }
                }
            }
            height = total
        case .hgroup:
            // Final widths are needed only by children whose height is fit, and only where one
            // of them is laid out: their checks must not fail where all of them are hidden.
            var slots: [GroupSlot<Value>] = []
            var flags: [Flag] = []
            var needsSlots = false
            for child in node.children where child.height == .fit {
                switch presence(of: child, in: node) {
                case .shown: needsSlots = true
                case .hidden: continue
                case .runtime(let flag): flags.append(flag)
                }
                if needsSlots { break }
            }
            if needsSlots {
                slots = try mainSlots(node, innerMain: innerWidth, innerCross: constant(0), outerMain: width)
            } else if let first = flags.first {
                try when(any(first, Array(flags.dropFirst()))) { (layout: inout Self) throws(LayoutError) in
                    slots = try layout.mainSlots(node, innerMain: innerWidth, innerCross: layout.constant(0), outerMain: width)
                }
                if slots.isEmpty {
                    // It threw wherever those children are laid out: nothing reads these there.
                    slots = node.children.map { _ in GroupSlot(slot: constant(0)) }
                }
            }
            var tallest: Value?
            var counted = false
            var fillingAspects: [Presence<Flag>] = []
            var fillingAspectNodes: [PlanNode] = []
            for (index, child) in node.children.enumerated() {
                let presence = self.presence(of: child, in: node)
                switch child.height {
                case .fixed(let value):
                    counted = true
                    if presence.isHidden { continue }
                    tallest = maximum(tallest ?? constant(0), self.counted(presence, fixed(value, child, .vertical)))
                case .fit:
                    counted = true
                    if presence.isHidden { continue }
                    let slot = slots[index]
                    let childWidth = slot.size ?? maximum(sub(slot.slot, marginValue(node)), constant(0))
                    let measured = try measured(presence) { (layout: inout Self) throws(LayoutError) in
                        try layout.measureHeight(child, width: childWidth)
                    }
                    tallest = maximum(tallest ?? constant(0), self.counted(presence, measured))
                default:
                    if child.aspect != nil, !presence.isHidden {
                        fillingAspects.append(presence)
                        fillingAspectNodes.append(child)
                    }
                }
            }
            recycle(consume slots)
            if let tallest {
                height = add(paddingSum(node, .vertical), tallest)
            } else if counted {
                height = paddingSum(node, .vertical)  // every sized child hidden (§6.2)
            } else {
                // The first aspect child laid out is the one that cannot be measured.
                for (presence, child) in zip(fillingAspects, fillingAspectNodes) {
                    try whenPresent(presence) { (layout: inout Self) throws(LayoutError) in
                        try layout.fail(layout.incomplete(.aspectHeight(child), at: child))
                    }
                }
                try fail(incomplete(.heightNoChild(node), at: node))
            }
        case .flow:
            try check(.negative(innerWidth), needs(node, paddingSum(node, .horizontal), width, .padding(.horizontal)))
            let elements = try flowElements(node)
            try checkElementWidths(node, innerWidth: innerWidth)
            height = add(paddingSum(node, .vertical), measureLines(node, elements, innerWidth: innerWidth).height)
        case .item where node.isDynamic:
            height = try contentSize(node).height
        case .overlay:
            height = try measureOverlayHeight(node, width: width)
        case .item, .spacer:
            try fail(incomplete(.noContent(node, .vertical), at: node))
        }
        height = clamp(height, node, .vertical)
        storeFitHeight(node, width: width, height)
        return height
    }
}
