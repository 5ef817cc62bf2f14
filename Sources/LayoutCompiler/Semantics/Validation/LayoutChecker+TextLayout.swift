/// The static checks of docs/format.md §7.1–7.3: wrapping items, shrinking children and a
/// layout's `fit`.
extension LayoutChecker {
    /// Where a node's edge anchors were written: two on one axis are a wrap item's own size there.
    struct GivenAnchors {
        var leading: SourceLocation?
        var trailing: SourceLocation?
        var top: SourceLocation?
        var bottom: SourceLocation?
    }

    /// §7.1: a wrap item measures at least one axis, so an own width and an own height (or
    /// `size`) is `conflictingSize` at whichever key comes last.
    mutating func checkWrap(title: NodeTitle, context: Context, width: ChosenSize?,
                            height: ChosenSize?, anchors: GivenAnchors) {
        let inOverlay: Bool = if case .overlayChild = context { true } else { false }
        func own(_ given: ChosenSize?, _ start: SourceLocation?, _ end: SourceLocation?) -> SourceLocation? {
            if let given, given.size != .fit { return given.mark.location }
            if inOverlay, let start, let end { return Swift.max(start, end) }
            return nil
        }
        guard let ownWidth = own(width, anchors.leading, anchors.trailing),
              let ownHeight = own(height, anchors.top, anchors.bottom) else { return }
        diagnostics.error(.conflictingSize, ValidationMessages.wrapWithBothSizes(title.description), at: Swift.max(ownWidth, ownHeight))
    }

    /// §7.2: `shrink` gives way from a fixed or fit main size; with a share of the free space
    /// (percent, flexible, the default of a node without a main size) or a derived one (aspect)
    /// it has nothing to give, whatever its value.
    mutating func checkShrink(_ property: KeyMark, title: NodeTitle, horizontal: Bool, main: AxisSize, aspect: KeyMark?) {
        if let aspect {
            diagnostics.error(.conflictingSize, ValidationMessages.shrinkWithAspect(title.description, aspectAt: aspect.location), at: property.location)
            return
        }
        switch main {
        case .fixed, .fit: return
        case .percent, .flexible, .fill:
            diagnostics.error(.conflictingSize, ValidationMessages.shrinkWithShare(title.description, horizontal: horizontal, share: main.shareName),
                              at: property.location)
        }
    }

    /// The layout's `fit` value (§7.3), or nil after an `invalidValue`.
    mutating func fitAxes(_ setting: DocumentSetting) -> LayoutFit? {
        if case .string(let text) = setting.value, let fit = LayoutFit(rawValue: text) { return fit }
        var suggestion: String?
        if case .string(let text) = setting.value {
            suggestion = LayoutFit.allCases.map(\.rawValue).first { KeyCatalog.editDistance(text.lowercased(), $0) <= 2 }
        }
        diagnostics.error(.invalidValue, ValidationMessages.notAFit(found: setting.value.summary, suggestion: suggestion), at: setting.location)
        return nil
    }

    /// §7.3: the root measures the fitted axes as a node with `fit` there would (§4.6); what it
    /// cannot measure is a static error at the `fit` key.
    mutating func checkLayoutFit(_ root: PlanNode, _ fit: LayoutFit, at location: SourceLocation) {
        let fitKey = "fit: \(fit.rawValue)"
        switch root.kind {
        case .overlay:
            // §8.5: widths first; a sizing child that cannot be measured is reported where it is.
            for horizontal in [true, false] where horizontal ? fit != .height : fit != .width {
                switch overlayFitProblem(root, horizontal: horizontal) {
                case nil: continue
                case .noSizingChild:
                    diagnostics.error(.itemIncomplete, ValidationMessages.layoutFitOfOverlay(fitKey, root: root.title, horizontal: horizontal), at: location)
                case .child(let message, let childLocation):
                    diagnostics.error(.itemIncomplete, message, at: childLocation)
                }
                return
            }
            return
        case .item, .spacer:
            diagnostics.error(.itemIncomplete, ValidationMessages.layoutFitOfLeaf(fitKey, root: root.title),
                              at: location)
            return
        case .flow:
            if fit != .height {
                diagnostics.error(.invalidValue, ValidationMessages.layoutFitOfFlow(fitKey), at: location)
            }
            return
        case .hgroup, .vgroup:
            break
        }
        if fit != .height {
            if root.kind == .hgroup, let child = unmeasurableAspectChild(of: root) {
                diagnostics.error(.itemIncomplete, ValidationMessages.layoutFit(fitKey, root: root.title,
                                                                                reason: ValidationMessages.aspectChildWidth(child.title)),
                                  at: location)
                return
            }
            if let reason = unmeasurable(root, horizontal: true) {
                diagnostics.error(.itemIncomplete, ValidationMessages.layoutFit(fitKey, root: root.title, reason: reason), at: location)
                return
            }
        }
        if fit != .width, let reason = unmeasurable(root, horizontal: false) {
            diagnostics.error(.itemIncomplete, ValidationMessages.layoutFit(fitKey, root: root.title, reason: reason), at: location)
        }
    }

    /// "did you mean 'wrap'" for a misspelt `dynamic` value.
    static func dynamicHint(_ value: Literal) -> String? {
        guard case .string(let text) = value else { return nil }
        let lowered = text.lowercased()
        if ["yes", "on", "true", "y"].contains(lowered) { return "true" }
        if ["no", "off", "false", "n"].contains(lowered) { return "false" }
        return KeyCatalog.editDistance(lowered, "wrap") <= 2 ? "wrap" : nil
    }
}

extension AxisSize {
    /// How a message names a share of the free space.
    var shareName: String {
        switch self {
        case .percent: return "'percent'"
        case .flexible, .fill: return "a flexible size"
        case .fixed, .fit: return "a fixed size"
        }
    }
}
