/// The static checks of an overlay that measures itself (docs/format.md §8.5): asked to measure
/// an axis, it needs a child that sizes it there, and every such child must be measurable.
extension LayoutChecker {
    /// What keeps an overlay from measuring an axis.
    enum OverlayFitProblem {
        /// No child in the file sizes it on that axis: reported at the overlay, or at a root
        /// overlay's layout `fit` key.
        case noSizingChild
        /// A sizing child (or one inside it) cannot be measured: the message, at that node.
        case child(String, SourceLocation)
    }

    /// §8.5 for an overlay with `width: fit` or `height: fit` of its own.
    mutating func checkOverlayFit(_ overlay: PlanNode) {
        for horizontal in [true, false] where (horizontal ? overlay.width : overlay.height) == .fit {
            switch overlayFitProblem(overlay, horizontal: horizontal) {
            case nil: continue
            case .noSizingChild:
                diagnostics.error(.itemIncomplete, DiagnosticMessages.noSizingChild(overlay.title, horizontal: horizontal), at: overlay.location)
            case .child(let message, let location):
                diagnostics.error(.itemIncomplete, message, at: location)
            }
        }
    }

    /// The first problem measuring the overlay on an axis, in the order of its children.
    func overlayFitProblem(_ overlay: PlanNode, horizontal: Bool) -> OverlayFitProblem? {
        var sizing = false
        for child in overlay.children where child.sizesOverlay(horizontally: horizontal) {
            sizing = true
            if let problem = sizingChildProblem(child, horizontal: horizontal) { return .child(problem.message, problem.location) }
        }
        return sizing ? nil : .noSizingChild
    }

    /// Why a sizing child cannot be measured on the axis, at the innermost node that cannot.
    private func sizingChildProblem(_ child: PlanNode, horizontal: Bool) -> (message: String, location: SourceLocation)? {
        let axis = horizontal ? "width" : "height"
        let size = horizontal ? child.width : child.height
        if case .fixed = size { return nil }
        if child.aspect != nil {
            if horizontal && child.derivesWidthFromHeight {
                if case .fixed = child.height { return nil }
                return (DiagnosticMessages.overlayAspectWidth(child.title), child.location)
            }
            if !horizontal && !child.derivesWidthFromHeight { return nil }  // derived from its width, known first
        }
        // A container with its own `fit` on this axis is checked where it is (`checkFit`).
        if size == .fit && child.kind != .item { return nil }
        switch child.kind {
        case .item, .spacer:
            return nil  // a dynamic or wrap item: its content size
        case .flow:
            return horizontal ? (ValidationMessages.sizingFlowWidth(child.title), child.location) : nil
        case .overlay:
            switch overlayFitProblem(child, horizontal: horizontal) {
            case nil: return nil
            case .noSizingChild: return (DiagnosticMessages.noSizingChild(child.title, horizontal: horizontal), child.location)
            case .child(let message, let location): return (message, location)
            }
        case .hgroup, .vgroup:
            if horizontal, child.kind == .hgroup, let inner = unmeasurableAspectChild(of: child) {
                return (ValidationMessages.sizingChildUnmeasurable(child.title, axis: axis, reason: ValidationMessages.aspectChildWidth(inner.title)),
                        inner.location)
            }
            if let reason = unmeasurable(child, horizontal: horizontal) {
                if !horizontal, child.kind == .hgroup, let inner = child.children.first(where: { $0.aspect != nil && $0.height == .fill }) {
                    return (ValidationMessages.sizingChildUnmeasurable(child.title, axis: axis, reason: ValidationMessages.aspectChildHeight(inner.title)),
                            inner.location)
                }
                return (ValidationMessages.sizingGroupUnmeasurable(child.title, axis: axis, reason: reason), child.location)
            }
            return nil
        }
    }
}
