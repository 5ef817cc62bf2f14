/// docs/format.md §8.5 in the preview: the children that follow an overlay measuring itself,
/// which do not count in its size (a badge, a separator, a background), are marked so.
extension LayoutGeometry {
    /// The axes ("width", "height") on which node `index` follows the measured size of its
    /// parent overlay: empty where the parent is no overlay, does not measure that axis, or the
    /// child sizes it there.
    func followedAxes(_ index: Int) -> [String] {
        let parent = parents[index]
        guard parent >= 0, nodes[parent].kind == .overlay else { return [] }
        let overlay = nodes[parent], child = nodes[index]
        let isRoot = parents[parent] < 0
        var axes: [String] = []
        if overlay.width == .fit || (isRoot && plan.fit?.fitsWidth == true), !child.sizesOverlay(horizontally: true) {
            axes.append("width")
        }
        if overlay.height == .fit || (isRoot && plan.fit?.fitsHeight == true), !child.sizesOverlay(horizontally: false) {
            axes.append("height")
        }
        return axes
    }
}
