import LayoutRuntimeCore

/// An overlay child that does not lie within its reference rect (the overlay's frame, or its
/// part inside the safe area for a `safeArea: true` child) on some device: it is clipped or
/// drawn over its neighbours there.
enum OverlayChildOutsideRule: LintRule {
    static let descriptor = LintRuleDescriptor(
        name: "overlayChildOutside",
        summary: "A child of an overlay is pushed partly or wholly outside its reference rect (the overlay, or its safe part) on some device.")

    static func check(geometry: LayoutGeometry, frames: LayoutGeometry.Frames, size: DeviceSize, into findings: inout [LintFinding]) {
        for index in geometry.nodes.indices {
            let parent = geometry.parents[index]
            guard parent >= 0, geometry.nodes[parent].kind == .overlay,
                  let rect = frames.rects[index], let overlay = frames.rects[parent] else { continue }
            // A size that depends on a content size lint has no samples for: nothing to say.
            if geometry.frameDependsOnContent[index] || geometry.frameDependsOnContent[parent] { continue }
            let child = geometry.nodes[index]
            let reference = Self.reference(of: child, in: overlay, size: size, direction: frames.direction)
            // An aspect ratio that makes it longer than the rect is aspectOverflow's to report.
            if AspectOverflowRule.overflows(child, rect: rect, reference: reference) { continue }
            // Vertically, heights and positions may depend on dynamic flow items: then only the
            // horizontal edges, which never do, are checked. What matters is the child's place
            // relative to its reference rect: the overlay moving as a whole (a dynamic flow above
            // it) moves the child with it, so only the two heights count, and the overlay's
            // position only when the safe area cuts the reference rect.
            let vertical = !(geometry.heightDependsOnDynamic[index] || geometry.heightDependsOnDynamic[parent]
                             || (child.safeArea && geometry.yDependsOnDynamic[parent]))
            var edges: [String] = []
            if vertical && rect.minY < reference.minY - slack(reference.minY) { edges.append("top") }
            // Right to left, the frames are mirrored: the trailing edge is on the left.
            let rtl = frames.direction == .rightToLeft
            let pastRight = rect.maxX > reference.maxX + slack(reference.maxX)
            let pastLeft = rect.minX < reference.minX - slack(reference.minX)
            if rtl ? pastLeft : pastRight { edges.append("trailing") }
            if vertical && rect.maxY > reference.maxY + slack(reference.maxY) { edges.append("bottom") }
            if rtl ? pastRight : pastLeft { edges.append("leading") }
            guard !edges.isEmpty else { continue }
            let wholly = rect.maxX <= reference.minX || rect.minX >= reference.maxX
                || (vertical && (rect.maxY <= reference.minY || rect.minY >= reference.maxY))
            let what = child.safeArea ? "the safe part of \(geometry.nodes[parent].title)" : geometry.nodes[parent].title
            let list = edges.count == 1 ? edges[0] : edges.dropLast().joined(separator: ", ") + " and " + (edges.last ?? "")
            let hint = followerHint(child, overlay: parent, edges: edges, geometry: geometry)
            findings.append(LintFinding(
                rule: descriptor.name, location: child.location,
                message: "\(child.title) lies \(wholly ? "wholly" : "partly") outside \(what), past its \(list) edge\(edges.count == 1 ? "" : "s")\(hint)"))
        }
    }

    /// docs/format.md §8.5: where the overlay measures an axis the child only follows, and the
    /// child sticks out on that axis, the fix is to let it size the overlay.
    static func followerHint(_ child: PlanNode, overlay index: Int, edges: [String], geometry: LayoutGeometry) -> String {
        let overlay = geometry.nodes[index]
        let isRoot = geometry.parents[index] < 0
        let measuresWidth = overlay.width == .fit || (isRoot && geometry.plan.fit?.fitsWidth == true)
        let measuresHeight = overlay.height == .fit || (isRoot && geometry.plan.fit?.fitsHeight == true)
        if measuresHeight, !child.sizesOverlay(horizontally: false), edges.contains("top") || edges.contains("bottom") {
            return "; it follows the overlay's measured height without sizing it: give it a height and a 'top' anchor so that it counts"
        }
        if measuresWidth, !child.sizesOverlay(horizontally: true), edges.contains("leading") || edges.contains("trailing") {
            return "; it follows the overlay's measured width without sizing it: give it a width and a 'leading' anchor so that it counts"
        }
        return ""
    }

    /// The overlay's frame, or its part inside the safe area for a `safeArea: true` child. The
    /// safe area's leading inset is on the right when the frames are mirrored.
    static func reference(of child: PlanNode, in overlay: Rect, size: DeviceSize, direction: LayoutDirection = .leftToRight) -> Rect {
        guard child.safeArea else { return overlay }
        var insets = size.safeArea
        if direction == .rightToLeft { swap(&insets.leading, &insets.trailing) }
        return overlay.intersection(Rect(x: 0, y: 0, width: size.size.width, height: size.size.height).inset(by: insets))
    }

    /// The engine's tolerance (`LayoutTolerance`, 1e-9 pt, relative above 1 pt).
    private static func slack(_ value: Double) -> Double { LayoutTolerance.slack(value) }
}
