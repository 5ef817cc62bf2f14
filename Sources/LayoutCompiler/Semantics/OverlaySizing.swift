/// Which children of an overlay size it on an axis (docs/format.md §8.5); the others follow it.
/// Shared by the static checks and the walk, so both agree on what is measured.
extension PlanNode {
    /// Whether this overlay child sizes its overlay on the axis: it is not in the safe area, is
    /// not placed from the far edge or the centre, and has something to measure there (a number
    /// size, a derived size, a dynamic or wrap item's content, a container's fit).
    ///
    /// Decided once, when the node is made (`PlanNodeFlags`): an overlay's fit asks it of every
    /// child each time it is measured.
    func sizesOverlay(horizontally: Bool) -> Bool {
        flags.contains(horizontally ? .sizesOverlayWidth : .sizesOverlayHeight)
    }

    /// `sizesOverlay(horizontally:)` of a node of this kind and these attributes.
    static func sizesOverlay(_ kind: NodeKind, _ attributes: NodeAttributes, horizontally: Bool) -> Bool {
        if attributes.safeArea { return false }
        let start = horizontally ? attributes.leading : attributes.top
        let end = horizontally ? attributes.trailing : attributes.bottom
        let center = horizontally ? attributes.centerX : attributes.centerY
        if center != nil || (end != nil && start == nil) { return false }
        let size = horizontally ? attributes.width : attributes.height
        if case .fixed = size { return true }
        if attributes.aspect != nil {
            // The derived axis has a size; the source axis from two anchors has none to measure,
            // and a height that a width is derived from cannot itself come from measuring.
            if horizontally == derivesWidthFromHeight(attributes) { return true }
            if !horizontally { return false }
        }
        switch kind {
        case .item: return attributes.isDynamic
        case .spacer: return false
        case .hgroup, .vgroup, .flow, .overlay: return true
        }
    }

    /// An aspect overlay child derives its width when its width has no source (a number or two
    /// anchors) and its height has one (§6.5).
    var derivesWidthFromHeight: Bool { Self.derivesWidthFromHeight(attributes) }

    static func derivesWidthFromHeight(_ attributes: NodeAttributes) -> Bool {
        let widthSource: Bool = if case .fixed = attributes.width { true } else { attributes.leading != nil && attributes.trailing != nil }
        let heightSource: Bool = if case .fixed = attributes.height { true } else { attributes.top != nil && attributes.bottom != nil }
        return !widthSource && heightSource
    }
}
