/// An overlay child with `aspect` whose derived side is longer than its reference rect (the
/// overlay, or its safe part) on some device: the ratio pushes it out, so it is clipped or drawn
/// over its neighbours there. (In an hgroup or vgroup a derived size that does not fit is the
/// engine's `outOfSpace` at the group.)
enum AspectOverflowRule: LintRule {
    static let descriptor = LintRuleDescriptor(
        name: "aspectOverflow",
        summary: "The size an overlay child derives from its aspect ratio is longer than the overlay (or its safe part) on some device.")

    static func check(geometry: LayoutGeometry, frames: LayoutGeometry.Frames, size: DeviceSize, into findings: inout [LintFinding]) {
        for index in geometry.nodes.indices {
            let node = geometry.nodes[index]
            let parent = geometry.parents[index]
            guard let aspect = node.aspect, parent >= 0, geometry.nodes[parent].kind == .overlay,
                  let rect = frames.rects[index], let overlay = frames.rects[parent],
                  !geometry.frameDependsOnContent[index], !geometry.frameDependsOnContent[parent] else { continue }
            let reference = OverlayChildOutsideRule.reference(of: node, in: overlay, size: size, direction: frames.direction)
            let derivesWidth = derivedAxisIsWidth(node)
            if !derivesWidth && (geometry.heightDependsOnDynamic[index] || geometry.heightDependsOnDynamic[parent]
                                 || (node.safeArea && geometry.yDependsOnDynamic[parent])) { continue }
            let derived = derivesWidth ? rect.width : rect.height
            let room = derivesWidth ? reference.width : reference.height
            guard derived > room + 1e-9 * max(1, room) else { continue }
            let what = node.safeArea ? "the safe part of \(geometry.nodes[parent].title)" : geometry.nodes[parent].title
            findings.append(LintFinding(
                rule: descriptor.name, location: node.location,
                message: "\(node.title) is \(NumberFormat.string(derived)) pt \(derivesWidth ? "wide" : "high") by 'aspect: \(NumberFormat.string(aspect))', more than the \(NumberFormat.string(room)) pt of \(what)"))
        }
    }

    /// docs/format.md §6.5: the height is derived, unless the width has no source (a number, or
    /// both horizontal anchors) and the height has one.
    static func derivedAxisIsWidth(_ node: PlanNode) -> Bool {
        func isNumber(_ size: AxisSize) -> Bool { if case .fixed = size { return true } else { return false } }
        let widthSource = isNumber(node.width) || (node.leading != nil && node.trailing != nil)
        let heightSource = isNumber(node.height) || (node.top != nil && node.bottom != nil)
        return !widthSource && heightSource
    }

    /// Whether the rule reports this child at this size, for `overlayChildOutside` to leave it.
    static func overflows(_ node: PlanNode, rect: Rect, reference: Rect) -> Bool {
        guard node.aspect != nil else { return false }
        return derivedAxisIsWidth(node) ? rect.width > reference.width + 1e-9 * max(1, reference.width)
            : rect.height > reference.height + 1e-9 * max(1, reference.height)
    }
}
