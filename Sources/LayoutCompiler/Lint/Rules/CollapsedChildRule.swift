/// A flexible or percent child of a group that ends up with no main-axis size on some device:
/// its view would be invisible there.
enum CollapsedChildRule: LintRule {
    static let descriptor = LintRuleDescriptor(
        name: "collapsedChild",
        summary: "A flexible or percent child of a group collapses to zero width or height on some device: its fixed and fit siblings leave it no space.")

    static func check(geometry: LayoutGeometry, frames: LayoutGeometry.Frames, size: DeviceSize, into findings: inout [LintFinding]) {
        for index in geometry.nodes.indices {
            let parent = geometry.parents[index]
            guard parent >= 0 else { continue }
            // Only a frame with no extent on some axis can be a finding: this test first, on the
            // frame alone, spares the node reads below for nearly every node of every run
            // (lint calls this once per engine run; the language server once per keystroke).
            guard let frame = frames.rects[index], frame.width <= lintEpsilon || frame.height <= lintEpsilon else { continue }
            let group = geometry.nodes[parent]
            guard group.kind == .hgroup || group.kind == .vgroup else { continue }
            let node = geometry.nodes[index]
            guard node.kind != .spacer, let rect = frames.rects[index], let groupRect = frames.rects[parent] else { continue }
            let horizontal = group.kind == .hgroup
            // Content sizes lint has no samples for move both axes.
            if geometry.frameDependsOnContent[index] || geometry.frameDependsOnContent[parent] { continue }
            // Heights may depend on dynamic flow items, which lint cannot size; widths never do.
            if !horizontal && (geometry.heightDependsOnDynamic[index] || geometry.heightDependsOnDynamic[parent]) { continue }
            let how: String
            switch horizontal ? node.width : node.height {
            case .percent(let p): how = "has 'percent: \(NumberFormat.string(p))'"
            case .flexible, .fill: how = "is flexible"
            case .fixed, .fit: continue
            }
            let inner = groupRect.inset(by: group.padding)
            // When the group itself has no room, the group is the problem, not the child.
            guard (horizontal ? inner.width : inner.height) > lintEpsilon else { continue }
            if (horizontal ? rect.width : rect.height) <= lintEpsilon {
                findings.append(LintFinding(
                    rule: descriptor.name, location: node.location,
                    message: "\(node.title) \(how) but gets no \(horizontal ? "width" : "height") in \(group.title): its siblings take all the space"))
            }
        }
    }
}
