// What must be measurable: fit, aspect children, overlay anchors.

extension LayoutChecker {
    // MARK: Completeness

    /// `fit` must be measurable (docs/format.md §4.6); what cannot be is `itemIncomplete` at the fit node.
    mutating func checkFit(_ plan: PlanNode) {
        if plan.kind == .overlay { return checkOverlayFit(plan) }  // §8.5
        if plan.width == .fit, plan.kind == .hgroup, let child = unmeasurableAspectChild(of: plan) {
            // docs/format.md §6.5: widths are settled before heights, so the child's height must be a number
            diagnostics.error(.itemIncomplete, ValidationMessages.fitWidthOfAspectChild(plan.title, child: child.title), at: child.location)
        } else if plan.width == .fit, let reason = unmeasurable(plan, horizontal: true) {
            diagnostics.error(.itemIncomplete, ValidationMessages.unmeasurableFit(plan.title, axis: "width", reason: reason), at: plan.location)
        }
        if plan.height == .fit, let reason = unmeasurable(plan, horizontal: false) {
            if plan.kind == .hgroup, let child = plan.children.first(where: { $0.aspect != nil && $0.height == .fill }) {
                diagnostics.error(.itemIncomplete, ValidationMessages.fitHeightOfAspectChild(plan.title, child: child.title), at: child.location)
            } else {
                diagnostics.error(.itemIncomplete, ValidationMessages.unmeasurableFit(plan.title, axis: "height", reason: reason), at: plan.location)
            }
        }
    }

    /// The first child of an hgroup measuring its `width: fit` that cannot be measured, if it is
    /// an aspect child: its width is `height × aspect`, known only when its height is a number.
    func unmeasurableAspectChild(of plan: PlanNode) -> PlanNode? {
        for child in plan.children {
            if child.aspect != nil {
                if case .fixed = child.height { continue }
                return child
            }
            if !child.width.isFixedOrFit { return nil }
        }
        return nil
    }

    func unmeasurable(_ plan: PlanNode, horizontal: Bool) -> String? {
        let axis = horizontal ? "width" : "height"
        switch plan.kind {
        case .item where plan.isDynamic:
            return nil  // docs/format.md §6.1: its content size
        case .item, .spacer:
            return ValidationMessages.noContentToMeasure(plan.kind, axis: axis)
        case .overlay:
            return overlayFitProblem(plan, horizontal: horizontal) == nil ? nil : ValidationMessages.noContentToMeasure(plan.kind, axis: axis)
        case .flow:
            return horizontal ? ValidationMessages.flowWidthUnmeasurable : nil
        case .hgroup, .vgroup:
            let main = (plan.kind == .hgroup) == horizontal
            let sizes = plan.children.map { horizontal ? $0.width : $0.height }
            if main {
                // an aspect child's main size follows from its cross size (hgroup: see unmeasurableAspectChild)
                if let index = sizes.indices.first(where: { !sizes[$0].isFixedOrFit && plan.children[$0].aspect == nil }) {
                    return ValidationMessages.childWithoutSize(plan.children[index].title, axis: axis)
                }
            } else if !sizes.contains(where: \.isFixedOrFit) {
                return ValidationMessages.noChildWithSize(axis: axis)
            }
            return nil
        }
    }

    /// The overlay table of docs/format.md §4.5, checked axis by axis.
    /// `derived`: the axis an aspect child derives (true: its width), a size given like a number.
    mutating func checkAnchors(_ plan: PlanNode, _ centers: GivenCenters, derived: Bool?) {
        checkAnchors(plan, centers, horizontal: true, derived: derived == true)
        checkAnchors(plan, centers, horizontal: false, derived: derived == false)
    }

    mutating func checkAnchors(_ plan: PlanNode, _ centers: GivenCenters, horizontal: Bool, derived: Bool) {
        let centerGiven = centers.center
        do {
            let start = horizontal ? plan.leading : plan.top
            let end = horizontal ? plan.trailing : plan.bottom
            let hasExplicitCenter = horizontal ? centers.centerX : centers.centerY
            let center = horizontal ? plan.centerX : plan.centerY
            let size = horizontal ? plan.width : plan.height
            let sizeGiven = size != .fill || derived
            // Computed, not a stored copy: only messages read it (copying it retained four strings).
            var names: AxisKeyNames { horizontal ? AxisKeyNames.horizontal : AxisKeyNames.vertical }
            if centerGiven && hasExplicitCenter {
                diagnostics.error(.conflictingConstraints, ValidationMessages.centerTwice(plan.title, center: names.center), at: plan.location)
            } else if center != nil && (start != nil || end != nil) {
                diagnostics.error(.conflictingConstraints, ValidationMessages.centerWithAnchor(plan.title, center: names.center, anchor: start != nil ? names.start : names.end), at: plan.location)
            } else if start != nil && end != nil && sizeGiven {
                diagnostics.error(.conflictingConstraints, ValidationMessages.twoAnchorsAndSize(plan.title, start: names.start, end: names.end, axis: names.size), at: plan.location)
            } else if start == nil && end == nil && center == nil && sizeGiven {
                diagnostics.error(.itemIncomplete, ValidationMessages.sizeWithoutPosition(plan.title, horizontal: horizontal, start: names.start, end: names.end, center: names.center, axis: names.size),
                                  at: plan.location)
            } else if (start != nil) != (end != nil) || center != nil, !(start != nil && end != nil), !sizeGiven {
                diagnostics.error(.itemIncomplete, ValidationMessages.anchorWithoutSize(plan.title, horizontal: horizontal, start: names.start, end: names.end, axis: names.size),
                                  at: plan.location)
            }
        }
    }
}

/// The keys of one axis of an overlay child, for messages. A struct, not a tuple of four
/// strings: the tuple was destroyed through the runtime's generic `tuple_destroy`, about 200
/// instructions for each axis of every overlay child (issue 22).
private struct AxisKeyNames {
    let start: String
    let end: String
    let center: String
    let size: String

    static let horizontal = AxisKeyNames(start: "leading", end: "trailing", center: "centerX", size: "width")
    static let vertical = AxisKeyNames(start: "top", end: "bottom", center: "centerY", size: "height")
}
