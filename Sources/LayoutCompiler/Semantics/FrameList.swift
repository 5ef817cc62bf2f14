/// The named frames, in order: what `layoutc frames` prints.
struct FrameList: FrameSink {
    static var alignsAfterWalk: Bool { false }
    var frames: [LayoutEngine.Frame] = []

    init(capacity: Int = 0) {
        // At most one frame per node, but for array and dynamic items: growing a table of
        // thousands of frames copied it several times.
        frames.reserveCapacity(capacity)
    }

    /// The frames of the named nodes and named flow elements under `node`, counting a dynamic
    /// item as one: reserving a frame per node made the table grow, and copy itself, in a
    /// layout with flows (7% of the engine's instructions on the mixed tree).
    static func count(in node: PlanNode) -> Int {
        var count = node.name == nil ? 0 : 1
        let items = node.items
        for index in items.indices where items[index].name != nil {
            count += items[index].count ?? 1
        }
        node.forEachChild { child in count += Self.count(in: child) }
        return count
    }

    mutating func node(_ node: PlanNode, _ rect: Rect) {
        if let name = node.name {
            frames.append(LayoutEngine.Frame(name: name, kind: node.kind, rect: rect))
        }
    }

    mutating func element(ofItemNamed name: String, index: Int?, name known: String?, in flow: PlanNode, _ rect: Rect) {
        frames.append(LayoutEngine.Frame(name: known ?? index.map { FlowElementName.of(name, index: $0) } ?? name, kind: .item, rect: rect))
    }
}
