/// Where the engine hands frames: the frame table keeps named ones, lint's geometry all.
protocol FrameSink {
    /// Whether the sink puts its frames on the pixel grid itself once the walk is done (the walk
    /// then hands them on as they are placed), rather than the walk aligning each frame.
    static var alignsAfterWalk: Bool { get }

    /// A node's frame, parents before children.
    mutating func node(_ node: PlanNode, _ rect: Rect)
    /// The frame of element `index` of the flow item named `itemName` (`index` nil for a single
    /// element); `name` is its name in the frame table when known already. The item's name, not
    /// the item: copying a `FlowItem` per element retained its strings.
    mutating func element(ofItemNamed itemName: String, index: Int?, name: String?, in flow: PlanNode, _ rect: Rect)
}
