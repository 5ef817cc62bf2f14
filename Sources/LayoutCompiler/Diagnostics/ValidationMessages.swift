/// The texts of the static checks (`Validator`, docs/format.md §4.7 and §6), one function per
/// message, grouped by the code they are reported with. Parameters are the parts that vary: key
/// names, node titles (`item 'x'`), locations, numbers (written with `NumberFormat`). Some
/// functions return a part of a message (what a value must be, why a key does not apply) that
/// another function here completes.
enum ValidationMessages {
    // MARK: duplicateName

    static func duplicateLayoutName(_ name: String, first: SourceLocation) -> String {
        "another layout of this file is already named '\(name)' (at \(first))"
    }

    static func overlappingVariants(_ name: String, first: SourceLocation, firstRange: String, range: String) -> String {
        "another node of this layout named '\(name)' (at \(first)) is present at \(firstRange), and this one at \(range): nodes may share a name only where their 'when' ranges are disjoint"
    }

    static func variantsDisagree(_ name: String, first: SourceLocation, firstIs: String, thisIs: String) -> String {
        "nodes named '\(name)' must take the same run-time input: the one at \(first) is \(firstIs), this one \(thisIs)"
    }

    static let inputNone = "given no run-time size"
    static let inputContentSize = "a dynamic item (a content size)"
    static let inputMeasure = "a wrap item (a measure)"
    static let inputFlowSizes = "a dynamic flow item (element sizes)"
    static let arrayItem = "an array item (with count)"
    static let singleNode = "no array item"

    static let whenWithFitWidth = "a layout with 'fit: width' or 'fit: both': its width is an output, so no width can choose its nodes"
    static let rootWhen = "the root node: the root is always present"
    static let emptyWhen = "'when' needs minWidth, maxWidth, flag or unless: when: {minWidth: 600} (present for container widths of 600 and more) or when: {flag: compact} (present while flag 'compact' is on)"

    static func whenNotAMapping(found: String) -> String {
        "'when' must be a mapping such as {minWidth: 600, maxWidth: 1000} (present for container widths 600 ≤ W < 1000), not \(found)"
    }

    static func badWhenWidth(_ key: String, found: String) -> String {
        "'\(key)' must be a width, a number from 0 to 1e9, not \(found)"
    }

    static func emptyWhenRange(_ lower: String, _ upper: String) -> String {
        "no width W satisfies \(lower) ≤ W < \(upper): 'minWidth' must be less than 'maxWidth'"
    }

    static func unknownWhenKey(_ key: String, suggestion: String?) -> String {
        guard let suggestion else { return "unknown key '\(key)' in 'when' (it takes minWidth, maxWidth, flag and unless)" }
        return "unknown key '\(key)' in 'when'; did you mean '\(suggestion)'?"
    }

    static func duplicateNodeName(_ name: String, first: SourceLocation) -> String {
        "another node of this layout is already named '\(name)' (at \(first))"
    }

    // MARK: invalidName

    /// `literal`: how the file wrote the name (`Literal.summary`).
    static func invalidLayoutName(_ literal: String) -> String {
        "layout name \(literal) must be a Swift type name such as 'PlayerLayout' (letters, digits and _, not starting with a digit)"
    }

    static let namedSpacer = "a spacer is never named: it has no frame ('spacer:' with nothing after it)"

    static func invalidNodeName(_ literal: String) -> String {
        "\(literal) is not a valid node name: use letters, digits and _, not starting with a digit"
    }

    // MARK: invalidValue

    static func nodeNameNotAName(_ literal: String) -> String {
        "a node's name must be a name such as 'header', not \(literal)"
    }

    static func tooManyFlowElements(limit: Int) -> String {
        "this item takes the layout past \(limit) flow elements, more than a frame table can hold usefully"
    }

    static func fitOnFlowItem(_ key: String) -> String {
        "'\(key)' of a flow item must be a number of points (a flow places its items at their own size)"
    }

    static let flowWidthFit = "a flow cannot be 'width: fit': its height is measured from its width, so give it a width"

    static func flexibleInOverlay(_ key: String) -> String {
        "'\(key): flexible' means nothing in an overlay: use leading and trailing (or top and bottom) to stretch a child"
    }

    static let flexibleZero = "'flexible' must be a weight > 0, not 0"

    static func notAnAlignment(_ found: String, on kind: NodeKind, word: String?) -> String {
        "'align' must be leading, center or trailing, not \(found)" + (word.map { alignmentHint($0.lowercased(), on: kind) } ?? "")
    }

    /// A physical edge said as the cross axis's end: `align: top` in an hgroup is `leading`.
    private static func alignmentHint(_ word: String, on kind: NodeKind) -> String {
        switch (kind, word) {
        case (.hgroup, "top"): return " (in an hgroup, a row, 'leading' is the top: align: leading)"
        case (.hgroup, "bottom"): return " (in an hgroup, a row, 'trailing' is the bottom: align: trailing)"
        case (.vgroup, "left"): return " (in a vgroup, a column, 'leading' is the left, the right in rtl: align: leading)"
        case (.vgroup, "right"): return " (in a vgroup, a column, 'trailing' is the right, the left in rtl: align: trailing)"
        case (.hgroup, "left"), (.hgroup, "right"):
            return " (an hgroup, a row, aligns its children vertically: leading is the top, trailing the bottom)"
        case (.vgroup, "top"), (.vgroup, "bottom"):
            return " (a vgroup, a column, aligns its children horizontally: leading is the left, trailing the right)"
        case (_, "start"), (_, "top"), (_, "left"): return "; did you mean 'leading'?"
        case (_, "end"), (_, "bottom"), (_, "right"): return "; did you mean 'trailing'?"
        case (_, "middle"), (_, "centre"), (_, "centery"), (_, "centerx"): return "; did you mean 'center'?"
        default: return ""
        }
    }

    static func notABool(_ key: String, found: String) -> String {
        "'\(key)' must be true or false, not \(found)"
    }

    static let hiddenSpacer = "a spacer cannot be hidden at run time: it has no name to hide it by; make a named node optional instead"

    static func hiddenAnonymousNode(_ kind: NodeKind) -> String {
        "an anonymous \(kind.rawValue) cannot be hidden at run time: give it a name to make it optional"
    }

    static func notACount(maximum: Int, found: String) -> String {
        "'count' must be a whole number from 1 to \(maximum), not \(found)"
    }

    /// `16/9` written as a string where a number is expected.
    static func ratioAsString(_ expected: String, text: String, ratio: Double) -> String {
        "\(expected), not '\(text)'; write it as the number \(NumberFormat.string(ratio))"
    }

    // What a value must be: the start of an invalidValue message, which one of the functions
    // below completes with what the file has instead.

    static let layoutSafeArea = "'safeArea' of a layout must be [top, leading, bottom, trailing] insets ≥ 0"
    static let sizePair = "[width, height]"
    static let spacingPair = "[horizontal, vertical]"

    /// `what`: `sizePair` or `spacingPair`.
    static func pair(_ key: String, _ what: String) -> String {
        "'\(key)' must be \(what), two numbers ≥ 0"
    }

    static func dimension(_ key: String) -> String {
        "'\(key)' must be a number ≥ 0, fit or flexible"
    }

    static let percent = "'percent' must be a number from 0 to 100"
    static let flexibleWeight = "'flexible' must be a weight > 0"
    static let padding = "'padding' must be a number ≥ 0 or [top, leading, bottom, trailing]"
    static let flowSpacing = "'spacing' must be a number ≥ 0 or [horizontal, vertical]"
    static let groupSpacing = "a group's 'spacing' must be one number ≥ 0"
    static let aspect = "'aspect' must be a number > 0, width ÷ height (such as 1.5)"

    /// `margin`, `minWidth` … `maxHeight`.
    static func nonNegative(_ key: String) -> String {
        "'\(key)' must be a number ≥ 0"
    }

    /// The anchors of an overlay child, which may be negative.
    static func points(_ key: String) -> String {
        "'\(key)' must be a number of points"
    }

    /// `found`: the value's summary; `hint`: `UnitHint`'s "; write 44 …" or "".
    static func wrongType(_ expected: String, found: String, hint: String) -> String {
        "\(expected), not \(found)\(hint)"
    }

    // What `UnitHint` adds after "not '44pt'": `number` is the text without its unit.

    static func unitHint(_ number: String) -> String {
        "; write \(number) (sizes are plain numbers, in points)"
    }

    static func percentSignHint(_ number: String) -> String {
        "; write \(number) (the number alone)"
    }

    static func percentShareHint(_ number: String) -> String {
        "; for a share of the free space write 'percent: \(number)'"
    }

    /// A list of the wrong length (`count`) or not a list (`count` nil).
    static func wrongList(_ expected: String, found: String, count: Int?) -> String {
        "\(expected), not \(found)\(count.map { " of \($0)" } ?? "")"
    }

    static func wrongListElement(_ expected: String, found: String) -> String {
        "\(expected), not a list holding \(found)"
    }

    static func notFinite(_ expected: String, _ value: Double) -> String {
        "\(expected), not \(NumberFormat.string(value))"
    }

    static func zero(_ expected: String) -> String {
        "\(expected), not 0"
    }

    static func negative(_ expected: String, _ value: Double) -> String {
        "\(expected), not the negative \(NumberFormat.string(value))"
    }

    static func tooLarge(_ expected: String, _ value: Double, limit: Double) -> String {
        "\(expected); \(NumberFormat.string(value)) is out of range (at most \(NumberFormat.string(limit)))"
    }

    static func tooSmall(_ expected: String, _ value: Double, limit: Double) -> String {
        "\(expected); \(NumberFormat.string(value)) is out of range (at least \(NumberFormat.string(limit)))"
    }

    // MARK: misplacedKey

    /// `reason`: one of the places or reasons below.
    static func doesNotApply(_ key: String, to reason: String) -> String {
        "'\(key)' does not apply to \(reason)"
    }

    /// `children` or `items` on a node that lists its nodes under `expected` (nil: holds none).
    static func listDoesNotApply(_ key: String, on kind: NodeKind, expected: String?) -> String {
        let hint = expected.map { "; \(DiagnosticMessages.withArticle(kind)) lists its nodes under '\($0)'" } ?? "; only groups, overlays and flows hold nodes"
        return "'\(key)' does not apply to \(DiagnosticMessages.withArticle(kind))\(hint)"
    }

    static func flowItemNotItem(_ kind: NodeKind) -> String {
        "a flow's items must be 'item' nodes, not \(kind.rawValue)"
    }

    // Where a node stands, as reasons name it.

    static let rootPlace = "the root node"
    static let overlayChildPlace = "a child of an overlay"
    static let flowItemPlace = "an item of a flow"

    static func groupChildPlace(horizontal: Bool) -> String {
        "a child of \(horizontal ? "an hgroup" : "a vgroup")"
    }

    // Why a key does not apply (after "does not apply to ").

    static let rootSize = "the root node: the root fills the container (its size is the layout's 'size', or the size the layout is computed at)"
    static let rootDynamic = "the root node: the root fills the container"
    static let rootOptional = "the root node: the root is always shown"
    static let rootBounds = "the root node: the root fills the container (size the container instead: the layout's 'size', or the size it is computed at)"
    static let flowItemBounds = "an item of a flow: a flow places its items at their own size"

    static func mainAxisShare(_ key: String, place: String) -> String {
        "\(place): '\(key)' shares a group's main axis, so only children of an hgroup or vgroup take it"
    }

    static func onlyGroupsAndFlows(_ kind: NodeKind) -> String {
        "\(DiagnosticMessages.withArticle(kind)); only groups and flows take it"
    }

    static func onlyHVGroups(_ kind: NodeKind) -> String {
        "\(DiagnosticMessages.withArticle(kind)); only an hgroup or a vgroup takes it"
    }

    static func onlyFlows(_ kind: NodeKind) -> String {
        "\(DiagnosticMessages.withArticle(kind)); only a flow takes it"
    }

    static func onlyFlowItems(place: String) -> String {
        "\(place); only an item inside a flow takes it"
    }

    static func onlyItemsAreDynamic(_ kind: NodeKind) -> String {
        "\(DiagnosticMessages.withArticle(kind)); only an item takes it (its size comes at run time)"
    }

    static func onlyOverlayChildren(place: String) -> String {
        "\(place); anchors position the children of an overlay"
    }

    static func onlyRootAndOverlayChildren(place: String) -> String {
        "\(place); only the root node and children of an overlay take it"
    }

    // MARK: conflictingSize

    static func minAboveMax(_ title: String, max: String, _ high: Double, min: String, _ low: Double, minAt location: SourceLocation) -> String {
        "\(title) has '\(max)' \(NumberFormat.string(high)), less than its '\(min)' \(NumberFormat.string(low)) (at \(location))"
    }

    static func boundOfFixedSize(_ bound: String, axis: String, fixed: String, at location: SourceLocation, size: Double) -> String {
        "'\(bound)' bounds a \(axis) that '\(fixed)' (at \(location)) fixes at \(NumberFormat.string(size)); a fixed size needs no bounds"
    }

    static func secondSize(_ key: String, of title: String, horizontal: Bool, first: String, at location: SourceLocation) -> String {
        "'\(key)' gives \(title) a second \(horizontal ? "width" : "height"); it already has one from '\(first)' (at \(location))"
    }

    static func dynamicWithBothSizes(_ title: String) -> String {
        "\(title) is dynamic but has its own width and height, so its content size would be unused; leave out one of them"
    }

    static func dynamicFlowItemWithSize(_ key: String) -> String {
        "a dynamic item gets its sizes at run time, so it cannot also have '\(key)'"
    }

    static func aspectWithDynamic(dynamicAt location: SourceLocation) -> String {
        "'aspect' cannot go with 'dynamic' (at \(location)): a dynamic item's size comes from its content"
    }

    /// `axis`: "width" or "height", the key with the value `fit`.
    static func aspectWithFit(_ title: String, axis: String, at location: SourceLocation) -> String {
        "'aspect' derives one side of \(title) from the other, so it cannot also have '\(axis): fit' (at \(location))"
    }

    static func aspectWithMainSize(_ title: String, horizontal: Bool, key: String, at location: SourceLocation) -> String {
        "'aspect' derives the \(horizontal ? "width" : "height") of \(title) from its \(horizontal ? "height" : "width") in \(horizontal ? "an hgroup" : "a vgroup"), so it cannot also have '\(key)' (at \(location))"
    }

    static func aspectWithBothSides(_ title: String) -> String {
        "'aspect' derives one side of \(title) from the other, but its width and its height are both given (by a size or by two anchors); leave out one of them"
    }

    static func aspectFlowItemWithSize(_ title: String, sizeAt location: SourceLocation) -> String {
        "'aspect' derives one side of \(title) from the other, so give it 'width' or 'height', not 'size' (at \(location))"
    }

    static func aspectFlowItemWithBothSides(_ title: String) -> String {
        "'aspect' derives one side of \(title) from the other, so give it 'width' or 'height', not both"
    }

    // MARK: percentOverflow

    static func percentOverflow(_ title: String, total: Double) -> String {
        "the percent children of \(title) add up to \(NumberFormat.string(total))%, more than 100%"
    }

    // MARK: conflictingConstraints (overlay children, docs/format.md §4.5)

    static func centerTwice(_ title: String, center: String) -> String {
        "\(title) has both 'center: true' and '\(center)'"
    }

    static func centerWithAnchor(_ title: String, center: String, anchor: String) -> String {
        "\(title) has '\(center)' together with '\(anchor)'; a centred child is placed by its centre alone"
    }

    static func twoAnchorsAndSize(_ title: String, start: String, end: String, axis: String) -> String {
        "\(title) has '\(start)', '\(end)' and a \(axis); two anchors already decide its \(axis)"
    }

    // MARK: itemIncomplete

    static let unnamedContentItem = "a dynamic item needs a name: its content size is given by name at run time"
    static let unnamedDynamicFlowItem = "a dynamic item needs a name: its sizes are given by name at run time"

    static func flowItemAspectWithoutSide(_ title: String) -> String {
        "\(title) in a flow has 'aspect' but no side to derive the other from: give it a 'width' or a 'height'"
    }

    static func flowItemWithoutSize(_ title: String) -> String {
        "\(title) in a flow needs a size: give it 'size: [w, h]' (or both 'width' and 'height'), or make it 'dynamic: true'"
    }

    static func sizeWithoutPosition(_ title: String, horizontal: Bool, start: String, end: String, center: String, axis: String) -> String {
        "\(title) has a \(axis) but no \(horizontal ? "horizontal" : "vertical") position: add '\(start)', '\(end)' or '\(center)' (or 'center: true')"
    }

    static func anchorWithoutSize(_ title: String, horizontal: Bool, start: String, end: String, axis: String) -> String {
        "\(title) has one \(horizontal ? "horizontal" : "vertical") anchor but no \(axis): give it a \(axis), or anchor both '\(start)' and '\(end)'"
    }

    // `fit` that cannot be measured (docs/format.md §4.6, §6.5)

    /// `reason`: one of the reasons below.
    static func unmeasurableFit(_ title: String, axis: String, reason: String) -> String {
        "\(title) has '\(axis): fit' but \(reason)"
    }

    static func fitWidthOfAspectChild(_ title: String, child: String) -> String {
        "\(title) has 'width: fit' but \(child) derives its width from its height, which is not a number; give it a 'height'"
    }

    static func fitHeightOfAspectChild(_ title: String, child: String) -> String {
        "\(title) has 'height: fit' but none of its children has a fixed or fit height: \(child) takes its height from the group (and its width from that height)"
    }

    /// An item, spacer or overlay (whose own size `fit` would have to be).
    static func noContentToMeasure(_ kind: NodeKind, axis: String) -> String {
        "\(kind == .overlay ? "an overlay" : "\(kind == .item ? "an item" : "a spacer")") has no content to measure; give it a \(axis)"
    }

    static let flowWidthUnmeasurable = "a flow's width cannot be measured"

    static func childWithoutSize(_ child: String, axis: String) -> String {
        "its child \(child) has no fixed or fit \(axis) (every child must have one)"
    }

    static func noChildWithSize(axis: String) -> String {
        "none of its children has a fixed or fit \(axis)"
    }

    // MARK: Text that wraps, shrinking, fitting size (docs/format.md §7.1–7.3)

    static let unnamedWrapItem = "a wrap item needs a name: its measure is given by name at run time (--wrap NAME=WxL, or a parameter of generated code)"
    static let wrapInFlow = "'dynamic: wrap' does not apply to an item of a flow: a flow places its items at their own size; use 'dynamic: true' and give its sizes at run time"
    static let shrink = "'shrink' must be a number ≥ 0 (how much this child gives way, as CSS flex-shrink)"

    /// `place`: in the text form, where the hinted word goes ("after the name").
    static func notADynamic(found: String, hint: String?, place: String? = nil) -> String {
        "'dynamic' must be true, false or wrap, not \(found)" + (hint.map { "; did you mean '\($0)'\(place.map { " " + $0 } ?? "")?" } ?? "")
    }

    static func aspectWithWrap(wrapAt location: SourceLocation) -> String {
        "'aspect' cannot go with 'dynamic: wrap' (at \(location)): a wrap item's height comes from its text at its width"
    }

    static func wrapWithBothSizes(_ title: String) -> String {
        "\(title) wraps its text, but has its own width and height, so its measure would be unused; leave out one of them (usually the height)"
    }

    static func onlyGroupChildren(_ key: String, place: String) -> String {
        "\(place): '\(key)' applies only to a child of an hgroup or vgroup"
    }

    static func shrinkWithAspect(_ title: String, aspectAt location: SourceLocation) -> String {
        "'shrink' cannot go with 'aspect' (at \(location)): \(title) derives its main size from its cross size; give it a fixed or fit size instead"
    }

    static func shrinkWithShare(_ title: String, horizontal: Bool, share: String) -> String {
        "'shrink' gives way from a fixed or fit \(horizontal ? "width" : "height"), but \(title) has \(share) there, which already takes what is left; give it a number or 'fit' \(horizontal ? "width" : "height"), or leave out 'shrink'"
    }

    static func notAFit(found: String, suggestion: String?) -> String {
        "a layout's 'fit' must be height, width or both, not \(found)" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    }

    static func layoutFitOfLeaf(_ fitKey: String, root: String) -> String {
        "'\(fitKey)' measures the root, but the root \(root) has no content to measure; make the root a group whose children have sizes"
    }

    static func layoutFitOfFlow(_ fitKey: String) -> String {
        "'\(fitKey)' cannot measure a root flow's width: a flow's height is measured from its width; use 'fit: height'"
    }

    static func layoutFit(_ fitKey: String, root: String, reason: String) -> String {
        "'\(fitKey)' measures the root \(root), but \(reason)"
    }

    // MARK: Overlays that measure (docs/format.md §8.5)

    /// A child that sizes its overlay on an axis, which cannot be measured there.
    static func sizingChildUnmeasurable(_ title: String, axis: String, reason: String) -> String {
        "\(title) sizes its overlay's \(axis) but cannot be measured: \(reason)"
    }

    /// A group's own reason, and the other fix: a size of its own on that axis.
    static func sizingGroupUnmeasurable(_ title: String, axis: String, reason: String) -> String {
        "\(title) sizes its overlay's \(axis) but cannot be measured: \(reason); or give \(title) a \(axis) of its own"
    }

    static func sizingFlowWidth(_ title: String) -> String {
        "\(title) sizes its overlay's width but a flow's width cannot be measured; give it a 'width', or anchor it with 'trailing' or 'centerX' so that it follows the overlay"
    }

    static func aspectChildHeight(_ child: String) -> String {
        "\(child) takes its height from the group (and its width from that height); give it a 'height'"
    }

    /// A root overlay asked by the layout's `fit` to measure an axis no child sizes.
    static func layoutFitOfOverlay(_ fitKey: String, root: String, horizontal: Bool) -> String {
        horizontal
            ? "'\(fitKey)' measures the root \(root), but no child sizes its width (a child placed by 'trailing' alone, 'centerX' or the safe area follows, as does one with nothing to measure); give a child a width and a 'leading' anchor"
            : "'\(fitKey)' measures the root \(root), but no child sizes its height (a child placed by 'bottom' alone, 'centerY' or the safe area follows, as does one with nothing to measure); give a child a height and a 'top' anchor"
    }

    static func aspectChildWidth(_ child: String) -> String {
        "\(child) derives its width from its height, which is not a number; give it a 'height'"
    }
}
