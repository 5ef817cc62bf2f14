import LayoutRuntimeCore

/// overlay (docs/format.md §4.5): each child placed on its own inside the overlay's frame, or
/// inside its intersection with the safe area, by anchors solved one axis at a time.
extension LayoutDomain {
    mutating func layoutOverlay(_ node: PlanNode, in frame: LayoutRect<Value>) throws(LayoutError) {
        for child in node.children {
            try whenPresent(presence(child)) { (layout: inout Self) throws(LayoutError) in try layout.placeOverlayChild(child, of: node, in: frame) }
        }
    }

    /// One overlay child: its reference rect, its size and position on each axis, then its layout.
    mutating func placeOverlayChild(_ child: PlanNode, of node: PlanNode, in frame: LayoutRect<Value>) throws(LayoutError) {
        var reference = frame
        if child.safeArea {
            let safe = try safeAreaRect(for: child)
            let minX = maximum(frame.x, safe.x), maxX = minimum(add(frame.x, frame.width), add(safe.x, safe.width))
            let minY = maximum(frame.y, safe.y), maxY = minimum(add(frame.y, frame.height), add(safe.y, safe.height))
            try check(.either(.negative(sub(maxX, minX)), .negative(sub(maxY, minY))),
                      LayoutFailure(.pinned(child, overlay: node), at: child.location))
            reference = LayoutRect(x: minX, y: minY, width: maximum(sub(maxX, minX), constant(0)),
                                   height: maximum(sub(maxY, minY), constant(0)))
        }
        let x: Value, finalWidth: Value, y: Value, finalHeight: Value
        if let ratio = child.aspect, Self.derivesWidth(child) {
            // Its width follows from its height, known first: a number or two anchors (§6.5).
            let source: Value
            if case .fixed(let value) = child.height {
                source = fixed(value, child, .vertical)
            } else {
                let (_, length) = try solve(child, start: anchor(child.top, child, .top), end: anchor(child.bottom, child, .bottom), center: nil, size: nil,
                                            min: reference.y, extent: reference.height, axis: .vertical)
                source = length
            }
            (x, finalWidth) = try solve(child, start: anchor(child.leading, child, .leading), end: anchor(child.trailing, child, .trailing),
                                        center: anchor(child.centerX, child, .centerX),
                                        size: clamp(mul(source, self.ratio(ratio, child)), child, .horizontal),
                                        min: reference.x, extent: reference.width, axis: .horizontal)
            (y, finalHeight) = try solve(child, start: anchor(child.top, child, .top), end: anchor(child.bottom, child, .bottom),
                                         center: anchor(child.centerY, child, .centerY), size: height(child, nil),
                                         min: reference.y, extent: reference.height, axis: .vertical)
        } else {
            (x, finalWidth) = try horizontal(child, min: reference.x, extent: reference.width)
            let height: Value?
            if let ratio = child.aspect {
                height = clamp(div(finalWidth, self.ratio(ratio, child)), child, .vertical)
            } else {
                height = try self.height(child, finalWidth)
            }
            (y, finalHeight) = try solve(child, start: anchor(child.top, child, .top), end: anchor(child.bottom, child, .bottom),
                                         center: anchor(child.centerY, child, .centerY), size: height,
                                         min: reference.y, extent: reference.height, axis: .vertical)
        }
        try layoutOverlayChild(child, in: LayoutRect(x: x, y: y, width: finalWidth, height: finalHeight))
    }

    /// An overlay child's x and width in a reference rect from `min` `extent` wide, where its
    /// width is not derived from its height (§4.5, §7.1); an overlay measuring its height (§8.5)
    /// finds its children's widths so too.
    mutating func horizontal(_ child: PlanNode, min: Value, extent: Value) throws(LayoutError) -> (Value, Value) {
        let width: Value? = switch child.width {
        case .fixed(let value): fixed(value, child, .horizontal)
        case .fit: child.isWrap ? try wrapWidth(child, offered: wrapOffer(child, extent: extent)) : try measureWidth(child)
        default: nil
        }
        return try solve(child, start: anchor(child.leading, child, .leading), end: anchor(child.trailing, child, .trailing),
                         center: anchor(child.centerX, child, .centerX), size: width,
                         min: min, extent: extent, axis: .horizontal)
    }

    /// The width a wrap child without one of its own is offered (§7.1): the reference width less
    /// the anchors that bound it.
    func wrapOffer(_ child: PlanNode, extent: Value) -> Value {
        var offer = extent
        if let leading = anchor(child.leading, child, .leading) { offer = sub(offer, leading) }
        if let trailing = anchor(child.trailing, child, .trailing) { offer = sub(offer, trailing) }
        if let center = child.centerX {
            if isParameter(child, .centerX) {
                // |c| as max(c, 0 − c): exact, and the same bits as `abs` (a parameter is never −0)
                let value = number(center, child, .centerX)
                offer = sub(offer, mul(constant(2), maximum(value, sub(constant(0), value))))
            } else {
                offer = sub(offer, constant(2 * abs(center)))
            }
        }
        return offer
    }

    /// An overlay child's given height: a number, or measured at its width (nil: from anchors or
    /// filling).
    private mutating func height(_ child: PlanNode, _ width: Value?) throws(LayoutError) -> Value? {
        switch child.height {
        case .fixed(let value): return fixed(value, child, .vertical)
        case .fit:
            guard let width else { return nil }
            return try measureHeight(child, width: width)
        default: return nil
        }
    }

    /// Whether an aspect overlay child derives its width: its width has no source (a number or
    /// two anchors) and its height has one (§6.5).
    static func derivesWidth(_ child: PlanNode) -> Bool {
        let widthSource: Bool = if case .fixed = child.width { true } else { child.leading != nil && child.trailing != nil }
        let heightSource: Bool = if case .fixed = child.height { true } else { child.top != nil && child.bottom != nil }
        return !widthSource && heightSource
    }

    /// One axis of the §4.5 table; a size found from anchors or filling is clamped by the child's
    /// bounds (§6.4; a given size comes clamped). The validator has already ruled out the
    /// conflicting and incomplete rows that do not depend on fit.
    mutating func solve(_ child: PlanNode, start: Value?, end: Value?, center: Value?, size: Value?,
                        min: Value, extent: Value, axis: Axis) throws(LayoutError) -> (Value, Value) {
        switch (start, end, center, size) {
        case (let a?, let b?, nil, nil):
            let length = sub(sub(extent, a), b)
            try check(.negative(length), LayoutFailure(.insets(child, needed: add(a, b), extent: extent, axis: axis), at: child.location))
            return (add(min, a), clamp(maximum(length, constant(0)), child, axis))
        case (let a?, nil, nil, let size?):
            return (add(min, a), size)
        case (nil, let b?, nil, let size?):
            return (sub(sub(add(min, extent), b), size), size)
        case (nil, nil, let c?, let size?):
            return (sub(add(add(min, div(extent, constant(2))), c), div(size, constant(2))), size)
        case (nil, nil, nil, nil):
            return (min, clamp(extent, child, axis))
        default:
            try fail(incomplete(.noPosition(child, axis), at: child))
        }
    }
}
