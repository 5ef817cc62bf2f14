/// How `layoutc preview` paints a frame table, as SVG presentation attributes: the one table that
/// `PreviewRenderer` writes into its SVG and that the `layoutc serve` page draws with (the server
/// sends it to the page), so the two pictures cannot drift apart.
public enum PreviewPaint {
    /// SVG attribute names and values, in the order they are written.
    public typealias Attributes = [(name: String, value: String)]

    /// Blues for hgroups / vgroups, lighter to darker with depth.
    public static let groupTints = ["#eef3fb", "#dce7f7", "#c8daf2", "#b4cdee", "#a0c0ea", "#8cb3e5"]

    /// A group's outline; its fill is `groupTints` at its depth.
    public static let groupOutline: Attributes = [("stroke", "#5b7fb5"), ("stroke-width", "1")]
    public static let flow: Attributes = [("fill", "#e3f4e6"), ("stroke", "#2f9e44"), ("stroke-width", "1.5"), ("stroke-dasharray", "6 4")]
    public static let overlay: Attributes = [("fill", "#f1e8fb"), ("stroke", "#8e44c9"), ("stroke-width", "1.5"), ("stroke-dasharray", "2 3")]
    /// An element of a flow (`chip[3]`).
    public static let flowElement: Attributes = [("fill", "#b9e6c2"), ("stroke", "#2f9e44"), ("stroke-width", "1"), ("rx", "4")]
    /// Items and spacers.
    public static let item: Attributes = [("fill", "#fff7e0"), ("fill-opacity", "0.9"), ("stroke", "#c27c0e"), ("stroke-width", "1.25")]

    /// The container's rectangle, under the frames.
    public static let screen: Attributes = [("fill", "#ffffff"), ("stroke", "#3a3a3c"), ("stroke-width", "1.5")]
    /// The bands outside the safe area, over the frames.
    public static let safeArea: Attributes = [("fill", "#ff3b30"), ("fill-opacity", "0.13")]
    /// The dashed edge of the safe area.
    public static let safeAreaEdge: Attributes = [("fill", "none"), ("stroke", "#ff3b30"), ("stroke-opacity", "0.6"), ("stroke-width", "1"), ("stroke-dasharray", "4 3")]
    /// The node a failing size's error is about, outlined over everything.
    public static let atFault: Attributes = [("fill", "none"), ("stroke", "#e53935"), ("stroke-width", "3")]

    /// A wrap item's text lines (docs/format.md §7.1), one rule per line.
    public static let wrapLine: Attributes = [("stroke", "#c27c0e"), ("stroke-opacity", "0.55"), ("stroke-width", "2"), ("stroke-linecap", "round")]
    /// A child that shrank (§7.2), outlined dashed over its frame.
    public static let shrunk: Attributes = [("fill", "none"), ("stroke", "#d9480f"), ("stroke-width", "2"), ("stroke-dasharray", "5 3")]

    /// A child's own space before or after it (§8.4): a light orange band, unlike the group's
    /// spacing, which is not drawn.
    public static let space: Attributes = [("fill", "#f5a623"), ("fill-opacity", "0.28"), ("stroke", "#e08e0b"), ("stroke-width", "0.75"), ("stroke-dasharray", "2 2")]
    /// A child that follows an overlay measuring itself (§8.5), outlined dotted over its frame.
    public static let follower: Attributes = [("fill", "none"), ("stroke", "#8e44c9"), ("stroke-width", "2"), ("stroke-dasharray", "1 3"), ("stroke-linecap", "round")]

    /// A frame's rectangle.
    public static func shape(kind: NodeKind, depth: Int, isFlowElement: Bool) -> Attributes {
        switch kind {
        case .hgroup, .vgroup: return [("fill", groupTints[min(max(depth, 0), groupTints.count - 1)])] + groupOutline
        case .flow: return flow
        case .overlay: return overlay
        case .item where isFlowElement: return flowElement
        case .item, .spacer: return item
        }
    }

    /// A frame's label.
    public static func labelColor(kind: NodeKind, isFlowElement: Bool) -> String {
        switch kind {
        case .hgroup, .vgroup: return "#2c4a7a"
        case .flow: return "#1e6b2f"
        case .overlay: return "#5e2a88"
        case .item, .spacer: return isFlowElement ? "#1e4d28" : "#6b4408"
        }
    }

    /// `name="value" …` as written in the SVG.
    static func svg(_ attributes: Attributes) -> String {
        attributes.map { "\($0.name)=\"\($0.value)\"" }.joined(separator: " ")
    }
}
