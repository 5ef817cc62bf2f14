/// Which children of an overlay size it on an axis (docs/format.md §8.5); the others follow it.
/// Shared by the static checks and the walk, so both agree on what is measured.
extension PlanNode {
    /// Whether this overlay child sizes its overlay on the axis: it is not in the safe area, is
    /// not placed from the far edge or the centre, and has something to measure there (a number
    /// size, a derived size, a dynamic or wrap item's content, a container's fit).
    func sizesOverlay(horizontally: Bool) -> Bool {
        if safeArea { return false }
        let start = horizontally ? leading : top
        let end = horizontally ? trailing : bottom
        let center = horizontally ? centerX : centerY
        if center != nil || (end != nil && start == nil) { return false }
        let size = horizontally ? width : height
        if case .fixed = size { return true }
        if aspect != nil {
            // The derived axis has a size; the source axis from two anchors has none to measure,
            // and a height that a width is derived from cannot itself come from measuring.
            if horizontally == derivesWidthFromHeight { return true }
            if !horizontally { return false }
        }
        switch kind {
        case .item: return isDynamic
        case .spacer: return false
        case .hgroup, .vgroup, .flow, .overlay: return true
        }
    }

    /// An aspect overlay child derives its width when its width has no source (a number or two
    /// anchors) and its height has one (§6.5).
    var derivesWidthFromHeight: Bool {
        let widthSource: Bool = if case .fixed = width { true } else { leading != nil && trailing != nil }
        let heightSource: Bool = if case .fixed = height { true } else { top != nil && bottom != nil }
        return !widthSource && heightSource
    }
}
