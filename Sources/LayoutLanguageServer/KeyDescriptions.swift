import LayoutCompiler

/// What each key of the format means and which values it takes, for hover and completion: one
/// line per key, condensed by hand from docs/format.md §2, §6, §7 and §8 (keep the two in step).
public struct KeyDescription: Sendable {
    public var key: String
    /// One or two sentences.
    public var meaning: String
    /// The words it takes, for completion (empty for numbers and lists).
    public var values: [String]
    /// Where it applies, as docs/format.md's table says.
    public var on: String
    /// The section of docs/format.md.
    public var section: String
}

/// Where a node sits, which decides the keys it may carry beyond its own kind's.
public enum NodePlace: Sendable {
    case root
    /// A child of an hgroup or vgroup.
    case groupChild
    case overlayChild
    case flowItem
    case unknown
}

public enum KeyDescriptions {
    public static let all: [KeyDescription] = [
        .init(key: "layout", meaning: "The layout's name: an UpperCamelCase Swift type name.", values: [], on: "the document", section: "§2"),
        .init(key: "size", meaning: "`[width, height]`: a node's fixed size (both numbers ≥ 0), or a layout's default container size.", values: [], on: "any node but the root; the document", section: "§2"),
        .init(key: "safeArea", meaning: "`true`: measure from the safe area. On the document: the default insets `[top, leading, bottom, trailing]`.", values: ["true", "false"], on: "the root, a child of an overlay; the document", section: "§4.1, §4.5"),
        .init(key: "root", meaning: "The single top node. It fills the container, or the safe area with `safeArea: true`.", values: [], on: "the document", section: "§4.1"),
        .init(key: "fit", meaning: "That container size is computed from the content, as for a self-sizing cell or a scroll view's content.", values: LayoutFit.allCases.map(\.rawValue), on: "the document", section: "§7.3"),
        .init(key: "width", meaning: "A number ≥ 0 (points), `fit` (the content's size) or `flexible`.", values: ["fit", "flexible"], on: "any node but the root", section: "§2, §4.6"),
        .init(key: "height", meaning: "A number ≥ 0 (points), `fit` (the content's size) or `flexible`.", values: ["fit", "flexible"], on: "any node but the root", section: "§2, §4.6"),
        .init(key: "percent", meaning: "0 … 100: a share of the free space on the parent's main axis.", values: [], on: "a child of an hgroup or vgroup", section: "§4.2"),
        .init(key: "flexible", meaning: "A weight > 0 of the free space (a child with no main-axis size has weight 1).", values: [], on: "a child of an hgroup or vgroup", section: "§4.2"),
        .init(key: "padding", meaning: "A number, or `[top, leading, bottom, trailing]`; default 0.", values: [], on: "hgroup, vgroup, flow", section: "§4.2, §4.3"),
        .init(key: "spacing", meaning: "The gap between neighbouring children (a group: one number, default 0; a flow: a number or `[horizontal, vertical]`, default `[10, 10]`).", values: [], on: "hgroup, vgroup, flow", section: "§4.2, §4.3"),
        .init(key: "margin", meaning: "A number ≥ 0: each child's slot shrinks by half of it at both ends; default 0.", values: [], on: "hgroup, vgroup", section: "§4.2 step 7"),
        .init(key: "align", meaning: "Where children with a cross size sit; default `leading`.", values: ["leading", "center", "trailing"], on: "hgroup, vgroup", section: "§4.2"),
        .init(key: "justify", meaning: "`true` spreads each line of the flow over its full width; default `false`.", values: ["true", "false"], on: "flow", section: "§4.3"),
        .init(key: "children", meaning: "The list of child nodes (may be empty).", values: [], on: "hgroup, vgroup, overlay", section: "§2"),
        .init(key: "items", meaning: "The flow's list of `item` nodes.", values: [], on: "flow", section: "§4.3"),
        .init(key: "count", meaning: "An integer 1 … 100000: the item is an array `name[0]` … `name[count-1]`.", values: [], on: "an item inside a flow", section: "§4.3"),
        .init(key: "dynamic", meaning: "`true`: sizes come at run time (a flow item: any number of elements; another item: one content size). `wrap`: the content size depends on the width offered, like a multi-line label.", values: ["true", "false", "wrap"], on: "item", section: "§4.3, §6.1, §7.1"),
        .init(key: "top", meaning: "A number: an inset from the top edge (may be negative).", values: [], on: "a child of an overlay", section: "§4.5"),
        .init(key: "bottom", meaning: "A number: an inset from the bottom edge (may be negative).", values: [], on: "a child of an overlay", section: "§4.5"),
        .init(key: "leading", meaning: "A number: an inset from the leading edge (may be negative).", values: [], on: "a child of an overlay", section: "§4.5"),
        .init(key: "trailing", meaning: "A number: an inset from the trailing edge (may be negative).", values: [], on: "a child of an overlay", section: "§4.5"),
        .init(key: "centerX", meaning: "A number: an offset from the horizontal centre.", values: [], on: "a child of an overlay", section: "§4.5"),
        .init(key: "centerY", meaning: "A number: an offset from the vertical centre.", values: [], on: "a child of an overlay", section: "§4.5"),
        .init(key: "center", meaning: "`true`: the same as `centerX: 0` and `centerY: 0`.", values: ["true", "false"], on: "a child of an overlay", section: "§4.5"),
        .init(key: "optional", meaning: "`true`: the node may be hidden at run time, laid out as if it were not in the file.", values: ["true", "false"], on: "any node but the root", section: "§6.2"),
        .init(key: "minWidth", meaning: "A number ≥ 0: the least width the node gets.", values: [], on: "any node but the root and flow items", section: "§6.4"),
        .init(key: "maxWidth", meaning: "A number ≥ 0: the most width the node gets.", values: [], on: "any node but the root and flow items", section: "§6.4"),
        .init(key: "minHeight", meaning: "A number ≥ 0: the least height the node gets.", values: [], on: "any node but the root and flow items", section: "§6.4"),
        .init(key: "maxHeight", meaning: "A number ≥ 0: the most height the node gets.", values: [], on: "any node but the root and flow items", section: "§6.4"),
        .init(key: "aspect", meaning: "A number > 0: width ÷ height.", values: [], on: "any node but the root", section: "§6.5"),
        .init(key: "when", meaning: "`{minWidth: a, maxWidth: b}` (either or both): the node is present only for container widths in [a, b), hidden as `optional` hides it otherwise; nodes may share a name when their ranges are disjoint.", values: [], on: "any node but the root", section: "§7.4"),
        .init(key: "shrink", meaning: "A number ≥ 0: how much a fixed or fit child gives way when the main sizes do not fit; default 0.", values: [], on: "a child of an hgroup or vgroup", section: "§7.2"),
        .init(key: "alignSelf", meaning: "Where this child sits on its group's cross axis, overriding the group's `align` for it alone (no effect on a child that fills across).", values: ["leading", "center", "trailing"], on: "a child of an hgroup or vgroup", section: "§8.3"),
        .init(key: "spaceBefore", meaning: "A number ≥ 0: empty space on the group's main axis just before this child, besides the group's `spacing`; it goes when the child is hidden. Default 0.", values: [], on: "a child of an hgroup or vgroup", section: "§8.4"),
        .init(key: "spaceAfter", meaning: "A number ≥ 0: empty space on the group's main axis just after this child, besides the group's `spacing`; it goes when the child is hidden. Default 0.", values: [], on: "a child of an hgroup or vgroup", section: "§8.4"),
    ]

    /// The node kinds of docs/format.md §2.
    public static let kinds: [NodeKind: String] = [
        .item: "A leaf: a placeholder for one of your views, sized by its parent (flexible by default), a size you give it, or its content at run time (`dynamic`).",
        .spacer: "An anonymous leaf that takes space like an item but is never named or listed.",
        .hgroup: "A row of `children`, left to right (right to left in RTL).",
        .vgroup: "A column of `children`, top to bottom.",
        .flow: "`items` placed left to right, wrapping into lines.",
        .overlay: "`children` stacked in one rectangle, each pinned with anchors.",
    ]

    private static let byKey: [String: KeyDescription] = Dictionary(all.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })

    public static func description(of key: String) -> KeyDescription? { byKey[key] }

    /// The markdown shown on hover over a key.
    public static func hoverText(of key: String) -> String? {
        if let kind = NodeKind(rawValue: key), let meaning = kinds[kind] {
            return "**\(key)** (node kind)\n\n\(meaning)\n\n(docs/format.md §2)"
        }
        guard let entry = byKey[key] else { return nil }
        var text = "**\(entry.key)** — on \(entry.on)\n\n\(entry.meaning)"
        if !entry.values.isEmpty { text += "\n\nValues: " + entry.values.map { "`\($0)`" }.joined(separator: ", ") }
        return text + "\n\n(docs/format.md \(entry.section))"
    }

    /// The keys a node of `kind` may carry at `place` (docs/format.md §2's table of properties).
    public static func keys(for kind: NodeKind?, place: NodePlace) -> [String] {
        var keys: [String] = []
        if place != .root {
            keys += ["width", "height", "size", "optional", "aspect", "when"]
            if place != .flowItem { keys += ["minWidth", "maxWidth", "minHeight", "maxHeight"] }
        }
        if place == .groupChild || place == .unknown { keys += ["percent", "flexible", "shrink", "alignSelf", "spaceBefore", "spaceAfter"] }
        if place == .overlayChild || place == .unknown { keys += ["top", "bottom", "leading", "trailing", "centerX", "centerY", "center"] }
        if place == .overlayChild || place == .root || place == .unknown { keys += ["safeArea"] }
        switch kind {
        case .hgroup?, .vgroup?: keys += ["padding", "spacing", "margin", "align", "children"]
        case .flow?: keys += ["padding", "spacing", "justify", "items"]
        case .overlay?: keys += ["children"]
        case .item?:
            keys += ["dynamic"]
            if place == .flowItem { keys += ["count"] }
        case .spacer?, nil: break
        }
        return keys
    }

    /// The document's keys (YAML form).
    public static let documentKeys = ["layout", "size", "safeArea", "fit", "root"]
}
