import LayoutRuntimeCore

/// docs/format.md §8.4 in the preview: the space a child keeps before and after it on its
/// group's main axis (`spaceBefore`, `spaceAfter`), drawn where it is, so that it reads as the
/// child's own gap rather than as the group's spacing or a spacer.
extension LayoutGeometry {
    /// The rectangles of node `index`'s spaces in root coordinates, given its frame; none where
    /// its parent is no hgroup or vgroup or it has no space. Right to left, the space before is
    /// on the right (the leading side), as the frames are mirrored.
    func spaceRects(_ index: Int, frame rect: Rect, direction: LayoutDirection) -> [Rect] {
        let parent = parents[index]
        guard parent >= 0 else { return [] }
        let node = nodes[index]
        let before = node.attributes.spaceBefore, after = node.attributes.spaceAfter
        guard before > 0 || after > 0 else { return [] }
        var out: [Rect] = []
        switch nodes[parent].kind {
        case .hgroup:
            let rtl = direction == .rightToLeft
            if before > 0 {
                out.append(Rect(x: rtl ? rect.x + rect.width : rect.x - before, y: rect.y, width: before, height: rect.height))
            }
            if after > 0 {
                out.append(Rect(x: rtl ? rect.x - after : rect.x + rect.width, y: rect.y, width: after, height: rect.height))
            }
        case .vgroup:
            if before > 0 { out.append(Rect(x: rect.x, y: rect.y - before, width: rect.width, height: before)) }
            if after > 0 { out.append(Rect(x: rect.x, y: rect.y + rect.height, width: rect.width, height: after)) }
        default:
            break
        }
        return out
    }
}
