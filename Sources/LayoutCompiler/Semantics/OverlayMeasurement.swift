/// An overlay's fit (docs/format.md §8.5): the largest of its sizing children's sizes with their
/// anchors, never below 0; the followers do not count. Heights are measured after widths, each
/// sizing child at the width it gets in the overlay at the measured width. The caller
/// (`measureWidth`, `measureHeight`) clamps by the overlay's bounds and caches the result.
extension LayoutDomain {
    mutating func measureOverlayWidth(_ node: PlanNode) throws(LayoutError) -> Value {
        var widest = constant(0)
        var sizing = false
        // The children borrowed (`forEachChild`), not retained one by one.
        try node.forEachChild { (_, child) throws(LayoutError) in
            guard child.sizesOverlay(horizontally: true) else { return }
            sizing = true
            let presence = self.presence(of: child, in: node)
            if presence.isHidden { return }
            let extent = try measured(presence) { (layout: inout Self) throws(LayoutError) in
                let size = try layout.sizingWidth(child)
                return layout.overlayExtent(of: child, size: size, start: layout.anchor(child.leading, child, .leading),
                                            end: layout.anchor(child.trailing, child, .trailing))
            }
            widest = maximum(widest, counted(presence, extent))
        }
        if !sizing { try fail(incomplete(.noSizingChild(node, .horizontal), at: node)) }
        return widest
    }

    @inline(__always)  // its one caller is `measureHeight`: a call and a frame less per overlay measured
    mutating func measureOverlayHeight(_ node: PlanNode, width: Value) throws(LayoutError) -> Value {
        var tallest = constant(0)
        var sizing = false
        try node.forEachChild { (_, child) throws(LayoutError) in
            guard child.sizesOverlay(horizontally: false) else { return }
            sizing = true
            let presence = self.presence(of: child, in: node)
            if presence.isHidden { return }
            let extent = try measured(presence) { (layout: inout Self) throws(LayoutError) in
                let size = try layout.sizingHeight(child, overlayWidth: width)
                return layout.overlayExtent(of: child, size: size, start: layout.anchor(child.top, child, .top),
                                            end: layout.anchor(child.bottom, child, .bottom))
            }
            tallest = maximum(tallest, counted(presence, extent))
        }
        if !sizing { try fail(incomplete(.noSizingChild(node, .vertical), at: node)) }
        return tallest
    }

    /// `(start or 0) + size + (end or 0)`: what a sizing child needs of its overlay.
    private func overlayExtent(of child: PlanNode, size: Value, start: Value?, end: Value?) -> Value {
        var extent = size
        if let start { extent = add(start, extent) }
        if let end { extent = add(extent, end) }
        return extent
    }

    /// A sizing child's width: a number, derived from a number height, or its fit (a dynamic
    /// item's content width, a wrap item's natural width, a container's fit), clamped.
    private mutating func sizingWidth(_ child: PlanNode) throws(LayoutError) -> Value {
        if let ratio = child.aspect, child.derivesWidthFromHeight {
            guard case .fixed(let height) = child.height else {
                // Its height comes from two anchors of the overlay being measured.
                try fail(incomplete(.overlayAspectWidth(child), at: child))
            }
            // As the overlay lays it out (`placeOverlayChild`), so that the values are the same.
            let width = clamp(mul(fixed(height, child, .vertical), self.ratio(ratio, child)), child, .horizontal)
            try checkFinite(width, of: child, axis: .horizontal)
            return width
        }
        if case .fixed(let value) = child.width { return fixed(value, child, .horizontal) }
        return try measureWidth(child)
    }

    /// A sizing child's height at the width it gets in an overlay `overlayWidth` wide: a number,
    /// derived from that width, or measured at it.
    private mutating func sizingHeight(_ child: PlanNode, overlayWidth: Value) throws(LayoutError) -> Value {
        if case .fixed(let value) = child.height { return fixed(value, child, .vertical) }
        let (_, width) = try horizontal(child, min: constant(0), extent: overlayWidth)
        if let ratio = child.aspect {
            let height = clamp(div(width, self.ratio(ratio, child)), child, .vertical)
            try checkFinite(height, of: child, axis: .vertical)
            return height
        }
        return try measureHeight(child, width: width)
    }
}
