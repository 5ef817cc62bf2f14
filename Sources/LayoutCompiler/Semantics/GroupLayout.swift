import LayoutRuntimeCore

/// hgroup and vgroup (docs/format.md §4.2): fixed, fit, percent and weighted flexible children
/// along the main axis, margins, and alignment or fill across.
extension LayoutDomain {
    /// `placedByGroup`: the frame is an hgroup's or vgroup's child's, finite by its group's checks
    /// (`FiniteValues`), so not checked again.
    mutating func layout(_ node: PlanNode, in frame: LayoutRect<Value>, placedByGroup: Bool = false) throws(LayoutError) {
        if !placedByGroup { try checkFinite(frame, of: node) }
        self.frame(node, frame)
        switch node.kind {
        case .item, .spacer: return
        case .hgroup, .vgroup: try layoutGroup(node, in: frame)
        case .flow: try layoutFlow(node, in: frame)
        case .overlay: try layoutOverlay(node, in: frame)
        }
    }

    /// The root's frame: the container, or the safe area; first the container's size, where the
    /// layout's `fit` makes it an output.
    mutating func layoutRoot() throws(LayoutError) {
        let root = plan.root
        if let fit = plan.fit { try measureContainer(fit) }
        let frame = root.safeArea
            ? try safeAreaRect(for: root)
            : LayoutRect(x: constant(0), y: constant(0), width: containerWidth, height: containerHeight)
        try layout(root, in: frame)
    }

    /// docs/format.md §7.3: the root's fit on each fitted axis (widths first), measured at the
    /// root's extent on the other, plus the safe-area insets of that axis when the root is in
    /// the safe area; the layout is then computed in a container of that size.
    mutating func measureContainer(_ fit: LayoutFit) throws(LayoutError) {
        let root = plan.root
        let insets = safeAreaInsets
        if fit.fitsWidth {
            var width = try measureWidth(root)
            if root.safeArea { width = add(add(width, insets.leading), insets.trailing) }
            fitContainer(width: width, height: nil)
        }
        if fit.fitsHeight {
            var extent = containerWidth
            if root.safeArea {
                extent = sub(sub(containerWidth, insets.leading), insets.trailing)
                try check(.negative(extent), LayoutFailure(.safeArea(root, needed: add(insets.leading, insets.trailing),
                                                                     available: containerWidth), at: root.location))
            }
            var height = try measureHeight(root, width: extent)
            if root.safeArea { height = add(add(height, insets.top), insets.bottom) }
            fitContainer(width: nil, height: height)
        }
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

    /// `rect` inside the node's padding.
    func inset(_ rect: LayoutRect<Value>, byPaddingOf node: PlanNode) -> LayoutRect<Value> {
        let leading = paddingEdge(node, .paddingLeading), top = paddingEdge(node, .paddingTop)
        return LayoutRect(x: add(rect.x, leading), y: add(rect.y, top),
                          width: sub(sub(rect.width, leading), paddingEdge(node, .paddingTrailing)),
                          height: sub(sub(rect.height, top), paddingEdge(node, .paddingBottom)))
    }

    /// "N needs X pt[ what] but has Y pt" at `node`.
    func needs(_ node: PlanNode, _ needed: Value, _ available: Value, _ what: NeedsDetail = .total) -> LayoutFailure<Self> {
        LayoutFailure(.needs(node, needed: needed, available: available, what: what), at: node.location)
    }

    /// Checks that padding leaves a non-negative inner rect.
    @inline(__always)
    mutating func checkPadding(_ node: PlanNode, frame: LayoutRect<Value>, inner: LayoutRect<Value>) throws(LayoutError) {
        try check(.negative(inner.width), needs(node, paddingSum(node, .horizontal), frame.width, .padding(.horizontal)))
        try check(.negative(inner.height), needs(node, paddingSum(node, .vertical), frame.height, .padding(.vertical)))
    }

    mutating func layoutGroup(_ node: PlanNode, in frame: LayoutRect<Value>) throws(LayoutError) {
        let horizontal = node.kind == .hgroup
        let inner = inset(frame, byPaddingOf: node)
        try checkPadding(node, frame: frame, inner: inner)
        let innerCross = horizontal ? inner.height : inner.width
        let slots = try mainSlots(node, innerMain: horizontal ? inner.width : inner.height, innerCross: innerCross,
                                  outerMain: horizontal ? frame.width : frame.height)
        let spacing = spacingValue(node)
        // Read once: the rects' writes through the buffer made the loop read them again per child.
        let margin = marginValue(node)
        let spaced = hasChildSpaces(node)
        // Every child's frame first, so the group's own errors come before any of its children's.
        // Hidden children keep the group's frame: the indices stay aligned.
        var rects = self.rects(node.children.count, filledWith: frame)
        var position = horizontal ? inner.x : inner.y
        let last = node.hasOptionalChildren ? node.children.lastIndex { !presence($0).isHidden } ?? -1 : node.children.count - 1
        // Written through the buffer (as many rects as children): a write to the array in the
        // loop checked its uniqueness for every child.
        try rects.withUnsafeMutableBufferPointer { (rects) throws(LayoutError) in
        rects.update(repeating: frame)
        try node.forEachChild { (index, child) throws(LayoutError) in
            let presence = self.presence(of: child, in: node)
            // Never laid out (`layoutChildren` skips hidden children).
            if index > last || presence.isHidden { return }
            let slot = slots[index]
            // §8.4: the child's own space before its slot, and (below) after it.
            var before = 0.0
            var start = position
            if _slowPath(spaced) {
                before = child.spaceBefore
                if before != 0 || isParameter(child, .spaceBefore) { start = add(position, number(before, child, .spaceBefore)) }
            }
            switch presence {
            case .shown, .hidden:
                rects[index] = try childRect(child, of: node, horizontal: horizontal, margin: margin, slot: slot, start: start,
                                           inner: inner, frame: frame)
            case .runtime(let flag):
                var rect = frame
                try when(flag) { (layout: inout Self) throws(LayoutError) in
                    rect = try layout.childRect(child, of: node, horizontal: horizontal, margin: margin, slot: slot,
                                                start: start, inner: inner, frame: frame)
                }
                rects[index] = rect
            }
            if index < last {
                var advance = add(slot.slot, spacing)
                if _slowPath(spaced) {
                    let after = child.spaceAfter
                    if before + after != 0 || isParameter(child, .spaceBefore) || isParameter(child, .spaceAfter) {
                        advance = add(advance, add(number(before, child, .spaceBefore), number(after, child, .spaceAfter)))
                    }
                }
                position = add(position, counted(presence, advance))
            }
        }
        }
        try layoutChildren(of: node, in: rects)
        recycle(consume rects)
        recycle(consume slots)
    }

    /// A shown child's frame in its slot, which starts at `start` on the main axis: inside the
    /// margins, and placed across by its size and the group's alignment. `horizontal` and
    /// `margin` are the group's.
    mutating func childRect(_ child: PlanNode, of node: PlanNode, horizontal: Bool, margin: Value, slot: GroupSlot<Value>,
                            start: Value, inner: LayoutRect<Value>, frame: LayoutRect<Value>) throws(LayoutError) -> LayoutRect<Value> {
        let crossAxis: Axis = horizontal ? .vertical : .horizontal
        let innerCross = horizontal ? inner.height : inner.width
        let mainStart = add(start, div(margin, constant(2)))
        let mainSize: Value
        if let size = slot.size {
            // A bounded or aspect child keeps its size; its slot is that size + margin.
            mainSize = size
        } else {
            // Slots are never negative, so a zero margin always fits.
            if node.margin != 0 || isParameter(node, .margin) {
                try check(.notFits(margin, slot.slot),
                          LayoutFailure(.margin(node, margin: margin, slot: slot.slot, child: child), at: node.location))
            }
            mainSize = maximum(sub(slot.slot, margin), constant(0))
        }
        var crossSize = innerCross
        var crossStart = horizontal ? inner.y : inner.x
        let crossSpec = horizontal ? child.height : child.width
        if crossSpec.isFixedOrFit || hasBoundValues(child, crossAxis) {
            (crossStart, crossSize) = try placedAcross(child, of: node, horizontal: horizontal, spec: crossSpec, mainSize: mainSize,
                                                       start: crossStart, inner: inner, frame: frame)
        }
        return horizontal
            ? LayoutRect(x: mainStart, y: crossStart, width: mainSize, height: crossSize)
            : LayoutRect(x: crossStart, y: mainStart, width: crossSize, height: mainSize)
    }

    /// Where a child of a fixed, fit or bounded cross size goes across the group (from `start`,
    /// the inner rect's edge), and that size. A function of its own: most children fill across,
    /// and this kept `childRect`'s loop in registers less well (issue 22).
    @inline(never)
    mutating func placedAcross(_ child: PlanNode, of node: PlanNode, horizontal: Bool, spec crossSpec: AxisSize, mainSize: Value,
                               start: Value, inner: LayoutRect<Value>, frame: LayoutRect<Value>) throws(LayoutError) -> (Value, Value) {
        let crossAxis: Axis = horizontal ? .vertical : .horizontal
        let innerCross = horizontal ? inner.height : inner.width
        var crossStart = start
        let crossSize = crossSpec.isFixedOrFit
            ? try measuredCross(child, spec: crossSpec, horizontalGroup: horizontal, mainSize: mainSize, innerCross: innerCross)
            : clamp(innerCross, child, crossAxis)
        let padding = paddingSum(node, horizontal ? .vertical : .horizontal)
        try check(.notFits(crossSize, innerCross),
                  needs(node, add(crossSize, padding), horizontal ? frame.height : frame.width,
                        .cross(crossAxis, child: child)))
        // §8.3: the child's own alignment over its group's.
        switch child.alignSelf ?? node.align {
        case .leading: break
        case .center: crossStart = add(crossStart, div(sub(innerCross, crossSize), constant(2)))
        case .trailing: crossStart = add(crossStart, sub(innerCross, crossSize))
        }
        return (crossStart, crossSize)
    }

    /// `size` within the node's bounds on that axis (docs/format.md §6.4): unchanged without any.
    func clamp(_ size: Value, _ node: PlanNode, _ axis: Axis) -> Value {
        guard hasParameters else {
            // The engine's: the plan's numbers. `hasBounds` here, inlined: most nodes have none,
            // and `bounds` is a call.
            guard node.hasBounds, let bounds = node.bounds(axis) else { return size }
            let capped = bounds.maximum.isFinite ? minimum(size, constant(bounds.maximum)) : size
            return maximum(constant(bounds.minimum), capped)
        }
        guard let bounds = boundValues(node, axis) else { return size }
        let capped = bounds.maximum.map { minimum(size, $0) } ?? size
        return maximum(bounds.minimum, capped)
    }

    /// A child's fixed or measured size across the group (measured sizes come clamped).
    mutating func measuredCross(_ child: PlanNode, spec: AxisSize, horizontalGroup: Bool, mainSize: Value,
                                innerCross: Value) throws(LayoutError) -> Value {
        if case .fixed(let value) = spec { return fixed(value, child, horizontalGroup ? .vertical : .horizontal) }
        // Across an hgroup a fit height is measured at the child's final width; across a
        // vgroup a fit width depends on nothing but what a wrap item is offered (§7.1).
        if horizontalGroup { return try measureHeight(child, width: mainSize) }
        return child.isWrap ? try wrapWidth(child, offered: innerCross) : try measureWidth(child)
    }

    /// An aspect child's size along the group's main axis (§6.5): from its cross size (fixed, or
    /// the inner cross extent it fills, clamped), then clamped on the main axis.
    func aspectMainSize(_ child: PlanNode, ratio: Double, horizontalGroup: Bool, innerCross: Value) -> Value {
        let crossSpec = horizontalGroup ? child.height : child.width
        let cross: Value
        if case .fixed(let value) = crossSpec {
            cross = fixed(value, child, horizontalGroup ? .vertical : .horizontal)
        } else {
            cross = clamp(innerCross, child, horizontalGroup ? .vertical : .horizontal)
        }
        let ratio = self.ratio(ratio, child)
        return clamp(horizontalGroup ? mul(cross, ratio) : div(cross, ratio),
                     child, horizontalGroup ? .horizontal : .vertical)
    }

    /// Each child's main-axis slot (steps 2–5), before margins: fixed sizes, fit sizes + margin,
    /// percent shares of the free space, then flexible shares of what is left. Hidden children
    /// get none (and a child shown only at run time adds its slot only then). With bounds or
    /// aspect ratios among the children, §6.4's rules apply.
    mutating func mainSlots(_ node: PlanNode, innerMain: Value, innerCross: Value, outerMain: Value) throws(LayoutError) -> [GroupSlot<Value>] {
        var slots = self.slots(node.children.count, filledWith: GroupSlot(slot: constant(0)))
        // Written through the buffer (as many slots as children): a write to the array checked
        // its uniqueness for every child.
        try slots.withUnsafeMutableBufferPointer { (slots) throws(LayoutError) in
            // Hidden children's stay 0.
            slots.update(repeating: GroupSlot(slot: constant(0)))
            try writeMainSlots(node, into: slots, innerMain: innerMain, innerCross: innerCross, outerMain: outerMain)
        }
        return slots
    }

    /// `mainSlots` into `slots`, one per child.
    mutating func writeMainSlots(_ node: PlanNode, into slots: UnsafeMutableBufferPointer<GroupSlot<Value>>,
                                 innerMain: Value, innerCross: Value, outerMain: Value) throws(LayoutError) {
        let horizontal = node.kind == .hgroup
        let mainAxis: Axis = horizontal ? .horizontal : .vertical
        // The paths of §6.4 and §7.2 are functions of their own: inside this one, they made it too
        // large for its last loops' closures to be inlined (a call per child, issue 22).
        let bounded = node.hasOptionalChildren || node.hasLimitedChildren ? boundedPresence(node, axis: mainAxis) : .hidden
        let margin = marginValue(node)
        var used = spacingOfShown(node)
        var totalWeight = constant(0)
        var hasShares = false
        var hasFlexible = false
        try node.forEachChild { (index, child) throws(LayoutError) in
            let presence = self.presence(of: child, in: node)
            if presence.isHidden { return }
            if let ratio = child.aspect {
                let size = aspectMainSize(child, ratio: ratio, horizontalGroup: horizontal, innerCross: innerCross)
                try whenPresent(presence) { (layout: inout Self) throws(LayoutError) in
                    try layout.checkFinite(size, of: child, axis: horizontal ? .horizontal : .vertical)
                }
                slots[index] = GroupSlot(slot: add(size, margin), size: size)
                used = add(used, counted(presence, slots[index].slot))
                return
            }
            switch horizontal ? child.width : child.height {
            case .fixed(let value):
                let size = fixed(value, child, mainAxis)
                slots[index] = GroupSlot(slot: size)
                used = add(used, counted(presence, size))
            case .fit:
                let size = try measured(presence) { (layout: inout Self) throws(LayoutError) in
                    horizontal
                        ? try layout.measureWidth(child)
                        : try layout.measureHeight(child, width: try layout.measureWidthForHeight(child, available: innerCross))
                }
                // A child that may give way keeps its size inside the margins (§7.2), shrunk or not.
                let keepsSize = (child.shrink > 0 && !isParameter(child, .shrink)) || hasBoundValues(child, mainAxis)
                // (`hasParameters` first: false in the engine, whose walk then has no call here.)
                slots[index] = GroupSlot(slot: add(size, margin), size: keepsSize ? size : hasParameters ? keptSize(child, size, margin: margin) : nil)
                used = add(used, counted(presence, slots[index].slot))
            case .percent:
                hasShares = true
            case .flexible(let weight):
                totalWeight = add(totalWeight, counted(presence, number(weight, child, .flexible)))
                hasShares = true
                hasFlexible = true
            case .fill:
                totalWeight = add(totalWeight, counted(presence, constant(1)))
                hasShares = true
                hasFlexible = true
            }
        }
        var needed = used
        // §7.2: only a group that may not fit gathers the children that give way (with their
        // sizes as counted in `used`) and shrinks them; the others keep their slots.
        if hasShrinkingChildren(node), mayHold(.notFits(used, innerMain)) {
            needed = shrinkChildren(node, slots: slots, used: used, innerMain: innerMain)
        }
        try check(.notFits(needed, innerMain), needs(node, sub(add(needed, outerMain), innerMain), outerMain))
        // After shrinking, `used` exceeds the extent: nothing is left to share (free = 0).
        guard hasShares else { return }
        let shareable = maximum(sub(innerMain, used), constant(0))
        var left = shareable
        node.forEachChild { (index, child) in
            guard case .percent(let p) = horizontal ? child.width : child.height else { return }
            let presence = self.presence(of: child, in: node)
            if presence.isHidden { return }
            let share = mul(div(number(p, child, .percent), constant(100)), shareable)
            if hasBoundValues(child, mainAxis) {
                // The bound is the child's, inside its margins (docs/choices.md).
                let size = clamp(sub(share, margin), child, mainAxis)
                slots[index] = GroupSlot(slot: add(size, margin), size: size)
            } else {
                slots[index] = GroupSlot(slot: share)
            }
            left = sub(left, counted(presence, slots[index].slot))
        }
        left = maximum(left, constant(0))
        guard hasFlexible else {
            try checkTotal(node, slots, bounded: bounded, innerMain: innerMain, outerMain: outerMain)
            return
        }
        if bounded.isHidden || !hasBoundedFlexibleChild(node, axis: mainAxis) {
            node.forEachChild { (index, child) in
                if child.aspect != nil || presence(of: child, in: node).isHidden { return }
                switch horizontal ? child.width : child.height {
                case .flexible(let weight): slots[index] = GroupSlot(slot: div(mul(left, number(weight, child, .flexible)), totalWeight))
                case .fill: slots[index] = GroupSlot(slot: div(left, totalWeight))
                default: break
                }
            }
            try checkTotal(node, slots, bounded: bounded, innerMain: innerMain, outerMain: outerMain)
            return
        }
        writeBoundedFlexibleSlots(node, into: slots, left: left, axis: mainAxis)
        try checkTotal(node, slots, bounded: bounded, innerMain: innerMain, outerMain: outerMain)
    }

    /// Whether a child with a main bound or an aspect ratio is laid out (then §6.4.3's check).
    @inline(never)
    func boundedPresence(_ node: PlanNode, axis mainAxis: Axis) -> Presence<Flag> {
        var bounded: Presence<Flag> = .hidden
        // Without an array of presences: the engine's are all known, and this runs per group.
        var flags: [Flag] = []
        node.forEachChild { child in
            // Past the first bounded child shown, nothing changes `bounded`.
            if case .shown = bounded { return }
            guard child.aspect != nil || hasBoundValues(child, mainAxis) else { return }
            let presence = self.presence(of: child, in: node)
            if case .shown = presence { bounded = .shown }
            if case .runtime(let flag) = presence { flags.append(flag) }
        }
        if case .hidden = bounded, let first = flags.first { bounded = .runtime(any(first, Array(flags.dropFirst()))) }
        return bounded
    }

    /// Whether a flexible child laid out has a main bound: without one, the freeze loop's first
    /// round is the plain share (every share is ≥ 0, so clamping to 0 … ∞ changes nothing) and
    /// the loop ends there.
    @inline(never)
    func hasBoundedFlexibleChild(_ node: PlanNode, axis mainAxis: Axis) -> Bool {
        let horizontal = mainAxis == .horizontal
        var found = false
        node.forEachChild { child in
            guard !found, child.aspect == nil, hasBoundValues(child, mainAxis), !presence(of: child, in: node).isHidden else { return }
            switch horizontal ? child.width : child.height {
            case .flexible, .fill: found = true
            default: break
            }
        }
        return found
    }

    /// The flexible children's slots by §6.4's freeze loop, `left` shared between them.
    @inline(never)
    mutating func writeBoundedFlexibleSlots(_ node: PlanNode, into slots: UnsafeMutableBufferPointer<GroupSlot<Value>>,
                                            left: Value, axis mainAxis: Axis) {
        let horizontal = mainAxis == .horizontal
        let margin = marginValue(node)
        var flexible: [Int] = [], weights: [Value] = [], minimums: [Value] = [], maximums: [Value] = []
        var presences: [Presence<Flag>] = []
        var runtime = false
        node.forEachChild { (index, child) in
            guard child.aspect == nil else { return }
            let presence = self.presence(of: child, in: node)
            if presence.isHidden { return }
            let weight: Value
            switch horizontal ? child.width : child.height {
            case .flexible(let value): weight = number(value, child, .flexible)
            case .fill: weight = constant(1)
            default: return
            }
            flexible.append(index)
            weights.append(weight)
            presences.append(presence)
            if case .runtime = presence { runtime = true }
            if let bounds = boundValues(child, mainAxis) {
                minimums.append(add(bounds.minimum, margin))
                maximums.append(add(bounds.maximum ?? constant(.infinity), margin))
            } else {
                minimums.append(constant(0))
                maximums.append(constant(.infinity))
            }
        }
        let resolved = resolveFlexible(left, weights: weights, minimums: minimums, maximums: maximums,
                                       presences: runtime ? presences : nil)
        for (position, index) in flexible.enumerated() {
            slots[index] = GroupSlot(slot: resolved[position])
        }
    }

    /// §6.4.3: minimum sizes can make the children need more than the group has (checked where a
    /// bounded or aspect child is laid out).
    mutating func checkTotal(_ node: PlanNode, _ slots: UnsafeMutableBufferPointer<GroupSlot<Value>>, bounded: Presence<Flag>,
                             innerMain: Value, outerMain: Value) throws(LayoutError) {
        try whenPresent(bounded) { (layout: inout Self) throws(LayoutError) in
            var total = layout.spacingOfShown(node)
            node.forEachChild { (index, child) in
                let presence = layout.presence(of: child, in: node)
                if presence.isHidden { return }
                total = layout.add(total, layout.counted(presence, slots[index].slot))
            }
            try layout.check(.notFits(total, innerMain), layout.needs(node, layout.sub(layout.add(total, outerMain), innerMain), outerMain))
        }
    }

    /// The width a vgroup child's fit height is measured at: its fixed width, its fit width,
    /// or the group's inner width it fills (clamped by its bounds).
    mutating func measureWidthForHeight(_ child: PlanNode, available: Value) throws(LayoutError) -> Value {
        switch child.width {
        case .fixed(let value): return fixed(value, child, .horizontal)
        case .fit: return child.isWrap ? try wrapWidth(child, offered: available) : try measureWidth(child)
        default: return clamp(available, child, .horizontal)
        }
    }
}

/// A group child's share of the main axis: its slot, and for a child that keeps its own size
/// inside the margins (bounded, aspect), that size.
struct GroupSlot<Value> {
    var slot: Value
    var size: Value?
}

extension PlanNode {
    /// The node's bounds on one axis, nil when it has none there.
    func bounds(_ axis: Axis) -> (minimum: Double, maximum: Double)? {
        guard hasBounds else { return nil }
        let minimum = axis == .horizontal ? minWidth : minHeight
        let maximum = axis == .horizontal ? maxWidth : maxHeight
        return minimum == 0 && maximum == .infinity ? nil : (minimum, maximum)
    }
}
